/* The scheduler and the memory plan: which patterns become one kernel (and stay correct:
   fused programs against unfused ones and across backends), random graphs fused and
   unfused, the arena's reuse of dead buffers, no allocation while running, a caller's own
   arena, the reasons explain gives for kernels left apart, pooling windows unrolled up to
   25 elements and reduced beyond, a product's epilogue, and a pool's input realized before
   its window reads it. */
#include "ci_test.h"

/* ---- helpers ---- */

typedef struct prog {
    ci_graph *g;
    ci_program *p;
    char msg[512];
} prog;

/* compile .cig text (threads: 0 = the context's); 0 and a message on failure */
static int prog_make_t(ci_ctx *ctx, prog *P, const char *cig, ci_backend be, int unfused,
                       int threads) {
    ci_compile_desc pd;
    char err[256];
    memset(P, 0, sizeof *P);
    P->g = ci_graph_create(ctx);
    if (ci_cig_parse(P->g, cig, strlen(cig), "test.cig", NULL, err, sizeof err) != CI_OK) {
        snprintf(P->msg, sizeof P->msg, "parse: %s", err);
        return 0;
    }
    memset(&pd, 0, sizeof pd);
    pd.backend = be;
    pd.unfused = unfused;
    pd.num_threads = threads;
    if (ci_compile(P->g, &pd, &P->p) != CI_OK) {
        snprintf(P->msg, sizeof P->msg, "compile: %s", ci_ctx_last_error(ctx));
        return 0;
    }
    return 1;
}
static int prog_make(ci_ctx *ctx, prog *P, const char *cig, ci_backend be, int unfused) {
    return prog_make_t(ctx, P, cig, be, unfused, 0);
}
static void prog_free(prog *P) {
    ci_program_destroy(P->p);
    ci_graph_destroy(P->g);
    memset(P, 0, sizeof *P);
}
static size_t prog_numel(const ci_program *p, int out, int i) {
    int64_t shape[CI_MAX_DIMS];
    int nd = out ? ci_program_output_shape(p, i, shape) : ci_program_input_shape(p, i, shape), d;
    size_t n = 1;
    for (d = 0; d < nd; d++) n *= (size_t)shape[d];
    return n;
}
/* run a and b (same inputs and outputs) on the same random f32 inputs; 1 when every output agrees */
static int same_results(const ci_program *a, const ci_program *b, uint64_t seed, double rtol, char *why, size_t whysz) {
    ci_test_rng r = ci_test_rng_make(seed);
    int nin = ci_program_num_inputs(a), nout = ci_program_num_outputs(a), i, ok = 1;
    const void *in[16];
    void *oa[16], *ob[16];
    if (nin > 16 || nout > 16 || nin != ci_program_num_inputs(b) || nout != ci_program_num_outputs(b)) {
        snprintf(why, whysz, "programs differ in inputs/outputs");
        return 0;
    }
    for (i = 0; i < nin; i++) {
        size_t n = prog_numel(a, 0, i);
        float *x = (float *)malloc(n * sizeof(float) + 1);
        ci_test_fill_normal_f32(x, n, &r);
        in[i] = x;
    }
    for (i = 0; i < nout; i++) {
        size_t n = prog_numel(a, 1, i), es = ci_dtype_size(ci_program_output_dtype(a, i));
        oa[i] = calloc(n * es + 1, 1);
        ob[i] = calloc(n * es + 1, 1);
    }
    if (ci_program_run((ci_program *)a, nin, in, nout, oa) != CI_OK || ci_program_run((ci_program *)b, nin, in, nout, ob) != CI_OK) {
        snprintf(why, whysz, "run failed");
        ok = 0;
    }
    for (i = 0; ok && i < nout; i++) {
        ci_dtype dt = ci_program_output_dtype(a, i);
        char w[256];
        if (!ci_test_allclose(dt, oa[i], ob[i], prog_numel(a, 1, i), 1e-6, rtol, w, sizeof w)) {
            snprintf(why, whysz, "output %d: %s", i, w);
            ok = 0;
        }
    }
    for (i = 0; i < nin; i++) free((void *)in[i]);
    for (i = 0; i < nout; i++) { free(oa[i]); free(ob[i]); }
    return ok;
}

/* ---- (1) patterns that become one kernel ---- */

typedef struct pattern { const char *name, *cig; int fused, unfused_min; } pattern;
static const pattern patterns[] = {
    {"gelu chain", "input x: f32[33, 257]\ninput b: f32[257]\nt = aten.add.Tensor(x, b)\ny = aten.gelu.default(t)\n"
                   "z = aten.mul.Tensor(y, 2)\noutput z\n", 1, 1},
    {"gelu tanh of a realized sum", "input x: f32[7, 1023]\nt = aten.add.Tensor(x, x)\nu = aten.mul.Tensor(t, t)\n"
                   "y = aten.gelu.default(u, approximate=\"tanh\")\nv = aten.sub.Tensor(y, t)\noutput v\n", 1, 1},
    {"softmax", "input x: f32[37, 129]\ny = aten._softmax.default(x, -1, False)\noutput y\n", 1, 3},
    {"log_softmax", "input x: f32[5, 1023]\ny = aten._log_softmax.default(x, 1, False)\noutput y\n", 1, 2},
    {"softmax over dim 0", "input x: f32[65, 7]\ny = aten._softmax.default(x, 0, False)\noutput y\n", 1, 3},
    {"layer_norm", "input x: f32[31, 64]\ninput w: f32[64]\ninput b: f32[64]\n"
                   "y, m, r = aten.native_layer_norm.default(x, [64], w, b, 1e-5)\noutput y\n", 1, 3},
    {"layer_norm, all three outputs", "input x: f32[3, 5, 64]\ninput w: f32[64]\ninput b: f32[64]\n"
                   "y, m, r = aten.native_layer_norm.default(x, [64], w, b, 1e-5)\noutput y, m, r\n", 1, 3},
    {"rms_norm with a silu gate", "input a: f32[17, 96]\ninput c: f32[17, 96]\ninput w: f32[96]\n"
                   "t0 = aten.silu.default(a)\nt1 = aten.mul.Tensor(t0, c)\nt2 = aten.pow.Tensor_Scalar(t1, 2)\n"
                   "t3 = aten.mean.dim(t2, [-1], True)\nt4 = aten.add.Tensor(t3, 1e-6)\nt5 = aten.rsqrt.default(t4)\n"
                   "t6 = aten.mul.Tensor(t1, t5)\nt7 = aten.mul.Tensor(t6, w)\noutput t7\n", 1, 2},
    {"two sibling reductions of one input", "input x: f32[19, 333]\ns = aten.sum.dim_IntList(x, [-1])\n"
                   "m = aten.amax.default(x, [-1])\noutput s, m\n", 1, 2},
    {"sibling reductions over dim 0", "input x: f32[40, 9]\ns = aten.sum.dim_IntList(x, [0])\n"
                   "m = aten.amin.default(x, [0])\noutput s, m\n", 1, 2},
    {"a reduction broadcast back over its input", "input x: f32[23, 71]\nm = aten.mean.dim(x, [-1], True)\n"
                   "y = aten.sub.Tensor(x, m)\noutput y\n", 1, 2},
    {"several outputs of one input", "input x: f32[9, 10, 11]\na = aten.exp.default(x)\nb = aten.neg.default(x)\n"
                   "c = aten.mul.Tensor(x, 3)\noutput a, b, c\n", 1, 3},
    {"variance, its mean and a normalisation", "input x: f32[6, 1000]\nv, m = aten.var_mean.correction(x, [1], correction=1, keepdim=True)\n"
                   "d = aten.sub.Tensor(x, m)\ny = aten.div.Tensor(d, v)\noutput y, v\n", 1, 2},
    {"argmax and the max value", "input x: f32[12, 50]\nv, i = aten.max.dim(x, 1, True)\n"
                   "y = aten.sub.Tensor(x, v)\noutput y, i\n", 1, 2},
    {"max pool 7x7 with indices (max, argmax, last NaN, the index)", "input x: f32[2, 3, 13, 12]\n"
                   "v, i = aten.max_pool2d_with_indices.default(x, [7, 7], [2, 2], [3, 3], [1, 2], True)\noutput v, i\n", 1, 4},
    {"global adaptive max pool", "input x: f32[2, 5, 40, 30]\nv, i = aten.adaptive_max_pool2d.default(x, [1, 1])\noutput v, i\n", 1, 4},
};

