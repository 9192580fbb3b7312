/* Long fused chains through the emitter and TCC: chains of 600 to 10,000 pointwise ops
   (add, mul, sub, relu, sin, tanh, where, casts; f32, f64 and i64) fused into one kernel,
   alone, inside a sum and before gathers (index_select, nearest upsampling), compiled on TCC,
   run and checked against a direct C evaluation of the same chain. The 10,000-op kernels are
   emitted and compiled again on a thread with a 256 KB stack. Includes the implementation:
   the chain is built by a user lowering that writes the value IR directly (linear in its
   length), and the small-stack check calls the emitter and the TCC backend. */
#define CINDUCTOR_IMPLEMENTATION
#include "ci_test.h"

#include <pthread.h>
#include <time.h>

/* ---- the chain: op k of a chain of dtype dt, in the IR and in plain C ---- */

enum { CH_F32, CH_F64, CH_I64 };

/* y is the running value, x the input reloaded, m = x > -0.5 (i64: x > -50). Every op but
   relu (max repeats its operand in C, so that operand gets a temp) is written inline into the
   next: left alone, runs of up to 5,000 ops would nest 5,000 deep */
static ci__v *chain_op(ci__L *L, int kind, int k, ci__v *y, ci__v *x, ci__v *m) {
    if (kind == CH_I64) {
        ci_dtype dt = CI_I64;
        switch (k % 8) {
        case 0: return ci__ir_v_bin(L, CI__V_ADD, y, ci__ir_v_consti(L, dt, k % 97 + 1));
        case 1: return ci__ir_v_bin(L, CI__V_MUL, y, ci__ir_v_consti(L, dt, 3));
        case 2: return ci__ir_v_bin(L, CI__V_SUB, y, x);
        case 3: return ci__ir_v_op(L, CI__V_WHERE, m, y, ci__ir_v_consti(L, dt, k));
        case 4: return ci__ir_v_cast(L, ci__ir_v_cast(L, y, CI_I32), CI_I64);
        case 5: return ci__ir_v_bin(L, CI__V_BXOR, y, ci__ir_v_consti(L, dt, 0x5bd1));
        case 6: return k % 5000 == 6 ? ci__ir_v_bin(L, CI__V_MAX, y, ci__ir_v_consti(L, dt, 0)) : ci__ir_v_bin(L, CI__V_MUL, y, ci__ir_v_consti(L, dt, -5));
        default: return ci__ir_v_un(L, CI__V_NEG, y);
        }
    } else {
        ci_dtype dt = kind == CH_F32 ? CI_F32 : CI_F64, other = kind == CH_F32 ? CI_F64 : CI_F32;
        switch (k % 10) {
        case 0: return ci__ir_v_bin(L, CI__V_ADD, y, ci__ir_v_constf(L, dt, 0.25));
        case 1: return ci__ir_v_un(L, CI__V_SIN, y);
        case 2: return ci__ir_v_bin(L, CI__V_MUL, y, ci__ir_v_constf(L, dt, 1.25));
        case 3: return ci__ir_v_un(L, CI__V_TANH, y);
        case 4: return ci__ir_v_op(L, CI__V_WHERE, m, y, ci__ir_v_constf(L, dt, 0.375));
        case 5: return ci__ir_v_un(L, CI__V_SIN, y);
        case 6: return ci__ir_v_cast(L, ci__ir_v_cast(L, y, other), dt);
        case 7: return ci__ir_v_un(L, CI__V_TANH, y);
        case 8: return ci__ir_v_bin(L, CI__V_ADD, y, x);
        default: return k % 5000 == 4999 ? ci__ir_v_bin(L, CI__V_MAX, y, ci__ir_v_constf(L, dt, 0)) : ci__ir_v_bin(L, CI__V_SUB, y, ci__ir_v_constf(L, dt, 0.125));
        }
    }
}
static float ref_f32(float x, int m, int n) {
    float y = x;
    int k;
    for (k = 0; k < n; k++) {
        switch (k % 10) {
        case 0: y = y + 0.25f; break;
        case 1: y = sinf(y); break;
        case 2: y = y * 1.25f; break;
        case 3: y = tanhf(y); break;
        case 4: y = m ? y : 0.375f; break;
        case 5: y = sinf(y); break;
        case 6: y = (float)(double)y; break;
        case 7: y = tanhf(y); break;
        case 8: y = y + x; break;
        default: y = k % 5000 == 4999 ? (y > 0 ? y : 0.0f) : y - 0.125f; break;
        }
    }
    return y;
}
static double ref_f64(double x, int m, int n) {
    double y = x;
    int k;
    for (k = 0; k < n; k++) {
        switch (k % 10) {
        case 0: y = y + 0.25; break;
        case 1: y = sin(y); break;
        case 2: y = y * 1.25; break;
        case 3: y = tanh(y); break;
        case 4: y = m ? y : 0.375; break;
        case 5: y = sin(y); break;
        case 6: y = (double)(float)y; break;
        case 7: y = tanh(y); break;
        case 8: y = y + x; break;
        default: y = k % 5000 == 4999 ? (y > 0 ? y : 0.0) : y - 0.125; break;
        }
    }
    return y;
}
/* wrapping arithmetic, as PyTorch's int64 */
static int64_t ref_i64(int64_t x, int m, int n) {
    uint64_t y = (uint64_t)x;
    int k;
    for (k = 0; k < n; k++) {
        switch (k % 8) {
        case 0: y += (uint64_t)(k % 97 + 1); break;
        case 1: y *= 3u; break;
        case 2: y -= (uint64_t)x; break;
        case 3: y = m ? y : (uint64_t)k; break;
        case 4: { uint32_t lo = (uint32_t)y; y = (uint64_t)(int64_t)(lo >= 0x80000000u ? (int64_t)lo - 0x100000000ll : (int64_t)lo); break; }
        case 5: y ^= 0x5bd1u; break;
        case 6: y = k % 5000 == 6 ? ((int64_t)y > 0 ? y : 0) : y * (uint64_t)-5ll; break;
        default: y = 0u - y; break;
        }
    }
    return (int64_t)y;
}

