/* test_ops_compare.c - clamp, where, comparisons, logical ops, conversions, and Python scalars
   and 0-d tensors in type promotion, against the reference of tests/ops_cases.h (the runner,
   the seed, the environment: see there). */
#include "ops_cases.h"

/* ---- clamp (the case form CLAMP is in ops_cases.h) ---- */
static const double clamp_nan[] = {NAN, -3, 0.1, 3, NAN, 0.7};

CI_TEST(test_clamp) {
    ispec none = S(CI_F32, "");
    CLAMP(0, 1, 0, -0.5, 0, 0, CI_F32, 1, S(CI_F32, "7,5"), none, none);          /* min only */
    CLAMP(0, 0, 1, 0, 0.5, 0, CI_F32, 1, S(CI_F32, "7,5"), none, none);           /* max only */
    CLAMP(0, 1, 1, -0.5, 0.5, 0, CI_F32, 1, S(CI_F32, "1023"), none, none);       /* both */
    CLAMP(0, 1, 1, -0.5, 0.5, 0, CI_F64, 1, S(CI_F64, "7,5"), none, none);
    CLAMP(0, 1, 1, -3, 4, 1, CI_I32, 1, S(CI_I32, "7,5"), none, none);
    CLAMP(0, 1, 0, -3, 0, 1, CI_I64, 1, S(CI_I64, "9"), none, none);
    CLAMP(0, 1, 1, -0.5, 0.5, 0, CI_F32, 1, DATA(S(CI_F32, "6"), clamp_nan, 6), none, none); /* nan stays */
    CLAMP(0, 1, 0, 0.5, 0, 0, CI_F32, 1, S(CI_I32, "7"), none, none);              /* i32, float min -> f32 */
    CLAMP(0, 1, 1, 0.5, -0.5, 0, CI_F32, 1, S(CI_F32, "7"), none, none);           /* min > max: max */
    CLAMP(1, 1, 1, 0, 0, 0, CI_F32, 3, S(CI_F32, "7,5"), S(CI_F32, "5"), S(CI_F32, "7,1"));
    CLAMP(1, 1, 0, 0, 0, 0, CI_F32, 2, S(CI_F32, "7,5"), S(CI_F32, "7,5"), none);
    CLAMP(1, 0, 1, 0, 0, 0, CI_F64, 2, S(CI_F64, "7,5"), S(CI_F64, ""), none);
    CLAMP(1, 1, 1, 0, 0, 0, CI_I32, 3, S(CI_I32, "7,5"), S(CI_I32, "5"), S(CI_I32, "7,1"));
    CLAMP(2, 1, 1, -0.5, 0.5, 0, CI_F32, 1, S(CI_F32, "7,5"), none, none);
    CLAMP(2, 1, 0, -0.25, 0, 0, CI_F32, 1, S(CI_F32, "7,5"), none, none);
    CLAMP(0, 1, 1, -0.5, 0.5, 0, CI_F32, 1, S(CI_F32, "0,3"), none, none);
}

/* ---- where ---- */
PWF(f_where, x[0] != 0 ? x[1] : x[2])
PWF(f_where_s, x[0] != 0 ? x[1] : c->d[0])
PWF(f_where_gt, x[0] > 0 ? x[0] : x[1])
static void b_where(ci_graph *g, const ci_tensor *t, const tcase *c) {
    if (c->kind == 0) ci_output(g, ci_where(g, t[0], t[1], t[2]));
    else if (c->kind == 1) ci_output(g, ci_where(g, t[0], t[1], ci_scalar(g, c->d[0])));
    else if (c->kind == 2) ci_output(g, ci_where(g, t[0], t[1], ci_scalar_int(g, (int64_t)c->d[0])));
    else ci_output(g, ci_where(g, ci_gt(g, t[0], ci_scalar(g, 0)), t[0], t[1]));
}
static int where_(const char *file, int line, int kind, double v, ci_dtype odt, int nin, ispec x, ispec y, ispec z) {
    tcase c = mk3("where", x, y, z, b_where, r_pw, odt);
    c.nin = nin; c.kind = kind; c.d[0] = v;
    c.f = kind == 0 ? f_where : kind == 3 ? f_where_gt : f_where_s;
    return run_case(&c, file, line);
}
#define WHERE(kind, v, odt, nin, x, y, z) do { if (!where_(__FILE__, __LINE__, kind, v, odt, nin, x, y, z) && !g_all) return; } while (0)