CI_TEST(test_patterns_become_one_kernel) {
    ci_ctx *ctx;
    size_t i;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        const pattern *pt = &patterns[i];
        prog f, fi, u;
        char why[600];
        int ok = prog_make(ctx, &f, pt->cig, CI_BACKEND_TCC, 0) && prog_make(ctx, &fi, pt->cig, CI_BACKEND_INTERP, 0) &&
                 prog_make(ctx, &u, pt->cig, CI_BACKEND_INTERP, 1);
        if (!ok) {
            ci_ctx_destroy(ctx);
            CI_CHECK_MSG(0, "%s: %s%s%s", pt->name, f.msg, fi.msg, u.msg);
        }
        why[0] = 0;
        ok = ci_program_num_kernels(f.p) == pt->fused && ci_program_num_kernels(fi.p) == pt->fused &&
             ci_program_num_kernels(u.p) >= pt->unfused_min;
        if (!ok) snprintf(why, sizeof why, "%s: %d kernels fused (interp %d), %d unfused; want %d and at least %d", pt->name,
                          ci_program_num_kernels(f.p), ci_program_num_kernels(fi.p), ci_program_num_kernels(u.p), pt->fused, pt->unfused_min);
        if (ok && !same_results(f.p, u.p, 100 + i, 1e-5, why, sizeof why)) ok = 0;
        if (ok && !same_results(fi.p, u.p, 200 + i, 1e-5, why, sizeof why)) ok = 0;
        prog_free(&f); prog_free(&fi); prog_free(&u);
        if (!ok) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "%s: %s", pt->name, why); }
    }
    ci_ctx_destroy(ctx);
}

/* ---- cat: a pointwise select fused with its neighbours, or a ConcatKernel (one kernel per
   input writing its slice), chosen as lowering.py does ---- */
static const pattern cats[] = {
    {"two inputs as an output: pointwise", "input a: f32[4, 3]\ninput b: f32[5, 3]\nc = aten.cat.default([a, b])\noutput c\n", 1, 1},
    {"nine inputs: a ConcatKernel", "input a: f32[4, 3]\nc = aten.cat.default([a, a, a, a, a, a, a, a, a])\noutput c\n", 9, 9},
    {"two reductions: a ConcatKernel", "input x: f32[6, 100]\ns = aten.sum.dim_IntList(x, [1], True)\n"
     "m = aten.amax.default(x, [1], True)\nc = aten.cat.default([s, m], 1)\ny = aten.relu.default(c)\noutput y\n", 4, 5},
    {"a reduction and an input, a pointwise user: pointwise", "input x: f32[6, 100]\ninput w: f32[6, 1]\n"
     "s = aten.sum.dim_IntList(x, [1], True)\nc = aten.cat.default([s, w], 1)\ny = aten.relu.default(c)\noutput y\n", 2, 2},
    {"a reduction and an input, a reduction user: a ConcatKernel", "input x: f32[6, 100]\ninput w: f32[6, 1]\n"
     "s = aten.sum.dim_IntList(x, [1], True)\nc = aten.cat.default([s, w], 1)\ny = aten.sum.dim_IntList(c, [1])\noutput y\n", 4, 4},
    {"pointwise inputs, a reduction user: fused", "input x: f32[6, 100]\ninput w: f32[6, 100]\na = aten.relu.default(x)\n"
     "c = aten.cat.default([a, w], 1)\ny = aten.sum.dim_IntList(c, [1])\noutput y\n", 1, 1},
    {"a view of a reduction user passes on the question", "input x: f32[6, 100]\ninput w: f32[6, 1]\n"
     "s = aten.sum.dim_IntList(x, [1], True)\nc = aten.cat.default([s, w], 1)\nt = aten.permute.default(c, [1, 0])\n"
     "y = aten.exp.default(t)\noutput y\n", 2, 2},
};
CI_TEST(test_cat_pointwise_or_concat_kernel) {
    ci_ctx *ctx;
    size_t i;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (i = 0; i < sizeof cats / sizeof cats[0]; i++) {
        prog f, fi, u;
        char why[600];
        int ok = prog_make(ctx, &f, cats[i].cig, CI_BACKEND_TCC, 0) && prog_make(ctx, &fi, cats[i].cig, CI_BACKEND_INTERP, 0) &&
                 prog_make(ctx, &u, cats[i].cig, CI_BACKEND_INTERP, 1);
        if (!ok) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "%s: %s%s%s", cats[i].name, f.msg, fi.msg, u.msg); }
        why[0] = 0;
        ok = ci_program_num_kernels(f.p) == cats[i].fused && ci_program_num_kernels(fi.p) == cats[i].fused &&
             ci_program_num_kernels(u.p) == cats[i].unfused_min;
        if (!ok) snprintf(why, sizeof why, "%d kernels (interp %d, unfused %d); want %d (unfused %d)", ci_program_num_kernels(f.p),
                          ci_program_num_kernels(fi.p), ci_program_num_kernels(u.p), cats[i].fused, cats[i].unfused_min);
        if (ok && !same_results(f.p, u.p, 300 + i, 1e-5, why, sizeof why)) ok = 0;
        if (ok && !same_results(fi.p, u.p, 400 + i, 1e-5, why, sizeof why)) ok = 0;
        prog_free(&f); prog_free(&fi); prog_free(&u);
        if (!ok) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "%s: %s", cats[i].name, why); }
    }
    ci_ctx_destroy(ctx);
}