/* test.chain(x, n): the chain of n ops over x (its dtype picks the kind), one Pointwise */
static int lw_chain(ci_lower *Lp, const ci_arg *a, int nargs, ci_tensor *outs, int max_outs, void *user) {
    ci__L *L = (ci__L *)Lp;
    ci__box *xb = ci__ir_box_get(L, a[0].u.t);
    ci__ix *v[CI_MAX_DIMS] = {0};
    ci__v *x, *m, *y;
    int k, n = (int)a[1].u.i, kind = xb->dt == CI_F32 ? CH_F32 : xb->dt == CI_F64 ? CH_F64 : CH_I64;
    (void)nargs; (void)max_outs; (void)user;
    ci__ir_pw_vars(L, xb->ndim, xb->size, v);
    x = ci__ir_load(L, xb, v);
    m = ci__ir_v_bin(L, CI__V_GT, x, kind == CH_I64 ? ci__ir_v_consti(L, CI_I64, -50) : ci__ir_v_constf(L, xb->dt, -0.5));
    for (y = x, k = 0; k < n; k++) y = chain_op(L, kind, k, y, x, m);
    outs[0] = ci__ir_tensor_of(ci__ir_pw_box(L, xb->dt, xb->ndim, xb->size, v, y));
    return 1;
}
static void register_chain(ci_ctx *ctx) {
    ci_lowering_desc d;
    memset(&d, 0, sizeof d);
    d.name = "test.chain";
    d.schema = "x, n";
    d.fn = lw_chain;
    ci_register_lowering(ctx, &d);
}
static ci_tensor chain(ci_graph *g, ci_tensor x, int n) {
    ci_arg a[2];
    a[0] = ci_arg_tensor(x); a[1] = ci_arg_int(n);
    return ci_call1(g, "test.chain", 2, a, 0, NULL);
}

/* ---- inputs and the reference ---- */

