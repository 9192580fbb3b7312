/* test_ops_decomp.c - decompositions against the reference of tests/ops_cases.h (the runner,
   the seed, the environment: see there): softmax, log_softmax, gelu, silu, layer_norm. */
#include "ops_cases.h"

CI_TEST(test_softmax) {
    SOFTMAX(0, S(CI_F32, "7,5"), -1);
    SOFTMAX(0, S(CI_F32, "7,5"), 0);
    SOFTMAX(0, S(CI_F32, "3,1023"), -1);
    SOFTMAX(0, S(CI_F64, "1023,3"), 0);
    SOFTMAX(0, S(CI_F64, "2,3,4"), 1);
    SOFTMAX(0, S(CI_F32, "1,7"), 0);                      /* one element: 1 */
    SOFTMAX(0, RANGE(S(CI_F32, "4,9"), -1000, 1000), -1); /* needs the max subtracted */
    SOFTMAX(0, S(CI_F32, "7"), 0);
    SOFTMAX(0, S(CI_F32, "0,3"), 1);
    SOFTMAX_T(0, S(CI_F32, "5,7"), -1);
}

CI_TEST(test_log_softmax) {
    SOFTMAX(1, S(CI_F32, "7,5"), -1);
    SOFTMAX(1, S(CI_F32, "7,5"), 0);
    SOFTMAX(1, S(CI_F32, "3,1023"), -1);
    SOFTMAX(1, S(CI_F64, "1023,3"), 0);
    SOFTMAX(1, RANGE(S(CI_F32, "4,9"), -1000, 1000), -1);
    SOFTMAX(1, S(CI_F32, "0,3"), 1);
    SOFTMAX_T(1, S(CI_F32, "5,7"), 0);
}

PWF(f_silu, x[0] / (1 + exp(-x[0])))
static void b_gelu(ci_graph *g, const ci_tensor *t, const tcase *c) { ci_output(g, ci_gelu(g, t[0], c->s)); }
#define GELU(approx, x) do { const char *a_ = approx; int th_ = a_ && !strcmp(a_, "tanh"); \
    tcase c_ = mk1(th_ ? "gelu(tanh)" : a_ ? "gelu(none)" : "gelu", x, b_gelu, r_pw, x.dt); \
    c_.s = a_; c_.f = th_ ? f_gelu_tanh : f_gelu; c_.atol = TA; c_.rtol = TR; RUN(c_); } while (0)

CI_TEST(test_gelu) {
    GELU(NULL, S(CI_F32, "7,5"));
    GELU(NULL, RANGE(S(CI_F32, "1023"), -6, 6));
    GELU(NULL, S(CI_F64, "1023"));
    GELU("none", S(CI_F32, "7"));
    GELU("tanh", S(CI_F32, "7,5"));
    GELU("tanh", RANGE(S(CI_F32, "1023"), -6, 6));
    GELU("tanh", S(CI_F64, "3,4"));
    GELU("tanh", S(CI_F32, "0,3"));
}

CI_TEST(test_silu) {
    UN_T(ci_silu, f_silu, CI_F32, S(CI_F32, "7,5"), TA, TR);
    UN_T(ci_silu, f_silu, CI_F32, RANGE(S(CI_F32, "1023"), -20, 20), TA, TR);
    UN(ci_silu, f_silu, CI_F64, S(CI_F64, "1023"));
    UN(ci_silu, f_silu, CI_F32, S(CI_F32, "0,3"));
}

/* layer_norm over the last c->ni dims (sizes c->i); c->kind bit 0: weight (input 1), bit 1:
   bias (the next input) */
PWF(f_sq, x[0] * x[0])
PWF(f_ln_norm, (x[0] - x[1]) / sqrt(x[2] + c->d[0]))
static void b_ln(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor none = {0}, w = none, b = none;
    int k = 1;
    if (c->kind & 1) w = t[k++];
    if (c->kind & 2) b = t[k++];
    ci_output(g, ci_layer_norm(g, t[0], c->ni, c->i, w, b, c->d[0]));
}
static int r_ln(const arr *in, arr *out, const tcase *c) {
    int64_t dims[CI_MAX_DIMS];
    arr x = in[0], mean, d, var, y, z[3];
    int k, nd = c->ni;
    for (k = 0; k < nd; k++) dims[k] = x.ndim - nd + k;
    mean = ar_reduce(x, nd, dims, 1, R_MEAN, CI_F64);
    d = ar_pw2(x, mean, CI_F64, f_sub, c);
    var = ar_reduce(ar_pw1(d, CI_F64, f_sq, c), nd, dims, 1, R_MEAN, CI_F64);
    z[0] = x; z[1] = mean; z[2] = var;
    y = ar_pwn(3, z, CI_F64, f_ln_norm, c);
    k = 1;
    if (c->kind & 1) y = ar_pw2(y, in[k++], CI_F64, f_mul, c);
    if (c->kind & 2) y = ar_pw2(y, in[k++], CI_F64, f_add, c);
    out[0] = ar_cast(y, x.dt);
    return 1;
}
static int ln_(const char *file, int line, int wb, ispec x, int nn, double eps) {
    tcase c;
    ispec in[3];
    int k, n = 1;
    in[0] = x;
    for (k = 0; k < 2; k++) {
        if (!(wb & (1 << k))) continue;
        in[n] = S(x.dt, "");
        in[n].ndim = nn;
        memcpy(in[n].shape, x.shape + x.ndim - nn, sizeof(int64_t) * (size_t)nn);
        n++;
    }
    c = mk(wb == 3 ? "layer_norm(w, b)" : wb == 1 ? "layer_norm(w)" : wb == 2 ? "layer_norm(b)" : "layer_norm",
           n, in, b_ln, r_ln, x.dt);
    c.kind = wb; c.ni = nn; c.d[0] = eps;
    for (k = 0; k < nn; k++) c.i[k] = x.shape[x.ndim - nn + k];
    c.atol = 1e-5; c.rtol = 1e-4;
    c.atol64 = 1e-10; c.rtol64 = 1e-10;
    return run_case(&c, file, line);
}
#define LN(wb, x, nn, eps) do { if (!ln_(__FILE__, __LINE__, wb, x, nn, eps) && !g_all) return; } while (0)

CI_TEST(test_layer_norm) {
    LN(0, S(CI_F32, "7,5"), 1, 1e-5);
    LN(3, S(CI_F32, "7,5"), 1, 1e-5);
    LN(1, S(CI_F32, "7,5"), 1, 1e-5);
    LN(2, S(CI_F32, "7,5"), 1, 1e-5);
    LN(3, S(CI_F32, "2,3,4"), 2, 1e-5);
    LN(3, S(CI_F64, "3,1023"), 1, 1e-5);
    LN(0, S(CI_F32, "3,1023"), 1, 1e-5);
    LN(3, S(CI_F32, "1,7"), 1, 1e-5);
    LN(3, RANGE(S(CI_F32, "4,1"), -3, 3), 1, 1e-5);       /* one element: b */
    LN(0, S(CI_F32, "4,6"), 1, 0.1);
}

int main(int argc, char **argv) {
    ops_init(argc, argv, "test_ops_decomp");
    CI_RUN(test_softmax);
    CI_RUN(test_log_softmax);
    CI_RUN(test_gelu);
    CI_RUN(test_silu);
    CI_RUN(test_layer_norm);
    return ci_test_done();
}