/* the SUITE workloads without a matmul are one kernel each (compiled, not run: they are large) */
CI_TEST(test_suite_workloads_kernel_counts) {
    static const struct { const char *file; int kernels; } w[] = {
        {"blur3x3_tonemap", 1}, {"colsum", 1}, {"layernorm", 1}, {"pointwise_gelu_bias", 1}, {"rowsum", 1},
        {"silu_mul_rmsnorm", 1}, {"softmax_lastdim", 1}, {"transpose_add", 1},
    };
    ci_ctx *ctx;
    size_t i;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (i = 0; i < sizeof w / sizeof w[0]; i++) {
        char path[256], err[256];
        ci_graph *g = ci_graph_create(ctx);
        ci_program *p = NULL;
        int n = -1;
        snprintf(path, sizeof path, "tests/bench/%s.cig", w[i].file);
        if (ci_cig_parse_file(g, path, err, sizeof err) == CI_OK && ci_compile(g, NULL, &p) == CI_OK) n = ci_program_num_kernels(p);
        ci_program_destroy(p);
        ci_graph_destroy(g);
        if (n != w[i].kernels) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "%s: %d kernels, want %d (%s)", path, n, w[i].kernels, err); }
    }
    ci_ctx_destroy(ctx);
}

/* ---- (2) random graphs: fused == unfused, tcc == interpreter ---- */

/* a random chain over tensors of shapes [R, C], [R, 1] and [1, C]: pointwise ops (which
   broadcast), reductions over either dim with keepdim, and a few outputs */
static ci_graph *random_graph(ci_ctx *ctx, ci_test_rng *r) {
    ci_graph *g = ci_graph_create(ctx);
    int64_t R = ci_test_rng_int(r, 1, 9), C = ci_test_rng_int(r, 1, 40), shape[2];
    ci_tensor pool[24];
    int n = 0, steps = (int)ci_test_rng_int(r, 3, 14), s, nout;
    shape[0] = R; shape[1] = C;
    pool[n++] = ci_input(g, "x", CI_F32, 2, shape);
    if (ci_test_rng_int(r, 0, 1)) { shape[1] = 1; pool[n++] = ci_input(g, "y", CI_F32, 2, shape); }
    else { shape[0] = 1; pool[n++] = ci_input(g, "y", CI_F32, 2, shape); }
    for (s = 0; s < steps && n < 24; s++) {
        ci_tensor a = pool[ci_test_rng_int(r, 0, n - 1)], b = pool[ci_test_rng_int(r, 0, n - 1)], t;
        int64_t dim = ci_test_rng_int(r, 0, 1);
        switch (ci_test_rng_int(r, 0, 13)) {
        case 0: t = ci_add(g, a, b); break;
        case 1: t = ci_mul(g, a, b); break;
        case 2: t = ci_sub(g, a, b); break;
        case 3: t = ci_tanh(g, a); break;
        case 4: t = ci_sigmoid(g, a); break;
        case 5: t = ci_relu(g, ci_neg(g, a)); break;
        case 6: t = ci_sum(g, a, 1, &dim, 1); break;
        case 7: t = ci_amax(g, a, 1, &dim, 1); break;
        case 8: t = ci_mean(g, a, 1, &dim, 1); break;
        case 9: t = ci_sub(g, a, ci_amax(g, a, 1, &dim, 1)); break;
        case 10: t = ci_maximum(g, a, ci_exp(g, ci_tanh(g, b))); break;
        case 11: t = ci_mul(g, ci_sum(g, a, 1, &dim, 1), b); break;
        default: {   /* a scan: a barrier, with its input and output in the arena */
            ci_arg args[2];
            args[0] = ci_arg_tensor(ci_tanh(g, a)); args[1] = ci_arg_int(dim);
            t = ci_call1(g, "aten.cumsum.default", 2, args, 0, NULL);
            break;
        }
        }
        pool[n++] = t;
    }
    ci_output(g, pool[n - 1]);
    nout = (int)ci_test_rng_int(r, 0, 2);
    for (s = 0; s < nout; s++) ci_output(g, pool[ci_test_rng_int(r, 2, n - 1)]);
    return g;
}

CI_TEST(test_random_graphs_fused_match_unfused) {
    ci_ctx *ctx;
    ci_test_rng r = ci_test_rng_make(4242);
    int i, fewer = 0;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (i = 0; i < 150; i++) {
        ci_graph *g = random_graph(ctx, &r);
        ci_program *f = NULL, *fi = NULL, *u = NULL;
        ci_compile_desc pd;
        char why[600];
        int ok = 1;
        memset(&pd, 0, sizeof pd);
        pd.backend = CI_BACKEND_TCC;
        ok &= ci_compile(g, &pd, &f) == CI_OK;
        pd.backend = CI_BACKEND_INTERP;
        ok &= ci_compile(g, &pd, &fi) == CI_OK;
        pd.unfused = 1; pd.backend = CI_BACKEND_TCC;
        ok &= ci_compile(g, &pd, &u) == CI_OK;
        why[0] = 0;
        if (!ok) snprintf(why, sizeof why, "compile: %s", ci_ctx_last_error(ctx));
        if (ok && !same_results(f, u, 1000 + (uint64_t)i, 1e-5, why, sizeof why)) ok = 0;
        if (ok && !same_results(fi, u, 2000 + (uint64_t)i, 1e-5, why, sizeof why)) ok = 0;
        if (ok) fewer += ci_program_num_kernels(f) < ci_program_num_kernels(u);
        ci_program_destroy(f); ci_program_destroy(fi); ci_program_destroy(u);
        if (!ok) {
            char text[8192];
            ci_graph_print_cig(g, text, sizeof text);
            ci_graph_destroy(g);
            ci_ctx_destroy(ctx);
            CI_CHECK_MSG(0, "graph %d: %s\n%s", i, why, text);
        }
        ci_graph_destroy(g);
    }
    ci_ctx_destroy(ctx);
    CI_CHECK_MSG(fewer > 50, "only %d of 150 random graphs had fewer kernels fused", fewer);
}

/* ---- (3) the arena: dead buffers' memory is used again ---- */

/* four scans in a row (scans are not fused): t1 dies when t3 is made, so t3 takes its place */
CI_TEST(test_arena_reuses_dead_buffers) {
    static const char cig[] = "input x: f32[13, 50]\nt1 = aten.cumsum.default(x, 1)\nt2 = aten.cumsum.default(t1, 1)\n"
                              "t3 = aten.cumsum.default(t2, 1)\nt4 = aten.cumsum.default(t3, 1)\noutput t4\n";
    ci_ctx *ctx;
    prog P;
    int be;
    size_t block = (13 * 50 * sizeof(float) + 63) & ~(size_t)63;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        float x[13 * 50], y[13 * 50], want[13 * 50], t[13 * 50];
        const void *in[1];
        void *out[1];
        ci_test_rng r = ci_test_rng_make(7);
        int i, j, k;
        char why[256];
        if (!prog_make(ctx, &P, cig, (ci_backend)be, 0)) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "%s", P.msg); }
        CI_CHECK_MSG(ci_program_arena_size(P.p) == 2 * block, "arena %zu bytes, want %zu (two of the three intermediates' blocks)",
                     ci_program_arena_size(P.p), 2 * block);
        ci_test_fill_normal_f32(x, 13 * 50, &r);
        memcpy(want, x, sizeof x);
        for (k = 0; k < 4; k++)
            for (i = 0; i < 13; i++) {
                double acc = 0;
                for (j = 0; j < 50; j++) { acc += want[i * 50 + j]; t[i * 50 + j] = (float)acc; }
                memcpy(&want[i * 50], &t[i * 50], 50 * sizeof(float));
            }
        in[0] = x; out[0] = y;
        CI_CHECK_OK_CTX(ctx, ci_program_run(P.p, 1, in, 1, out));
        CI_CHECK_MSG(ci_test_allclose_f32(y, want, 13 * 50, 1e-4, 1e-4, why, sizeof why), "%s", why);
        prog_free(&P);
    }
    ci_ctx_destroy(ctx);
}

