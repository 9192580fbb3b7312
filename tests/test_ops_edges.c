/* test_ops_edges.c - value edges against the reference of tests/ops_cases.h (the runner, the
   seed, the environment: see there): integer ranges and wrap-around, inf and nan, Python
   numbers as operands of where, pow and div. */
#include "ops_cases.h"

static const double inf_rows[] = {-INFINITY, 0, 1, -INFINITY, 2, -INFINITY, 3, 0.5, 1, 1, 1, 1};
static const double sqrt_edge[] = {-1, 0, -0.0, INFINITY, NAN, 4};

CI_TEST(test_int_ranges) {
    /* i32 wrap-around in add/mul (PyTorch wraps) */
    BIN(ci_add, f_add, CI_I32, RANGE(S(CI_I32, "1023"), -2147483647.0 - 1, 2147483647.0), RANGE(S(CI_I32, "1023"), -2147483647.0 - 1, 2147483647.0));
    BIN(ci_mul, f_mul, CI_I32, RANGE(S(CI_I32, "1023"), -100000, 100000), RANGE(S(CI_I32, "1023"), -100000, 100000));
    /* i64 beyond f32/i32 precision stays exact */
    BIN(ci_add, f_add, CI_I64, RANGE(S(CI_I64, "9"), 1099511627776.0, 1099511627779.0), RANGE(S(CI_I64, "9"), -3, 3));
    BIN(ci_eq, f_eq, CI_BOOL, RANGE(S(CI_I64, "9"), 1099511627776.0, 1099511627777.0), RANGE(S(CI_I64, "9"), 1099511627776.0, 1099511627777.0));
    BIN(ci_lt, f_lt, CI_BOOL, RANGE(S(CI_I64, "9"), 16777216, 16777218), RANGE(S(CI_I64, "9"), 16777216, 16777218));
    BIN(ci_maximum, f_max, CI_I64, RANGE(S(CI_I64, "9"), 16777216, 16777218), RANGE(S(CI_I64, "9"), 16777216, 16777218));
    /* sums of i32 accumulate in i64; prod of i32 too */
    RUNR(R_SUM, CI_I64, RANGE(S(CI_I32, "1023"), -2147483647.0 - 1, 2147483647.0), 0, 0);
    RUNR(R_SUM, CI_I64, RANGE(S(CI_I32, "3,1023"), 2000000000, 2147483647.0), 0, 1, 1);
    RUNR(R_PROD, CI_I64, MAG(S(CI_I32, "4,5"), 50, 100), 0, 1, 1);
    RUNR(R_MAX, CI_I64, RANGE(S(CI_I64, "1023"), 1099511627776.0, 1099511627876.0), 0, 0);
    RUNR(R_ARGMAX, CI_I64, RANGE(S(CI_I64, "1023"), 16777216, 16777220), 0, 1, NONE_);
    /* division of large ints */
    DIVM("floor", CI_I64, RANGE(S(CI_I64, "9"), -1099511627776.0, 1099511627776.0), MAG(S(CI_I64, "9"), 1, 1000));
    DIVM("trunc", CI_I32, RANGE(S(CI_I32, "9"), -2147483647.0, 2147483647.0), MAG(S(CI_I32, "9"), 1, 1000));
}

