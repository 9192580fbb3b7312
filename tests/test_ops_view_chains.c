/* test_ops_view_chains.c - chains of views made inside the graph, feeding pointwise ops and
   reductions, against the reference of tests/ops_cases.h (the runner, the seed, the
   environment: see there): fixed chains, and random chains replayed on the graph and on the
   reference. */
#include "ops_cases.h"

enum { VC_SLICE_T, VC_SELECT_PERMUTE, VC_EXPAND_SLICE, VC_RESHAPE_SLICE, VC_UNSQ_T, VC_SUM_EXPAND,
       VC_T_T, VC_SLICE_SLICE, VC_AMAX_PERMUTE, VC_X_PLUS_XT, VC_MEAN_SUB };
static const char *vc_names[] = {"exp(x.t()[1:6:2])", "select(permute(x, [2,0,1]), 1, -1) + 1",
                                 "expand(x[:, ::2], [4,...]) * 2", "reshape(x[::2], [-1]) + y",
                                 "unsqueeze(x.t(), 1) + y", "sum(expand(x[1,5], [7,5]), 0)",
                                 "x.t().t() + y", "x[1:][::2, -3:]", "amax(permute(x, [1,2,0]), [0,2])",
                                 "x + x.t()", "x - mean(x, -1, keepdim)"};
static void b_vchain(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor x = t[0];
    int64_t p201[3] = {2, 0, 1}, p120[3] = {1, 2, 0}, flat = -1, sh[3], d02[2] = {0, 2}, dl = -1, d0 = 0;
    switch (c->kind) {
    case VC_SLICE_T: ci_output(g, ci_exp(g, ci_slice(g, ci_t(g, x), 0, 1, 6, 2))); break;
    case VC_SELECT_PERMUTE: ci_output(g, ci_add(g, ci_select(g, ci_permute(g, x, 3, p201), 1, -1), ci_scalar_int(g, 1))); break;
    case VC_EXPAND_SLICE: {
        int64_t xs[CI_MAX_DIMS];
        int nd = ci_tensor_shape(g, x, xs);
        ci_tensor s2 = ci_slice(g, x, 1, 0, INT64_MAX, 2);
        (void)nd;
        sh[0] = 4; sh[1] = xs[0]; sh[2] = (xs[1] + 1) / 2;
        ci_output(g, ci_mul(g, ci_expand(g, s2, 3, sh), ci_scalar(g, 2)));
        break;
    }
    case VC_RESHAPE_SLICE: ci_output(g, ci_add(g, ci_reshape(g, ci_slice(g, x, 0, 0, INT64_MAX, 2), 1, &flat), t[1])); break;
    case VC_UNSQ_T: ci_output(g, ci_add(g, ci_unsqueeze(g, ci_t(g, x), 1), t[1])); break;
    case VC_SUM_EXPAND: sh[0] = 7; sh[1] = 5; ci_output(g, ci_sum(g, ci_expand(g, x, 2, sh), 1, &d0, 0)); break;
    case VC_T_T: ci_output(g, ci_add(g, ci_t(g, ci_t(g, x)), t[1])); break;
    case VC_SLICE_SLICE: ci_output(g, ci_slice(g, ci_slice(g, ci_slice(g, x, 0, 1, INT64_MAX, 1), 0, 0, INT64_MAX, 2), 1, -3, INT64_MAX, 1)); break;
    case VC_AMAX_PERMUTE: ci_output(g, ci_amax(g, ci_permute(g, x, 3, p120), 2, d02, 0)); break;
    case VC_X_PLUS_XT: ci_output(g, ci_add(g, x, ci_t(g, x))); break;
    default: ci_output(g, ci_sub(g, x, ci_mean(g, x, 1, &dl, 1))); break;
    }
}
static int r_vchain(const arr *in, arr *out, const tcase *c) {
    arr x = in[0];
    int64_t p201[3] = {2, 0, 1}, p120[3] = {1, 2, 0}, flat = -1, sh[3], d02[2] = {0, 2}, dl = -1;
    switch (c->kind) {
    case VC_SLICE_T: out[0] = ar_pw1(ar_slice(ar_transpose(x, 0, 1), 0, 1, 6, 2), x.dt, f_exp, c); break;
    case VC_SELECT_PERMUTE: out[0] = ar_pw1(ar_select(ar_permute(x, 3, p201), 1, -1), x.dt, f_add1, c); break;
    case VC_EXPAND_SLICE:
        sh[0] = 4; sh[1] = x.shape[0]; sh[2] = (x.shape[1] + 1) / 2;
        out[0] = ar_pw1(ar_expand(ar_slice(x, 1, 0, INT64_MAX, 2), 3, sh), x.dt, f_mul2, c);
        break;
    case VC_RESHAPE_SLICE: out[0] = ar_pw2(ar_reshape(ar_slice(x, 0, 0, INT64_MAX, 2), 1, &flat), in[1], x.dt, f_add, c); break;
    case VC_UNSQ_T: out[0] = ar_pw2(ar_unsqueeze(ar_transpose(x, 0, 1), 1), in[1], x.dt, f_add, c); break;
    case VC_SUM_EXPAND: sh[0] = 7; sh[1] = 5; out[0] = ar_red1(ar_expand(x, 2, sh), 0, 0, R_SUM, x.dt); break;
    case VC_T_T: out[0] = ar_pw2(x, in[1], x.dt, f_add, c); break;
    case VC_SLICE_SLICE: out[0] = ar_slice(ar_slice(ar_slice(x, 0, 1, INT64_MAX, 1), 0, 0, INT64_MAX, 2), 1, -3, INT64_MAX, 1); break;
    case VC_AMAX_PERMUTE: out[0] = ar_reduce(ar_permute(x, 3, p120), 2, d02, 0, R_MAX, x.dt); break;
    case VC_X_PLUS_XT: out[0] = ar_pw2(x, ar_transpose(x, 0, 1), x.dt, f_add, c); break;
    default: out[0] = ar_pw2(x, ar_reduce(x, 1, &dl, 1, R_MEAN, CI_F64), x.dt, f_sub, c); break;
    }
    return 1;
}
#define VCHAIN(k_, x) do { tcase c_ = mk1(vc_names[k_], x, b_vchain, r_vchain, x.dt); c_.kind = k_; \
    c_.atol = 1e-5; c_.rtol = 1e-5; RUN(c_); } while (0)