/* a pointwise that reads a dying buffer only at the element it writes takes its place:
   t1 (cumsum) -> e1 = exp(t1) in place; sort; e2 = 2 * values in place of the values; sort.
   Blocks of 13*50*4 = 2600 bytes round to 2624; the i64 indices take two. Live at once at
   most: e1, the first sort's values and indices (4 blocks); without writing in place, e1
   would need its own block next to t1 (5). */
static int cmp_float(const void *a, const void *b) { float x = *(const float *)a, y = *(const float *)b; return (x > y) - (x < y); }
CI_TEST(test_arena_in_place) {
    static const char cig[] = "input x: f32[13, 50]\nt1 = aten.cumsum.default(x, 1)\ne1 = aten.exp.default(t1)\n"
                              "v, i = aten.sort.default(e1, 1)\ne2 = aten.mul.Tensor(v, 2)\nw, j = aten.sort.default(e2, 1)\noutput w\n";
    ci_ctx *ctx;
    prog P;
    int be;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        static float x[650], y[650], want[650];
        const void *in[1];
        void *out[1];
        ci_test_rng r = ci_test_rng_make(11);
        int i, j;
        char why[256];
        if (!prog_make(ctx, &P, cig, (ci_backend)be, 0)) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "%s", P.msg); }
        CI_CHECK_MSG(ci_program_arena_size(P.p) == 4 * 2624, "arena %zu bytes, want %d", ci_program_arena_size(P.p), 4 * 2624);
        for (i = 0; i < 650; i++) x[i] = (float)(ci_test_rng_normal(&r) * 0.1);
        for (i = 0; i < 13; i++) {
            double acc = 0;
            for (j = 0; j < 50; j++) { acc += x[i * 50 + j]; want[i * 50 + j] = 2 * expf((float)acc); }
            qsort(&want[i * 50], 50, sizeof(float), cmp_float);
        }
        in[0] = x; out[0] = y;
        CI_CHECK_OK_CTX(ctx, ci_program_run(P.p, 1, in, 1, out));
        CI_CHECK_MSG(ci_test_allclose_f32(y, want, 650, 1e-5, 1e-5, why, sizeof why), "%s", why);
        prog_free(&P);
    }
    ci_ctx_destroy(ctx);
}

/* a fused program keeps its intermediates in registers: no arena at all */
CI_TEST(test_fused_softmax_needs_no_arena) {
    ci_ctx *ctx;
    prog f, u;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    CI_CHECK_MSG(prog_make(ctx, &f, patterns[2].cig, CI_BACKEND_TCC, 0) && prog_make(ctx, &u, patterns[2].cig, CI_BACKEND_TCC, 1), "%s%s", f.msg, u.msg);
    CI_CHECK_MSG(ci_program_arena_size(f.p) == 0, "fused softmax: arena of %zu bytes", ci_program_arena_size(f.p));
    CI_CHECK_MSG(ci_program_arena_size(u.p) > 0, "unfused softmax: no arena");
    prog_free(&f); prog_free(&u);
    ci_ctx_destroy(ctx);
}

/* ---- (4) running allocates nothing ---- */

CI_TEST(test_run_allocates_nothing) {
    static const char cig[] = "input x: f32[64, 100]\ninput w: f32[100]\ninput b: f32[100]\n"
                              "y, m, r = aten.native_layer_norm.default(x, [100], w, b, 1e-5)\ns = aten._softmax.default(y, -1, False)\n"
                              "c = aten.cumsum.default(s, 0)\nz = aten.add.Tensor(c, y)\noutput z\n";
    int be, threads;
    for (threads = 1; threads <= 3; threads += 2)
        for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
            ci_test_alloc ta;
            ci_ctx_desc cd;
            ci_ctx *ctx;
            prog P;
            static float x[6400], w[100], b[100], z[6400];
            const void *in[3];
            void *out[1];
            long before;
            int k;
            ci_test_alloc_init(&ta);
            memset(&cd, 0, sizeof cd);
            cd.allocator = ci_test_alloc_allocator(&ta);
            cd.num_threads = threads;
            CI_CHECK_OK(ci_ctx_create(&cd, &ctx));
            if (!prog_make(ctx, &P, cig, (ci_backend)be, 0)) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "%s", P.msg); }
            CI_CHECK_MSG(ci_program_arena_size(P.p) > 0, "the cumsum's input should need the arena");
            in[0] = x; in[1] = w; in[2] = b; out[0] = z;
            before = ta.attempts;
            ci_test_alloc_fail_at(&ta, 1, 1);
            for (k = 0; k < 3; k++) CI_CHECK_OK_CTX(ctx, ci_program_run(P.p, 3, in, 1, out));
            CI_CHECK_MSG(ta.attempts == before, "%ld allocation calls in ci_program_run", ta.attempts - before);
            ci_test_alloc_fail_at(&ta, 0, 0);
            prog_free(&P);
            ci_ctx_destroy(ctx);
            CI_CHECK_MSG(ta.live_blocks == 0, "%ld blocks leaked", ta.live_blocks);
        }
}

/* ---- (5) the caller's own arena ---- */

CI_TEST(test_user_arena) {
    static const char cig[] = "input x: f32[8, 33]\nt1 = aten.cumsum.default(x, 1)\nt2 = aten.exp.default(t1)\n"
                              "t3 = aten.cumsum.default(t2, 0)\nt4 = aten.cumsum.default(t3, 1)\noutput t4\n";
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *own = NULL, *p = NULL;
    ci_compile_desc pd;
    char err[256], why[256];
    static float x[8 * 33], y1[8 * 33], y2[8 * 33];
    const void *in[1];
    void *out[1];
    size_t need;
    char *raw;
    ci_test_rng r = ci_test_rng_make(5);
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    g = ci_graph_create(ctx);
    CI_CHECK_OK_CTX(ctx, ci_cig_parse(g, cig, strlen(cig), "arena.cig", NULL, err, sizeof err));
    CI_CHECK_OK_CTX(ctx, ci_compile(g, NULL, &own));
    memset(&pd, 0, sizeof pd);
    pd.user_arena = 1;
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
    need = ci_program_arena_size(p);
    CI_CHECK_MSG(need > 0 && need == ci_program_arena_size(own), "arena sizes %zu and %zu", need, ci_program_arena_size(own));
    ci_test_fill_normal_f32(x, 8 * 33, &r);
    in[0] = x;
    out[0] = y2;
    CI_CHECK_EQ_INT(ci_program_run(p, 1, in, 1, out), CI_ERR_INVALID_ARGS);   /* no arena yet */
    raw = (char *)malloc(need + 128);
    {
        char *al = (char *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
        CI_CHECK_EQ_INT(ci_program_set_arena(p, al, need - 1), CI_ERR_INVALID_ARGS);   /* too small */
        CI_CHECK_EQ_INT(ci_program_set_arena(p, al + 1, need), CI_ERR_INVALID_ARGS);   /* misaligned */
        CI_CHECK_OK_CTX(ctx, ci_program_set_arena(p, al, need));
        memset(al, 0x7f, need);
        out[0] = y1;
        CI_CHECK_OK_CTX(ctx, ci_program_run(own, 1, in, 1, out));
        out[0] = y2;
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, in, 1, out));
        CI_CHECK_MSG(ci_test_allclose_f32(y2, y1, 8 * 33, 0, 0, why, sizeof why), "caller's arena: %s", why);
        CI_CHECK_OK_CTX(ctx, ci_program_set_arena(p, NULL, 0));   /* back to its own */
        memset(al, 0, need);
        memset(y2, 0, sizeof y2);
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, in, 1, out));
        CI_CHECK_MSG(ci_test_allclose_f32(y2, y1, 8 * 33, 0, 0, why, sizeof why), "own arena again: %s", why);
    }
    free(raw);
    CI_CHECK_EQ_INT(ci_program_set_arena(NULL, NULL, 0), CI_ERR_INVALID_ARGS);
    ci_program_destroy(own);
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