static uint64_t rng_s = 0x9e3779b97f4a7c15ull;
static uint64_t rng(void) { rng_s ^= rng_s << 13; rng_s ^= rng_s >> 7; rng_s ^= rng_s << 17; return rng_s; }
static void fill(ci_dtype dt, void *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        double u = (double)(rng() >> 11) / 9007199254740992.0 * 2 - 1;
        if (dt == CI_F32) ((float *)p)[i] = (float)u;
        else if (dt == CI_F64) ((double *)p)[i] = u;
        else ((int64_t *)p)[i] = (int64_t)(u * 100);
    }
}
/* the where's condition is mostly true: most elements carry the whole chain's history */
static double ref_at(ci_dtype dt, const void *xp, size_t i, int n) {
    if (dt == CI_F32) { float x = ((const float *)xp)[i]; return ref_f32(x, x > -0.5f, n); }
    if (dt == CI_F64) { double x = ((const double *)xp)[i]; return ref_f64(x, x > -0.5, n); }
    { int64_t x = ((const int64_t *)xp)[i]; return (double)ref_i64(x, x > -50, n); }
}
static double tol(ci_dtype dt) { return dt == CI_F32 ? 1e-4 : dt == CI_F64 ? 1e-10 : 0; }

/* ---- emitting and compiling again on a small stack ---- */

typedef struct small_job {
    ci_program *p;
    int ok, same;
    double emit_s, tcc_s;
    char msg[256];
} small_job;
static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);   /* CPU time of the thread: the machine may be busy */
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static void *small_job_run(void *arg) {
    small_job *J = (small_job *)arg;
    ci__L *L = J->p->L;
    ci__err e, *saved = L->E, *saved_a = L->A->err;
    ci__sb sb;
    int *kl;
    double t0;
    memset(&e, 0, sizeof e);
    if (setjmp(e.jb)) {
        snprintf(J->msg, sizeof J->msg, "emit failed: %.200s", e.msg);
        L->E = saved; L->A->err = saved_a;
        return NULL;
    }
    e.armed = 1;
    L->E = &e; L->A->err = &e;
    t0 = now_s();
    kl = CI__NEWN(L->A, int, J->p->nkernels + 1);
    ci__sb_init(&sb, L->A);
    ci__cemit_program(L, &sb, kl, 0, 0);
    J->emit_s = now_s() - t0;
    L->E = saved; L->A->err = saved_a;
    J->same = strcmp(ci__sb_str(&sb), ci_program_source(J->p)) == 0;
#ifndef CINDUCTOR_NO_TCC
    {
        ci__tcc_log *lg = (ci__tcc_log *)calloc(1, sizeof *lg);
        ci__tcc_main_fn fn;
        TCCState *s;
        t0 = now_s();
        s = ci__tcc_compile(ci__sb_str(&sb), &fn, lg);
        J->tcc_s = now_s() - t0;
        if (s) { J->ok = 1; ci__tcc_delete(s); }
        else snprintf(J->msg, sizeof J->msg, "TCC: %.200s", lg->buf);
        free(lg);
    }
#else
    J->ok = 1;
#endif
    return NULL;
}
/* emit p's graph and compile it with TCC on a thread with a 256 KB stack: 1 if that worked
   and gave p's source again */
static int small_stack_recompile(ci_program *p, small_job *J) {
    pthread_attr_t at;
    pthread_t th;
    memset(J, 0, sizeof *J);
    J->p = p;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, 256 * 1024);
    if (pthread_create(&th, &at, small_job_run, J) != 0) { snprintf(J->msg, sizeof J->msg, "pthread_create failed"); return 0; }
    pthread_join(th, NULL);
    pthread_attr_destroy(&at);
    if (J->ok && !J->same) snprintf(J->msg, sizeof J->msg, "emitting again gave another source");
    if (getenv("CI_SCALE_VERBOSE")) fprintf(stderr, "  emit %.3f s, TCC %.3f s (CPU time), %zu bytes of C\n", J->emit_s, J->tcc_s, strlen(ci_program_source(p)));
    return J->ok && J->same;
}

/* ---- the tests ---- */

enum { AFTER_NONE, AFTER_SUM, AFTER_INDEX_SELECT, AFTER_UPSAMPLE };