CI_TEST(test_where) {
    ispec none = S(CI_F32, "");
    WHERE(0, 0, CI_F32, 3, S(CI_BOOL, "7,1"), S(CI_F32, "1,5"), S(CI_F32, "5"));
    WHERE(0, 0, CI_F64, 3, S(CI_BOOL, "1023"), S(CI_F64, "1023"), S(CI_F64, ""));
    WHERE(0, 0, CI_I32, 3, S(CI_BOOL, "7,5"), S(CI_I32, "7,5"), S(CI_I32, "7,5"));
    WHERE(0, 0, CI_I64, 3, S(CI_BOOL, "7,5"), S(CI_I64, "5"), S(CI_I32, "7,1"));
    WHERE(0, 0, CI_F32, 3, S(CI_BOOL, "7,5"), S(CI_I32, "7,5"), S(CI_F32, "5"));   /* promoted */
    WHERE(0, 0, CI_BOOL, 3, S(CI_BOOL, "9"), S(CI_BOOL, "9"), S(CI_BOOL, "9"));
    WHERE(1, 0.5, CI_F32, 2, S(CI_BOOL, "7,5"), S(CI_F32, "7,5"), none);
    WHERE(1, 0.5, CI_F32, 2, S(CI_BOOL, "7,5"), S(CI_I32, "7,5"), none);           /* int, float scalar -> f32 */
    WHERE(2, -1, CI_I64, 2, S(CI_BOOL, "7,5"), S(CI_I64, "7,5"), none);
    WHERE(3, 0, CI_F32, 2, S(CI_F32, "7,5"), S(CI_F32, "7,5"), none);              /* cond computed */
    WHERE(0, 0, CI_F32, 3, S(CI_BOOL, "0,3"), S(CI_F32, "3"), S(CI_F32, "0,3"));
}

/* ---- comparisons and logical ops ---- */
static const double cmp_a[] = {NAN, 1, NAN, 2, -0.0, INFINITY, 0.5, 200, 5};
static const double cmp_b[] = {1, NAN, NAN, 2, 0.0, INFINITY, 0.5, -56, 5};
static const double div_zero_b[] = {0, 0, 0, -0.0}; /* as in test_ops_pointwise.c */

static int cmp_all_(const char *file, int line, ci_tensor (*op)(ci_graph *, ci_tensor, ci_tensor), const char *name, pw_fn f) {
    int ok = 1;
#define C_(x, y) do { ok = binary_(file, line, name, op, f, CI_BOOL, x, y, 0, 0) && ok; if (!ok && !g_all) return 0; } while (0)
    C_(GRID(S(CI_F32, "7,1"), -2, 2, 1), GRID(S(CI_F32, "1,5"), -2, 2, 1));
    C_(S(CI_F64, "1023"), S(CI_F64, "1023"));
    C_(RANGE(S(CI_I32, "7,5"), -3, 3), RANGE(S(CI_I32, "5"), -3, 3));
    C_(RANGE(S(CI_I64, "9"), -3, 3), RANGE(S(CI_I64, ""), -3, 3));
    C_(RANGE(S(CI_I32, "9"), -3, 3), GRID(S(CI_F32, "9"), -3, 3, 0.5));       /* promoted to f32 */
    C_(S(CI_BOOL, "9"), S(CI_BOOL, "9"));
    C_(DATA(S(CI_F32, "9"), cmp_a, 9), DATA(S(CI_F32, "9"), cmp_b, 9));         /* nan, -0, inf */
    C_(DATA(S(CI_U8, "2"), cmp_a + 7, 2), DATA(S(CI_I8, "2"), cmp_b + 7, 2));   /* u8 200 vs i8 -56 */
    C_(RANGE(S(CI_I16, "9"), -3, 3), RANGE(S(CI_I8, "9"), -3, 3));
    C_(S(CI_F32, "0,3"), S(CI_F32, "3"));
#undef C_
    return ok;
}
#define CMP_ALL(op, f) do { if (!cmp_all_(__FILE__, __LINE__, op, #op, f) && !g_all) return; } while (0)

