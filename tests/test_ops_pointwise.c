/* test_ops_pointwise.c - arithmetic and unary pointwise ops against the reference of
   tests/ops_cases.h (the runner, the seed, the environment: see there): add/sub with alpha
   (builders and ci_call keywords), mul, div and its rounding modes, neg, abs, exp, log, sqrt,
   rsqrt, sin, cos, tanh, sigmoid, relu, erf, pow tensor-tensor and Tensor_Scalar,
   maximum/minimum with NaN; small ints wrap around. */
#include "ops_cases.h"

CI_TEST(test_add) {
    BIN(ci_add, f_add, CI_F32, S(CI_F32, "7,1"), S(CI_F32, "1,5"));
    BIN(ci_add, f_add, CI_F32, S(CI_F32, "3,4"), S(CI_F32, "4"));
    BIN(ci_add, f_add, CI_F32, S(CI_F32, ""), S(CI_F32, "5"));
    BIN(ci_add, f_add, CI_F32, S(CI_F32, "5"), S(CI_F32, ""));
    BIN(ci_add, f_add, CI_F64, S(CI_F64, "1023"), S(CI_F64, "1023"));
    BIN(ci_add, f_add, CI_I32, S(CI_I32, "7,3"), S(CI_I32, "3"));
    BIN(ci_add, f_add, CI_I64, S(CI_I64, "1"), S(CI_I64, "7"));
    BIN(ci_add, f_or, CI_BOOL, S(CI_BOOL, "7"), S(CI_BOOL, "7"));    /* bool + bool is "or" */
    BIN(ci_add, f_add, CI_F32, S(CI_I32, "3,4"), S(CI_F32, "4"));     /* promotion */
    BIN(ci_add, f_add, CI_F64, S(CI_F32, "3,4"), S(CI_F64, "3,4"));
    BIN(ci_add, f_add, CI_I64, S(CI_I32, "3,4"), S(CI_I64, "4"));
    BIN(ci_add, f_add, CI_I32, S(CI_BOOL, "5"), S(CI_I32, "5"));
    BIN(ci_add, f_add, CI_F32, S(CI_F32, "0,3"), S(CI_F32, "3"));    /* 0-size */
    BIN(ci_add, f_add, CI_F32, S(CI_F32, "0,3"), S(CI_F32, "1,3"));
}

CI_TEST(test_add_small_ints) {
    /* u8/i8/i16 wrap around; mixed small ints promote as in PyTorch */
    BIN(ci_add, f_add, CI_U8, RANGE(S(CI_U8, "7,3"), 100, 255), RANGE(S(CI_U8, "3"), 100, 255));
    BIN(ci_add, f_add, CI_I8, RANGE(S(CI_I8, "1023"), -128, 127), RANGE(S(CI_I8, "1023"), -128, 127));
    BIN(ci_add, f_add, CI_I16, RANGE(S(CI_I16, "5"), -32768, 32767), RANGE(S(CI_I16, "5"), -32768, 32767));
    BIN(ci_add, f_add, CI_I16, RANGE(S(CI_U8, "7"), 0, 255), RANGE(S(CI_I8, "7"), -128, 127));  /* u8+i8 -> i16 */
    BIN(ci_add, f_add, CI_I16, S(CI_I16, "3,4"), S(CI_I8, "4"));
    BIN(ci_add, f_add, CI_U8, S(CI_U8, "4"), S(CI_BOOL, "4"));
    BIN(ci_add, f_add, CI_F32, S(CI_I8, "4"), S(CI_F32, "4"));
}

