/* test_ops_views.c - views and movement against the reference of tests/ops_cases.h (the
   runner, the seed, the environment: see there): view, reshape, permute, t, transpose, expand,
   squeeze, unsqueeze, slice, select, as_strided, clone, alone and feeding pointwise ops. */
#include "ops_cases.h"

/* c->kind picks the op; c->i its int parameters; c->s = "exp" applies exp after the view, "add"
   adds input 1 after it */
enum { V_VIEW, V_RESHAPE, V_PERMUTE, V_T, V_TRANSPOSE, V_EXPAND, V_SQUEEZE, V_UNSQUEEZE, V_SLICE,
       V_SELECT, V_AS_STRIDED, V_CLONE, V_RESHAPE_T };
static const char *view_names[] = {"view", "reshape", "permute", "t", "transpose", "expand", "squeeze",
                                   "unsqueeze", "slice", "select", "as_strided", "clone", "reshape(t(x))"};
static void b_view(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor x = t[0], y = {0};
    const int64_t *i = c->i;
    switch (c->kind) {
    case V_VIEW: y = ci_view(g, x, c->ni, i); break;
    case V_RESHAPE: y = ci_reshape(g, x, c->ni, i); break;
    case V_PERMUTE: y = ci_permute(g, x, c->ni, i); break;
    case V_T: y = ci_t(g, x); break;
    case V_TRANSPOSE: y = ci_transpose(g, x, i[0], i[1]); break;
    case V_EXPAND: y = ci_expand(g, x, c->ni, i); break;
    case V_SQUEEZE: y = ci_squeeze(g, x, i[0]); break;
    case V_UNSQUEEZE: y = ci_unsqueeze(g, x, i[0]); break;
    case V_SLICE: y = ci_slice(g, x, i[0], i[1], i[2], i[3]); break;
    case V_SELECT: y = ci_select(g, x, i[0], i[1]); break;
    case V_AS_STRIDED: { int n = (c->ni - 1) / 2; y = ci_as_strided(g, x, n, i, i + n, i[2 * n]); break; }
    case V_CLONE: y = ci_clone(g, x); break;
    default: y = ci_reshape(g, ci_t(g, x), c->ni, i); break;
    }
    if (c->s && !strcmp(c->s, "exp")) y = ci_exp(g, y);
    else if (c->s && !strcmp(c->s, "add")) y = ci_add(g, y, t[1]);
    ci_output(g, y);
}
static int r_view(const arr *in, arr *out, const tcase *c) {
    arr x = in[0], y;
    const int64_t *i = c->i;
    switch (c->kind) {
    case V_VIEW: case V_RESHAPE: y = ar_reshape(x, c->ni, i); break;
    case V_PERMUTE: y = ar_permute(x, c->ni, i); break;
    case V_T: y = x.ndim < 2 ? x : ar_transpose(x, 0, 1); break;
    case V_TRANSPOSE: y = ar_transpose(x, i[0], i[1]); break;
    case V_EXPAND: y = ar_expand(x, c->ni, i); break;
    case V_SQUEEZE: y = ar_squeeze(x, i[0]); break;
    case V_UNSQUEEZE: y = ar_unsqueeze(x, i[0]); break;
    case V_SLICE: y = ar_slice(x, i[0], i[1], i[2], i[3]); break;
    case V_SELECT: y = ar_select(x, i[0], i[1]); break;
    case V_AS_STRIDED: { int n = (c->ni - 1) / 2; y = ar_strided(x, n, i, i + n, i[2 * n]); break; }
    case V_CLONE: y = x; break;
    default: y = ar_reshape(x.ndim < 2 ? x : ar_transpose(x, 0, 1), c->ni, i); break;
    }
    if (c->s && !strcmp(c->s, "exp")) {
        y = ar_pw1(y, y.dt, f_exp, c);
    } else if (c->s && !strcmp(c->s, "add")) {
        y = ar_pw2(y, in[1], in[1].dt, f_add, c);
    }
    out[0] = y;
    return 1;
}
static tcase V(int kind, ispec x) {
    tcase c = mk1(view_names[kind], x, b_view, r_view, x.dt);
    c.kind = kind;
    c.atol = TA; c.rtol = TR;
    return c;
}
/* VW(kind, x, n, ints...): the view alone; VW_THEN("exp"|"add", y, kind, x, n, ints...) feeds a
   pointwise op */
#define VW(kind, x, ...) do { tcase c_ = P(V(kind, x), __VA_ARGS__); RUN(c_); } while (0)
#define VW_THEN(then, y, kind, x, ...) \
    do { tcase c_ = P(V(kind, x), __VA_ARGS__); c_.s = then; c_.in[1] = y; c_.nin = strcmp(then, "add") ? 1 : 2; RUN(c_); } while (0)