/* the chain of n ops over x of dtype dt and shape [4, 2, w] (upsampling: [1, 2, 3, 4]), then
   `after`, in nkernels kernels; w = 40 (a sum over it is unrolled), 20 for 10,000 ops (the
   sum's loop not unrolled, and a quicker test under valgrind); compiled on TCC (the interpreter when tcc is absent), run, checked */
static void run_chain(ci_dtype dt, int n, int after, int nkernels, int small_stack, char *why, size_t whysz) {
    ci_ctx *ctx;
    ci_ctx_desc cd;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc pd;
    int64_t w = n >= 10000 ? 20 : 40, xs[4] = {4, 2, 0, 0}, us[4] = {1, 2, 3, 4}, is[1] = {7}, os[4];
    int64_t idx[7] = {3, 0, 3, 1, 2, 0, 1};
    int nd = after == AFTER_UPSAMPLE ? 4 : 3, ond, i;
    size_t numel = 1, onumel = 1, esz = dt == CI_F32 ? 4 : 8;
    void *xd, *out;
    double lo = 0, hi = 0;
    ci_tensor x, y;
    why[0] = 0;
    xs[2] = w;
    memset(&cd, 0, sizeof cd);
    if (ci_ctx_create(&cd, &ctx) != CI_OK) { snprintf(why, whysz, "ci_ctx_create"); return; }
    register_chain(ctx);
    g = ci_graph_create(ctx);
    x = ci_input(g, "x", dt, nd, after == AFTER_UPSAMPLE ? us : xs);
    y = chain(g, x, n);
    if (after == AFTER_SUM) { int64_t d = 2; y = ci_sum(g, y, 1, &d, 0); }
    if (after == AFTER_INDEX_SELECT) {
        ci_tensor it = ci_const_array(g, "idx", CI_I64, 1, is, idx);
        ci_arg a[3];
        a[0] = ci_arg_tensor(y); a[1] = ci_arg_int(0); a[2] = ci_arg_tensor(it);
        y = ci_call1(g, "aten.index_select.default", 3, a, 0, NULL);
    }
    if (after == AFTER_UPSAMPLE) {
        int64_t osz[2] = {6, 8};
        ci_arg a[2];
        a[0] = ci_arg_tensor(y); a[1] = ci_arg_ints(osz, 2);
        y = ci_call1(g, "aten.upsample_nearest2d.default", 2, a, 0, NULL);
    }
    ci_output(g, y);
    memset(&pd, 0, sizeof pd);
    if (ci_compile(g, &pd, &p) != CI_OK) {
        snprintf(why, whysz, "compile: %.400s", ci_ctx_last_error(ctx));
        ci_graph_destroy(g); ci_ctx_destroy(ctx);
        return;
    }
    for (i = 0; i < nd; i++) numel *= (size_t)(after == AFTER_UPSAMPLE ? us : xs)[i];
    ond = ci_program_output_shape(p, 0, os);
    for (i = 0; i < ond; i++) onumel *= (size_t)os[i];
    xd = malloc(numel * esz); out = malloc(onumel * esz);
    fill(dt, xd, numel);
    if (ci_program_num_kernels(p) != nkernels) snprintf(why, whysz, "%d kernels, not %d", ci_program_num_kernels(p), nkernels);
    else {
        const void *ins[1];
        void *outs[1];
        ins[0] = xd; outs[0] = out;
        if (ci_program_run(p, 1, ins, 1, outs) != CI_OK) snprintf(why, whysz, "run: %.300s", ci_ctx_last_error(ctx));
    }
    for (i = 0; !why[0] && (size_t)i < onumel; i++) {
        double want, got = dt == CI_F32 ? ((float *)out)[i] : dt == CI_F64 ? ((double *)out)[i] : (double)((int64_t *)out)[i];
        size_t src;
        if (after == AFTER_SUM) {   /* sum over dim 2 of [4, 2, w] */
            int64_t j;
            want = 0;
            for (j = 0; j < w; j++) want += ref_at(dt, xd, (size_t)(i * w + j), n);
        } else {
            if (after == AFTER_INDEX_SELECT) src = (size_t)(idx[i / (2 * w)] * 2 * w + i % (2 * w));
            else if (after == AFTER_UPSAMPLE) {   /* [1, 2, 6, 8] from [1, 2, 3, 4] */
                size_t c = (size_t)i / 48, r = (size_t)i / 8 % 6, q = (size_t)i % 8;
                src = c * 12 + r / 2 * 4 + q / 2;
            } else src = (size_t)i;
            want = ref_at(dt, xd, src, n);
        }
        if (dt == CI_I64 ? got != want : !ci_test_near(got, want, tol(dt), tol(dt)))
            snprintf(why, whysz, "element %d: got %.17g, want %.17g", i, got, want);
        if (i == 0 || want < lo) lo = want;
        if (i == 0 || want > hi) hi = want;
    }
    if (!why[0] && !(hi - lo > 1e-3)) snprintf(why, whysz, "the chain forgets its input: every element is %g", lo);   /* a test that could not fail */
    if (!why[0] && small_stack) {
        small_job J;
        if (!small_stack_recompile(p, &J)) snprintf(why, whysz, "on a 256 KB stack: %s", J.msg);
    }
    free(xd); free(out);
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

#define CHAIN_TEST(name, dt, n, after, nk, small) \
    CI_TEST(name) { char why[512]; run_chain(dt, n, after, nk, small, why, sizeof why); CI_CHECK_MSG(!why[0], "%s", why); }

CHAIN_TEST(test_chain_600_f32, CI_F32, 600, AFTER_NONE, 1, 0)
CHAIN_TEST(test_chain_2000_f64, CI_F64, 2000, AFTER_NONE, 1, 0)
CHAIN_TEST(test_chain_2000_i64, CI_I64, 2000, AFTER_NONE, 1, 0)
CHAIN_TEST(test_chain_10000_f32_small_stack, CI_F32, 10000, AFTER_NONE, 1, 1)
CHAIN_TEST(test_chain_10000_f64_small_stack, CI_F64, 10000, AFTER_NONE, 1, 1)
CHAIN_TEST(test_chain_10000_i64_small_stack, CI_I64, 10000, AFTER_NONE, 1, 1)
/* a chain of up to 100 ops is written into its user at lowering; a longer one is realized (as
   Inductor's realize of a large inner function) and the scheduler fuses it into the sum */
CHAIN_TEST(test_sum_of_chain_80_f64, CI_F64, 80, AFTER_SUM, 1, 0)
CHAIN_TEST(test_sum_of_chain_2000_f32, CI_F32, 2000, AFTER_SUM, 1, 0)
CHAIN_TEST(test_sum_of_chain_10000_f64_small_stack, CI_F64, 10000, AFTER_SUM, 1, 1)
/* a gather reads its realized producer through computed indices: one kernel while the chain
   is written into it (then the split expression uses the indirect index variables), two after */
CHAIN_TEST(test_index_select_after_chain_80_f32, CI_F32, 80, AFTER_INDEX_SELECT, 1, 0)
CHAIN_TEST(test_upsample_after_chain_80_i64, CI_I64, 80, AFTER_UPSAMPLE, 1, 0)
CHAIN_TEST(test_index_select_after_chain_2000_f32, CI_F32, 2000, AFTER_INDEX_SELECT, 2, 0)
CHAIN_TEST(test_index_select_after_chain_10000_i64_small_stack, CI_I64, 10000, AFTER_INDEX_SELECT, 2, 1)
CHAIN_TEST(test_upsample_after_chain_2000_f64, CI_F64, 2000, AFTER_UPSAMPLE, 2, 0)

/* the reported failure through the public builders: 600 ops that each inline into the next
   (add, mul, sin, tanh) were one C expression 1,200 parentheses deep ("memory full (vstack)") */
CI_TEST(test_public_builders_chain_600) {
    ci_ctx *ctx;
    ci_ctx_desc cd;
    ci_graph *g;
    ci_program *p;
    ci_compile_desc pd;
    int64_t s[1] = {5};
    float xd[5] = {-1.0f, -0.25f, 0.0f, 0.5f, 2.0f}, out[5];
    const void *ins[1];
    void *outs[1];
    ci_tensor x, y, c;
    int i, k;
    memset(&cd, 0, sizeof cd);
    CI_CHECK_OK(ci_ctx_create(&cd, &ctx));
    g = ci_graph_create(ctx);
    x = ci_input(g, "x", CI_F32, 1, s);
    c = ci_scalar(g, 0.5);
    for (y = x, k = 0; k < 600; k++)
        y = k % 4 == 0 ? ci_add(g, y, c) : k % 4 == 1 ? ci_mul(g, y, c) : k % 4 == 2 ? ci_sin(g, y) : ci_tanh(g, y);
    ci_output(g, y);
    memset(&pd, 0, sizeof pd);
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
    ins[0] = xd; outs[0] = out;
    CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, ins, 1, outs));
    for (i = 0; i < 5; i++) {
        float r = xd[i];
        for (k = 0; k < 600; k++) r = k % 4 == 0 ? r + 0.5f : k % 4 == 1 ? r * 0.5f : k % 4 == 2 ? sinf(r) : tanhf(r);
        CI_CHECK_NEAR(out[i], r, 1e-5, 1e-5);
    }
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