/* add/sub with alpha: the builders, and ci_call with the keyword */
static void b_alpha(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_output(g, c->kind ? ci_sub_alpha(g, t[0], t[1], c->d[0]) : ci_add_alpha(g, t[0], t[1], c->d[0]));
}
static void b_alpha_call(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_arg a[2];
    ci_kwarg k;
    a[0] = ci_arg_tensor(t[0]);
    /* aten.add.Scalar: other is a number, an int when alpha is */
    a[1] = c->nin > 1 ? ci_arg_tensor(t[1]) : c->i[0] ? ci_arg_int((int64_t)c->d[1]) : ci_arg_float(c->d[1]);
    k.name = "alpha";
    k.value = c->i[0] ? ci_arg_int((int64_t)c->d[0]) : ci_arg_float(c->d[0]);
    ci_output(g, ci_call1(g, c->s, 2, a, 1, &k));
}
PWF(f_alpha, (c->kind ? -1 : 1) * c->d[0] * (c->nin > 1 ? x[1] : c->d[1]) + x[0])

static int alpha_(const char *file, int line, int sub, double alpha, ci_dtype odt, ispec x, ispec y) {
    tcase c = mk2(sub ? "sub_alpha" : "add_alpha", x, y, b_alpha, r_pw, odt);
    c.kind = sub; c.d[0] = alpha; c.f = f_alpha;
    return run_case(&c, file, line);
}
/* ci_call(OP, x, y or the number OTHER, alpha=ALPHA as an int when ISINT) */
static int alpha_call_(const char *file, int line, const char *op, int sub, double alpha, int isint,
                       ci_dtype odt, int nin, ispec x, ispec y, double other) {
    tcase c = mk2(op, x, y, b_alpha_call, r_pw, odt);
    c.nin = nin; c.s = op; c.kind = sub; c.d[0] = alpha; c.d[1] = other; c.i[0] = isint; c.f = f_alpha;
    return run_case(&c, file, line);
}
#define ALPHA(sub, alpha, odt, x, y) do { if (!alpha_(__FILE__, __LINE__, sub, alpha, odt, x, y) && !g_all) return; } while (0)
#define ALPHA_CALL(op, sub, alpha, isint, odt, nin, x, y, other) \
    do { if (!alpha_call_(__FILE__, __LINE__, op, sub, alpha, isint, odt, nin, x, y, other) && !g_all) return; } while (0)

CI_TEST(test_add_sub_alpha) {
    ALPHA(0, 0.5, CI_F32, S(CI_F32, "7,1"), S(CI_F32, "1,5"));
    ALPHA(0, 2, CI_F32, S(CI_F32, "3,4"), S(CI_F32, "4"));
    ALPHA(0, -1.5, CI_F64, S(CI_F64, "1023"), S(CI_F64, ""));
    ALPHA(0, 3, CI_I32, S(CI_I32, "7,3"), S(CI_I32, "3"));
    ALPHA(0, -2, CI_I64, S(CI_I64, "5"), S(CI_I64, "5"));
    ALPHA(1, 2.5, CI_F32, S(CI_F32, "7,5"), S(CI_F32, "7,5"));
    ALPHA(1, 2, CI_I32, S(CI_I32, "7,1"), S(CI_I32, "1,5"));
    ALPHA(1, 0.25, CI_F32, S(CI_I32, "6"), S(CI_F32, "6"));
    ALPHA(0, 2, CI_F32, S(CI_F32, "0,3"), S(CI_F32, "3"));
}

CI_TEST(test_add_sub_alpha_call) {
    ALPHA_CALL("aten.add.Tensor", 0, 2.5, 0, CI_F32, 2, S(CI_F32, "7,5"), S(CI_F32, "5"), 0);
    ALPHA_CALL("aten.add.Tensor", 0, 3, 1, CI_I32, 2, S(CI_I32, "7,5"), S(CI_I32, "7,1"), 0);
    ALPHA_CALL("aten.sub.Tensor", 1, 0.5, 0, CI_F64, 2, S(CI_F64, "4,3"), S(CI_F64, "4,3"), 0);
    ALPHA_CALL("aten.sub.Tensor", 1, -4, 1, CI_I64, 2, S(CI_I64, "9"), S(CI_I64, ""), 0);
    ALPHA_CALL("aten.add", 0, -1, 1, CI_F32, 2, S(CI_F32, "1023"), S(CI_F32, "1023"), 0);
    ALPHA_CALL("aten.add.Scalar", 0, 2.5, 0, CI_F32, 1, S(CI_F32, "7,5"), S(CI_F32, ""), 1.5);
    ALPHA_CALL("aten.add.Scalar", 0, 2, 1, CI_F32, 1, S(CI_F32, "7,5"), S(CI_F32, ""), 3);
    ALPHA_CALL("aten.sub.Scalar", 1, 3, 1, CI_I32, 1, S(CI_I32, "7"), S(CI_F32, ""), 2);
}