CI_TEST(test_view_reshape) {
    VW(V_VIEW, S(CI_F32, "3,4,5"), 2, 12, -1);
    VW(V_VIEW, S(CI_I64, "60"), 3, 3, -1, 5);
    VW(V_VIEW, S(CI_BOOL, "7,5"), 1, -1);
    VW(V_VIEW, S(CI_F32, "1"), 0);                       /* to 0-d */
    VW(V_VIEW, S(CI_F32, ""), 2, 1, 1);                  /* from 0-d */
    VW(V_VIEW, S(CI_F32, "0,3"), 2, 3, 0);
    VW(V_RESHAPE, S(CI_F32, "1023"), 3, 3, 11, 31);
    VW(V_RESHAPE, S(CI_I32, "4,6"), 3, 2, -1, 4);
    VW(V_RESHAPE_T, S(CI_F32, "4,6"), 1, -1);           /* reshape of a transpose: a copy */
    VW(V_RESHAPE_T, S(CI_F64, "7,6"), 3, 3, 2, 7);
    VW_THEN("exp", S(CI_F32, ""), V_RESHAPE_T, S(CI_F32, "5,7"), 2, 7, 5);
    VW_THEN("add", S(CI_F32, "6"), V_RESHAPE, S(CI_F32, "3,4"), 2, 2, 6);
}

CI_TEST(test_permute) {
    VW(V_PERMUTE, S(CI_F32, "2,3,4"), 3, 2, 0, 1);
    VW(V_PERMUTE, S(CI_I32, "2,3,4"), 3, -1, 0, 1);
    VW(V_PERMUTE, S(CI_F64, "7,1,5"), 3, 1, 2, 0);
    VW(V_PERMUTE, S(CI_F32, "0,3"), 2, 1, 0);
    VW_THEN("exp", S(CI_F32, ""), V_PERMUTE, S(CI_F32, "2,3,4"), 3, 2, 0, 1);
    VW_THEN("add", S(CI_F32, "4,2,3"), V_PERMUTE, S(CI_F32, "2,3,4"), 3, 2, 0, 1);
    VW_THEN("add", S(CI_F32, "1023"), V_PERMUTE, S(CI_F32, "1023,3"), 2, 1, 0);
}

CI_TEST(test_t_transpose) {
    VW(V_T, S(CI_F32, "5,7"), 0);
    VW(V_T, S(CI_I64, "1023,3"), 0);
    VW(V_T, S(CI_F32, "7"), 0);                          /* 1-d: itself */
    VW(V_T, S(CI_F32, ""), 0);                           /* 0-d: itself */
    VW_THEN("add", S(CI_F32, "7,5"), V_T, S(CI_F32, "5,7"), 0);
    VW(V_TRANSPOSE, S(CI_F32, "2,3,4"), 2, 0, 2);
    VW(V_TRANSPOSE, S(CI_BOOL, "2,3,4"), 2, -1, -3);
    VW(V_TRANSPOSE, S(CI_F32, "3,4"), 2, 1, 1);
    VW_THEN("exp", S(CI_F32, ""), V_TRANSPOSE, S(CI_F32, "7,1,5"), 2, 0, 2);
    VW(V_TRANSPOSE, S(CI_F32, "0,3"), 2, 0, 1);
}

CI_TEST(test_expand) {
    VW(V_EXPAND, S(CI_F32, "7,1"), 2, 7, 5);
    VW(V_EXPAND, S(CI_I32, "5"), 2, 3, 5);               /* a new leading dim */
    VW(V_EXPAND, S(CI_F32, "3,1"), 2, -1, 4);            /* -1 keeps */
    VW(V_EXPAND, S(CI_F64, ""), 2, 4, 3);                /* 0-d */
    VW(V_EXPAND, S(CI_BOOL, "1,1"), 3, 2, 3, 4);
    VW(V_EXPAND, S(CI_F32, "1,3"), 2, 0, 3);             /* to 0-size */
    VW_THEN("add", S(CI_F32, "7,5"), V_EXPAND, S(CI_F32, "7,1"), 2, 7, 5);
    VW_THEN("exp", S(CI_F32, ""), V_EXPAND, S(CI_F32, "1,1023"), 2, 3, 1023);
}

CI_TEST(test_squeeze_unsqueeze) {
    VW(V_SQUEEZE, S(CI_F32, "1,7,1,5"), 1, NONE_);      /* all size-1 dims */
    VW(V_SQUEEZE, S(CI_F32, "1,7,1,5"), 1, 2);
    VW(V_SQUEEZE, S(CI_I64, "1,7,1,5"), 1, -4);
    VW(V_SQUEEZE, S(CI_F32, "7,5"), 1, -1);              /* not size 1: unchanged */
    VW(V_SQUEEZE, S(CI_F32, "1,1"), 1, NONE_);          /* to 0-d */
    VW(V_SQUEEZE, S(CI_F32, "0,1"), 1, NONE_);
    VW(V_UNSQUEEZE, S(CI_F32, "3,4"), 1, -1);
    VW(V_UNSQUEEZE, S(CI_F32, "3,4"), 1, 0);
    VW(V_UNSQUEEZE, S(CI_I32, "3,4"), 1, -3);
    VW(V_UNSQUEEZE, S(CI_F32, "3,4"), 1, 1);
    VW(V_UNSQUEEZE, S(CI_F32, ""), 1, 0);
    VW_THEN("add", S(CI_F32, "3,5"), V_UNSQUEEZE, S(CI_F32, "3"), 1, -1);
}

