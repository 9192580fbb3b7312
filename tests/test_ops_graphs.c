/* test_ops_graphs.c - composite graphs against the reference of tests/ops_cases.h (the runner,
   the seed, the environment: see there): several outputs, one tensor output twice, an input or
   a view of it output directly, an unused input, a constant array, and odds and ends. */
#include "ops_cases.h"

/* softmax(x * w + b, -1) */
PWF(f_xwb, x[0] * x[1] + x[2])
static void b_sm_xwb(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_output(g, ci_softmax(g, ci_add(g, ci_mul(g, t[0], t[1]), t[2]), c->i[0]));
}
static int r_sm_xwb(const arr *in, arr *out, const tcase *c) {
    out[0] = ar_softmax(ar_pwn(3, in, in[0].dt, f_xwb, c), c->i[0], 0);
    return 1;
}
CI_TEST(test_softmax_xwb) {
    tcase c = mk3("softmax(x*w+b)", S(CI_F32, "4,8"), S(CI_F32, "8"), S(CI_F32, "8"), b_sm_xwb, r_sm_xwb, CI_F32);
    c.i[0] = -1; c.atol = 1e-6; c.rtol = 1e-4;
    RUN(c);
    c.in[0] = S(CI_F32, "7,1023"); c.in[1] = S(CI_F32, "1023"); c.in[2] = S(CI_F32, "1023");
    RUN(c);
    c.in[0] = S(CI_F64, "7,5"); c.in[1] = S(CI_F64, "5"); c.in[2] = S(CI_F64, "7,1");
    RUN(c);
    c.in[0] = S(CI_F32, "7,5"); c.in[1] = S(CI_F32, "7,1"); c.in[2] = S(CI_F32, ""); c.i[0] = 0;
    RUN(c);
}

/* two outputs: exp(x), sum(x * y, 1) */
static void b_two(ci_graph *g, const ci_tensor *t, const tcase *c) {
    int64_t d = 1;
    (void)c;
    ci_output(g, ci_exp(g, t[0]));
    ci_output(g, ci_sum(g, ci_mul(g, t[0], t[1]), 1, &d, 0));
}
static int r_two(const arr *in, arr *out, const tcase *c) {
    int64_t d = 1;
    out[0] = ar_pw1(in[0], in[0].dt, f_exp, c);
    out[1] = ar_reduce(ar_pw2(in[0], in[1], CI_F64, f_mul, c), 1, &d, 0, R_SUM, in[0].dt);
    return 2;
}
CI_TEST(test_two_outputs) {
    tcase c = mk2("exp(x), sum(x*y, 1)", S(CI_F32, "7,5"), S(CI_F32, "5"), b_two, r_two, CI_F32);
    c.atol = 1e-5; c.rtol = 1e-5;
    RUN(c);
    c.in[0] = S(CI_F64, "3,1023"); c.in[1] = S(CI_F64, "3,1");
    c.atol64 = 1e-10;
    RUN(c);
}

/* the same tensor output twice; an input output directly; an input next to a computed output */
static void b_twice(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor e = ci_add(g, t[0], t[1]);
    (void)c;
    ci_output(g, e);
    ci_output(g, e);
}
static int r_twice(const arr *in, arr *out, const tcase *c) {
    out[0] = ar_pw2(in[0], in[1], c->odt, f_add, c);
    out[1] = out[0];
    return 2;
}
static void b_input_out(ci_graph *g, const ci_tensor *t, const tcase *c) {
    if (c->kind == 1) ci_output(g, ci_neg(g, t[0]));
    ci_output(g, t[0]);
    if (c->kind == 2) ci_output(g, t[0]);
}
static int r_input_out(const arr *in, arr *out, const tcase *c) {
    int n = 0;
    if (c->kind == 1) out[n++] = ar_pw1(in[0], in[0].dt, f_neg, c);
    out[n++] = in[0];
    if (c->kind == 2) out[n++] = in[0];
    return n;
}
static void b_view_out(ci_graph *g, const ci_tensor *t, const tcase *c) {
    (void)c;
    ci_output(g, ci_t(g, t[0]));
    ci_output(g, ci_slice(g, t[0], 1, 0, INT64_MAX, 2));
}
static int r_view_out(const arr *in, arr *out, const tcase *c) {
    (void)c;
    out[0] = ar_transpose(in[0], 0, 1);
    out[1] = ar_slice(in[0], 1, 0, INT64_MAX, 2);
    return 2;
}

CI_TEST(test_output_twice) {
    tcase c = mk2("add, output twice", S(CI_F32, "7,5"), S(CI_F32, "5"), b_twice, r_twice, CI_F32);
    RUN(c);
    c.in[0] = S(CI_I32, "1023"); c.in[1] = S(CI_I32, ""); c.odt = CI_I32;
    RUN(c);
}