CI_TEST(test_sub) {
    BIN(ci_sub, f_sub, CI_F32, S(CI_F32, "7,1"), S(CI_F32, "1,5"));
    BIN(ci_sub, f_sub, CI_F64, S(CI_F64, "3,4"), S(CI_F64, "4"));
    BIN(ci_sub, f_sub, CI_I32, S(CI_I32, ""), S(CI_I32, "5"));
    BIN(ci_sub, f_sub, CI_I64, S(CI_I64, "1023"), S(CI_I64, "1023"));
    BIN(ci_sub, f_sub, CI_F32, S(CI_I64, "3,4"), S(CI_F32, "3,1"));
    BIN(ci_sub, f_sub, CI_I16, RANGE(S(CI_U8, "9"), 0, 255), RANGE(S(CI_I8, "9"), -128, 127));
    BIN(ci_sub, f_sub, CI_U8, RANGE(S(CI_U8, "9"), 0, 255), RANGE(S(CI_U8, "9"), 0, 255));
    BIN(ci_sub, f_sub, CI_F32, S(CI_F32, "0,3"), S(CI_F32, "0,1"));
}

CI_TEST(test_mul) {
    BIN(ci_mul, f_mul, CI_F32, S(CI_F32, "7,1"), S(CI_F32, "1,5"));
    BIN(ci_mul, f_mul, CI_F64, S(CI_F64, "3,4"), S(CI_F64, "4"));
    BIN(ci_mul, f_mul, CI_I32, S(CI_I32, "1023"), S(CI_I32, ""));
    BIN(ci_mul, f_mul, CI_I64, S(CI_I64, "3,4"), S(CI_I64, "3,4"));
    BIN(ci_mul, f_and, CI_BOOL, S(CI_BOOL, "7,5"), S(CI_BOOL, "7,5")); /* bool * bool is "and" */
    BIN(ci_mul, f_mul, CI_U8, RANGE(S(CI_U8, "7"), 0, 255), RANGE(S(CI_U8, "7"), 0, 255));
    BIN(ci_mul, f_mul, CI_I8, RANGE(S(CI_I8, "7"), -128, 127), RANGE(S(CI_I8, "7"), -128, 127));
    BIN(ci_mul, f_mul, CI_I16, RANGE(S(CI_I16, "7"), -300, 300), RANGE(S(CI_I16, "7"), -300, 300));
    BIN(ci_mul, f_mul, CI_F32, S(CI_BOOL, "3,4"), S(CI_F32, "3,4"));
    BIN(ci_mul, f_mul, CI_F32, S(CI_F32, "0,3"), S(CI_F32, ""));
}

static const double div_zero_a[] = {1, -1, 0, 2.5};
static const double div_zero_b[] = {0, 0, 0, -0.0};