/* ---- (6) explain: the groups and why neighbours stayed apart ---- */

typedef struct logbuf { char s[65536]; size_t n; } logbuf;
static void log_to(ci_log_level lvl, const char *msg, void *user) {
    logbuf *b = (logbuf *)user;
    size_t m = strlen(msg);
    (void)lvl;
    if (b->n + m + 1 < sizeof b->s) { memcpy(b->s + b->n, msg, m + 1); b->n += m; }
}

/* compile cig on the interpreter with CI_DEBUG_KERNELS, the kernels' description into lb */
static int kernels_log(const char *cig, logbuf *lb, char *msg, size_t msgsz) {
    ci_ctx_desc cd;
    ci_ctx *ctx;
    prog P;
    int ok;
    memset(&cd, 0, sizeof cd);
    lb->n = 0; lb->s[0] = 0;
    cd.log = log_to; cd.log_user = lb; cd.debug = CI_DEBUG_KERNELS;
    if (ci_ctx_create(&cd, &ctx) != CI_OK) { snprintf(msg, msgsz, "ci_ctx_create failed"); return 0; }
    ok = prog_make(ctx, &P, cig, CI_BACKEND_INTERP, 0);
    if (!ok) snprintf(msg, msgsz, "%s", P.msg);
    prog_free(&P);   /* (after a failure too: the graph) */
    ci_ctx_destroy(ctx);
    return ok;
}

CI_TEST(test_explain_says_why) {
    static const struct { const char *cig, *want[3]; } c[] = {
        {"input a: f32[8, 16]\ninput b: f32[16, 4]\nt = aten.mul.Tensor(a, 2)\nm = aten.mm.default(t, b)\ny = aten.relu.default(m)\noutput y\n",
         {"extern kernel (a scheduling barrier)", "not fused:", NULL}},
        {"input x: f32[6, 10]\ns = aten.sum.dim_IntList(x, [1], True)\nt = aten.cumsum.default(x, 1)\ny = aten.mul.Tensor(t, s)\noutput y\n",
         {"a scan (a scheduling barrier)", "which runs later (fusing would make a cycle)", NULL}},
        {"input x: f32[6, 10]\ns = aten.sum.dim_IntList(x, [1], True)\nf = aten.flip.default(s, [0])\ny = aten.mul.Tensor(x, f)\noutput y\n",
         {"at another element than the one", NULL, NULL}},
        {"input x: f32[6, 10]\ninput w: f32[6]\ninput z: f32[12]\ns = aten.sum.dim_IntList(x, [1])\nc = aten.cat.default([s, w])\ny = aten.mul.Tensor(c, z)\noutput y\n",
         {"different iteration spaces", NULL, NULL}},
        {"input x: f32[6, 10]\ninput z: f32[12]\ns = aten.sum.dim_IntList(x, [1])\nc = aten.cat.default([s, s])\ny = aten.mul.Tensor(c, z)\noutput y\n",
         {"is a slice of a concat (a scheduling barrier)", NULL, NULL}},
    };
    size_t i;
    int j;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        static logbuf lb;
        char msg[512];
        CI_CHECK_MSG(kernels_log(c[i].cig, &lb, msg, sizeof msg), "case %zu: %s", i, msg);
        for (j = 0; j < 3 && c[i].want[j]; j++)
            CI_CHECK_MSG(strstr(lb.s, c[i].want[j]) != NULL, "case %zu: no \"%s\" in the debug output:\n%s", i, c[i].want[j], lb.s);
    }
}

/* pooling windows up to 25 elements are unrolled into pointwise code, larger ones become
   reductions over the window (max pools: a max, an argmax and the last NaN's position) */
CI_TEST(test_pool_windows_unrolled_or_reduced) {
    static const struct { const char *cig; int reduced; } c[] = {
        {"input x: f32[1, 2, 9, 10]\nv, i = aten.max_pool2d_with_indices.default(x, [5, 5], [1, 1], [2, 2])\noutput v, i\n", 0},
        {"input x: f32[1, 2, 9, 30]\nv, i = aten.max_pool2d_with_indices.default(x, [2, 13], [1, 1], [1, 6])\noutput v, i\n", 1},
        {"input x: f32[2, 40]\nv = aten.max_pool1d.default(x, [25], [3])\noutput v\n", 0},
        {"input x: f32[2, 40]\nv = aten.max_pool1d.default(x, [26], [3])\noutput v\n", 1},
        {"input x: f32[1, 2, 7, 8, 9]\nv, i = aten.max_pool3d_with_indices.default(x, [3, 3, 3], [2, 2, 2], [1, 1, 1])\noutput v, i\n", 1},
        {"input x: f32[2, 5, 5]\nv, i = aten.adaptive_max_pool2d.default(x, [1, 1])\noutput v, i\n", 0},
        {"input x: f32[2, 5, 6]\nv, i = aten.adaptive_max_pool2d.default(x, [1, 1])\noutput v, i\n", 1},
        {"input x: f32[2, 3, 37, 37]\ny = aten._adaptive_avg_pool2d.default(x, [5, 5])\noutput y\n", 1},
        {"input x: f32[2, 3, 10, 10]\ny = aten._adaptive_avg_pool2d.default(x, [5, 5])\noutput y\n", 0},
    };
    size_t i;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        static logbuf lb;
        char msg[512];
        int red;
        CI_CHECK_MSG(kernels_log(c[i].cig, &lb, msg, sizeof msg), "case %zu: %s", i, msg);
        red = strstr(lb.s, ": max -> ") || strstr(lb.s, ": sum -> ");
        CI_CHECK_MSG(red == c[i].reduced, "case %zu: %s, want %s:\n%s", i, red ? "a reduction" : "no reduction", c[i].reduced ? "one" : "none", lb.s);
        CI_CHECK_MSG(!strstr(c[i].cig, "v, i") || !c[i].reduced || strstr(lb.s, ": argmax -> "), "case %zu: no argmax:\n%s", i, lb.s);
    }
}

/* a short first dim runs with the second as one loop, unless that one is empty (the second
   case reads its last dim as no merged dims could: ci__tile_merge leaves it three dims) */