CI_TEST(test_eq) { CMP_ALL(ci_eq, f_eq); }
CI_TEST(test_ne) { CMP_ALL(ci_ne, f_ne); }
CI_TEST(test_lt) { CMP_ALL(ci_lt, f_lt); }
CI_TEST(test_le) { CMP_ALL(ci_le, f_le); }
CI_TEST(test_gt) { CMP_ALL(ci_gt, f_gt); }
CI_TEST(test_ge) { CMP_ALL(ci_ge, f_ge); }

/* a comparison with a Python number: i32 >= 0.5 compares in f32 */
static void b_ge_scalar(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_output(g, c->kind ? ci_lt(g, t[0], ci_scalar_int(g, (int64_t)c->d[0])) : ci_ge(g, t[0], ci_scalar(g, c->d[0])));
}
PWF(f_ge_s, c->kind ? x[0] < c->d[0] : x[0] >= c->d[0])
CI_TEST(test_compare_scalar) {
    tcase c = mk1("ge(x, 0.5)", RANGE(S(CI_I32, "7,5"), -3, 3), b_ge_scalar, r_pw, CI_BOOL);
    c.d[0] = 0.5; c.f = f_ge_s;
    RUN(c);
    c.in[0] = GRID(S(CI_F32, "1023"), -3, 3, 0.5);
    RUN(c);
    c.name = "lt(x, 2)"; c.kind = 1; c.d[0] = 2; c.in[0] = RANGE(S(CI_I64, "9"), -3, 3);
    RUN(c);
    c.in[0] = RANGE(S(CI_U8, "9"), 0, 4);
    RUN(c);
}

CI_TEST(test_logical_and_or) {
    BIN(ci_logical_and, f_and, CI_BOOL, S(CI_BOOL, "7,1"), S(CI_BOOL, "1,5"));
    BIN(ci_logical_and, f_and, CI_BOOL, GRID(S(CI_F32, "7,5"), -1, 1, 1), RANGE(S(CI_I32, "5"), -1, 1));
    BIN(ci_logical_and, f_and, CI_BOOL, GRID(S(CI_F64, "1023"), -1, 1, 0.5), S(CI_BOOL, ""));
    BIN(ci_logical_and, f_and, CI_BOOL, RANGE(S(CI_U8, "9"), 0, 2), RANGE(S(CI_I64, "9"), 0, 2));
    BIN(ci_logical_or, f_or, CI_BOOL, S(CI_BOOL, "7,1"), S(CI_BOOL, "1,5"));
    BIN(ci_logical_or, f_or, CI_BOOL, GRID(S(CI_F32, "7,5"), -1, 1, 1), RANGE(S(CI_I32, "5"), -1, 1));
    BIN(ci_logical_or, f_or, CI_BOOL, DATA(S(CI_F32, "9"), cmp_a, 9), DATA(S(CI_F32, "9"), div_zero_b, 4));
    BIN(ci_logical_or, f_or, CI_BOOL, S(CI_BOOL, "0,3"), S(CI_BOOL, "3"));
}

CI_TEST(test_logical_not) {
    UN(ci_logical_not, f_not, CI_BOOL, S(CI_BOOL, "7,5"));
    UN(ci_logical_not, f_not, CI_BOOL, GRID(S(CI_F32, "1023"), -1, 1, 0.5));
    UN(ci_logical_not, f_not, CI_BOOL, RANGE(S(CI_I32, "9"), -1, 1));
    UN(ci_logical_not, f_not, CI_BOOL, RANGE(S(CI_I64, ""), -1, 1));
    UN(ci_logical_not, f_not, CI_BOOL, DATA(S(CI_F64, "9"), cmp_a, 9));
    UN(ci_logical_not, f_not, CI_BOOL, S(CI_BOOL, "0,3"));
}