CI_TEST(test_input_as_output) {
    tcase c = mk1("x as output", S(CI_F32, "7,5"), b_input_out, r_input_out, CI_F32);
    RUN(c);
    c.in[0] = S(CI_I64, "1023");
    RUN(c);
    c.in[0] = S(CI_BOOL, "");
    RUN(c);
    c.kind = 1; c.name = "neg(x), x"; c.in[0] = S(CI_F32, "7,5");
    RUN(c);
    c.kind = 2; c.name = "x, x"; c.in[0] = S(CI_F64, "3,4");
    RUN(c);
}

CI_TEST(test_view_of_input_as_output) {
    tcase c = mk1("t(x), x[:, ::2]", S(CI_F32, "5,7"), b_view_out, r_view_out, CI_F32);
    RUN(c);
    c.in[0] = S(CI_I32, "3,1023");
    RUN(c);
}

/* longer graphs: fused pointwise chains, reductions feeding views and reductions, an unused
   input, a constant array, an output that is a view of another output */
enum { G_CHAIN, G_WHERE_SUM, G_SUM_AMAX, G_OUT_VIEW, G_UNUSED, G_CONST, G_SUM_BCAST, G_MIXED };
static const char *gnames[] = {"sqrt(abs(exp(x*2+1) - y))", "sum(where(x > y, to_i32(x) * 2, -1), 1)",
                               "sum(amax(x, [1]), [0]), mean(x - amax(x, -1, keepdim))", "e = exp(x); e, e.t()",
                               "exp(x) (y unused)", "x + const([1..5])", "unsqueeze(sum(x, 1), 1) * x",
                               "(i8 x + u8 y) * 0.5 > 2"};
static const double const5[] = {1, -2, 3.5, 4, -5};
PWF(f_gchain, sqrt(fabs((double)(float)exp(x[0] * 2 + 1) - x[1])))
PWF(f_gwhere, x[0] > x[1] ? trunc(x[0]) * 2 : -1)
PWF(f_gmixed, (x[0] + x[1]) * 0.5 > 2)
static void b_graph(ci_graph *g, const ci_tensor *t, const tcase *c) {
    int64_t d1 = 1, dl = -1, d0 = 0, five = 5;
    ci_tensor e;
    switch (c->kind) {
    case G_CHAIN:
        ci_output(g, ci_sqrt(g, ci_abs(g, ci_sub(g, ci_exp(g, ci_add(g, ci_mul(g, t[0], ci_scalar(g, 2)), ci_scalar(g, 1))), t[1]))));
        break;
    case G_WHERE_SUM:
        ci_output(g, ci_sum(g, ci_where(g, ci_gt(g, t[0], t[1]), ci_mul(g, ci_to(g, t[0], CI_I32), ci_scalar_int(g, 2)),
                                        ci_scalar_int(g, -1)), 1, &d1, 0));
        break;
    case G_SUM_AMAX:
        ci_output(g, ci_sum(g, ci_amax(g, t[0], 1, &d1, 0), 1, &d0, 0));
        ci_output(g, ci_mean(g, ci_sub(g, t[0], ci_amax(g, t[0], 1, &dl, 1)), 0, NULL, 0));
        break;
    case G_OUT_VIEW:
        e = ci_exp(g, t[0]);
        ci_output(g, e);
        ci_output(g, ci_t(g, e));
        break;
    case G_UNUSED: ci_output(g, ci_exp(g, t[0])); break;
    case G_CONST: {
        float v[5];
        int k;
        for (k = 0; k < 5; k++) v[k] = (float)const5[k];
        ci_output(g, ci_add(g, t[0], ci_const_array(g, "k", CI_F32, 1, &five, v)));
        break;
    }
    case G_SUM_BCAST: ci_output(g, ci_mul(g, ci_unsqueeze(g, ci_sum(g, t[0], 1, &d1, 0), 1), t[0])); break;
    default: ci_output(g, ci_gt(g, ci_mul(g, ci_add(g, t[0], t[1]), ci_scalar(g, 0.5)), ci_scalar_int(g, 2))); break;
    }
}
static int r_graph(const arr *in, arr *out, const tcase *c) {
    int64_t d1 = 1, dl = -1, five = 5;
    arr k5;
    switch (c->kind) {
    case G_CHAIN: out[0] = ar_pw2(in[0], in[1], CI_F32, f_gchain, c); return 1;
    case G_WHERE_SUM: out[0] = ar_red1(ar_pw2(in[0], in[1], CI_I32, f_gwhere, c), 1, 0, R_SUM, CI_I64); return 1;
    case G_SUM_AMAX:
        out[0] = ar_reduce(ar_reduce(in[0], 1, &d1, 0, R_MAX, CI_F32), 0, NULL, 0, R_SUM, CI_F32);
        out[1] = ar_reduce(ar_pw2(in[0], ar_reduce(in[0], 1, &dl, 1, R_MAX, CI_F32), CI_F32, f_sub, c), 0, NULL, 0, R_MEAN, CI_F32);
        return 2;
    case G_OUT_VIEW:
        out[0] = ar_pw1(in[0], CI_F32, f_exp, c);
        out[1] = ar_transpose(out[0], 0, 1);
        return 2;
    case G_UNUSED: out[0] = ar_pw1(in[0], CI_F32, f_exp, c); return 1;
    case G_CONST:
        k5 = ar_new(CI_F32, 1, &five);
        memcpy(k5.v, const5, sizeof const5);
        out[0] = ar_pw2(in[0], k5, CI_F32, f_add, c);
        return 1;
    case G_SUM_BCAST:
        out[0] = ar_pw2(ar_unsqueeze(ar_reduce(in[0], 1, &d1, 0, R_SUM, CI_F32), 1), in[0], CI_F32, f_mul, c);
        return 1;
    default: out[0] = ar_pw2(in[0], in[1], CI_BOOL, f_gmixed, c); return 1;
    }
}
#define GRAPH1(k_, x) do { tcase c_ = mk1(gnames[k_], x, b_graph, r_graph, CI_F32); c_.kind = k_; c_.atol = 1e-5; c_.rtol = 1e-5; RUN(c_); } while (0)
#define GRAPH2(k_, x, y) do { tcase c_ = mk2(gnames[k_], x, y, b_graph, r_graph, CI_F32); c_.kind = k_; c_.atol = 1e-5; c_.rtol = 1e-5; RUN(c_); } while (0)