CI_TEST(test_div) {
    BIN(ci_div, f_div, CI_F32, S(CI_F32, "7,1"), MAG(S(CI_F32, "1,5"), 0.5, 2));
    BIN(ci_div, f_div, CI_F64, S(CI_F64, "1023"), MAG(S(CI_F64, "1023"), 0.5, 2));
    BIN(ci_div, f_div, CI_F32, S(CI_I32, "7,5"), MAG(S(CI_I32, "5"), 1, 9));    /* ints -> f32 */
    BIN(ci_div, f_div, CI_F32, S(CI_I64, "3,4"), MAG(S(CI_I64, "3,4"), 1, 9));
    BIN(ci_div, f_div, CI_F32, S(CI_U8, "6"), RANGE(S(CI_U8, "6"), 1, 255));
    BIN(ci_div, f_div, CI_F32, S(CI_I32, "6"), MAG(S(CI_F32, "6"), 0.5, 2));
    BIN(ci_div, f_div, CI_F64, S(CI_I32, "6"), MAG(S(CI_F64, ""), 0.5, 2));
    BIN(ci_div, f_div, CI_F32, S(CI_F32, "0,3"), MAG(S(CI_F32, "3"), 0.5, 2));
    /* division by zero: inf, -inf, nan */
    BIN(ci_div, f_div, CI_F32, DATA(S(CI_F32, "4"), div_zero_a, 4), DATA(S(CI_F32, "4"), div_zero_b, 4));
    BIN(ci_div, f_div, CI_F32, DATA(S(CI_I32, "3"), div_zero_a, 3), DATA(S(CI_I32, "3"), div_zero_b, 3));
}

/* float divisors whose quotients with a grid of 0.25 stay away from integer boundaries */
static const double fdivisors[] = {-4, -2.5, -2, -1.5, -1, -0.5, 0.5, 1, 1.5, 2, 2.5, 4, -3, 3};

CI_TEST(test_div_trunc) {
    DIVM("trunc", CI_I32, RANGE(S(CI_I32, "7,5"), -50, 50), MAG(S(CI_I32, "5"), 1, 7));
    DIVM("trunc", CI_I64, RANGE(S(CI_I64, "1023"), -1000, 1000), MAG(S(CI_I64, "1023"), 1, 13));
    DIVM("trunc", CI_I32, RANGE(S(CI_I32, "7,1"), -50, 50), MAG(S(CI_I32, "1,5"), 1, 7));
    DIVM("trunc", CI_I16, RANGE(S(CI_I16, "9"), -300, 300), MAG(S(CI_I8, "9"), 1, 7));
    DIVM("trunc", CI_F32, GRID(S(CI_F32, "7,14"), -20, 20, 0.25), DATA(S(CI_F32, "14"), fdivisors, 14));
    DIVM("trunc", CI_F64, S(CI_F64, "1023"), MAG(S(CI_F64, "1023"), 0.5, 2));
    DIVM("trunc", CI_F32, RANGE(S(CI_I32, "14"), -20, 20), DATA(S(CI_F32, "14"), fdivisors, 14));
    DIVM("trunc", CI_I32, S(CI_I32, "0,3"), MAG(S(CI_I32, "3"), 1, 5));
    DIVM(NULL, CI_F32, S(CI_I32, "7"), MAG(S(CI_I32, "7"), 1, 5));
}

CI_TEST(test_div_floor) {
    DIVM("floor", CI_I32, RANGE(S(CI_I32, "7,5"), -50, 50), MAG(S(CI_I32, "5"), 1, 7));
    DIVM("floor", CI_I64, RANGE(S(CI_I64, "1023"), -1000, 1000), MAG(S(CI_I64, "1023"), 1, 13));
    DIVM("floor", CI_I32, RANGE(S(CI_I32, "7,1"), -50, 50), MAG(S(CI_I32, "1,5"), 1, 7));
    DIVM("floor", CI_I8, RANGE(S(CI_I8, "9"), -100, 100), MAG(S(CI_I8, "9"), 1, 7));
    DIVM("floor", CI_F32, GRID(S(CI_F32, "7,14"), -20, 20, 0.25), DATA(S(CI_F32, "14"), fdivisors, 14));
    DIVM("floor", CI_F64, S(CI_F64, "1023"), MAG(S(CI_F64, "1023"), 0.5, 2));
    DIVM("floor", CI_F32, RANGE(S(CI_I64, "14"), -20, 20), DATA(S(CI_F32, "14"), fdivisors, 14));
    DIVM("floor", CI_I64, S(CI_I64, "0,3"), MAG(S(CI_I64, "3"), 1, 5));
}