CI_TEST(test_collapsed_loops) {
    static const char *const cig[] = {"input x: f32[3, 0, 4]\ny = aten.add.Tensor(x, 1)\noutput y\n",
                                      "input x: f32[3, 5, 4]\nc = aten.slice.Tensor(x, 2, 0, 1)\n"
                                      "y = aten.add.Tensor(x, c)\noutput y\n"};
    ci_ctx *ctx;
    prog P;
    int i;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (i = 0; i < 2; i++) {
        static float x[60], y[60];
        const void *in[1];
        void *out[1];
        const char *src;
        int j;
        if (!prog_make(ctx, &P, cig[i], CI_BACKEND_TCC, 0)) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "%s", P.msg); }
        src = ci_program_source(P.p);
        CI_CHECK_MSG(!strstr(src, "/ 0LL") && !strstr(src, "% 0LL"), "case %d: a division by zero in the source", i);
        CI_CHECK_MSG((strstr(src, "x01") != NULL) == (i == 1), "case %d: collapsed %s", i, i ? "no" : "an empty dim");
        for (j = 0; j < 60; j++) { x[j] = (float)j; y[j] = -1; }
        in[0] = x; out[0] = y;
        CI_CHECK_OK_CTX(ctx, ci_program_run(P.p, 1, in, 1, out));
        for (j = 0; i == 1 && j < 60; j++)
            CI_CHECK_MSG(y[j] == (float)(j + j - j % 4), "y[%d] = %g", j, y[j]);
        prog_free(&P);
    }
    ci_ctx_destroy(ctx);
}

/* -- the generated C: pointers named after the graph's values, only the prelude it uses (scalar
   kernels: loops shorter than the tiles' minimum; test_tile.c reads the tiled ones) -- */
static int has_line(const char *src, const char *line) {   /* a whole line, leading spaces aside */
    const char *p = src;
    size_t n = strlen(line);
    while ((p = strstr(p, line)) != NULL) {
        const char *b = p;
        while (b > src && b[-1] == ' ') b--;
        if ((b == src || b[-1] == '\n') && (p[n] == '\n' || !p[n])) return 1;
        p += n;
    }
    return 0;
}
CI_TEST(test_emitted_c_names_the_graph) {
    static const char *const cig = "input x: f32[4, 12]\ny = aten._softmax.default(x, -1, False)\noutput y\n";
    ci_ctx *ctx;
    prog P;
    const char *src;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    if (!prog_make(ctx, &P, cig, CI_BACKEND_TCC, 0)) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "%s", P.msg); }
    src = ci_program_source(P.p);
    CI_CHECK_MSG(has_line(src, "const float *x = (const float *)B[0];   /* x: input 0, f32[4, 12] */"), "%s", src);
    CI_CHECK_MSG(has_line(src, "float *y = (float *)B[1];   /* y: output 0, f32[4, 12] */"), "%s", src);
    CI_CHECK_MSG(has_line(src, "float expf(float);") && !strstr(src, "logf") && !strstr(src, "ci_floordiv_i64") && !strstr(src, "ci_h2f"),
                 "the prelude holds what the kernel does not use:\n%s", src);
    CI_CHECK_MSG(has_line(src, "static void k0_softmax(void **B, long long x0_begin, long long x0_end) {"), "%s", src);
    CI_CHECK_MSG(has_line(src, "float v0 = x[(12LL*x0 + r0)];"), "temps from v0 in each kernel:\n%s", src);
    CI_CHECK_MSG(strstr(src, "expf(v0 - v1)") && !strstr(src, "expf(("), "a call's argument in one pair of parentheses:\n%s", src);
    CI_CHECK_MSG(!strstr(src, "= (float)acc0;") && !strstr(src, "((float)v") && !strstr(src, "r0 = 12LL; r0 < 12LL"),
                 "an identity cast or an empty loop:\n%s", src);
    CI_CHECK_MSG(has_line(src, "return CI_MAIN_OK;") && !strstr(src, "return 3"), "%s", src);
    prog_free(&P);
    ci_ctx_destroy(ctx);
}
/* a kernel is named after the ops whose values it computes (not the op that made it realize),
   its header comment lists them in full; a kernel that only moves data is a copy; an extern
   kernel's call in ci_main has a comment naming its op and result */