/* values the sum's loop computes, each used twice by the next (y = sin(y * y + x)): the walk
   that hoists loop-invariant values passed a shared value once per path, 2^32 times here */
CI_TEST(test_sum_of_shared_values_32_levels) {
    ci_ctx *ctx;
    ci_ctx_desc cd;
    ci_graph *g;
    ci_program *p;
    ci_compile_desc pd;
    int64_t s[2] = {3, 40}, d = 1;
    float xd[120], out[3];
    const void *ins[1];
    void *outs[1];
    ci_tensor x, y;
    int i, j, k;
    for (i = 0; i < 120; i++) xd[i] = (float)((i * 37) % 101) / 50.0f - 1.0f;
    memset(&cd, 0, sizeof cd);
    CI_CHECK_OK(ci_ctx_create(&cd, &ctx));
    g = ci_graph_create(ctx);
    x = ci_input(g, "x", CI_F32, 2, s);
    for (y = x, k = 0; k < 32; k++) y = ci_sin(g, ci_add(g, ci_mul(g, y, y), x));
    ci_output(g, ci_sum(g, y, 1, &d, 0));
    memset(&pd, 0, sizeof pd);
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
    CI_CHECK_EQ_INT(ci_program_num_kernels(p), 1);
    ins[0] = xd; outs[0] = out;
    CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, ins, 1, outs));
    for (i = 0; i < 3; i++) {
        double want = 0;
        for (j = 0; j < 40; j++) {
            float r = xd[i * 40 + j];
            for (k = 0; k < 32; k++) r = sinf(r * r + xd[i * 40 + j]);
            want += r;
        }
        CI_CHECK_NEAR(out[i], want, 1e-4, 1e-5);
    }
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

