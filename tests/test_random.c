/* Random ops: values in range with the right moments, the same bits on both backends, the same
   on every run until the seed changes, independent streams for two ops, dropout's output and
   mask consistent. (PyTorch's generator differs, so these are checks of the distribution.) */
#include "ci_test.h"

#define N 100000

typedef struct rprog { ci_ctx *ctx; ci_graph *g; ci_program *p; } rprog;

/* graph: a = rand([N]); b = randn([N]); c = randint.low(-3, 7, [N]); d, m = native_dropout(x, 0.25, True);
   e = bernoulli.p(x, 0.3); f = rand([N]) again */
static int build(rprog *r, ci_backend be, uint64_t seed) {
    ci_compile_desc pd;
    int64_t n = N, sz[1] = {N};
    ci_arg a[4];
    ci_kwarg kw;
    ci_tensor x, o[2];
    memset(r, 0, sizeof *r);
    if (ci_ctx_create(NULL, &r->ctx) != CI_OK) return 0;
    r->g = ci_graph_create(r->ctx);
    x = ci_input(r->g, "x", CI_F32, 1, &n);
    a[0] = ci_arg_ints(sz, 1);
    ci_output(r->g, ci_call1(r->g, "aten.rand.default", 1, a, 0, NULL));
    ci_output(r->g, ci_call1(r->g, "aten.randn.default", 1, a, 0, NULL));
    a[0] = ci_arg_int(-3); a[1] = ci_arg_int(7); a[2] = ci_arg_ints(sz, 1);
    ci_output(r->g, ci_call1(r->g, "aten.randint.low", 3, a, 0, NULL));
    a[0] = ci_arg_tensor(x); a[1] = ci_arg_float(0.25); a[2] = ci_arg_bool(1);
    ci_call(r->g, "aten.native_dropout.default", 3, a, 0, NULL, o, 2);
    ci_output(r->g, o[0]);
    ci_output(r->g, o[1]);
    a[1] = ci_arg_float(0.3);
    ci_output(r->g, ci_call1(r->g, "aten.bernoulli.p", 2, a, 0, NULL));
    a[0] = ci_arg_ints(sz, 1);
    kw.name = "dtype"; kw.value = ci_arg_dtype(CI_F64);
    ci_output(r->g, ci_call1(r->g, "aten.rand.default", 1, a, 1, &kw));
    memset(&pd, 0, sizeof pd);
    pd.backend = be;
    pd.seed = seed;
    if (ci_compile(r->g, &pd, &r->p) != CI_OK) { printf("# %s\n", ci_ctx_last_error(r->ctx)); return 0; }
    return 1;
}
static void done(rprog *r) { ci_program_destroy(r->p); ci_graph_destroy(r->g); ci_ctx_destroy(r->ctx); }

typedef struct outs { float a[N], b[N], d[N], e[N]; long long c[N]; unsigned char m[N]; double f[N]; } outs;
static float X[N];
static int run(rprog *r, outs *o) {
    const void *in[1];
    void *out[7];
    in[0] = X;
    out[0] = o->a; out[1] = o->b; out[2] = o->c; out[3] = o->d; out[4] = o->m; out[5] = o->e; out[6] = o->f;
    return ci_program_run(r->p, 1, in, 7, out) == CI_OK;
}

CI_TEST(test_random_ops) {
    static outs o1, o2, o3;
    rprog t, i;
    double sa = 0, sb = 0, sbb = 0, sm = 0, se = 0, sf = 0;
    int k, seen[10] = {0}, ok = 1, diff;
    ci_test_rng g = ci_test_rng_make(3);
    ci_test_fill_normal_f32(X, N, &g);
    CI_CHECK(build(&t, CI_BACKEND_TCC, 42) && build(&i, CI_BACKEND_INTERP, 42));
    CI_CHECK(run(&t, &o1) && run(&i, &o2));
    CI_CHECK_MSG(memcmp(&o1, &o2, sizeof o1) == 0, "the two backends draw different numbers");
    CI_CHECK(run(&t, &o3));
    CI_CHECK_MSG(memcmp(&o1, &o3, sizeof o1) == 0, "a second run with the same seed differs");
    for (k = 0; k < N; k++) {
        ok &= o1.a[k] >= 0 && o1.a[k] < 1 && o1.f[k] >= 0 && o1.f[k] < 1 && o1.c[k] >= -3 && o1.c[k] < 7;
        if (o1.c[k] >= -3 && o1.c[k] < 7) seen[o1.c[k] + 3] = 1;
        sa += o1.a[k]; sb += o1.b[k]; sbb += (double)o1.b[k] * o1.b[k]; sm += o1.m[k]; se += o1.e[k]; sf += o1.f[k];
        /* dropout: kept values scaled by 1 / (1 - p), dropped ones 0 */
        ok &= o1.m[k] ? fabsf(o1.d[k] - X[k] / 0.75f) <= 1e-6f * fabsf(X[k]) + 1e-7f : o1.d[k] == 0;
        ok &= o1.e[k] == 0 || o1.e[k] == 1;
    }
    CI_CHECK_MSG(ok, "a value out of range, or dropout inconsistent with its mask");
    for (k = 0; k < 10; k++) CI_CHECK_MSG(seen[k], "randint never drew %d", k - 3);
    CI_CHECK_NEAR(sa / N, 0.5, 0.01, 0);
    CI_CHECK_NEAR(sf / N, 0.5, 0.01, 0);
    CI_CHECK_NEAR(sb / N, 0.0, 0.02, 0);
    CI_CHECK_NEAR(sbb / N, 1.0, 0.03, 0);
    CI_CHECK_NEAR(sm / N, 0.75, 0.01, 0);
    CI_CHECK_NEAR(se / N, 0.3, 0.01, 0);
    /* two rand ops draw independent numbers */
    for (k = 0, diff = 0; k < N; k++) diff += fabs((double)o1.a[k] - o1.f[k]) > 1e-3;
    CI_CHECK_MSG(diff > N * 9 / 10, "two rand ops drew alike numbers (%d of %d differ)", diff, N);
    /* a new seed gives new numbers; back to the old one gives the old ones */
    ci_program_set_seed(t.p, 43);
    CI_CHECK(run(&t, &o3));
    for (k = 0, diff = 0; k < N; k++) diff += o1.a[k] != o3.a[k];
    CI_CHECK_MSG(diff > N * 9 / 10, "seed 43 drew the numbers of seed 42 (%d of %d differ)", diff, N);
    ci_program_set_seed(t.p, 42);
    CI_CHECK(run(&t, &o3));
    CI_CHECK(memcmp(&o1, &o3, sizeof o1) == 0);
    done(&t);
    done(&i);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_random_ops);
    return ci_test_done();
}