/* broadcasting where an earlier tensor argument has a lower rank than a later one */
CI_TEST(test_broadcast_lower_rank_first) {
    BIN(ci_add, f_add, CI_F32, S(CI_F32, "4"), S(CI_F32, "3,4"));
    BIN(ci_add, f_add, CI_F32, S(CI_F32, "5"), S(CI_F32, "7,1"));
    BIN(ci_add, f_add, CI_F32, S(CI_F32, "1,5"), S(CI_F32, "2,7,1"));
    BIN(ci_mul, f_mul, CI_F32, S(CI_F32, "5"), S(CI_I32, "7,1"));
    BIN(ci_sub, f_sub, CI_I64, S(CI_I64, "1023"), S(CI_I64, "3,1"));
    BIN(ci_gt, f_gt, CI_BOOL, S(CI_F32, "5"), S(CI_F32, "7,5"));
    BIN(ci_maximum, f_max, CI_F32, S(CI_F32, "5"), S(CI_F32, "7,1"));
    WHERE(0, 0, CI_I64, 3, S(CI_BOOL, "5"), S(CI_I64, "7,5"), S(CI_I32, "7,1"));
    CLAMP(1, 1, 1, 0, 0, 0, CI_F32, 3, S(CI_F32, "5"), S(CI_F32, "7,1"), S(CI_F32, "7,5"));
}

/* ---- conversions ---- */
static void b_to(ci_graph *g, const ci_tensor *t, const tcase *c) { ci_output(g, ci_to(g, t[0], c->odt)); }
static int to_(const char *file, int line, ci_dtype odt, ispec x) {
    tcase c = mk1("to", x, b_to, r_pw, odt);
    c.f = f_id;
    return run_case(&c, file, line);
}
#define TO(odt, x) do { if (!to_(__FILE__, __LINE__, odt, x) && !g_all) return; } while (0)
static const double to_edge[] = {NAN, -0.0, 0.0, 1e-40, INFINITY, -2.5};

CI_TEST(test_to) {
    TO(CI_I32, RANGE(S(CI_F32, "7,5"), -1000, 1000));    /* truncates toward zero */
    TO(CI_I64, RANGE(S(CI_F32, "1023"), -1e9, 1e9));
    TO(CI_BOOL, GRID(S(CI_F32, "7,5"), -1, 1, 0.5));
    TO(CI_BOOL, DATA(S(CI_F32, "6"), to_edge, 6));          /* nan -> true, -0 -> false */
    TO(CI_F64, S(CI_F32, "7,5"));
    TO(CI_F32, S(CI_F64, "1023"));                          /* rounds */
    TO(CI_F32, S(CI_I32, "7,5"));
    TO(CI_F32, RANGE(S(CI_I64, "9"), -100000000, 100000000));
    TO(CI_F32, S(CI_BOOL, "9"));
    TO(CI_I64, S(CI_BOOL, "9"));
    TO(CI_BOOL, RANGE(S(CI_I32, "9"), -1, 1));
    TO(CI_I32, RANGE(S(CI_I64, "9"), -1000000000000.0, 1000000000000.0));  /* wraps */
    TO(CI_U8, RANGE(S(CI_I32, "9"), -300, 300));                          /* wraps */
    TO(CI_I8, RANGE(S(CI_I32, "9"), -300, 300));
    TO(CI_U8, RANGE(S(CI_F32, "9"), 0, 255.9));
    TO(CI_I16, RANGE(S(CI_F64, "9"), -30000, 30000));
    TO(CI_F32, S(CI_F32, "7"));                             /* same dtype: a copy */
    TO(CI_I32, S(CI_F32, "0,3"));
}

/* ---- Python scalars and 0-d tensors in promotion ----
   c->i[0]: the op (0 add, 1 sub, 2 mul, 3 div); c->kind: the scalar (0 ci_scalar, 1
   ci_scalar_int, 2 ci_scalar_bool, 3 ci_const_scalar f64, 4 ci_const_scalar i64);
   c->i[1]: the scalar on the left */