#define VCHAIN2(k_, x, y) do { tcase c_ = mk2(vc_names[k_], x, y, b_vchain, r_vchain, x.dt); c_.kind = k_; \
    c_.atol = 1e-5; c_.rtol = 1e-5; RUN(c_); } while (0)

CI_TEST(test_view_chains) {
    VCHAIN(VC_SLICE_T, S(CI_F32, "5,7"));
    VCHAIN(VC_SELECT_PERMUTE, S(CI_F32, "2,3,4"));
    VCHAIN(VC_SELECT_PERMUTE, S(CI_I64, "2,3,4"));
    VCHAIN(VC_EXPAND_SLICE, S(CI_F32, "3,7"));
    VCHAIN2(VC_RESHAPE_SLICE, S(CI_F32, "7,5"), S(CI_F32, "20"));
    VCHAIN2(VC_UNSQ_T, S(CI_F32, "3,4"), S(CI_F32, "5,3"));
    VCHAIN(VC_SUM_EXPAND, S(CI_F32, "1,5"));
    VCHAIN(VC_SUM_EXPAND, S(CI_I64, "5"));
    VCHAIN2(VC_T_T, S(CI_F32, "5,7"), S(CI_F32, "7"));
    VCHAIN(VC_SLICE_SLICE, S(CI_F32, "9,7"));
    VCHAIN(VC_AMAX_PERMUTE, S(CI_F32, "2,3,4"));
    VCHAIN(VC_X_PLUS_XT, S(CI_F32, "7,7"));
    VCHAIN(VC_X_PLUS_XT, S(CI_I32, "1,1"));
    VCHAIN(VC_MEAN_SUB, S(CI_F32, "7,1023"));
    VCHAIN(VC_MEAN_SUB, S(CI_F64, "7,5"));
}
/* ---- random chains of views: the same chain replayed on the graph and on the reference ---- */
enum { RV_PERMUTE, RV_TRANSPOSE, RV_SLICE, RV_SELECT, RV_UNSQUEEZE, RV_EXPAND, RV_RESHAPE, RV_SQUEEZE, RV_T, RV_COUNT };