CI_TEST(test_inf_nan_values) {
    UN(ci_sqrt, f_sqrt, CI_F32, DATA(S(CI_F32, "6"), sqrt_edge, 6));   /* sqrt(-1) = nan */
    UN(ci_relu, f_relu, CI_F32, DATA(S(CI_F32, "6"), sqrt_edge, 6));
    UN(ci_neg, f_neg, CI_F32, DATA(S(CI_F32, "6"), sqrt_edge, 6));
    UN_T(ci_exp, f_exp, CI_F32, DATA(S(CI_F32, "6"), sqrt_edge, 6), TA, TR);
    UN_T(ci_exp, f_exp, CI_F32, RANGE(S(CI_F32, "9"), 80, 200), TA, TR);    /* overflows to inf */
    UN_T(ci_tanh, f_tanh, CI_F32, DATA(S(CI_F32, "12"), inf_rows, 12), TA, TR);
    UN_T(ci_sigmoid, f_sigmoid, CI_F32, DATA(S(CI_F32, "12"), inf_rows, 12), TA, TR);
    SOFTMAX(0, DATA(S(CI_F32, "3,4"), inf_rows, 12), -1);          /* -inf entries get 0 */
    SOFTMAX(1, DATA(S(CI_F32, "3,4"), inf_rows, 12), -1);
    RUNR(R_SUM, CI_F32, DATA(S(CI_F32, "6"), sqrt_edge, 6), 0, 0);
    RUNR(R_MIN, CI_F32, DATA(S(CI_F32, "3,4"), inf_rows, 12), 0, 1, 1);
}

/* where over Python numbers only, and pow with a number base */
static void b_misc(ci_graph *g, const ci_tensor *t, const tcase *c) {
    switch (c->kind) {
    case 0: ci_output(g, ci_where(g, t[0], ci_scalar(g, 1.5), ci_scalar(g, -2))); break;
    case 1: ci_output(g, ci_where(g, t[0], ci_scalar_int(g, 7), ci_scalar_int(g, -1))); break;
    case 2: ci_output(g, ci_pow(g, ci_scalar(g, 2), t[0])); break;
    case 3: ci_output(g, ci_pow(g, t[0], ci_scalar(g, 2))); break;
    case 4: ci_output(g, ci_div_mode(g, t[0], ci_scalar_int(g, -3), "floor")); break;
    case 5: ci_output(g, ci_div_mode(g, t[0], ci_scalar(g, 2), "trunc")); break;
    default: ci_output(g, ci_exp(g, ci_const_scalar(g, CI_F32, 1.5))); break;
    }
}
static double f_misc(const double *x, const tcase *c) {
    switch (c->kind) {
    case 0: return x[0] != 0 ? 1.5 : -2;
    case 1: return x[0] != 0 ? 7 : -1;
    case 2: return pow(2, x[0]);
    case 3: return x[0] * x[0];
    case 4: return floor(x[0] / -3);
    case 5: return trunc(x[0] / 2);
    default: return exp(1.5);
    }
}
static int r_misc(const arr *in, arr *out, const tcase *c) {
    if (c->kind == 6) {
        arr z = ar_new(CI_F32, 0, NULL);
        out[0] = ar_pw1(z, CI_F32, f_misc, c);
        return 1;
    }
    out[0] = ar_pw1(in[0], c->odt, f_misc, c);
    return 1;
}
#define MISC(k_, name, odt, x) do { tcase c_ = mk1(name, x, b_misc, r_misc, odt); c_.kind = k_; \
    c_.atol = TA; c_.rtol = TR; RUN(c_); } while (0)

CI_TEST(test_scalar_operands) {
    MISC(0, "where(c, 1.5, -2.0)", CI_F32, S(CI_BOOL, "7,5"));
    MISC(1, "where(c, 7, -1)", CI_I64, S(CI_BOOL, "7,5"));
    MISC(2, "pow(2.0, x)", CI_F32, S(CI_F32, "7,5"));
    MISC(2, "pow(2.0, x)", CI_F32, RANGE(S(CI_I32, "7"), 0, 10));
    MISC(3, "pow(x, 2.0)", CI_F64, S(CI_F64, "7"));
    MISC(4, "div(x, -3, 'floor')", CI_I32, RANGE(S(CI_I32, "9"), -50, 50));
    MISC(5, "div(x, 2.0, 'trunc')", CI_F32, RANGE(S(CI_I64, "9"), -50, 50));
    MISC(6, "exp(const 1.5)", CI_F32, S(CI_F32, "1"));
}

int main(int argc, char **argv) {
    ops_init(argc, argv, "test_ops_edges");
    CI_RUN(test_int_ranges);
    CI_RUN(test_inf_nan_values);
    CI_RUN(test_scalar_operands);
    return ci_test_done();
}