static void b_scalar(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor s, a, b;
    switch (c->kind) {
    case 0: s = ci_scalar(g, c->d[0]); break;
    case 1: s = ci_scalar_int(g, (int64_t)c->d[0]); break;
    case 2: s = ci_scalar_bool(g, c->d[0] != 0); break;
    case 3: s = ci_const_scalar(g, CI_F64, c->d[0]); break;
    default: s = ci_const_scalar(g, CI_I64, c->d[0]); break;
    }
    a = c->i[1] ? s : t[0];
    b = c->i[1] ? t[0] : s;
    switch (c->i[0]) {
    case 0: ci_output(g, ci_add(g, a, b)); break;
    case 1: ci_output(g, ci_sub(g, a, b)); break;
    case 2: ci_output(g, ci_mul(g, a, b)); break;
    default: ci_output(g, ci_div(g, a, b)); break;
    }
}
static double f_scalar(const double *x, const tcase *c) {
    double s = c->kind == 2 ? (c->d[0] != 0) : c->d[0];
    double a = c->i[1] ? s : x[0], b = c->i[1] ? x[0] : s;
    switch (c->i[0]) {
    case 0: return c->odt == CI_BOOL ? (a != 0 || b != 0) : a + b;
    case 1: return a - b;
    case 2: return a * b;
    default: return a / b;
    }
}
static int scalar_(const char *file, int line, int op, int kind, double v, int left, ci_dtype odt, ispec x) {
    static const char *names[] = {"add(x, scalar)", "sub(x, scalar)", "mul(x, scalar)", "div(x, scalar)"};
    static const char *lnames[] = {"add(scalar, x)", "sub(scalar, x)", "mul(scalar, x)", "div(scalar, x)"};
    tcase c = mk1(left ? lnames[op] : names[op], x, b_scalar, r_pw, odt);
    c.i[0] = op; c.i[1] = left; c.kind = kind; c.d[0] = v; c.f = f_scalar;
    return run_case(&c, file, line);
}
#define SC(op, kind, v, left, odt, x) do { if (!scalar_(__FILE__, __LINE__, op, kind, v, left, odt, x) && !g_all) return; } while (0)
enum { ADD_, SUB_, MUL_, DIV_ };
enum { PYF, PYI, PYB, C64, CI64 };