/* appends to c->prog a random view op valid for SHAPE (updated); 0 when none was added */
static int rv_gen(tcase *c, int *nd, int64_t *shape) {
    ci_test_rng *r = rng();
    int op = (int)ci_test_rng_int(r, 0, RV_COUNT - 1), k, n = *nd;
    int64_t *p = c->prog + c->nprog;
    size_t ne = numel(n, shape);
    if (c->nprog > 80) return 0;
    p[0] = op;
    switch (op) {
    case RV_PERMUTE: {
        if (n < 2) return 0;
        for (k = 0; k < n; k++) p[2 + k] = k;
        for (k = n - 1; k > 0; k--) { int j = (int)ci_test_rng_int(r, 0, k); int64_t t = p[2 + j]; p[2 + j] = p[2 + k]; p[2 + k] = t; }
        {
            int64_t ns[CI_MAX_DIMS];
            for (k = 0; k < n; k++) ns[k] = shape[p[2 + k]];
            memcpy(shape, ns, sizeof(int64_t) * (size_t)n);
        }
        p[1] = n;
        c->nprog += 2 + n;
        return 1;
    }
    case RV_TRANSPOSE: case RV_T: {
        int64_t a, b, t;
        if (n < 2 || (op == RV_T && n != 2)) return 0;
        a = ci_test_rng_int(r, 0, n - 1); b = ci_test_rng_int(r, 0, n - 1);
        if (op == RV_T) { a = 0; b = 1; }
        t = shape[a]; shape[a] = shape[b]; shape[b] = t;
        p[1] = a - (ci_test_rng_next(r) >> 63 ? n : 0);   /* sometimes negative */
        p[2] = b;
        c->nprog += 3;
        return 1;
    }
    case RV_SLICE: {
        int64_t d, len, st, en, step;
        if (n < 1) return 0;
        d = ci_test_rng_int(r, 0, n - 1);
        len = shape[d];
        st = ci_test_rng_int(r, -len - 2, len + 2);
        en = ci_test_rng_int(r, -len - 2, len + 3);
        step = ci_test_rng_int(r, 1, 3);
        p[1] = d; p[2] = st; p[3] = en; p[4] = step;
        if (st < 0) st += len;
        if (en < 0) en += len;
        st = st < 0 ? 0 : st > len ? len : st;
        en = en < st ? st : en > len ? len : en;
        shape[d] = (en - st + step - 1) / step;
        c->nprog += 5;
        return 1;
    }
    case RV_SELECT: {
        int64_t d;
        if (n < 1) return 0;
        d = ci_test_rng_int(r, 0, n - 1);
        if (shape[d] == 0) return 0;
        p[1] = d;
        p[2] = ci_test_rng_int(r, -shape[d], shape[d] - 1);
        for (k = (int)d; k < n - 1; k++) shape[k] = shape[k + 1];
        *nd = n - 1;
        c->nprog += 3;
        return 1;
    }
    case RV_UNSQUEEZE: {
        int64_t d;
        if (n >= 5) return 0;
        d = ci_test_rng_int(r, 0, n);
        for (k = n; k > d; k--) shape[k] = shape[k - 1];
        shape[d] = 1;
        p[1] = d - (ci_test_rng_next(r) >> 63 ? n + 1 : 0);
        *nd = n + 1;
        c->nprog += 2;
        return 1;
    }
    case RV_EXPAND: {
        int lead = n < 4 && (ci_test_rng_next(r) >> 63);
        int64_t ns[CI_MAX_DIMS], actual[CI_MAX_DIMS];
        int m = n + lead;
        if (ne > 200) return 0;
        if (lead) ns[0] = actual[0] = ci_test_rng_int(r, 1, 3);   /* a new leading dim (-1 not allowed) */
        for (k = 0; k < n; k++) {
            if (shape[k] == 1) ns[k + lead] = actual[k + lead] = ci_test_rng_int(r, 1, 4);
            else { ns[k + lead] = ci_test_rng_next(r) >> 63 ? -1 : shape[k]; actual[k + lead] = shape[k]; }
        }
        p[1] = m;
        for (k = 0; k < m; k++) { p[2 + k] = ns[k]; shape[k] = actual[k]; }
        *nd = m;
        c->nprog += 2 + m;
        return 1;
    }
    case RV_RESHAPE: {
        int64_t a;
        if (ne == 0) return 0;
        if (ci_test_rng_next(r) >> 63) { p[1] = 1; p[2] = -1; shape[0] = (int64_t)ne; *nd = 1; c->nprog += 3; return 1; }
        for (a = ci_test_rng_int(r, 1, 6); a > 1 && ne % (size_t)a; a--) {}
        p[1] = 2; p[2] = a; p[3] = -1;
        shape[0] = a; shape[1] = (int64_t)ne / a; *nd = 2;
        c->nprog += 4;
        return 1;
    }
    default: {  /* squeeze all */
        int m = 0;
        for (k = 0; k < n; k++) if (shape[k] != 1) shape[m++] = shape[k];
        *nd = m;
        c->nprog += 1;
        return 1;
    }
    }
}