/* ---- unary ---- */

static const double log_edge[] = {0, -1, 1, INFINITY, 1e-30};

CI_TEST(test_neg) {
    UN(ci_neg, f_neg, CI_F32, S(CI_F32, "7,5"));
    UN(ci_neg, f_neg, CI_F64, S(CI_F64, "1023"));
    UN(ci_neg, f_neg, CI_I32, S(CI_I32, "7"));
    UN(ci_neg, f_neg, CI_I64, S(CI_I64, ""));
    UN(ci_neg, f_neg, CI_I8, RANGE(S(CI_I8, "9"), -128, 127));
    UN(ci_neg, f_neg, CI_I16, RANGE(S(CI_I16, "9"), -32768, 32767));
    UN(ci_neg, f_neg, CI_F32, S(CI_F32, "0,3"));
}

CI_TEST(test_abs) {
    UN(ci_abs, f_abs, CI_F32, S(CI_F32, "7,5"));
    UN(ci_abs, f_abs, CI_F64, S(CI_F64, "1023"));
    UN(ci_abs, f_abs, CI_I32, S(CI_I32, "7"));
    UN(ci_abs, f_abs, CI_I64, S(CI_I64, "1"));
    UN(ci_abs, f_abs, CI_I8, RANGE(S(CI_I8, "9"), -128, 127));   /* abs(-128) wraps to -128 */
    UN(ci_abs, f_abs, CI_I16, RANGE(S(CI_I16, "9"), -30000, 30000));
    UN(ci_abs, f_abs, CI_F32, S(CI_F32, "0,3"));
}

CI_TEST(test_exp) {
    UN_T(ci_exp, f_exp, CI_F32, S(CI_F32, "7,5"), TA, TR);
    UN_T(ci_exp, f_exp, CI_F32, RANGE(S(CI_F32, "1023"), -80, 80), TA, TR);
    UN(ci_exp, f_exp, CI_F64, S(CI_F64, "1023"));
    UN_T(ci_exp, f_exp, CI_F32, S(CI_I32, "7"), TA, TR);        /* int -> f32 */
    UN_T(ci_exp, f_exp, CI_F32, S(CI_I64, "3,4"), TA, TR);
    UN_T(ci_exp, f_exp, CI_F32, S(CI_BOOL, "5"), TA, TR);
    UN(ci_exp, f_exp, CI_F32, S(CI_F32, "0,3"));
}

CI_TEST(test_log) {
    UN_T(ci_log, f_log, CI_F32, RANGE(S(CI_F32, "7,5"), 0.01, 10), TA, TR);
    UN(ci_log, f_log, CI_F64, RANGE(S(CI_F64, "1023"), 1e-6, 1e6));
    UN_T(ci_log, f_log, CI_F32, RANGE(S(CI_I32, "7"), 1, 1000), TA, TR);
    UN_T(ci_log, f_log, CI_F32, RANGE(S(CI_I64, "7"), 1, 1000), TA, TR);
    UN_T(ci_log, f_log, CI_F32, DATA(S(CI_F32, "5"), log_edge, 5), TA, TR);  /* -inf, nan, 0, inf */
    UN(ci_log, f_log, CI_F32, S(CI_F32, "0,3"));
}

CI_TEST(test_sqrt) {
    UN(ci_sqrt, f_sqrt, CI_F32, RANGE(S(CI_F32, "7,5"), 0, 10));
    UN(ci_sqrt, f_sqrt, CI_F64, RANGE(S(CI_F64, "1023"), 0, 1e6));
    UN(ci_sqrt, f_sqrt, CI_F32, RANGE(S(CI_I32, "7"), 0, 1000));
    UN(ci_sqrt, f_sqrt, CI_F32, RANGE(S(CI_I64, ""), 0, 1000));
    UN(ci_sqrt, f_sqrt, CI_F32, S(CI_F32, "0,3"));
}