int main(int argc, char **argv) {
    /* these graphs test the C path at scale; NVRTC takes minutes over their chains, so the
       CUDA source check (make test-cuda-source) leaves them out */
    unsetenv("CINDUCTOR_CHECK_CUDA");
    ci_test_init(argc, argv);
    CI_RUN(test_public_builders_chain_600);
    CI_RUN(test_chain_600_f32);
    CI_RUN(test_chain_2000_f64);
    CI_RUN(test_chain_2000_i64);
    CI_RUN(test_chain_10000_f32_small_stack);
    CI_RUN(test_chain_10000_f64_small_stack);
    CI_RUN(test_chain_10000_i64_small_stack);
    CI_RUN(test_sum_of_chain_80_f64);
    CI_RUN(test_sum_of_chain_2000_f32);
    CI_RUN(test_sum_of_chain_10000_f64_small_stack);
    CI_RUN(test_index_select_after_chain_80_f32);
    CI_RUN(test_upsample_after_chain_80_i64);
    CI_RUN(test_index_select_after_chain_2000_f32);
    CI_RUN(test_index_select_after_chain_10000_i64_small_stack);
    CI_RUN(test_upsample_after_chain_2000_f64);
    CI_RUN(test_sum_of_shared_values_32_levels);
    return ci_test_done();
}