static void b_rview(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor y = t[0];
    int pc = 0, nd;
    int64_t last;
    while (pc < c->nprog) {
        const int64_t *p = c->prog + pc;
        switch ((int)p[0]) {
        case RV_PERMUTE: y = ci_permute(g, y, (int)p[1], p + 2); pc += 2 + (int)p[1]; break;
        case RV_TRANSPOSE: y = ci_transpose(g, y, p[1], p[2]); pc += 3; break;
        case RV_T: y = ci_t(g, y); pc += 3; break;
        case RV_SLICE: y = ci_slice(g, y, p[1], p[2], p[3], p[4]); pc += 5; break;
        case RV_SELECT: y = ci_select(g, y, p[1], p[2]); pc += 3; break;
        case RV_UNSQUEEZE: y = ci_unsqueeze(g, y, p[1]); pc += 2; break;
        case RV_EXPAND: y = ci_expand(g, y, (int)p[1], p + 2); pc += 2 + (int)p[1]; break;
        case RV_RESHAPE: y = ci_reshape(g, y, (int)p[1], p + 2); pc += 2 + (int)p[1]; break;
        default: y = ci_squeeze(g, y, CI_DIM_NONE); pc += 1; break;
        }
    }
    ci_output(g, ci_add(g, y, ci_scalar_int(g, 1)));
    {
        int64_t ys[CI_MAX_DIMS];
        nd = ci_tensor_shape(g, y, ys);
    }
    last = -1;
    ci_output(g, nd > 0 ? ci_sum(g, y, 1, &last, 0) : ci_sum(g, y, 0, NULL, 0));
}
static int r_rview(const arr *in, arr *out, const tcase *c) {
    arr y = in[0];
    int pc = 0;
    int64_t last = -1;
    while (pc < c->nprog) {
        const int64_t *p = c->prog + pc;
        switch ((int)p[0]) {
        case RV_PERMUTE: y = ar_permute(y, (int)p[1], p + 2); pc += 2 + (int)p[1]; break;
        case RV_TRANSPOSE: y = ar_transpose(y, p[1], p[2]); pc += 3; break;
        case RV_T: y = ar_transpose(y, 0, 1); pc += 3; break;
        case RV_SLICE: y = ar_slice(y, p[1], p[2], p[3], p[4]); pc += 5; break;
        case RV_SELECT: y = ar_select(y, p[1], p[2]); pc += 3; break;
        case RV_UNSQUEEZE: y = ar_unsqueeze(y, p[1]); pc += 2; break;
        case RV_EXPAND: y = ar_expand(y, (int)p[1], p + 2); pc += 2 + (int)p[1]; break;
        case RV_RESHAPE: y = ar_reshape(y, (int)p[1], p + 2); pc += 2 + (int)p[1]; break;
        default: y = ar_squeeze(y, CI_DIM_NONE); pc += 1; break;
        }
    }
    out[0] = ar_pw1(y, y.dt, f_add1, c);
    out[1] = y.ndim > 0 ? ar_reduce(y, 1, &last, 0, R_SUM, y.dt == CI_F32 ? CI_F32 : CI_I64)
                        : ar_reduce(y, 0, NULL, 0, R_SUM, y.dt == CI_F32 ? CI_F32 : CI_I64);
    return 2;
}