CI_TEST(test_graphs) {
    GRAPH2(G_CHAIN, RANGE(S(CI_F32, "7,5"), -2, 1), S(CI_F32, "5"));
    GRAPH2(G_WHERE_SUM, RANGE(S(CI_F32, "7,9"), -20, 20), RANGE(S(CI_F32, "9"), -20, 20));
    GRAPH1(G_SUM_AMAX, S(CI_F32, "7,9"));
    GRAPH1(G_SUM_AMAX, S(CI_F32, "3,1023"));
    GRAPH1(G_OUT_VIEW, S(CI_F32, "5,7"));
    GRAPH2(G_UNUSED, S(CI_F32, "7,5"), S(CI_I32, "3"));
    GRAPH1(G_CONST, S(CI_F32, "7,5"));
    GRAPH1(G_CONST, S(CI_F32, ""));
    GRAPH1(G_SUM_BCAST, S(CI_F32, "7,9"));
    GRAPH2(G_MIXED, RANGE(S(CI_I8, "7,9"), -10, 10), RANGE(S(CI_U8, "9"), 0, 10));
}

/* odds and ends: 0-d reductions, softmax of a 0-d tensor, full with a float value and an int
   dtype, arange with a fractional count, rsqrt of zeros */
static const double rsqrt_edge[] = {0, -0.0, INFINITY, 4};
CI_TEST(test_odds_and_ends) {
    RUNR(R_SUM, CI_F32, S(CI_F32, ""), 0, 1, 0);           /* sum(0-d, dim=0) */
    RUNR(R_SUM, CI_F32, S(CI_F32, ""), 1, 1, -1);
    RUNR(R_MAX, CI_I32, S(CI_I32, ""), 0, 1, 0);
    RUNR(R_ARGMAX, CI_I64, S(CI_F32, ""), 0, 1, 0);
    RUNR(R_PROD, CI_F32, S(CI_F32, ""), 1, 1, 0);
    SOFTMAX(0, S(CI_F32, ""), 0);
    SOFTMAX(1, S(CI_F64, ""), -1);
    CREATE(K_FULL, CI_I32, 0, 2.7, 1, 3);                   /* truncates: 2 */
    CREATE(K_FULL, CI_I64, 0, -2.7, 1, 3);
    CREATE(K_FULL, CI_BOOL, 0, 0.5, 1, 3);                  /* nonzero: true */
    ARANGE(CI_F32, 1, 0, 1, 0.3);                            /* ceil(3.33) = 4 elements */
    ARANGE(CI_F64, 0, -1, 1, 0.1);
    UN(ci_rsqrt, f_rsqrt, CI_F32, DATA(S(CI_F32, "4"), rsqrt_edge, 4));   /* inf, -inf, 0, 0.5 */
    CLAMP(0, 1, 1, -3, 4, 1, CI_I8, 1, RANGE(S(CI_I8, "9"), -128, 127), S(CI_F32, ""), S(CI_F32, ""));
    CLAMP(0, 1, 1, 10, 200, 1, CI_U8, 1, RANGE(S(CI_U8, "9"), 0, 255), S(CI_F32, ""), S(CI_F32, ""));
}

int main(int argc, char **argv) {
    ops_init(argc, argv, "test_ops_graphs");
    CI_RUN(test_softmax_xwb);
    CI_RUN(test_two_outputs);
    CI_RUN(test_output_twice);
    CI_RUN(test_input_as_output);
    CI_RUN(test_view_of_input_as_output);
    CI_RUN(test_graphs);
    CI_RUN(test_odds_and_ends);
    return ci_test_done();
}