CI_TEST(test_rsqrt) {
    UN_T(ci_rsqrt, f_rsqrt, CI_F32, RANGE(S(CI_F32, "7,5"), 0.01, 10), TA, TR);
    UN(ci_rsqrt, f_rsqrt, CI_F64, RANGE(S(CI_F64, "1023"), 1e-6, 1e6));
    UN_T(ci_rsqrt, f_rsqrt, CI_F32, RANGE(S(CI_I32, "7"), 1, 1000), TA, TR);
    UN(ci_rsqrt, f_rsqrt, CI_F32, S(CI_F32, "0,3"));
}

CI_TEST(test_sin_cos) {
    UN_T(ci_sin, f_sin, CI_F32, RANGE(S(CI_F32, "7,5"), -10, 10), TA, TR);
    UN(ci_sin, f_sin, CI_F64, RANGE(S(CI_F64, "1023"), -100, 100));
    UN_T(ci_sin, f_sin, CI_F32, S(CI_I32, "7"), TA, TR);
    UN_T(ci_cos, f_cos, CI_F32, RANGE(S(CI_F32, "7,5"), -10, 10), TA, TR);
    UN(ci_cos, f_cos, CI_F64, RANGE(S(CI_F64, "1023"), -100, 100));
    UN_T(ci_cos, f_cos, CI_F32, S(CI_I64, "7"), TA, TR);
    UN(ci_cos, f_cos, CI_F32, S(CI_F32, "0,3"));
}

CI_TEST(test_tanh) {
    UN_T(ci_tanh, f_tanh, CI_F32, RANGE(S(CI_F32, "7,5"), -10, 10), TA, TR);
    UN(ci_tanh, f_tanh, CI_F64, S(CI_F64, "1023"));
    UN_T(ci_tanh, f_tanh, CI_F32, S(CI_I32, "7"), TA, TR);
    UN(ci_tanh, f_tanh, CI_F32, S(CI_F32, "0,3"));
}

CI_TEST(test_sigmoid) {
    UN_T(ci_sigmoid, f_sigmoid, CI_F32, RANGE(S(CI_F32, "7,5"), -30, 30), TA, TR);
    UN(ci_sigmoid, f_sigmoid, CI_F64, S(CI_F64, "1023"));
    UN_T(ci_sigmoid, f_sigmoid, CI_F32, S(CI_I32, "7"), TA, TR);
    UN(ci_sigmoid, f_sigmoid, CI_F32, S(CI_F32, "0,3"));
}

CI_TEST(test_relu) {
    UN(ci_relu, f_relu, CI_F32, S(CI_F32, "7,5"));
    UN(ci_relu, f_relu, CI_F64, S(CI_F64, "1023"));
    UN(ci_relu, f_relu, CI_I32, S(CI_I32, "7"));
    UN(ci_relu, f_relu, CI_I64, S(CI_I64, "3,4"));
    UN(ci_relu, f_relu, CI_I8, S(CI_I8, "9"));
    UN(ci_relu, f_relu, CI_F32, S(CI_F32, "0,3"));
}

CI_TEST(test_erf) {
    UN_T(ci_erf, f_erf, CI_F32, RANGE(S(CI_F32, "7,5"), -4, 4), TA, TR);
    UN(ci_erf, f_erf, CI_F64, S(CI_F64, "1023"));
    UN_T(ci_erf, f_erf, CI_F32, RANGE(S(CI_I32, "7"), -3, 3), TA, TR);
    UN(ci_erf, f_erf, CI_F32, S(CI_F32, "0,3"));
}

/* ---- pow ---- */
PWF(f_pow, pow(x[0], x[1]))
PWF(f_pow_s, pow(x[0], c->d[0]))