static void rv_describe(const tcase *c, char *buf, size_t sz) {
    static const char *nm[] = {"permute", "transpose", "slice", "select", "unsqueeze", "expand", "reshape", "squeeze", "t"};
    int pc = 0, k, nargs;
    size_t n;
    snprintf(buf, sz, "x");
    while (pc < c->nprog) {
        const int64_t *p = c->prog + pc;
        int op = (int)p[0];
        n = strlen(buf);
        snprintf(buf + n, sz - n, ".%s(", nm[op]);
        switch (op) {
        case RV_PERMUTE: case RV_EXPAND: case RV_RESHAPE: nargs = (int)p[1]; p++; pc += 2 + nargs; break;
        case RV_TRANSPOSE: nargs = 2; pc += 3; break;
        case RV_T: nargs = 0; pc += 3; break;
        case RV_SLICE: nargs = 4; pc += 5; break;
        case RV_SELECT: nargs = 2; pc += 3; break;
        case RV_UNSQUEEZE: nargs = 1; pc += 2; break;
        default: nargs = 0; pc += 1; break;
        }
        for (k = 0; k < nargs; k++) {
            n = strlen(buf);
            snprintf(buf + n, sz - n, "%s%lld", k ? "," : "", (long long)p[1 + k]);
        }
        n = strlen(buf);
        snprintf(buf + n, sz - n, ")");
    }
    n = strlen(buf);
    snprintf(buf + n, sz - n, " -> +1, sum(-1)");
}

CI_TEST(test_random_view_chains) {
    int iter;
    for (iter = 0; iter < 200; iter++) {
        ci_test_rng *r = rng();
        char name[700];
        tcase c;
        ispec x;
        int nd = (int)ci_test_rng_int(r, 1, 4), k, nops, tries;
        int64_t shape[CI_MAX_DIMS];
        x = S(iter % 3 == 2 ? CI_I32 : CI_F32, "");
        x.ndim = nd;
        for (k = 0; k < nd; k++) x.shape[k] = shape[k] = ci_test_rng_int(r, 1, 6);
        c = mk1("", x, b_rview, r_rview, x.dt);
        nops = (int)ci_test_rng_int(r, 1, 5);
        for (k = 0, tries = 0; k < nops && tries < 50; tries++) k += rv_gen(&c, &nd, shape);
        rv_describe(&c, name, sizeof name);
        c.name = name;
        c.atol = 1e-5; c.rtol = 1e-5;
        RUN(c);
    }
}

int main(int argc, char **argv) {
    ops_init(argc, argv, "test_ops_view_chains");
    CI_RUN(test_view_chains);
    CI_RUN(test_random_view_chains);
    return ci_test_done();
}