CI_TEST(test_slice) {
    VW(V_SLICE, S(CI_F32, "10,6"), 4, 0, 1, 8, 2);       /* step 2 */
    VW(V_SLICE, S(CI_F32, "10,6"), 4, 1, -4, -1, 1);     /* negative bounds */
    VW(V_SLICE, S(CI_I32, "10,6"), 4, -1, 2, 100, 1);    /* end out of range: clamps */
    VW(V_SLICE, S(CI_F32, "10,6"), 4, 0, -100, 3, 1);    /* start out of range: clamps */
    VW(V_SLICE, S(CI_F32, "10,6"), 4, 0, 7, 3, 1);       /* start > end: empty */
    VW(V_SLICE, S(CI_F64, "1023"), 4, 0, 1, 1023, 3);
    VW(V_SLICE, S(CI_BOOL, "7,5"), 4, 1, 0, 5, 2);
    VW(V_SLICE, S(CI_F32, "0,3"), 4, 1, 1, 3, 1);
    VW_THEN("add", S(CI_F32, "5,6"), V_SLICE, S(CI_F32, "10,6"), 4, 0, 0, 10, 2);
    VW_THEN("exp", S(CI_F32, ""), V_SLICE, S(CI_F32, "7,1023"), 4, 1, -1000, 1023, 2);
}

CI_TEST(test_select) {
    VW(V_SELECT, S(CI_F32, "4,5,6"), 2, 1, -1);
    VW(V_SELECT, S(CI_F32, "4,5,6"), 2, 0, 2);
    VW(V_SELECT, S(CI_I64, "4,5,6"), 2, -1, 0);
    VW(V_SELECT, S(CI_F32, "7"), 2, 0, -7);              /* to 0-d */
    VW(V_SELECT, S(CI_F32, "3,0"), 2, 0, 1);
    VW_THEN("add", S(CI_F32, "6"), V_SELECT, S(CI_F32, "4,5,6"), 2, 1, 3);
    VW_THEN("exp", S(CI_F32, ""), V_SELECT, S(CI_F32, "1023,3"), 2, 1, -2);
}

CI_TEST(test_as_strided) {
    VW(V_AS_STRIDED, S(CI_F32, "4,6"), 5, 3, 3, 6, 2, 1);          /* [3,3] stride [6,2] offset 1 */
    VW(V_AS_STRIDED, S(CI_F32, "20"), 5, 4, 4, 1, 1, 0);           /* overlapping windows */
    VW(V_AS_STRIDED, S(CI_I32, "12"), 5, 3, 4, 0, 1, 2);           /* stride 0 */
    VW(V_AS_STRIDED, S(CI_F64, "3,4"), 3, 6, 2, 0);                /* 1-d */
    VW(V_AS_STRIDED, S(CI_F32, "3,4"), 7, 2, 2, 2, 6, 1, 3, 0);    /* 3-d */
    VW_THEN("exp", S(CI_F32, ""), V_AS_STRIDED, S(CI_F32, "4,6"), 5, 2, 3, 1, 6, 4);
}

CI_TEST(test_clone) {
    VW(V_CLONE, S(CI_F32, "7,5"), 0);
    VW(V_CLONE, S(CI_I32, "1023"), 0);
    VW(V_CLONE, S(CI_BOOL, "3,4"), 0);
    VW(V_CLONE, S(CI_U8, "9"), 0);
    VW(V_CLONE, S(CI_F64, ""), 0);
    VW(V_CLONE, S(CI_F32, "0,3"), 0);
}

/* clone of a view: a dense copy of the view */
static void b_clone_t(ci_graph *g, const ci_tensor *t, const tcase *c) { (void)c; ci_output(g, ci_clone(g, ci_t(g, t[0]))); }
static int r_clone_t(const arr *in, arr *out, const tcase *c) { (void)c; out[0] = ar_transpose(in[0], 0, 1); return 1; }
CI_TEST(test_clone_of_view) {
    tcase c = mk1("clone(t(x))", S(CI_F32, "5,7"), b_clone_t, r_clone_t, CI_F32);
    RUN(c);
    c.in[0] = S(CI_I64, "1023,3");
    RUN(c);
}

int main(int argc, char **argv) {
    ops_init(argc, argv, "test_ops_views");
    CI_RUN(test_view_reshape);
    CI_RUN(test_permute);
    CI_RUN(test_t_transpose);
    CI_RUN(test_expand);
    CI_RUN(test_squeeze_unsqueeze);
    CI_RUN(test_slice);
    CI_RUN(test_select);
    CI_RUN(test_as_strided);
    CI_RUN(test_clone);
    CI_RUN(test_clone_of_view);
    return ci_test_done();
}