CI_TEST(test_pow_tensor_tensor) {
    BIN_T(ci_pow, f_pow, CI_F32, RANGE(S(CI_F32, "7,1"), 0.1, 3), S(CI_F32, "1,5"), TA, TR);
    BIN(ci_pow, f_pow, CI_F64, RANGE(S(CI_F64, "1023"), 0.1, 3), S(CI_F64, "1023"));
    BIN_T(ci_pow, f_pow, CI_F32, S(CI_F32, "7,5"), GRID(S(CI_F32, "5"), -3, 3, 1), TA, TR); /* negative bases */
    BIN_T(ci_pow, f_pow, CI_F32, RANGE(S(CI_F32, "3,4"), 0.1, 3), S(CI_F32, ""), TA, TR);
    BIN(ci_pow, f_pow, CI_I32, RANGE(S(CI_I32, "7,5"), -5, 5), RANGE(S(CI_I32, "5"), 0, 4));
    BIN(ci_pow, f_pow, CI_I64, RANGE(S(CI_I64, "9"), -9, 9), RANGE(S(CI_I64, "9"), 0, 5));
    BIN_T(ci_pow, f_pow, CI_F32, RANGE(S(CI_I32, "6"), 1, 5), S(CI_F32, "6"), TA, TR);
    BIN(ci_pow, f_pow, CI_F32, S(CI_F32, "0,3"), S(CI_F32, "3"));
}

/* aten.pow.Tensor_Scalar(x, exponent), the exponent an int (ISINT) or a float */
static void b_pow_scalar(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_arg a[2];
    a[0] = ci_arg_tensor(t[0]);
    a[1] = c->kind ? ci_arg_int((int64_t)c->d[0]) : ci_arg_float(c->d[0]);
    ci_output(g, ci_call1(g, "aten.pow.Tensor_Scalar", 2, a, 0, NULL));
}
static int pows_(const char *file, int line, double e, int isint, ci_dtype odt, ispec x) {
    tcase c = mk1(isint ? "pow.Tensor_Scalar(int)" : "pow.Tensor_Scalar(float)", x, b_pow_scalar, r_pw, odt);
    c.d[0] = e; c.kind = isint; c.f = f_pow_s; c.atol = TA; c.rtol = TR;
    return run_case(&c, file, line);
}
#define POWS(e, isint, odt, x) do { if (!pows_(__FILE__, __LINE__, e, isint, odt, x) && !g_all) return; } while (0)

CI_TEST(test_pow_tensor_scalar) {
    POWS(2, 1, CI_F32, S(CI_F32, "7,5"));
    POWS(3, 1, CI_F32, S(CI_F32, "1023"));
    POWS(0.5, 0, CI_F32, RANGE(S(CI_F32, "7,5"), 0, 10));
    POWS(-1, 1, CI_F32, MAG(S(CI_F32, "7,5"), 0.25, 4));
    POWS(-1, 0, CI_F32, MAG(S(CI_F32, "7,5"), 0.25, 4));
    POWS(2.5, 0, CI_F32, RANGE(S(CI_F32, "7,5"), 0, 4));
    POWS(2.5, 0, CI_F64, RANGE(S(CI_F64, "1023"), 0, 4));
    POWS(3, 1, CI_F64, S(CI_F64, "7"));
    POWS(2, 1, CI_I32, RANGE(S(CI_I32, "7,5"), -100, 100));
    POWS(3, 1, CI_I32, RANGE(S(CI_I32, "7"), -100, 100));
    POWS(2, 1, CI_I64, RANGE(S(CI_I64, "7"), -100000, 100000));
    POWS(0.5, 0, CI_F32, RANGE(S(CI_I32, "7"), 0, 100));    /* int ** float -> f32 */
    POWS(2, 1, CI_F32, S(CI_F32, "0,3"));
}

/* ---- maximum / minimum ---- */
static const double nan_a[] = {NAN, 1, NAN, -2, 3, 0.5, INFINITY, -INFINITY};
static const double nan_b[] = {1, NAN, NAN, 5, -1, 0.25, -INFINITY, 2};