CI_TEST(test_emitted_c_kernels_named_by_ops) {
    static const char *const cig = "input x: f32[64, 8]\ninput w: f32[8, 8]\ninput b: f32[8]\n"
                                   "h = aten.mm.default(x, w)\nhb = aten.add.Tensor(h, b)\nr = aten.relu.default(hb)\n"
                                   "y = aten.mm.default(r, w)\noutput y\n";
    ci_ctx *ctx;
    prog P;
    const char *src;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    if (!prog_make(ctx, &P, cig, CI_BACKEND_TCC, 0)) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "%s", P.msg); }
    src = ci_program_source(P.p);
    CI_CHECK_MSG(has_line(src, "static void k1_add_relu(void **B, long long x0_begin, long long x0_end) {"), "%s", src);
    CI_CHECK_MSG(strstr(src, "/* k1_add_relu (aten.add.Tensor, aten.relu.default): pointwise -> ") != NULL, "%s", src);
    CI_CHECK_MSG(!strstr(src, "k1_mm") && !strstr(src, "_output("), "named after the realizing op:\n%s", src);
    /* intermediates named after the graph value they hold, the comment giving its op */
    CI_CHECK_MSG(strstr(src, "const float *h = (const float *)B[") && strstr(src, "/* h: intermediate, aten.mm.default, f32[1, 64, 8] */"),
                 "%s", src);
    CI_CHECK_MSG(strstr(src, "float *r = (float *)B[") && strstr(src, "/* r: intermediate, aten.relu.default, f32[1, 64, 8] */"),
                 "%s", src);
    CI_CHECK_MSG(strstr(src, "/* k1_add_relu (aten.add.Tensor, aten.relu.default): pointwise -> r */") && !strstr(src, "buf"),
                 "%s", src);
    /* ci_main names the op each extern kernel runs and the value it computes; the first runs
       its epilogue (k1_add_relu); the second writes the output itself (its [1, 64, 8] is y's
       [64, 8], read in order: no copy) */
    CI_CHECK_MSG(strstr(src, "    /* k0_mm: h = aten.mm.default (extern, cinductor.bmm) */\n"
                             "    if (ci_rt_extern_epi(rt, 0, B, k1_add_relu, 64LL, 0))"
                             " return CI_MAIN_EXTERN_FAILED;\n") &&
                 strstr(src, "    /* k2_mm: y = aten.mm.default (extern, cinductor.bmm) */\n"
                             "    if (ci_rt_extern(rt, 2, B)) return CI_MAIN_EXTERN_FAILED;\n") &&
                 !strstr(src, "_copy"),
                 "%s", src);
    /* relu against 0: the constant gets no NaN test; a load inline has no parentheses */
    CI_CHECK_MSG(strstr(src, "v0 != v0 ? v0 : (v0 > (0.000000000e+00f) ? v0 : (0.000000000e+00f))") && strstr(src, "h[(8LL*x0 + x1)] + b[x1]"),
                 "%s", src);
    prog_free(&P);
    ci_ctx_destroy(ctx);
}
/* user names that C or the generated code already uses get a '_'; f16 brings its conversion */
CI_TEST(test_emitted_c_user_names) {
    static const char *const names[] = {"int", "x0", "ci_h2f", "expf"};
    static const char *const decl[] = {"const float *int_ = ", "const unsigned short *x0_ = ", "const float *ci_h2f_ = ",
                                       "const float *expf_ = ", "float *B_ = "};
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p;
    ci_tensor t[4], s;
    ci_compile_desc pd;
    int64_t sh[1] = {4};
    float a[4] = {1, 2, 3, 4}, c[4] = {10, 20, 30, 40}, d[4] = {100, 200, 300, 400}, y[4];
    unsigned short h[4] = {0x3800, 0x3c00, 0xbc00, 0x0000};   /* f16 0.5, 1, -1, 0 */
    const void *in[4];
    void *out[1];
    const char *src;
    int i;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    g = ci_graph_create(ctx);
    for (i = 0; i < 4; i++) t[i] = ci_input(g, names[i], i == 1 ? CI_F16 : CI_F32, 1, sh);
    s = ci_add(g, ci_add(g, t[0], t[1]), ci_add(g, t[2], t[3]));
    CI_CHECK_OK(ci_tensor_set_name(g, s, "B"));
    ci_output(g, s);
    memset(&pd, 0, sizeof pd);
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
    src = ci_program_source(p);
    for (i = 0; i < 5; i++) CI_CHECK_MSG(strstr(src, decl[i]) != NULL, "no \"%s\" in\n%s", decl[i], src);
    CI_CHECK_MSG(strstr(src, "static float ci_h2f(unsigned short h)") && !strstr(src, "ci_f2h") && !strstr(src, "ci_bf2f"), "%s", src);
    in[0] = a; in[1] = h; in[2] = c; in[3] = d;
    out[0] = y;
    CI_CHECK_OK_CTX(ctx, ci_program_run(p, 4, in, 1, out));
    CI_CHECK(y[0] == 111.5f && y[1] == 223 && y[2] == 332 && y[3] == 444);
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

/* ---- (6) a product's epilogue: the pointwise kernel after a matmul or convolution that reads
   its output only at each point's element runs on the rows the product's jobs finish
   (ci_rt_extern_epi in the C); the same values as the interpreter (which runs the two one
   after the other) and, bit for bit, on 1 and 4 threads. Cases where it must not apply keep
   the plain call. ---- */

typedef struct epi_case { const char *name, *cig; int epi; } epi_case;
static const epi_case epi_cases[] = {
    {"linear, bias and relu", "input x: f32[7, 33]\ninput w: f32[65, 33]\ninput b: f32[65]\n"
     "t = aten.t.default(w)\ny = aten.addmm.default(b, x, t)\nr = aten.relu.default(y)\noutput r\n", 1},
    {"1023 columns and a residual", "input a: f32[130, 20]\ninput c: f32[20, 1023]\ninput z: f32[130, 1023]\n"
     "y = aten.mm.default(a, c)\nu = aten.mul.Tensor(y, 2)\nv = aten.add.Tensor(u, z)\noutput v\n", 1},
    {"one row", "input a: f32[1, 9]\ninput c: f32[9, 5]\ny = aten.mm.default(a, c)\n"
     "u = aten.tanh.default(y)\noutput u\n", 1},
    {"a batch of products, then sigmoid", "input a: f32[3, 17, 9]\ninput c: f32[3, 9, 40]\n"
     "y = aten.bmm.default(a, c)\nu = aten.sigmoid.default(y)\noutput u\n", 1},
    {"an empty sum: the epilogue of zeros", "input a: f32[5, 0]\ninput c: f32[0, 7]\n"
     "y = aten.mm.default(a, c)\nu = aten.add.Tensor(y, 1)\noutput u\n", 1},
    {"convolution, batch norm and silu", "input x: f32[2, 5, 9, 11]\ninput w: f32[12, 5, 3, 3]\n"
     "input g: f32[12]\ninput h: f32[12]\ninput m: f32[12]\ninput v: f32[12]\n"
     "c = aten.convolution.default(x, w, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1)\n"
     "va = aten.abs.default(v)\n"
     "n, _, _ = aten.native_batch_norm.default(c, g, h, m, va, False, 0.1, 1e-05)\n"
     "s = aten.silu.default(n)\noutput s\n", 1},
    {"130 output channels over two row blocks (a shared im2col), hardtanh",
     "input x: f32[1, 16, 40, 40]\ninput w: f32[130, 16, 3, 3]\ninput b: f32[130]\n"
     "c = aten.convolution.default(x, w, b, [1, 1], [1, 1], [1, 1], False, [0, 0], 1)\n"
     "r = aten.hardtanh.default(c, 0.0, 6.0)\noutput r\n", 1},
    {"1x1 convolution, groups of 2, a residual", "input x: f32[2, 8, 7, 7]\ninput w: f32[6, 4, 1, 1]\n"
     "input z: f32[2, 6, 7, 7]\n"
     "c = aten.convolution.default(x, w, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 2)\n"
     "r = aten.add.Tensor(c, z)\noutput r\n", 1},
    {"depthwise convolution, stride 2, relu", "input x: f32[2, 8, 15, 10]\ninput w: f32[8, 1, 3, 3]\n"
     "c = aten.convolution.default(x, w, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 8)\n"
     "r = aten.relu.default(c)\noutput r\n", 1},
    /* the product's operands made just before it, dead after it: the epilogue's output must
       not take their place while later jobs still read them */
    {"operands that die at the product", "input x: f64[200, 128]\ninput c0: f64[128, 512]\n"
     "input d: f32[512, 8]\nc = aten.exp.default(c0)\na = aten.exp.default(x)\n"
     "y = aten.mm.default(a, c)\nr = aten.relu.default(y)\nu = aten._to_copy.default(r, dtype=f32)\n"
     "w = aten.mm.default(u, d)\noutput y, w\n", 1},
    {"an operand the epilogue's output may not replace", "input x0: f32[1, 34, 10, 10]\n"
     "input w: f32[136, 34, 3, 3]\nx = aten.exp.default(x0)\n"
     "c = aten.convolution.default(x, w, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 1)\n"
     "input d: f32[25, 3]\nr = aten.relu.default(c)\nv = aten.view.default(r, [136, 25])\n"
     "m = aten.mm.default(v, d)\noutput c, m\n", 1},
    {"f64 product and exp", "input a: f64[33, 12]\ninput c: f64[12, 31]\ny = aten.mm.default(a, c)\n"
     "u = aten.exp.default(y)\noutput u\n", 1},
    /* not an epilogue */
    {"the product read transposed", "input a: f32[13, 9]\ninput c: f32[9, 13]\n"
     "y = aten.mm.default(a, c)\nt = aten.t.default(y)\nu = aten.add.Tensor(t, y)\noutput u\n", 0},
    {"a reduction of the product", "input a: f32[13, 9]\ninput c: f32[9, 20]\n"
     "y = aten.mm.default(a, c)\nu = aten.sum.dim_IntList(y, [1])\noutput u\n", 0},
    {"no product rows", "input a: f32[0, 9]\ninput c: f32[9, 20]\n"
     "y = aten.mm.default(a, c)\nu = aten.add.Tensor(y, 1)\noutput u\n", 0},
};

/* run p on inputs in (normal random, as dt each) into fresh outputs */
static int epi_run(ci_program *p, const void *const *in, void **out) {
    int i, nout = ci_program_num_outputs(p);
    for (i = 0; i < nout; i++) {
        size_t n = prog_numel(p, 1, i), es = ci_dtype_size(ci_program_output_dtype(p, i));
        out[i] = calloc(n * es + 1, 1);
    }
    return ci_program_run(p, ci_program_num_inputs(p), in, nout, out) == CI_OK;
}

CI_TEST(test_product_epilogue) {
    ci_ctx *ctx = NULL;
    ci_test_rng r = ci_test_rng_make(77);
    size_t c;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (c = 0; c < sizeof epi_cases / sizeof epi_cases[0]; c++) {
        const epi_case *ec = &epi_cases[c];
        prog t1, t4, ip;
        void *in[8], *o1[4], *o4[4], *oi[4];
        int nin, nout, i, ok;
        char why[512] = "";
        const char *src;
        CI_CHECK_MSG(prog_make_t(ctx, &t1, ec->cig, CI_BACKEND_TCC, 0, 1), "%s: %s", ec->name, t1.msg);
        CI_CHECK_MSG(prog_make_t(ctx, &t4, ec->cig, CI_BACKEND_TCC, 0, 4), "%s: %s", ec->name, t4.msg);
        CI_CHECK_MSG(prog_make_t(ctx, &ip, ec->cig, CI_BACKEND_INTERP, 0, 1), "%s: %s", ec->name, ip.msg);
        src = ci_program_source(t1.p);
        CI_CHECK_MSG((strstr(src, "ci_rt_extern_epi(rt,") != NULL) == ec->epi,
                     "%s: the epilogue %s expected\n%s", ec->name, ec->epi ? "is" : "is not", src);
        nin = ci_program_num_inputs(t1.p);
        nout = ci_program_num_outputs(t1.p);
        for (i = 0; i < nin; i++) {
            size_t n = prog_numel(t1.p, 0, i);
            if (ci_program_input_dtype(t1.p, i) == CI_F64) {
                double *x = (double *)malloc(n * sizeof(double) + 8);
                size_t j;
                for (j = 0; j < n; j++) x[j] = ci_test_rng_normal(&r);
                in[i] = x;
            } else {
                float *x = (float *)malloc(n * sizeof(float) + 4);
                ci_test_fill_normal_f32(x, n, &r);
                in[i] = x;
            }
        }
        ok = epi_run(t1.p, (const void *const *)in, o1) && epi_run(t4.p, (const void *const *)in, o4) &&
             epi_run(ip.p, (const void *const *)in, oi);
        if (!ok) snprintf(why, sizeof why, "a run failed: %s", ci_ctx_last_error(ctx));
        for (i = 0; ok && i < nout; i++) {
            ci_dtype dt = ci_program_output_dtype(t1.p, i);
            size_t n = prog_numel(t1.p, 1, i);
            char w[256];
            if (memcmp(o1[i], o4[i], n * ci_dtype_size(dt))) {
                snprintf(why, sizeof why, "output %d differs between 1 and 4 threads", i);
                ok = 0;
            } else if (!ci_test_allclose(dt, o1[i], oi[i], n, 1e-6, dt == CI_F64 ? 1e-12 : 1e-5, w,
                                         sizeof w)) {
                snprintf(why, sizeof why, "output %d against the interpreter: %s", i, w);
                ok = 0;
            }
        }
        for (i = 0; i < nin; i++) free(in[i]);
        for (i = 0; i < nout; i++) { free(o1[i]); free(o4[i]); free(oi[i]); }
        prog_free(&t1);
        prog_free(&t4);
        prog_free(&ip);
        CI_CHECK_MSG(ok, "%s: %s", ec->name, why);
    }
    ci_ctx_destroy(ctx);
}

/* ---- (7) a pool's input that reads memory more than once (a per-channel scale and relu) is
   realized before the pool builds its loads: computed once, not once per window tap; the same
   for avg_pool and im2col. Against the interpreter's reference path. ---- */
static int count_of(const char *s, const char *sub) {
    int n = 0;
    for (s = strstr(s, sub); s; s = strstr(s + 1, sub)) n++;
    return n;
}

CI_TEST(test_pool_input_realized_first) {
    static const char *const pools[] = {
        "m, i = aten.max_pool2d_with_indices.default(r, [3, 3], [2, 2], [1, 1])\noutput m\n",
        "m = aten.avg_pool2d.default(r, [3, 3], [1, 1], [1, 1])\noutput m\n",
        "m = aten.im2col.default(r, [2, 3], [1, 1], [0, 1], [1, 1])\noutput m\n"};
    ci_ctx *ctx;
    size_t c;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (c = 0; c < sizeof pools / sizeof pools[0]; c++) {
        char cig[512], why[256] = "";
        prog t, ip;
        snprintf(cig, sizeof cig,
                 "input x: f32[2, 4, 9, 11]\ninput scale: f32[4, 1, 1]\n"
                 "t = aten.mul.Tensor(x, scale)\nr = aten.relu.default(t)\n%s", pools[c]);
        CI_CHECK_MSG(prog_make(ctx, &t, cig, CI_BACKEND_TCC, 0), "pool %d: %s", (int)c, t.msg);
        if (!t.p) continue;
        CI_CHECK_MSG(ci_program_num_kernels(t.p) == 2 && count_of(ci_program_source(t.p),
                                                                   "static void k") == 2,
                     "pool %d: %d kernels (the scaled relu inlined into the window?)\n%s", (int)c,
                     ci_program_num_kernels(t.p), ci_program_source(t.p));
        CI_CHECK_MSG(prog_make(ctx, &ip, cig, CI_BACKEND_INTERP, 1), "pool %d: %s", (int)c, ip.msg);
        if (ip.p)
            CI_CHECK_MSG(same_results(t.p, ip.p, 90 + c, 1e-6, why, sizeof why), "pool %d: %s",
                         (int)c, why);
        prog_free(&t);
        prog_free(&ip);
    }
    ci_ctx_destroy(ctx);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_patterns_become_one_kernel);
    CI_RUN(test_cat_pointwise_or_concat_kernel);
    CI_RUN(test_suite_workloads_kernel_counts);
    CI_RUN(test_random_graphs_fused_match_unfused);
    CI_RUN(test_arena_reuses_dead_buffers);
    CI_RUN(test_arena_in_place);
    CI_RUN(test_fused_softmax_needs_no_arena);
    CI_RUN(test_run_allocates_nothing);
    CI_RUN(test_user_arena);
    CI_RUN(test_explain_says_why);
    CI_RUN(test_pool_windows_unrolled_or_reduced);
    CI_RUN(test_collapsed_loops);
    CI_RUN(test_emitted_c_names_the_graph);
    CI_RUN(test_emitted_c_kernels_named_by_ops);
    CI_RUN(test_emitted_c_user_names);
    CI_RUN(test_product_epilogue);
    CI_RUN(test_pool_input_realized_first);
    return ci_test_done();
}