CI_TEST(test_python_scalars) {
    SC(MUL_, PYF, 2.5, 0, CI_F32, S(CI_F32, "7,5"));     /* f32 * 2.5 stays f32 */
    SC(ADD_, PYF, 1.5, 0, CI_F32, S(CI_I32, "7,5"));     /* i32 + 1.5 is f32 */
    SC(ADD_, PYI, 2, 0, CI_I32, S(CI_I32, "7,5"));       /* i32 + 2 stays i32 */
    SC(MUL_, PYF, 2.5, 0, CI_F64, S(CI_F64, "1023"));
    SC(SUB_, PYI, 3, 0, CI_I64, S(CI_I64, "9"));
    SC(SUB_, PYF, 2.5, 1, CI_F32, S(CI_F32, "9"));       /* 2.5 - x */
    SC(DIV_, PYF, 1.0, 1, CI_F32, MAG(S(CI_F32, "9"), 0.5, 2));
    SC(DIV_, PYI, 2, 0, CI_F32, S(CI_I32, "9"));          /* i32 / 2 is f32 */
    SC(ADD_, PYI, 2, 0, CI_I64, S(CI_BOOL, "9"));         /* bool + 2 is i64 */
    SC(MUL_, PYF, 1.5, 0, CI_F32, S(CI_BOOL, "9"));
    SC(MUL_, PYB, 1, 0, CI_F32, S(CI_F32, "9"));          /* x * True */
    SC(ADD_, PYB, 1, 0, CI_BOOL, S(CI_BOOL, "9"));        /* bool + True: bool */
    SC(ADD_, PYI, 3, 0, CI_U8, RANGE(S(CI_U8, "9"), 250, 255)); /* u8 + 3 stays u8, wraps */
    SC(MUL_, PYI, 3, 0, CI_I8, RANGE(S(CI_I8, "9"), -100, 100));
    SC(MUL_, PYF, 0.5, 0, CI_F32, S(CI_I16, "9"));
    SC(ADD_, PYF, 0.1, 0, CI_F32, S(CI_F32, "0,3"));
    /* a Python number with a 0-d tensor: the number is still weak */
    SC(ADD_, PYI, 2, 0, CI_I32, S(CI_I32, ""));          /* i32 0-d + 2 stays i32 */
    SC(MUL_, PYF, 2.5, 0, CI_F32, S(CI_F32, ""));        /* f32 0-d * 2.5 stays f32 */
    SC(ADD_, PYF, 1.5, 1, CI_F32, S(CI_I64, ""));        /* 1.5 + i64 0-d is f32 */
    SC(ADD_, PYI, 1, 0, CI_U8, S(CI_U8, ""));
    SC(MUL_, PYF, 0.5, 0, CI_F64, S(CI_F64, ""));
    /* constants keep their precision in the generated code */
    SC(MUL_, PYF, 0.1, 0, CI_F64, S(CI_F64, "7"));
    SC(ADD_, PYF, 1.2345678901234567, 0, CI_F64, S(CI_F64, "7"));
    SC(MUL_, C64, 0.3333333333333333, 0, CI_F64, S(CI_F64, "7"));
    SC(ADD_, PYI, 1099511627777.0, 0, CI_I64, S(CI_I64, "7"));
    /* 0-d tensors: a dimensioned tensor's dtype wins within its category */
    SC(MUL_, C64, 1.5, 0, CI_F32, S(CI_F32, "7,5"));      /* f32[..] * f64 0-d: f32 */
    SC(MUL_, C64, 1.5, 0, CI_F64, S(CI_I32, "7,5"));      /* i32[..] * f64 0-d: f64 */
    SC(ADD_, CI64, 7, 0, CI_I32, S(CI_I32, "7,5"));       /* i32[..] + i64 0-d: i32 */
    SC(ADD_, CI64, 7, 1, CI_I64, S(CI_BOOL, "7,5"));      /* bool[..] + i64 0-d: i64 */
}

CI_TEST(test_zero_dim_inputs) {
    BIN(ci_add, f_add, CI_F32, S(CI_F32, "5"), S(CI_F64, ""));   /* f32 wins over a 0-d f64 */
    BIN(ci_add, f_add, CI_I32, S(CI_I32, "5"), S(CI_I64, ""));
    BIN(ci_add, f_add, CI_F64, S(CI_I32, "5"), S(CI_F64, ""));   /* higher category: the 0-d dtype */
    BIN(ci_mul, f_mul, CI_F32, S(CI_I64, ""), S(CI_F32, "5"));
    BIN(ci_add, f_add, CI_U8, S(CI_U8, "5"), S(CI_I64, ""));
    BIN(ci_add, f_add, CI_F64, S(CI_I32, ""), S(CI_F64, ""));    /* both 0-d: ordinary promotion */
    BIN(ci_mul, f_mul, CI_F32, S(CI_F32, ""), S(CI_F32, ""));
}

int main(int argc, char **argv) {
    ops_init(argc, argv, "test_ops_compare");
    CI_RUN(test_clamp);
    CI_RUN(test_where);
    CI_RUN(test_eq);
    CI_RUN(test_ne);
    CI_RUN(test_lt);
    CI_RUN(test_le);
    CI_RUN(test_gt);
    CI_RUN(test_ge);
    CI_RUN(test_compare_scalar);
    CI_RUN(test_logical_and_or);
    CI_RUN(test_logical_not);
    CI_RUN(test_to);
    CI_RUN(test_python_scalars);
    CI_RUN(test_zero_dim_inputs);
    CI_RUN(test_broadcast_lower_rank_first);
    return ci_test_done();
}