CI_TEST(test_maximum) {
    BIN(ci_maximum, f_max, CI_F32, S(CI_F32, "7,1"), S(CI_F32, "1,5"));
    BIN(ci_maximum, f_max, CI_F64, S(CI_F64, "1023"), S(CI_F64, "1023"));
    BIN(ci_maximum, f_max, CI_F32, DATA(S(CI_F32, "8"), nan_a, 8), DATA(S(CI_F32, "8"), nan_b, 8));
    BIN(ci_maximum, f_max, CI_F64, DATA(S(CI_F64, "8"), nan_a, 8), DATA(S(CI_F64, "8"), nan_b, 8));
    BIN(ci_maximum, f_max, CI_I32, S(CI_I32, "7,3"), S(CI_I32, "3"));
    BIN(ci_maximum, f_max, CI_I64, S(CI_I64, "7"), S(CI_I64, ""));
    BIN(ci_maximum, f_max, CI_F32, S(CI_I32, "7"), S(CI_F32, "7"));
    BIN(ci_maximum, f_max, CI_U8, RANGE(S(CI_U8, "9"), 0, 255), RANGE(S(CI_U8, "9"), 0, 255));
    BIN(ci_maximum, f_max, CI_I16, RANGE(S(CI_U8, "9"), 0, 255), RANGE(S(CI_I8, "9"), -128, 127));
    BIN(ci_maximum, f_or, CI_BOOL, S(CI_BOOL, "9"), S(CI_BOOL, "9"));
    BIN(ci_maximum, f_max, CI_F32, S(CI_F32, "0,3"), S(CI_F32, "3"));
}

CI_TEST(test_minimum) {
    BIN(ci_minimum, f_min, CI_F32, S(CI_F32, "7,1"), S(CI_F32, "1,5"));
    BIN(ci_minimum, f_min, CI_F64, S(CI_F64, "1023"), S(CI_F64, "1023"));
    BIN(ci_minimum, f_min, CI_F32, DATA(S(CI_F32, "8"), nan_a, 8), DATA(S(CI_F32, "8"), nan_b, 8));
    BIN(ci_minimum, f_min, CI_F64, DATA(S(CI_F64, "8"), nan_b, 8), DATA(S(CI_F64, "8"), nan_a, 8));
    BIN(ci_minimum, f_min, CI_I32, S(CI_I32, "7,3"), S(CI_I32, "3"));
    BIN(ci_minimum, f_min, CI_I64, S(CI_I64, ""), S(CI_I64, "7"));
    BIN(ci_minimum, f_min, CI_F32, S(CI_F32, "7"), S(CI_I64, "7"));
    BIN(ci_minimum, f_min, CI_I8, RANGE(S(CI_I8, "9"), -128, 127), RANGE(S(CI_I8, "9"), -128, 127));
    BIN(ci_minimum, f_and, CI_BOOL, S(CI_BOOL, "9"), S(CI_BOOL, "9"));
    BIN(ci_minimum, f_min, CI_F32, S(CI_F32, "0,3"), S(CI_F32, "0,3"));
}

int main(int argc, char **argv) {
    ops_init(argc, argv, "test_ops_pointwise");
    CI_RUN(test_add);
    CI_RUN(test_add_small_ints);
    CI_RUN(test_add_sub_alpha);
    CI_RUN(test_add_sub_alpha_call);
    CI_RUN(test_sub);
    CI_RUN(test_mul);
    CI_RUN(test_div);
    CI_RUN(test_div_trunc);
    CI_RUN(test_div_floor);
    CI_RUN(test_neg);
    CI_RUN(test_abs);
    CI_RUN(test_exp);
    CI_RUN(test_log);
    CI_RUN(test_sqrt);
    CI_RUN(test_rsqrt);
    CI_RUN(test_sin_cos);
    CI_RUN(test_tanh);
    CI_RUN(test_sigmoid);
    CI_RUN(test_relu);
    CI_RUN(test_erf);
    CI_RUN(test_pow_tensor_tensor);
    CI_RUN(test_pow_tensor_scalar);
    CI_RUN(test_maximum);
    CI_RUN(test_minimum);
    return ci_test_done();
}
