/* random_graph.h - random valid .cig graphs over every op family, and a differential check of
   one graph (fused against unfused, TCC against the interpreter). Used by
   tests/test_random_graphs.c, whose --fuzz mode is `make fuzz-graphs`'s C side, and (through
   that binary's --emit) by tests/fuzz_graphs.py, which adds PyTorch as the reference.

   rg_generate(seed) writes a graph as .cig text: a few inputs (f32, f64, i64, i32, bool), then a
   chain of statements, each drawn from a family (pointwise, casts, reductions, scans, views,
   cat/stack, indexing, pooling, resampling, padding, scatters, extern kernels) and applied to
   values made earlier, so that pointwise producers feed every other family and the other way
   round. The generator tracks each value's dtype and shape and only writes calls PyTorch
   accepts: index tensors are constants drawn in range (sometimes passed through pointwise
   ops), scatters without accumulation write each element once, sizes stay small (valgrind
   runs the test). The same seed gives the same text everywhere. */
#ifndef RANDOM_GRAPH_H_INCLUDED
#define RANDOM_GRAPH_H_INCLUDED

#include "ci_test.h"

#define RG_MAXV 96
/* the first line of a graph whose inputs may be empty: there an op may refuse its input (as
   PyTorch does), and the check accepts a graph that all three programs refuse alike */
#define RG_EMPTY_TAG ", empty dims"
#define RG_MAXEL 1536 /* elements of one value, at most */

/* exact: the values are the inputs' own (copies, views, gathers, pads, max): an index of the
   maximum (argmax, max with indices, cummax) is then the same in any arithmetic; of a computed
   float, rounding can move it (f32 against double, PyTorch's formula against ours) */
typedef struct rg_val { ci_dtype dt; int nd; int64_t sh[CI_MAX_DIMS]; char name[12]; int exact; } rg_val;

typedef struct rg {
    ci_test_rng r;
    char *text;
    size_t len, cap;
    rg_val v[RG_MAXV];
    int n, ninput, nconst, ntmp;
    int empty;   /* inputs may have a dim of size 0 (one graph in 8) */
} rg;

static void rg_puts(rg *g, const char *s) {
    size_t k = strlen(s);
    if (g->len + k + 1 > g->cap) {
        size_t c = g->cap ? g->cap : 4096;
        char *t;
        while (c < g->len + k + 1) c *= 2;
        t = (char *)realloc(g->text, c);
        if (!t) return;
        g->text = t;
        g->cap = c;
    }
    memcpy(g->text + g->len, s, k + 1);
    g->len += k;
}
static void rg_printf(rg *g, const char *fmt, ...) {
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    rg_puts(g, buf);
}

/* (an empty range, met where a dim is 0, gives lo) */
static int64_t rg_int(rg *g, int64_t lo, int64_t hi) { return hi < lo ? lo : ci_test_rng_int(&g->r, lo, hi); }
static int rg_chance(rg *g, int pct) { return rg_int(g, 0, 99) < pct; }
static int64_t rg_numel(int nd, const int64_t *sh) {
    int64_t n = 1;
    int d;
    for (d = 0; d < nd; d++) n *= sh[d];
    return n;
}
static int rg_isfloat(ci_dtype dt) { return dt == CI_F32 || dt == CI_F64; }
static const char *rg_dtn(ci_dtype dt) { return ci_dtype_name(dt); }

/* "[2, 3]" */
static const char *rg_shape_str(int nd, const int64_t *sh, char *buf, size_t bufsz) {
    size_t k = 0;
    int d;
    k += (size_t)snprintf(buf + k, bufsz - k, "[");
    for (d = 0; d < nd && k < bufsz; d++) k += (size_t)snprintf(buf + k, bufsz - k, "%s%lld", d ? ", " : "", (long long)sh[d]);
    if (k < bufsz) snprintf(buf + k, bufsz - k, "]");
    return buf;
}
static const char *rg_ints(int n, const int64_t *v, char *buf, size_t bufsz) { return rg_shape_str(n, v, buf, bufsz); }

/* a new value: NAME, dtype and shape recorded; returns its index (-1 when the pool is full) */
static int rg_new(rg *g, const char *prefix, ci_dtype dt, int nd, const int64_t *sh) {
    rg_val *v;
    if (g->n >= RG_MAXV) return -1;
    v = &g->v[g->n];
    v->dt = dt;
    v->nd = nd;
    v->exact = prefix[0] != 't';
    if (nd) memcpy(v->sh, sh, (size_t)nd * sizeof *sh);
    if (!strcmp(prefix, "x")) snprintf(v->name, sizeof v->name, "x%d", g->ninput++);
    else if (!strcmp(prefix, "c")) snprintf(v->name, sizeof v->name, "c%d", g->nconst++);
    else snprintf(v->name, sizeof v->name, "t%d", g->ntmp++);
    return g->n++;
}
static int rg_input(rg *g, ci_dtype dt, int nd, const int64_t *sh) {
    char b[96];
    int i = rg_new(g, "x", dt, nd, sh);
    if (i >= 0) rg_printf(g, "input %s: %s%s\n", g->v[i].name, rg_dtn(dt), rg_shape_str(nd, sh, b, sizeof b));
    return i;
}
/* an input that, in a graph of empty dims, may have one (the caller reads its shape back) */
static int rg_input_e(rg *g, ci_dtype dt, int nd, const int64_t *sh0) {
    int64_t sh[CI_MAX_DIMS];
    if (nd) memcpy(sh, sh0, (size_t)nd * sizeof *sh);
    if (g->empty && nd && rg_chance(g, 30)) sh[rg_int(g, 0, nd - 1)] = 0;
    return rg_input(g, dt, nd, sh);
}
/* "tK = " for a new value of dtype DT and shape SH; the caller writes the call */
static int rg_def(rg *g, ci_dtype dt, int nd, const int64_t *sh) {
    int i = rg_new(g, "t", dt, nd, sh);
    if (i >= 0) rg_printf(g, "%s = ", g->v[i].name);
    return i;
}
#define RG_N(i) (g->v[i].name)

/* a random value satisfying ok(); -1 when none does */
typedef int (*rg_pred)(const rg_val *v);
static int rg_pick(rg *g, rg_pred ok) {
    int cand[RG_MAXV], n = 0, i;
    for (i = 0; i < g->n; i++)
        if (!ok || ok(&g->v[i])) cand[n++] = i;
    if (!n) return -1;
    /* mostly one of the last few: chains grow deep, producers meet their consumers */
    return rg_chance(g, 60) ? cand[rg_int(g, n > 3 ? n - 3 : 0, n - 1)] : cand[rg_int(g, 0, n - 1)];
}
static int rg_any(const rg_val *v) { return v->nd >= 0; }
static int rg_num(const rg_val *v) { return v->dt != CI_BOOL; }
static int rg_float4(const rg_val *v) { return rg_isfloat(v->dt) && v->nd == 4; }
static int rg_float2(const rg_val *v) { return rg_isfloat(v->dt) && v->nd == 2; }
static int rg_float3(const rg_val *v) { return rg_isfloat(v->dt) && v->nd == 3; }
static int rg_ranked(const rg_val *v) { return v->nd >= 1; }
static int rg_ranked_num(const rg_val *v) { return v->nd >= 1 && v->dt != CI_BOOL; }
static int rg_bool(const rg_val *v) { return v->dt == CI_BOOL; }
static int rg_tiesafe(const rg_val *v) { return !rg_isfloat(v->dt) || v->exact; }
static void rg_keep_exact(rg *g, int t, int a) { if (t >= 0 && a >= 0) g->v[t].exact = g->v[a].exact; }

/* an index constant of shape SH with values in [0, hi); DISTINCT_DIM >= 0: along that dim the
   values of each line are distinct (a prefix of a permutation; the dim's size <= hi). Sometimes
   passed through pointwise ops (x + k*hi) % hi, which gives the same values computed. */
static int rg_index(rg *g, int nd, const int64_t *sh, int64_t hi, int distinct_dim) {
    char b[96];
    int64_t n = rg_numel(nd, sh), i, k, stride = 1, len;
    int64_t *vals;
    int c, d;
    if (hi <= 0 || n == 0) return -1; /* (no valid index, or an empty one: not written) */
    vals = (int64_t *)malloc((size_t)n * sizeof(int64_t));
    for (i = 0; i < n; i++) vals[i] = rg_int(g, 0, hi - 1);
    if (distinct_dim >= 0) {
        int64_t *perm = (int64_t *)malloc((size_t)hi * sizeof(int64_t));
        for (d = distinct_dim + 1; d < nd; d++) stride *= sh[d];
        len = sh[distinct_dim];
        for (i = 0; i < n; i++) {
            int64_t outer = i / (stride * len), inner = i % stride;
            if ((i / stride) % len) continue; /* the first element of each line fills it */
            for (k = 0; k < hi; k++) perm[k] = k;
            for (k = 0; k < len; k++) {
                int64_t j = rg_int(g, k, hi - 1), t = perm[k];
                perm[k] = perm[j];
                perm[j] = t;
                vals[outer * stride * len + k * stride + inner] = perm[k];
            }
        }
        free(perm);
    }
    c = rg_new(g, "c", CI_I64, nd, sh);
    if (c < 0) { free(vals); return -1; }
    rg_printf(g, "const %s: i64%s = ", RG_N(c), rg_shape_str(nd, sh, b, sizeof b));
    /* nested lists: an opening bracket where an index starts a dim, a closing one where it ends */
    if (nd == 0) rg_printf(g, "%lld", (long long)vals[0]);
    for (i = 0; i < n; i++) {
        int64_t rem = i, s = 1;
        for (d = nd - 1; d >= 0; d--) { s *= sh[d]; if (i % s == 0) rg_puts(g, "["); }
        rg_printf(g, "%s%lld", i % sh[nd - 1] ? ", " : "", (long long)vals[i]);
        s = 1;
        for (d = nd - 1; d >= 0; d--) {
            s *= sh[d];
            if ((rem + 1) % s == 0) rg_puts(g, "]");
        }
        if (i + 1 < n && (i + 1) % sh[nd - 1] == 0) rg_puts(g, ", ");
    }
    rg_puts(g, "\n");
    free(vals);
    if (rg_chance(g, 40)) {
        int a = rg_def(g, CI_I64, nd, sh), b2;
        rg_printf(g, "aten.add.Tensor(%s, %lld)\n", RG_N(c), (long long)(hi * rg_int(g, 1, 3)));
        b2 = rg_def(g, CI_I64, nd, sh);
        rg_printf(g, "aten.remainder.Scalar(%s, %lld)\n", RG_N(a), (long long)hi);
        return b2;
    }
    return c;
}

/* ---- the families: each writes one or a few statements, or returns 0 when its operands are
   not there (the caller then draws another) ---- */

static int rg_unary(rg *g) {
    static const char *fl[] = {"relu", "sigmoid", "tanh", "abs", "neg", "sin", "exp", "silu", "square", "floor", "hardtanh"};
    static const char *in[] = {"neg", "abs", "relu", "square"};
    int a = rg_pick(g, rg_any), t;
    rg_val *v;
    if (a < 0) return 0;
    v = &g->v[a];
    if (rg_isfloat(v->dt)) {
        const char *op = fl[rg_int(g, 0, (int64_t)(sizeof fl / sizeof fl[0]) - 1)];
        if (!strcmp(op, "exp")) { /* bounded first: exp of a large value is inf */
            t = rg_def(g, v->dt, v->nd, v->sh);
            rg_printf(g, "aten.tanh.default(%s)\n", RG_N(a));
            a = t;
        }
        t = rg_def(g, g->v[a].dt, g->v[a].nd, g->v[a].sh);
        rg_printf(g, "aten.%s.default(%s)\n", op, RG_N(a));
        if (!strcmp(op, "relu") || !strcmp(op, "abs") || !strcmp(op, "neg") || !strcmp(op, "floor")) rg_keep_exact(g, t, a);
    } else if (v->dt == CI_BOOL) {
        t = rg_def(g, CI_BOOL, v->nd, v->sh);
        rg_printf(g, "aten.logical_not.default(%s)\n", RG_N(a));
    } else {
        int k = (int)rg_int(g, 0, 5);
        t = rg_def(g, v->dt, v->nd, v->sh);
        if (k < 4) rg_printf(g, "aten.%s.default(%s)\n", in[k], RG_N(a));
        else if (k == 4) rg_printf(g, "aten.mul.Tensor(%s, %d)\n", RG_N(a), (int)rg_int(g, -3, 3));
        else rg_printf(g, "aten.remainder.Scalar(%s, %d)\n", RG_N(a), (int)rg_int(g, 1, 7));
    }
    return t >= 0;
}

static int rg_scalar_op(rg *g) {
    int a = rg_pick(g, rg_num), t;
    rg_val *v;
    if (a < 0) return 0;
    v = &g->v[a];
    t = rg_def(g, v->dt, v->nd, v->sh);
    switch (rg_int(g, 0, 2)) {
    case 0: rg_printf(g, "aten.add.Tensor(%s, %d)\n", RG_N(a), (int)rg_int(g, -2, 2)); break;
    case 1: rg_printf(g, "aten.mul.Tensor(%s, %d)\n", RG_N(a), (int)rg_int(g, -2, 2)); break;
    default: rg_printf(g, "aten.sub.Tensor(%s, %d, alpha=2)\n", RG_N(a), (int)rg_int(g, -2, 2)); break;
    }
    return t >= 0;
}

/* B broadcasts with A (trailing dims equal or 1) */
static int rg_bcast(const rg_val *a, const rg_val *b, int *nd, int64_t *sh) {
    int n = a->nd > b->nd ? a->nd : b->nd, d;
    for (d = 0; d < n; d++) {
        int ia = a->nd - n + d, ib = b->nd - n + d;
        int64_t x = ia >= 0 ? a->sh[ia] : 1, y = ib >= 0 ? b->sh[ib] : 1;
        if (x != y && x != 1 && y != 1) return 0;
        sh[d] = x == 1 ? y : x;
    }
    *nd = n;
    return 1;
}
static ci_dtype rg_promote(ci_dtype a, ci_dtype b) {
    if (a == CI_F64 || b == CI_F64) return CI_F64;
    if (a == CI_F32 || b == CI_F32) return CI_F32;
    if (a == CI_I64 || b == CI_I64) return CI_I64;
    return a;
}

static int rg_binary(rg *g) {
    int a = rg_pick(g, rg_any), b = -1, tries, nd, t;
    int64_t sh[CI_MAX_DIMS];
    rg_val *va, *vb;
    if (a < 0) return 0;
    for (tries = 0; tries < 12; tries++) {
        int c = rg_pick(g, rg_any);
        if (rg_bcast(&g->v[a], &g->v[c], &nd, sh) && rg_numel(nd, sh) <= RG_MAXEL) { b = c; break; }
    }
    if (b < 0) return 0;
    va = &g->v[a];
    vb = &g->v[b];
    if (va->dt == CI_BOOL && vb->dt == CI_BOOL) {
        t = rg_def(g, CI_BOOL, nd, sh);
        rg_printf(g, "aten.logical_%s.default(%s, %s)\n", rg_chance(g, 50) ? "and" : "or", RG_N(a), RG_N(b));
        return t >= 0;
    }
    if (rg_chance(g, 15)) { /* a comparison of an input or a relu'd value: no float rounding near the edge */
        static const char *cmp[] = {"gt", "lt", "ge", "eq"};
        if (va->name[0] == 'x' && vb->name[0] == 'x') {
            t = rg_def(g, CI_BOOL, nd, sh);
            rg_printf(g, "aten.%s.Tensor(%s, %s)\n", cmp[rg_int(g, 0, 3)], RG_N(a), RG_N(b));
            return t >= 0;
        }
    }
    if (rg_chance(g, 20) && va->dt == vb->dt) { /* where(cond, a, b) with a bool condition from the pool */
        int c = rg_pick(g, rg_bool), nd2;
        int64_t sh2[CI_MAX_DIMS];
        rg_val tmp;
        tmp.nd = nd;
        memcpy(tmp.sh, sh, sizeof sh);
        if (c < 0 || !rg_bcast(&tmp, &g->v[c], &nd2, sh2)) c = rg_input(g, CI_BOOL, nd, sh); /* (a new condition) */
        if (c >= 0 && rg_bcast(&tmp, &g->v[c], &nd2, sh2) && rg_numel(nd2, sh2) <= RG_MAXEL) {
            /* (a and b of one dtype: PyTorch 1.13's where does not promote) */
            t = rg_def(g, va->dt, nd2, sh2);
            rg_printf(g, "aten.where.self(%s, %s, %s)\n", RG_N(c), RG_N(a), RG_N(b));
            return t >= 0;
        }
    }
    {
        static const char *ops[] = {"add.Tensor", "mul.Tensor", "sub.Tensor", "maximum.default", "minimum.default"};
        int k = (int)rg_int(g, 0, 4);
        ci_dtype dt;
        if (va->dt == CI_BOOL || vb->dt == CI_BOOL) { /* sub of bools is refused; other ops promote */
            if (k == 2) k = 0;
        }
        dt = rg_promote(va->dt, vb->dt);
        if (va->dt == CI_BOOL && vb->dt != CI_BOOL) dt = vb->dt;
        if (vb->dt == CI_BOOL && va->dt != CI_BOOL) dt = va->dt;
        t = rg_def(g, dt, nd, sh);
        rg_printf(g, "aten.%s(%s, %s)\n", ops[k], RG_N(a), RG_N(b));
        return t >= 0;
    }
}

static int rg_cast(rg *g) {
    static const ci_dtype dts[] = {CI_F32, CI_F64, CI_I64, CI_BOOL, CI_I32};
    int a = rg_pick(g, rg_any), t;
    ci_dtype dt = dts[rg_int(g, 0, 4)];
    if (a < 0) return 0;
    /* a float made by arithmetic, cast to an integer, may land either side of an integer in f32
       and in double (the interpreter's f32): round it first, far from the edge, by floor(x*4) */
    if (rg_isfloat(g->v[a].dt) && !rg_isfloat(dt) && g->v[a].name[0] != 'x') {
        if (dt == CI_BOOL) return 0;
        t = rg_def(g, g->v[a].dt, g->v[a].nd, g->v[a].sh);
        rg_printf(g, "aten.mul.Tensor(%s, 4)\n", RG_N(a));
        a = rg_def(g, g->v[t].dt, g->v[t].nd, g->v[t].sh);
        rg_printf(g, "aten.round.default(%s)\n", RG_N(t));
    }
    t = rg_def(g, dt, g->v[a].nd, g->v[a].sh);
    rg_printf(g, "aten._to_copy.default(%s, dtype=%s)\n", RG_N(a), rg_dtn(dt));
    return t >= 0;
}

static int rg_reduction(rg *g) {
    int a = rg_pick(g, rg_ranked), t, d, keep = rg_chance(g, 50), nd, k;
    int64_t sh[CI_MAX_DIMS];
    rg_val *v;
    if (a < 0) return 0;
    v = &g->v[a];
    d = (int)rg_int(g, 0, v->nd - 1);
    for (k = 0, nd = 0; k < v->nd; k++) {
        if (k == d) { if (keep) sh[nd++] = 1; }
        else sh[nd++] = v->sh[k];
    }
    k = (int)rg_int(g, 0, 5);
    if (v->dt == CI_BOOL) {
        t = rg_def(g, CI_BOOL, nd, sh);
        rg_printf(g, "aten.%s.dim(%s, %d, %s)\n", k & 1 ? "any" : "all", RG_N(a), d, keep ? "True" : "False");
    } else if (k == 0) {
        t = rg_def(g, v->dt == CI_I32 ? CI_I64 : v->dt, nd, sh); /* (integers sum in int64) */
        rg_printf(g, "aten.sum.dim_IntList(%s, [%d], %s)\n", RG_N(a), d, keep ? "True" : "False");
    } else if (k == 1 && rg_isfloat(v->dt)) {
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.mean.dim(%s, [%d], %s)\n", RG_N(a), d, keep ? "True" : "False");
    } else if (k == 2 && rg_tiesafe(v)) {
        t = rg_def(g, CI_I64, nd, sh);
        rg_printf(g, "aten.argmax.default(%s, %d, %s)\n", RG_N(a), d, keep ? "True" : "False");
    } else if (k == 3 && rg_tiesafe(v)) {
        int t2;
        t = rg_new(g, "t", v->dt, nd, sh);
        t2 = rg_new(g, "t", CI_I64, nd, sh);
        if (t < 0 || t2 < 0) return 0;
        rg_printf(g, "%s, %s = aten.max.dim(%s, %d, %s)\n", RG_N(t), RG_N(t2), RG_N(a), d, keep ? "True" : "False");
    } else {
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.%s.default(%s, [%d], %s)\n", k == 4 ? "amax" : "amin", RG_N(a), d, keep ? "True" : "False");
    }
    return t >= 0;
}

static int rg_scan(rg *g) {
    int a = rg_pick(g, rg_ranked_num), t, d;
    rg_val *v;
    if (a < 0) return 0;
    v = &g->v[a];
    d = (int)rg_int(g, 0, v->nd - 1);
    if (rg_chance(g, 70) || !rg_tiesafe(v)) {
        t = rg_def(g, v->dt == CI_I32 ? CI_I64 : v->dt, v->nd, v->sh);
        rg_printf(g, "aten.cumsum.default(%s, %d)\n", RG_N(a), d);
    } else {
        int t2;
        t = rg_new(g, "t", v->dt, v->nd, v->sh);
        t2 = rg_new(g, "t", CI_I64, v->nd, v->sh);
        if (t < 0 || t2 < 0) return 0;
        rg_printf(g, "%s, %s = aten.cummax.default(%s, %d)\n", RG_N(t), RG_N(t2), RG_N(a), d);
    }
    return t >= 0;
}

static int rg_view(rg *g) {
    int a = rg_pick(g, rg_ranked), t = -1, d, k, nd;
    int64_t sh[CI_MAX_DIMS], p[CI_MAX_DIMS];
    char b[96];
    rg_val *v;
    if (a < 0) return 0;
    v = &g->v[a];
    nd = v->nd;
    memcpy(sh, v->sh, sizeof sh);
    d = (int)rg_int(g, 0, nd - 1);
    switch (rg_int(g, 0, 9)) {
    case 0: /* permute */
        for (k = 0; k < nd; k++) p[k] = k;
        for (k = nd - 1; k > 0; k--) { int64_t j = rg_int(g, 0, k), x = p[k]; p[k] = p[j]; p[j] = x; }
        for (k = 0; k < nd; k++) sh[k] = v->sh[p[k]];
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.permute.default(%s, %s)\n", RG_N(a), rg_ints(nd, p, b, sizeof b));
        break;
    case 1: { /* transpose */
        int e = (int)rg_int(g, 0, nd - 1);
        sh[d] = v->sh[e];
        sh[e] = v->sh[d];
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.transpose.int(%s, %d, %d)\n", RG_N(a), d, e);
        break;
    }
    case 2: { /* slice with a step */
        int64_t s0 = rg_int(g, 0, v->sh[d] - 1), e0 = rg_int(g, s0 + 1, v->sh[d]), st = rg_int(g, 1, 2);
        sh[d] = (e0 - s0 + st - 1) / st;
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.slice.Tensor(%s, %d, %lld, %lld, %lld)\n", RG_N(a), d, (long long)s0, (long long)e0, (long long)st);
        break;
    }
    case 3: { /* select */
        int64_t i = rg_int(g, -v->sh[d], v->sh[d] - 1);
        for (k = d; k + 1 < nd; k++) sh[k] = sh[k + 1];
        t = rg_def(g, v->dt, nd - 1, sh);
        rg_printf(g, "aten.select.int(%s, %d, %lld)\n", RG_N(a), d, (long long)i);
        break;
    }
    case 4: { /* expand a size-1 dim, or a new leading one */
        int64_t by = rg_int(g, 2, 3);
        if (v->sh[d] == 1) sh[d] = by;
        else if (nd < 6) { for (k = nd; k > 0; k--) sh[k] = sh[k - 1]; sh[0] = by; nd++; }
        if (rg_numel(nd, sh) > RG_MAXEL) return 0;
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.expand.default(%s, %s)\n", RG_N(a), rg_ints(nd, sh, b, sizeof b));
        break;
    }
    case 5: { /* reshape: merge two neighbours, or split one */
        if (nd >= 2 && rg_chance(g, 50)) {
            if (d == nd - 1) d--;
            sh[d] *= sh[d + 1];
            for (k = d + 1; k + 1 < nd; k++) sh[k] = sh[k + 1];
            nd--;
        } else if (nd < 6 && sh[d] % 2 == 0) {
            for (k = nd; k > d + 1; k--) sh[k] = sh[k - 1];
            sh[d + 1] = 2;
            sh[d] /= 2;
            nd++;
        } else return 0;
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.reshape.default(%s, %s)\n", RG_N(a), rg_ints(nd, sh, b, sizeof b));
        break;
    }
    case 6: /* unsqueeze */
        if (nd >= 6) return 0;
        k = (int)rg_int(g, 0, nd);
        memmove(sh + k + 1, sh + k, (size_t)(nd - k) * sizeof *sh);
        sh[k] = 1;
        t = rg_def(g, v->dt, nd + 1, sh);
        rg_printf(g, "aten.unsqueeze.default(%s, %d)\n", RG_N(a), k);
        break;
    case 7: { /* narrow */
        int64_t s0 = rg_int(g, 0, v->sh[d] - 1), len = rg_int(g, 1, v->sh[d] - s0);
        sh[d] = len;
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.narrow.default(%s, %d, %lld, %lld)\n", RG_N(a), d, (long long)s0, (long long)len);
        break;
    }
    case 8: /* flip */
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.flip.default(%s, [%d])\n", RG_N(a), d);
        break;
    default: /* squeeze a size-1 dim */
        if (sh[d] != 1) return 0;
        for (k = d; k + 1 < nd; k++) sh[k] = sh[k + 1];
        t = rg_def(g, v->dt, nd - 1, sh);
        rg_printf(g, "aten.squeeze.dim(%s, %d)\n", RG_N(a), d);
        break;
    }
    rg_keep_exact(g, t, a);
    return t >= 0;
}

static int rg_same_shape(const rg_val *a, const rg_val *b, int except) {
    int d;
    if (a->nd != b->nd) return 0;
    for (d = 0; d < a->nd; d++)
        if (d != except && a->sh[d] != b->sh[d]) return 0;
    return 1;
}
static int rg_cat(rg *g) {
    int a = rg_pick(g, rg_ranked), parts[3], np = 1, i, d, t;
    /* (t's exact starts at 1 below and takes each part's) */
    int64_t sh[CI_MAX_DIMS];
    rg_val *v;
    int stack = rg_chance(g, 30);
    if (a < 0) return 0;
    v = &g->v[a];
    d = (int)rg_int(g, 0, v->nd - 1);
    parts[0] = a;
    for (i = 0; i < g->n && np < 3; i++) {
        int c = (int)rg_int(g, 0, g->n - 1);
        if (g->v[c].dt == v->dt && rg_same_shape(v, &g->v[c], stack ? -1 : d)) parts[np++] = c;
    }
    if (np == 1) parts[np++] = a;
    memcpy(sh, v->sh, sizeof sh);
    if (stack) {
        memmove(sh + d + 1, sh + d, (size_t)(v->nd - d) * sizeof *sh);
        sh[d] = np;
        if (rg_numel(v->nd + 1, sh) > RG_MAXEL) return 0;
        t = rg_def(g, v->dt, v->nd + 1, sh);
    } else {
        sh[d] = 0;
        for (i = 0; i < np; i++) sh[d] += g->v[parts[i]].sh[d];
        if (rg_numel(v->nd, sh) > RG_MAXEL) return 0;
        t = rg_def(g, v->dt, v->nd, sh);
    }
    if (t < 0) return 0;
    g->v[t].exact = 1;
    rg_printf(g, "aten.%s([", stack ? "stack.default" : "cat.default");
    for (i = 0; i < np; i++) rg_printf(g, "%s%s", i ? ", " : "", RG_N(parts[i]));
    rg_printf(g, "], %d)\n", d);
    for (i = 0; i < np; i++) g->v[t].exact &= g->v[parts[i]].exact;
    return 1;
}

static int rg_indexing(rg *g) {
    int a = rg_pick(g, rg_ranked), t = -1, d, k, ix;
    int64_t sh[CI_MAX_DIMS], ish[CI_MAX_DIMS];
    char b[96];
    rg_val *v;
    if (a < 0) return 0;
    v = &g->v[a];
    d = (int)rg_int(g, 0, v->nd - 1);
    memcpy(sh, v->sh, sizeof sh);
    switch (rg_int(g, 0, 3)) {
    case 0: /* index_select */
        ish[0] = rg_int(g, 1, 5);
        ix = rg_index(g, 1, ish, v->sh[d], -1);
        sh[d] = ish[0];
        if (ix < 0 || rg_numel(v->nd, sh) > RG_MAXEL) return 0;
        t = rg_def(g, v->dt, v->nd, sh);
        rg_printf(g, "aten.index_select.default(%s, %d, %s)\n", RG_N(a), d, RG_N(ix));
        break;
    case 1: /* gather: the index no larger than self on the other dims */
        for (k = 0; k < v->nd; k++) ish[k] = k == d ? rg_int(g, 1, 4) : rg_int(g, 1, v->sh[k]);
        ix = rg_index(g, v->nd, ish, v->sh[d], -1);
        if (ix < 0) return 0;
        t = rg_def(g, v->dt, v->nd, ish);
        rg_printf(g, "aten.gather.default(%s, %d, %s)\n", RG_N(a), d, RG_N(ix));
        break;
    case 2: { /* embedding: a 2-d weight */
        int w = rg_pick(g, rg_float2), ind;
        if (w < 0) return 0;
        ind = (int)rg_int(g, 1, 2);
        for (k = 0; k < ind; k++) ish[k] = rg_int(g, 1, 4);
        ix = rg_index(g, ind, ish, g->v[w].sh[0], -1);
        if (ix < 0) return 0;
        ish[ind] = g->v[w].sh[1];
        t = rg_def(g, g->v[w].dt, ind + 1, ish);
        rg_printf(g, "aten.embedding.default(%s, %s)\n", RG_N(w), RG_N(ix));
        a = w;
        break;
    }
    default: { /* index.Tensor: one index tensor at dim d (None before it) */
        int ind = (int)rg_int(g, 1, 2), nd = 0;
        for (k = 0; k < ind; k++) ish[k] = rg_int(g, 1, 3);
        ix = rg_index(g, ind, ish, v->sh[d], -1);
        if (ix < 0) return 0;
        for (k = 0; k < d; k++) sh[nd++] = v->sh[k];
        for (k = 0; k < ind; k++) sh[nd++] = ish[k];
        for (k = d + 1; k < v->nd; k++) sh[nd++] = v->sh[k];
        if (nd > 6 || rg_numel(nd, sh) > RG_MAXEL) return 0;
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.index.Tensor(%s, [", RG_N(a));
        for (k = 0; k < d; k++) rg_puts(g, "None, ");
        rg_printf(g, "%s])\n", RG_N(ix));
        break;
    }
    }
    (void)b;
    if (t >= 0) g->v[t].exact = g->v[a].exact;
    return t >= 0;
}

/* a 4-d float value: one from the pool, or a new input */
static int rg_image(rg *g) {
    int a = rg_pick(g, rg_float4);
    if (a < 0 || rg_chance(g, 15)) {
        int64_t sh[4];
        sh[0] = rg_int(g, 1, 2); sh[1] = rg_int(g, 1, 3); sh[2] = rg_int(g, 1, 7); sh[3] = rg_int(g, 1, 7);
        a = rg_input_e(g, rg_chance(g, 80) ? CI_F32 : CI_F64, 4, sh);
    }
    return a;
}

static int rg_pool(rg *g) {
    int a = rg_image(g), t, k;
    int64_t sh[4], ks[2], st[2], pd[2];
    char b1[32], b2[32], b3[32];
    rg_val *v;
    if (a < 0) return 0;
    v = &g->v[a];
    memcpy(sh, v->sh, sizeof sh);
    switch (rg_int(g, 0, 3)) {
    case 0: case 1: { /* max_pool2d / avg_pool2d, floor mode */
        int mx = rg_chance(g, 50);
        for (k = 0; k < 2; k++) {
            ks[k] = rg_int(g, 1, 3);
            st[k] = rg_int(g, 1, 2);
            pd[k] = rg_int(g, 0, ks[k] / 2);
            sh[2 + k] = (v->sh[2 + k] + 2 * pd[k] - ks[k]) / st[k] + 1;
            if (v->sh[2 + k] + 2 * pd[k] < ks[k]) return 0;
        }
        if (mx && rg_chance(g, 50) && rg_tiesafe(v)) {
            int t2;
            t = rg_new(g, "t", v->dt, 4, sh);
            t2 = rg_new(g, "t", CI_I64, 4, sh);
            if (t < 0 || t2 < 0) return 0;
            rg_printf(g, "%s, %s = aten.max_pool2d_with_indices.default(%s, %s, %s, %s)\n", RG_N(t), RG_N(t2), RG_N(a),
                      rg_ints(2, ks, b1, sizeof b1), rg_ints(2, st, b2, sizeof b2), rg_ints(2, pd, b3, sizeof b3));
            return 1;
        }
        t = rg_def(g, v->dt, 4, sh);
        rg_printf(g, "aten.%s.default(%s, %s, %s, %s)\n", mx ? "max_pool2d" : "avg_pool2d", RG_N(a), rg_ints(2, ks, b1, sizeof b1),
                  rg_ints(2, st, b2, sizeof b2), rg_ints(2, pd, b3, sizeof b3));
        return t >= 0;
    }
    default: { /* adaptive average / max */
        int mx = rg_chance(g, 50);
        sh[2] = rg_int(g, 1, 4); sh[3] = rg_int(g, 1, 4);
        if (mx && rg_tiesafe(v)) {
            int t2;
            t = rg_new(g, "t", v->dt, 4, sh);
            t2 = rg_new(g, "t", CI_I64, 4, sh);
            if (t < 0 || t2 < 0) return 0;
            rg_printf(g, "%s, %s = aten.adaptive_max_pool2d.default(%s, %s)\n", RG_N(t), RG_N(t2), RG_N(a), rg_ints(2, sh + 2, b1, sizeof b1));
            return 1;
        }
        t = rg_def(g, v->dt, 4, sh);
        rg_printf(g, "aten._adaptive_avg_pool2d.default(%s, %s)\n", RG_N(a), rg_ints(2, sh + 2, b1, sizeof b1));
        return t >= 0;
    }
    }
}

static int rg_resample(rg *g) {
    int a = rg_image(g), t;
    int64_t sh[4];
    char b1[32];
    rg_val *v;
    if (a < 0) return 0;
    v = &g->v[a];
    memcpy(sh, v->sh, sizeof sh);
    sh[2] = rg_int(g, 1, 2 * v->sh[2] + 1);
    sh[3] = rg_int(g, 1, 2 * v->sh[3] + 1);
    if (rg_numel(4, sh) > RG_MAXEL) return 0;
    t = rg_def(g, v->dt, 4, sh);
    if (rg_chance(g, 50)) rg_printf(g, "aten.upsample_nearest2d.default(%s, %s)\n", RG_N(a), rg_ints(2, sh + 2, b1, sizeof b1));
    else rg_printf(g, "aten.upsample_bilinear2d.default(%s, %s, %s)\n", RG_N(a), rg_ints(2, sh + 2, b1, sizeof b1), rg_chance(g, 50) ? "True" : "False");
    return t >= 0;
}

static int rg_pad(rg *g) {
    int t, k;
    int64_t sh[CI_MAX_DIMS], pads[4];
    char b1[64];
    if (rg_chance(g, 50)) { /* constant_pad_nd on any value: the last one or two dims, pads may be negative */
        int a = rg_pick(g, rg_ranked), nk;
        rg_val *v;
        if (a < 0) return 0;
        v = &g->v[a];
        memcpy(sh, v->sh, sizeof sh);
        nk = v->nd >= 2 && rg_chance(g, 50) ? 2 : 1;
        for (k = 0; k < nk; k++) {
            int dim = v->nd - 1 - k;
            pads[2 * k] = rg_int(g, -1, 2);
            pads[2 * k + 1] = rg_int(g, -1, 2);
            sh[dim] += pads[2 * k] + pads[2 * k + 1];
            if (sh[dim] < 1 || -pads[2 * k] >= v->sh[dim] || -pads[2 * k + 1] >= v->sh[dim]) return 0;
        }
        if (rg_numel(v->nd, sh) > RG_MAXEL) return 0;
        t = rg_def(g, v->dt, v->nd, sh);
        if (v->dt == CI_BOOL) rg_printf(g, "aten.constant_pad_nd.default(%s, %s, True)\n", RG_N(a), rg_ints(2 * nk, pads, b1, sizeof b1));
        else rg_printf(g, "aten.constant_pad_nd.default(%s, %s, %d)\n", RG_N(a), rg_ints(2 * nk, pads, b1, sizeof b1), (int)rg_int(g, -2, 2));
        rg_keep_exact(g, t, a);
        return t >= 0;
    } else { /* reflection (pad < size) or replication on an image */
        int a = rg_image(g), refl = rg_chance(g, 50);
        rg_val *v;
        if (a < 0) return 0;
        v = &g->v[a];
        memcpy(sh, v->sh, sizeof sh);
        for (k = 0; k < 4; k++) {
            int dim = 3 - k / 2;
            pads[k] = rg_int(g, 0, refl ? v->sh[dim] - 1 : 2);
            if (pads[k] > 2) pads[k] = 2;
            sh[dim] += pads[k];
        }
        if (rg_numel(4, sh) > RG_MAXEL) return 0;
        t = rg_def(g, v->dt, 4, sh);
        rg_printf(g, "aten.%s.default(%s, %s)\n", refl ? "reflection_pad2d" : "replication_pad2d", RG_N(a), rg_ints(4, pads, b1, sizeof b1));
        rg_keep_exact(g, t, a);
        return t >= 0;
    }
}

static int rg_scatter(rg *g) {
    int a = rg_pick(g, rg_ranked_num), t, d, k, ix, src;
    int64_t ish[CI_MAX_DIMS];
    rg_val *v;
    if (a < 0) return 0;
    v = &g->v[a];
    d = (int)rg_int(g, 0, v->nd - 1);
    switch (rg_int(g, 0, 2)) {
    case 0: case 1: { /* scatter (each target once) or scatter_add (repeats add up) */
        int add = rg_chance(g, 50);
        for (k = 0; k < v->nd; k++) ish[k] = k == d ? rg_int(g, 1, add ? 4 : v->sh[d]) : rg_int(g, 1, v->sh[k]);
        ix = rg_index(g, v->nd, ish, v->sh[d], add ? -1 : d);
        if (ix < 0) return 0;
        if (rg_chance(g, 30) && !add) {
            t = rg_def(g, v->dt, v->nd, v->sh);
            rg_printf(g, "aten.scatter.value(%s, %d, %s, %d)\n", RG_N(a), d, RG_N(ix), (int)rg_int(g, -3, 3));
            return t >= 0;
        }
        src = rg_input(g, v->dt, v->nd, ish);
        if (src < 0) return 0;
        if (rg_chance(g, 50)) { /* the source through a pointwise op */
            int s2 = rg_def(g, v->dt, v->nd, ish);
            rg_printf(g, "aten.mul.Tensor(%s, 2)\n", RG_N(src));
            src = s2;
        }
        t = rg_def(g, v->dt, v->nd, v->sh);
        rg_printf(g, "aten.%s(%s, %d, %s, %s)\n", add ? "scatter_add.default" : "scatter.src", RG_N(a), d, RG_N(ix), RG_N(src));
        return t >= 0;
    }
    default: { /* index_put on dim 0, values broadcast over the rest */
        int acc = rg_chance(g, 50), vals, nd = v->nd;
        int64_t vsh[CI_MAX_DIMS];
        ish[0] = rg_int(g, 1, acc ? 4 : v->sh[0]);
        ix = rg_index(g, 1, ish, v->sh[0], acc ? -1 : 0);
        if (ix < 0) return 0;
        vsh[0] = ish[0];
        for (k = 1; k < nd; k++) vsh[k] = rg_chance(g, 25) ? 1 : v->sh[k];
        vals = rg_input(g, v->dt, nd, vsh);
        t = rg_def(g, v->dt, nd, v->sh);
        if (t < 0 || vals < 0) return 0;
        rg_printf(g, "aten.index_put.default(%s, [%s], %s, %s)\n", RG_N(a), RG_N(ix), RG_N(vals), acc ? "True" : "False");
        return 1;
    }
    }
}

static int rg_extern(rg *g) {
    int t, a, w, k;
    int64_t sh[CI_MAX_DIMS];
    char b1[32];
    switch (rg_int(g, 0, 5)) {
    case 0: { /* mm / addmm: a [m, k] value times a new [k, n] input */
        a = rg_pick(g, rg_float2);
        if (a < 0) return 0;
        sh[0] = g->v[a].sh[1]; sh[1] = rg_int(g, 1, 6);
        w = rg_input(g, g->v[a].dt, 2, sh);
        sh[0] = g->v[a].sh[0];
        if (rg_chance(g, 50)) {
            int bias;
            int64_t bs[1];
            bs[0] = sh[1];
            bias = rg_input(g, g->v[a].dt, 1, bs);
            t = rg_def(g, g->v[a].dt, 2, sh);
            rg_printf(g, "aten.addmm.default(%s, %s, %s)\n", RG_N(bias), RG_N(a), RG_N(w));
        } else {
            t = rg_def(g, g->v[a].dt, 2, sh);
            rg_printf(g, "aten.mm.default(%s, %s)\n", RG_N(a), RG_N(w));
        }
        return t >= 0;
    }
    case 1: /* bmm */
        a = rg_pick(g, rg_float3);
        if (a < 0) return 0;
        sh[0] = g->v[a].sh[0]; sh[1] = g->v[a].sh[2]; sh[2] = rg_int(g, 1, 5);
        w = rg_input(g, g->v[a].dt, 3, sh);
        sh[1] = g->v[a].sh[1];
        t = rg_def(g, g->v[a].dt, 3, sh);
        rg_printf(g, "aten.bmm.default(%s, %s)\n", RG_N(a), RG_N(w));
        return t >= 0;
    case 2: { /* convolution, groups 1 */
        int64_t ws[4], kh = 0, kw = 0, pad = rg_int(g, 0, 1), st = rg_int(g, 1, 2);
        a = rg_image(g);
        /* (no input channels: PyTorch 1.13 gives an empty result, cinductor zeros; reported) */
        if (a < 0 || g->v[a].sh[1] == 0) return 0;
        kh = rg_int(g, 1, 3); kw = rg_int(g, 1, 3);
        if (g->v[a].sh[2] + 2 * pad < kh || g->v[a].sh[3] + 2 * pad < kw) return 0;
        ws[0] = rg_int(g, 1, 3); ws[1] = g->v[a].sh[1]; ws[2] = kh; ws[3] = kw;
        w = rg_input(g, g->v[a].dt, 4, ws);
        sh[0] = g->v[a].sh[0]; sh[1] = ws[0];
        sh[2] = (g->v[a].sh[2] + 2 * pad - kh) / st + 1;
        sh[3] = (g->v[a].sh[3] + 2 * pad - kw) / st + 1;
        t = rg_def(g, g->v[a].dt, 4, sh);
        rg_printf(g, "aten.convolution.default(%s, %s, None, [%lld, %lld], [%lld, %lld], [1, 1], False, [0, 0], 1)\n", RG_N(a), RG_N(w),
                  (long long)st, (long long)st, (long long)pad, (long long)pad);
        return t >= 0;
    }
    case 3: { /* sort: values and indices (float inputs only: ties would make the indices differ) */
        int t2, d;
        a = rg_pick(g, rg_ranked);
        if (a < 0 || g->v[a].name[0] != 'x' || !rg_isfloat(g->v[a].dt)) return 0;
        d = (int)rg_int(g, 0, g->v[a].nd - 1);
        t = rg_new(g, "t", g->v[a].dt, g->v[a].nd, g->v[a].sh);
        t2 = rg_new(g, "t", CI_I64, g->v[a].nd, g->v[a].sh);
        if (t < 0 || t2 < 0) return 0;
        rg_printf(g, "%s, %s = aten.sort.default(%s, %d, %s)\n", RG_N(t), RG_N(t2), RG_N(a), d, rg_chance(g, 50) ? "True" : "False");
        return 1;
    }
    case 4: { /* topk */
        int t2, d;
        a = rg_pick(g, rg_ranked);
        if (a < 0 || g->v[a].name[0] != 'x' || !rg_isfloat(g->v[a].dt)) return 0;
        d = (int)rg_int(g, 0, g->v[a].nd - 1);
        memcpy(sh, g->v[a].sh, sizeof sh);
        sh[d] = rg_int(g, 1, sh[d]);
        t = rg_new(g, "t", g->v[a].dt, g->v[a].nd, sh);
        t2 = rg_new(g, "t", CI_I64, g->v[a].nd, sh);
        if (t < 0 || t2 < 0) return 0;
        rg_printf(g, "%s, %s = aten.topk.default(%s, %lld, %d, %s)\n", RG_N(t), RG_N(t2), RG_N(a), (long long)sh[d], d,
                  rg_chance(g, 50) ? "True" : "False");
        return 1;
    }
    default: { /* matmul of a matrix with its own transpose */
        int at;
        a = rg_pick(g, rg_float2);
        if (a < 0) return 0;
        sh[0] = g->v[a].sh[1]; sh[1] = g->v[a].sh[0];
        at = rg_def(g, g->v[a].dt, 2, sh);
        rg_printf(g, "aten.t.default(%s)\n", RG_N(a));
        sh[0] = g->v[a].sh[0]; sh[1] = g->v[a].sh[0];
        t = rg_def(g, g->v[a].dt, 2, sh);
        rg_printf(g, "aten.matmul.default(%s, %s)\n", RG_N(a), RG_N(at));
        (void)k; (void)b1;
        return at >= 0 && t >= 0;
    }
    }
}

/* the rest of the catalogue's shapes: normalisations, more views and scatters into views,
   scans, sorting, pools with their options, resampling by scale, two-index indexing */
static int rg_ranked_float(const rg_val *v) { return v->nd >= 1 && rg_isfloat(v->dt); }
static int rg_more(rg *g) {
    int which = (int)rg_int(g, 0, 17), fl = which <= 1 || which == 9 || which == 10 || which == 14 || which == 16 || (which == 8 && rg_chance(g, 60));
    int a = rg_pick(g, fl ? rg_ranked_float : rg_ranked), t = -1, t2, d, k, nd;
    int64_t sh[CI_MAX_DIMS], ish[CI_MAX_DIMS];
    char b1[96], b2[96];
    rg_val *v;
    if (a < 0) return 0;
    v = &g->v[a];
    nd = v->nd;
    memcpy(sh, v->sh, sizeof sh);
    d = (int)rg_int(g, 0, nd - 1);
    switch (which) {
    case 0: /* softmax / log_softmax */
        if (!rg_isfloat(v->dt)) return 0;
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.%s.default(%s, %d, False)\n", rg_chance(g, 50) ? "_softmax" : "_log_softmax", RG_N(a), d);
        break;
    case 1: { /* var / std with a correction */
        int keep = rg_chance(g, 50);
        if (!rg_isfloat(v->dt)) return 0;
        if (keep) sh[d] = 1;
        else { for (k = d; k + 1 < nd; k++) sh[k] = sh[k + 1]; nd--; }
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.%s.correction(%s, [%d], correction=%d, keepdim=%s)\n", rg_chance(g, 50) ? "var" : "std", RG_N(a), d,
                  (int)rg_int(g, 0, 1), keep ? "True" : "False");
        break;
    }
    case 2: /* roll */
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.roll.default(%s, [%d], [%d])\n", RG_N(a), (int)rg_int(g, -7, 7), d);
        break;
    case 3: /* repeat */
        for (k = 0; k < nd; k++) { ish[k] = rg_chance(g, 30) ? 2 : 1; sh[k] *= ish[k]; }
        if (rg_numel(nd, sh) > RG_MAXEL) return 0;
        t = rg_def(g, v->dt, nd, sh);
        rg_printf(g, "aten.repeat.default(%s, %s)\n", RG_N(a), rg_ints(nd, ish, b1, sizeof b1));
        break;
    case 4: { /* unfold */
        int64_t size = rg_int(g, 1, v->sh[d]), step = rg_int(g, 1, 2);
        if (nd >= 6) return 0;
        sh[d] = (v->sh[d] - size) / step + 1;
        sh[nd] = size;
        if (rg_numel(nd + 1, sh) > RG_MAXEL) return 0;
        t = rg_def(g, v->dt, nd + 1, sh);
        rg_printf(g, "aten.unfold.default(%s, %d, %lld, %lld)\n", RG_N(a), d, (long long)size, (long long)step);
        break;
    }
    case 5: { /* diagonal */
        int e = (int)rg_int(g, 0, nd - 1), j = 0;
        int64_t off, len;
        if (nd < 2 || e == d) return 0;
        off = rg_int(g, -(v->sh[d] - 1), v->sh[e] - 1);
        len = off >= 0 ? (v->sh[e] - off < v->sh[d] ? v->sh[e] - off : v->sh[d]) : (v->sh[d] + off < v->sh[e] ? v->sh[d] + off : v->sh[e]);
        if (len < 1) return 0;
        for (k = 0; k < nd; k++) if (k != d && k != e) sh[j++] = v->sh[k];
        sh[j++] = len;
        t = rg_def(g, v->dt, j, sh);
        rg_printf(g, "aten.diagonal.default(%s, %lld, %d, %d)\n", RG_N(a), (long long)off, d, e);
        break;
    }
    case 6: { /* slice_scatter: a slice of self replaced by a new input (through a pointwise op) */
        int64_t s0 = rg_int(g, 0, v->sh[d] - 1), e0 = rg_int(g, s0 + 1, v->sh[d]), st = rg_int(g, 1, 2);
        int src;
        sh[d] = (e0 - s0 + st - 1) / st;
        src = rg_input(g, v->dt, nd, sh);
        if (src < 0) return 0;
        t = rg_def(g, v->dt, nd, v->sh);
        rg_printf(g, "aten.slice_scatter.default(%s, %s, %d, %lld, %lld, %lld)\n", RG_N(a), RG_N(src), d, (long long)s0, (long long)e0,
                  (long long)st);
        break;
    }
    case 7: { /* select_scatter */
        int src;
        int64_t i = rg_int(g, 0, v->sh[d] - 1);
        for (k = d; k + 1 < nd; k++) sh[k] = sh[k + 1];
        src = rg_input(g, v->dt, nd - 1, sh);
        if (src < 0) return 0;
        t = rg_def(g, v->dt, nd, v->sh);
        rg_printf(g, "aten.select_scatter.default(%s, %s, %d, %lld)\n", RG_N(a), RG_N(src), d, (long long)i);
        break;
    }
    case 8: /* cumprod, cummin, logcumsumexp */
        if (v->dt == CI_BOOL) return 0;
        if (rg_isfloat(v->dt) && rg_chance(g, 70)) {
            t = rg_def(g, v->dt, nd, sh);
            rg_printf(g, "aten.%s.default(%s, %d)\n", rg_chance(g, 50) ? "cumprod" : "logcumsumexp", RG_N(a), d);
        } else {
            if (!rg_tiesafe(v)) return 0;
            t = rg_new(g, "t", v->dt, nd, sh);
            t2 = rg_new(g, "t", CI_I64, nd, sh);
            if (t < 0 || t2 < 0) return 0;
            rg_printf(g, "%s, %s = aten.cummin.default(%s, %d)\n", RG_N(t), RG_N(t2), RG_N(a), d);
        }
        break;
    case 9: /* argsort of an input (no ties) */
        if (v->name[0] != 'x' || !rg_isfloat(v->dt)) return 0;
        t = rg_def(g, CI_I64, nd, sh);
        rg_printf(g, "aten.argsort.default(%s, %d, %s)\n", RG_N(a), d, rg_chance(g, 50) ? "True" : "False");
        break;
    case 10: { /* native_layer_norm over the last dims, with or without weight and bias */
        int nn = nd >= 2 && rg_chance(g, 40) ? 2 : 1, w = -1, bb = -1, j;
        /* (over one element the result is x - mean = 0, which PyTorch's rounding makes 1e-5; eps 1
           keeps rows of equal values, which relu and cumsum make, as well conditioned: with 1e-5,
           rstd = 316 magnified PyTorch's rounding of x * rstd - mean * rstd past the tolerance) */
        if (!rg_isfloat(v->dt) || rg_numel(nn, v->sh + nd - nn) < 2) return 0;
        if (rg_chance(g, 60)) { w = rg_input(g, v->dt, nn, v->sh + nd - nn); bb = rg_input(g, v->dt, nn, v->sh + nd - nn); }
        t = rg_new(g, "t", v->dt, nd, sh);
        for (j = 0; j < nd; j++) ish[j] = j < nd - nn ? sh[j] : 1;
        t2 = rg_new(g, "t", v->dt, nd, ish);
        k = rg_new(g, "t", v->dt, nd, ish);
        if (t < 0 || t2 < 0 || k < 0) return 0;
        rg_printf(g, "%s, %s, %s = aten.native_layer_norm.default(%s, %s, %s, %s, 1.0)\n", RG_N(t), RG_N(t2), RG_N(k), RG_N(a),
                  rg_ints(nn, v->sh + nd - nn, b1, sizeof b1), w >= 0 ? RG_N(w) : "None", bb >= 0 ? RG_N(bb) : "None");
        break;
    }
    case 11: { /* avg_pool2d with ceil_mode / count_include_pad / divisor_override */
        int img = rg_image(g), j, ceil = rg_chance(g, 50), cip = rg_chance(g, 50), div = rg_chance(g, 25) ? (int)rg_int(g, 1, 5) : 0;
        int64_t ks[2], st[2], pd[2];
        if (img < 0) return 0;
        v = &g->v[img];
        memcpy(sh, v->sh, sizeof sh);
        for (j = 0; j < 2; j++) {
            int64_t n = v->sh[2 + j], o;
            ks[j] = rg_int(g, 1, 3); st[j] = rg_int(g, 1, 3); pd[j] = rg_int(g, 0, ks[j] / 2);
            if (n + 2 * pd[j] < ks[j]) return 0;
            o = (n + 2 * pd[j] - ks[j] + (ceil ? st[j] - 1 : 0)) / st[j] + 1;
            if (ceil && (o - 1) * st[j] >= n + pd[j]) o--; /* the last window must start inside */
            sh[2 + j] = o;
        }
        t = rg_def(g, v->dt, 4, sh);
        rg_printf(g, "aten.avg_pool2d.default(%s, %s, %s, %s, %s, %s", RG_N(img), rg_ints(2, ks, b1, sizeof b1), rg_ints(2, st, b2, sizeof b2),
                  rg_ints(2, pd, b1 + 48, 48), ceil ? "True" : "False", cip ? "True" : "False");
        if (div) rg_printf(g, ", %d)\n", div);
        else rg_puts(g, ")\n");
        break;
    }
    case 12: { /* max_pool2d with dilation and ceil_mode */
        int img = rg_image(g), j, ceil = rg_chance(g, 50);
        int64_t ks[2], st[2], pd[2], dl[2];
        if (img < 0) return 0;
        v = &g->v[img];
        memcpy(sh, v->sh, sizeof sh);
        for (j = 0; j < 2; j++) {
            int64_t n = v->sh[2 + j], o, ext;
            ks[j] = rg_int(g, 1, 3); st[j] = rg_int(g, 1, 2); pd[j] = rg_int(g, 0, ks[j] / 2); dl[j] = rg_int(g, 1, 2);
            ext = dl[j] * (ks[j] - 1) + 1;
            if (n + 2 * pd[j] < ext) return 0;
            o = (n + 2 * pd[j] - ext + (ceil ? st[j] - 1 : 0)) / st[j] + 1;
            if (ceil && (o - 1) * st[j] >= n + pd[j]) o--;
            sh[2 + j] = o;
        }
        t = rg_def(g, v->dt, 4, sh);
        rg_printf(g, "aten.max_pool2d.default(%s, %s, %s, ", RG_N(img), rg_ints(2, ks, b1, sizeof b1), rg_ints(2, st, b2, sizeof b2));
        rg_printf(g, "%s, ", rg_ints(2, pd, b1, sizeof b1));
        rg_printf(g, "%s, %s)\n", rg_ints(2, dl, b2, sizeof b2), ceil ? "True" : "False");
        break;
    }
    case 13: { /* upsample by scale factors (.vec) */
        int img = rg_image(g), j;
        double sc[2];
        if (img < 0) return 0;
        v = &g->v[img];
        memcpy(sh, v->sh, sizeof sh);
        for (j = 0; j < 2; j++) {
            sc[j] = (double)rg_int(g, 2, 6) / 2.0;
            sh[2 + j] = (int64_t)floor((double)v->sh[2 + j] * sc[j]);
            if (sh[2 + j] < 1) return 0;
        }
        if (rg_numel(4, sh) > RG_MAXEL) return 0;
        t = rg_def(g, v->dt, 4, sh);
        if (rg_chance(g, 50)) rg_printf(g, "aten.upsample_nearest2d.vec(%s, None, [%g, %g])\n", RG_N(img), sc[0], sc[1]);
        else rg_printf(g, "aten.upsample_bilinear2d.vec(%s, None, %s, [%g, %g])\n", RG_N(img), rg_chance(g, 50) ? "True" : "False", sc[0], sc[1]);
        break;
    }
    case 14: { /* scatter_reduce (floats: sum, prod, mean, amax, amin) */
        static const char *red[] = {"sum", "prod", "mean", "amax", "amin"};
        int ix, src;
        if (!rg_isfloat(v->dt)) return 0;
        for (k = 0; k < nd; k++) ish[k] = k == d ? rg_int(g, 1, 4) : rg_int(g, 1, v->sh[k]);
        ix = rg_index(g, nd, ish, v->sh[d], -1);
        src = rg_input(g, v->dt, nd, ish);
        if (ix < 0 || src < 0) return 0;
        t = rg_def(g, v->dt, nd, v->sh);
        rg_printf(g, "aten.scatter_reduce.two(%s, %d, %s, %s, \"%s\", include_self=%s)\n", RG_N(a), d, RG_N(ix), RG_N(src),
                  red[rg_int(g, 0, 4)], rg_chance(g, 50) ? "True" : "False");
        break;
    }
    case 15: { /* index.Tensor with two index tensors that broadcast, on adjacent dims */
        int i0, i1, j = 0;
        int64_t s0[2], s1[2];
        if (nd < 2) return 0;
        if (d == nd - 1) d--;
        s0[0] = rg_int(g, 1, 3); s0[1] = 1;
        s1[0] = 1; s1[1] = rg_int(g, 1, 3);
        if (rg_chance(g, 50)) s1[0] = s0[0];
        i0 = rg_index(g, 2, s0, v->sh[d], -1);
        i1 = rg_index(g, 2, s1, v->sh[d + 1], -1);
        if (i0 < 0 || i1 < 0) return 0;
        for (k = 0; k < d; k++) sh[j++] = v->sh[k];
        sh[j++] = s0[0]; sh[j++] = s1[1];
        for (k = d + 2; k < nd; k++) sh[j++] = v->sh[k];
        t = rg_def(g, v->dt, j, sh);
        rg_printf(g, "aten.index.Tensor(%s, [", RG_N(a));
        for (k = 0; k < d; k++) rg_puts(g, "None, ");
        rg_printf(g, "%s, %s])\n", RG_N(i0), RG_N(i1));
        break;
    }
    case 16: /* logsumexp / prod over a dim */
        if (!rg_isfloat(v->dt)) return 0;
        {
            int keep = rg_chance(g, 50), lse = rg_chance(g, 50);
            if (keep) sh[d] = 1;
            else { for (k = d; k + 1 < nd; k++) sh[k] = sh[k + 1]; nd--; }
            t = rg_def(g, v->dt, nd, sh);
            if (lse) rg_printf(g, "aten.logsumexp.default(%s, [%d], %s)\n", RG_N(a), d, keep ? "True" : "False");
            else rg_printf(g, "aten.prod.dim_int(%s, %d, %s)\n", RG_N(a), d, keep ? "True" : "False");
        }
        break;
    default: { /* convolution with groups, bias, dilation */
        int img = rg_image(g), w, bias = -1;
        int64_t ws[4], C, groups, pad = rg_int(g, 0, 2), st = rg_int(g, 1, 2), dil = rg_int(g, 1, 2), ext[2], bs[1];
        if (img < 0 || g->v[img].sh[1] == 0) return 0;
        v = &g->v[img];
        C = v->sh[1];
        groups = C % 2 == 0 && rg_chance(g, 50) ? 2 : (C == 3 && rg_chance(g, 50) ? 3 : 1);
        ws[0] = groups * rg_int(g, 1, 2); ws[1] = C / groups; ws[2] = rg_int(g, 1, 3); ws[3] = rg_int(g, 1, 3);
        ext[0] = dil * (ws[2] - 1) + 1; ext[1] = dil * (ws[3] - 1) + 1;
        if (v->sh[2] + 2 * pad < ext[0] || v->sh[3] + 2 * pad < ext[1]) return 0;
        w = rg_input(g, v->dt, 4, ws);
        bs[0] = ws[0];
        if (rg_chance(g, 50)) bias = rg_input(g, v->dt, 1, bs);
        sh[0] = v->sh[0]; sh[1] = ws[0];
        sh[2] = (v->sh[2] + 2 * pad - ext[0]) / st + 1;
        sh[3] = (v->sh[3] + 2 * pad - ext[1]) / st + 1;
        t = rg_def(g, v->dt, 4, sh);
        rg_printf(g, "aten.convolution.default(%s, %s, %s, [%lld, %lld], [%lld, %lld], [%lld, %lld], False, [0, 0], %lld)\n", RG_N(img), RG_N(w),
                  bias >= 0 ? RG_N(bias) : "None", (long long)st, (long long)st, (long long)pad, (long long)pad, (long long)dil, (long long)dil,
                  (long long)groups);
        break;
    }
    }
    return t >= 0;
}

/* a float matrix (or a batch) of the graph made bounded (tanh of nan_to_num: every value
   finite, in [-1, 1]), w; A = w w^T + (m + 1) I, symmetric positive-definite and well
   conditioned; then one of the linear-algebra ops on A (or w); returns its value (-1: none
   drawn) */
static int rg_m2(const rg_val *v) { return rg_isfloat(v->dt) && (v->nd == 2 || v->nd == 3); }
static int rg_linalg(rg *g) {
    int a = rg_pick(g, rg_m2), n0, w, wt, s, e, sp, t = -1, t2, nd;
    int64_t sh[CI_MAX_DIMS], m;
    const char *dt;
    if (a < 0) return -1;
    nd = g->v[a].nd;
    dt = rg_dtn(g->v[a].dt);
    m = g->v[a].sh[nd - 2];
    n0 = rg_def(g, g->v[a].dt, nd, g->v[a].sh);
    rg_printf(g, "aten.nan_to_num.default(%s, 0.0, 1.0, -1.0)\n", RG_N(a));
    w = rg_def(g, g->v[a].dt, nd, g->v[a].sh);
    rg_printf(g, "aten.tanh.default(%s)\n", RG_N(n0));
    memcpy(sh, g->v[a].sh, sizeof sh);
    sh[nd - 2] = g->v[a].sh[nd - 1];
    sh[nd - 1] = m;
    wt = rg_def(g, g->v[a].dt, nd, sh);
    rg_printf(g, "aten.transpose.int(%s, -1, -2)\n", RG_N(w));
    sh[nd - 2] = sh[nd - 1] = m;
    s = rg_def(g, g->v[a].dt, nd, sh);
    rg_printf(g, "aten.matmul.default(%s, %s)\n", RG_N(w), RG_N(wt));
    e = rg_def(g, g->v[a].dt, 2, sh + nd - 2);
    rg_printf(g, "aten.eye.default(%lld, dtype=%s)\n", (long long)m, dt);
    sp = rg_def(g, g->v[a].dt, nd, sh);
    rg_printf(g, "aten.add.Tensor(%s, %s, alpha=%lld)\n", RG_N(s), RG_N(e), (long long)m + 1);
    if (n0 < 0 || w < 0 || wt < 0 || s < 0 || e < 0 || sp < 0) return -1;
    switch (rg_int(g, 0, 7)) {
    case 0: t = rg_def(g, g->v[a].dt, nd, sh); rg_printf(g, "aten.linalg_cholesky.default(%s)\n", RG_N(sp)); break;
    case 1: t = rg_def(g, g->v[a].dt, nd, sh); rg_printf(g, "aten.linalg_inv.default(%s)\n", RG_N(sp)); break;
    case 2: t = rg_def(g, g->v[a].dt, nd - 2, sh); rg_printf(g, "aten.linalg_det.default(%s)\n", RG_N(sp)); break;
    case 3: /* eigenvalues, singular values (no vectors: their signs are an algorithm's) */
        t = rg_def(g, g->v[a].dt, nd - 1, sh);
        rg_printf(g, "aten.linalg_eigvalsh.default(%s)\n", RG_N(sp));
        break;
    case 4:
        t = rg_def(g, g->v[a].dt, nd - 1, sh);
        rg_printf(g, "aten.linalg_svdvals.default(%s)\n", RG_N(sp));
        break;
    case 5: t = rg_def(g, g->v[a].dt, nd, g->v[a].sh); rg_printf(g, "aten.linalg_solve.default(%s, %s)\n", RG_N(sp), RG_N(w)); break;
    case 6: /* QR of A (full rank: Q and R are LAPACK's, signs included) */
        t2 = rg_new(g, "t", g->v[a].dt, nd, sh);
        t = rg_new(g, "t", g->v[a].dt, nd, sh);
        if (t < 0 || t2 < 0) return -1;
        rg_printf(g, "%s, %s = aten.linalg_qr.default(%s)\n", RG_N(t2), RG_N(t), RG_N(sp));
        break;
    default:
        t2 = rg_new(g, "t", g->v[a].dt, nd - 2, sh);
        t = rg_new(g, "t", g->v[a].dt, nd - 2, sh);
        if (t < 0 || t2 < 0) return -1;
        rg_printf(g, "%s, %s = aten.linalg_slogdet.default(%s)\n", RG_N(t2), RG_N(t), RG_N(sp));
        break;
    }
    return t;
}

/* a data-dependent op on a value of the graph whose values are exact (integers, bools, the
   inputs' own floats: which are zero or alike must not hang on rounding): nonzero,
   masked_select by a comparison of it, unique (sorted, of the whole value),
   unique_consecutive, unique along a dim (whose other dims have elements); returns its first
   result (-1: none drawn) */
static int rg_ranked_exact(const rg_val *v) { return v->nd >= 1 && rg_tiesafe(v); }
static int rg_data_dependent(rg *g) {
    int a = rg_pick(g, rg_ranked_exact), t = -1, t2, t3, m, d, k;
    int64_t sh[CI_MAX_DIMS], n;
    if (a < 0) return -1;
    n = rg_numel(g->v[a].nd, g->v[a].sh);
    switch (rg_int(g, 0, 4)) {
    case 0:
        sh[0] = n;
        sh[1] = g->v[a].nd;
        t = rg_def(g, CI_I64, 2, sh);
        rg_printf(g, "aten.nonzero.default(%s)\n", RG_N(a));
        break;
    case 1: /* the mask: where the value is not zero (bools: itself) */
        m = a;
        if (g->v[a].dt != CI_BOOL) {
            m = rg_def(g, CI_BOOL, g->v[a].nd, g->v[a].sh);
            rg_printf(g, "aten.ne.Scalar(%s, 0)\n", RG_N(a));
        }
        sh[0] = n;
        t = rg_def(g, g->v[a].dt, 1, sh);
        rg_printf(g, "aten.masked_select.default(%s, %s)\n", RG_N(a), RG_N(m));
        if (m < 0) return -1;
        break;
    case 2: case 3:
        sh[0] = n;
        t = rg_new(g, "t", g->v[a].dt, 1, sh);
        t2 = rg_new(g, "t", CI_I64, g->v[a].nd, g->v[a].sh);
        t3 = rg_new(g, "t", CI_I64, 1, sh);
        if (t < 0 || t2 < 0 || t3 < 0) return -1;
        if (rg_int(g, 0, 1))
            rg_printf(g, "%s, %s, %s = aten._unique2.default(%s, True, True, True)\n", RG_N(t), RG_N(t2), RG_N(t3), RG_N(a));
        else
            rg_printf(g, "%s, %s, %s = aten.unique_consecutive.default(%s, True, True)\n", RG_N(t), RG_N(t2), RG_N(t3),
                      RG_N(a));
        break;
    default:
        d = (int)rg_int(g, 0, g->v[a].nd - 1);
        for (k = 0; k < g->v[a].nd; k++)
            if (k != d && g->v[a].sh[k] == 0) return -1;   /* (refused, as PyTorch refuses it) */
        t = rg_new(g, "t", g->v[a].dt, g->v[a].nd, g->v[a].sh);
        sh[0] = g->v[a].sh[d];
        t2 = rg_new(g, "t", CI_I64, 1, sh);
        t3 = rg_new(g, "t", CI_I64, 1, sh);
        if (t < 0 || t2 < 0 || t3 < 0) return -1;
        rg_printf(g, "%s, %s, %s = aten.unique_dim.default(%s, %d, True, True, True)\n", RG_N(t), RG_N(t2), RG_N(t3),
                  RG_N(a), d);
        break;
    }
    return t;
}

/* Writes graph SEED as .cig text (malloc'ed; the caller frees it). */
static char *rg_generate(uint64_t seed) {
    rg g;
    int steps, s, nout, i, outs[6], no = 0, nfam = 0;
    int64_t sh[CI_MAX_DIMS];
    memset(&g, 0, sizeof g);
    g.r = ci_test_rng_make(seed);
    g.empty = seed % 8 == 7;
    rg_printf(&g, "# random graph, seed %llu%s\n", (unsigned long long)seed, g.empty ? RG_EMPTY_TAG : "");
    /* the starting values: an image, a matrix, and sometimes an integer and a bool tensor */
    sh[0] = rg_int(&g, 1, 2); sh[1] = rg_int(&g, 1, 3); sh[2] = rg_int(&g, 1, 7); sh[3] = rg_int(&g, 1, 7);
    rg_input_e(&g, rg_chance(&g, 80) ? CI_F32 : CI_F64, 4, sh);
    sh[0] = rg_int(&g, 1, 6); sh[1] = rg_int(&g, 1, 8);
    rg_input_e(&g, rg_chance(&g, 70) ? CI_F32 : CI_F64, 2, sh);
    if (rg_chance(&g, 50)) { sh[0] = rg_int(&g, 1, 4); sh[1] = rg_int(&g, 1, 5); rg_input_e(&g, rg_chance(&g, 75) ? CI_I64 : CI_I32, 2, sh); }
    if (rg_chance(&g, 30)) { sh[0] = rg_int(&g, 1, 5); rg_input_e(&g, CI_BOOL, 1, sh); }
    if (rg_chance(&g, 30)) { sh[0] = rg_int(&g, 1, 3); sh[1] = rg_int(&g, 1, 4); sh[2] = rg_int(&g, 1, 5); rg_input_e(&g, CI_F32, 3, sh); }
    steps = (int)rg_int(&g, 3, 10);
    for (s = 0; s < steps && g.n < RG_MAXV - 16; s++) {
        int ok = 0, tries;
        for (tries = 0; !ok && tries < 20; tries++) {
            size_t len0 = g.len;
            int n0 = g.n, ni = g.ninput, nc = g.nconst, nt = g.ntmp;
            switch (rg_int(&g, 0, 15)) {
            case 0: ok = rg_unary(&g); break;
            case 1: ok = rg_binary(&g); break;
            case 2: ok = rg_scalar_op(&g); break;
            case 3: ok = rg_cast(&g); break;
            case 4: ok = rg_reduction(&g); break;
            case 5: ok = rg_scan(&g); break;
            case 6: ok = rg_view(&g); break;
            case 7: ok = rg_cat(&g); break;
            case 8: case 9: ok = rg_indexing(&g); break;
            case 10: ok = rg_pool(&g) || rg_resample(&g); break;
            case 11: ok = rg_pad(&g); break;
            case 12: ok = rg_scatter(&g); break;
            case 14: case 15: ok = rg_more(&g); break;
            default: ok = rg_extern(&g); break;
            }
            if (!ok) { /* undo what the failed draw wrote */
                g.len = len0; if (g.text) g.text[len0] = 0;
                g.n = n0; g.ninput = ni; g.nconst = nc; g.ntmp = nt;
            }
        }
        nfam += ok;
        /* now and then a pointwise consumer right after, to fuse with whatever came before */
        if (ok && rg_chance(&g, 40)) {
            int last = g.n - 1;
            rg_val *v = &g.v[last];
            int t = rg_def(&g, v->dt == CI_BOOL ? CI_BOOL : v->dt, v->nd, v->sh);
            if (t >= 0) {
                if (v->dt == CI_BOOL) rg_printf(&g, "aten.logical_not.default(%s)\n", g.v[last].name);
                else if (rg_isfloat(v->dt)) rg_printf(&g, "aten.%s.default(%s)\n", rg_chance(&g, 50) ? "relu" : "sigmoid", g.v[last].name);
                else rg_printf(&g, "aten.add.Tensor(%s, 1)\n", g.v[last].name);
            }
        }
    }
    /* outputs: the last value, and up to three others that are not inputs or constants */
    outs[no++] = g.n - 1;
    nout = (int)rg_int(&g, 0, 3);
    for (i = 0; i < nout * 4 && no < 1 + nout; i++) {
        int c = (int)rg_int(&g, 0, g.n - 1), j, dup = 0;
        if (g.v[c].name[0] != 't') continue;
        for (j = 0; j < no; j++) dup |= outs[j] == c;
        if (!dup) outs[no++] = c;
    }
    if (g.v[outs[0]].name[0] != 't') { /* (the last value is a constant or an input: copy it) */
        int t = rg_def(&g, g.v[outs[0]].dt, g.v[outs[0]].nd, g.v[outs[0]].sh);
        rg_printf(&g, "aten.clone.default(%s)\n", g.v[outs[0]].name);
        outs[0] = t;
    }
    /* one graph in six: a linear-algebra tail, one more output (its own draws, so the graph
       before it is the same with or without it) */
    g.r = ci_test_rng_make(seed ^ 0x11a1a1ULL);
    if (rg_chance(&g, 16)) {
        int t = rg_linalg(&g);
        if (t >= 0) outs[no++] = t;
    }
    /* one in eight: a data-dependent op (nonzero, masked_select, unique), one more output
       (nothing may read such a value: docs/data-dependent.md) */
    g.r = ci_test_rng_make(seed ^ 0x22b2b2ULL);
    if (rg_chance(&g, 12)) {
        int t = rg_data_dependent(&g);
        if (t >= 0) outs[no++] = t;
    }
    rg_puts(&g, "output ");
    for (i = 0; i < no; i++) rg_printf(&g, "%s%s", i ? ", " : "", g.v[outs[i]].name);
    rg_puts(&g, "\n");
    (void)nfam;
    return g.text;
}

/* ---- the check: one graph fused on TCC, fused on the interpreter, unfused on the interpreter
   (the reference); every output equal (integers, bools) or close (floats) ---- */

typedef struct rg_prog { ci_graph *g; ci_program *p; } rg_prog;

/* the device of the second program ("tcc fused"): tests/test_cuda.c sets CI_DEVICE_CUDA, and
   the check compares the GPU's results with the interpreter's */
static ci_device rg_fused_device = CI_DEVICE_DEFAULT;
static double rg_rtol_f64 = 1e-9;   /* the relative tolerance of f64 outputs */

/* whether the .cig text names f16 (not as part of bf16) */
static int rg_has_f16(const char *cig) {
    const char *p;
    for (p = strstr(cig, "f16"); p; p = strstr(p + 1, "f16"))
        if (p == cig || p[-1] != 'b') return 1;
    return 0;
}
static int rg_tf32;                  /* the GPU's f32 products as TF32: f32 outputs within 1e-2 */

static int rg_compile(ci_ctx *ctx, const char *cig, ci_backend be, int unfused, rg_prog *P, char *why, size_t whysz) {
    ci_compile_desc pd;
    char err[512];
    memset(P, 0, sizeof *P);
    P->g = ci_graph_create(ctx);
    if (!P->g) { snprintf(why, whysz, "out of memory"); return 0; }
    if (ci_cig_parse(P->g, cig, strlen(cig), "random.cig", NULL, err, sizeof err) != CI_OK) {
        snprintf(why, whysz, "parse: %s", err);
        return 0;
    }
    memset(&pd, 0, sizeof pd);
    pd.backend = be;
    pd.unfused = unfused;
    if (be == CI_BACKEND_TCC && rg_fused_device == CI_DEVICE_CUDA) {
        pd.device = CI_DEVICE_CUDA;
        pd.backend = CI_BACKEND_DEFAULT;
        pd.tf32 = rg_tf32;
    }
    if (ci_compile(P->g, &pd, &P->p) != CI_OK) {
        snprintf(why, whysz, "compile (%s%s): %s", be == CI_BACKEND_TCC ? "tcc" : "interp", unfused ? ", unfused" : "", ci_ctx_last_error(ctx));
        return 0;
    }
    return 1;
}
static void rg_prog_free(rg_prog *P) {
    ci_program_destroy(P->p);
    ci_graph_destroy(P->g);
}
static size_t rg_prog_numel(const ci_program *p, int out, int i) {
    int64_t sh[CI_MAX_DIMS];
    int nd = out ? ci_program_output_shape(p, i, sh) : ci_program_input_shape(p, i, sh);
    return (size_t)rg_numel(nd, sh);
}

#define RG_MAXIO 32
/* 1 when the three programs agree; else 0 and WHY */
static int rg_check(ci_ctx *ctx, const char *cig, uint64_t seed, char *why, size_t whysz) {
    rg_prog P[3];
    const char *names[3] = {"interp unfused", "tcc fused", "interp fused"};
    const void *in[RG_MAXIO];
    void *out[3][RG_MAXIO];
    ci_test_rng r = ci_test_rng_make(seed ^ 0x5eedULL);
    int ok = 1, k, i, nin = 0, nout = 0;
    memset(P, 0, sizeof P);
    memset(out, 0, sizeof out);
    memset(in, 0, sizeof in);
    why[0] = 0;
    if (rg_fused_device == CI_DEVICE_CUDA) names[1] = "cuda fused";
    {
        char w1[512], w2[512];
        int o0 = rg_compile(ctx, cig, CI_BACKEND_INTERP, 1, &P[0], why, whysz), o1 = rg_compile(ctx, cig, CI_BACKEND_TCC, 0, &P[1], w1, sizeof w1),
            o2 = rg_compile(ctx, cig, CI_BACKEND_INTERP, 0, &P[2], w2, sizeof w2);
        const char *nl = strchr(cig, '\n');
        if (!o0 && !o1 && !o2 && !strncmp(why, "parse:", 6) && nl && nl - cig > (long)strlen(RG_EMPTY_TAG) &&
            !strncmp(nl - strlen(RG_EMPTY_TAG), RG_EMPTY_TAG, strlen(RG_EMPTY_TAG)) && !strcmp(why, w1) && !strcmp(why, w2)) {
            for (k = 0; k < 3; k++) rg_prog_free(&P[k]); /* an op refused an empty input, alike in all three */
            why[0] = 0;
            return 1;
        }
        ok = o0 && o1 && o2;
        if (ok) why[0] = 0;
        else if (o0 && !o1) snprintf(why, whysz, "%s", w1);
        else if (o0 && !o2) snprintf(why, whysz, "%s", w2);
    }
    if (ok) {
        nin = ci_program_num_inputs(P[0].p);
        nout = ci_program_num_outputs(P[0].p);
        if (nin > RG_MAXIO || nout > RG_MAXIO) { snprintf(why, whysz, "too many inputs/outputs"); ok = 0; nin = nout = 0; }
    }
    for (i = 0; i < nin; i++) {
        ci_dtype dt = ci_program_input_dtype(P[0].p, i);
        size_t n = rg_prog_numel(P[0].p, 0, i);
        void *x = malloc(n * ci_dtype_size(dt) + 1);
        ci_test_fill(dt, x, n, &r, -5, 5);
        in[i] = x;
    }
    for (k = 0; k < 3 && ok; k++) {
        for (i = 0; i < nout; i++) out[k][i] = calloc(rg_prog_numel(P[0].p, 1, i) * ci_dtype_size(ci_program_output_dtype(P[0].p, i)) + 1, 1);
        if (ci_program_run(P[k].p, nin, in, nout, out[k]) != CI_OK) {
            snprintf(why, whysz, "run (%s): %s", names[k], ci_ctx_last_error(ctx));
            ok = 0;
        }
    }
    for (k = 1; k < 3 && ok; k++)
        for (i = 0; i < nout && ok; i++) {
            ci_dtype dt = ci_program_output_dtype(P[0].p, i);
            size_t n, j;
            int64_t s0[CI_MAX_DIMS], sk[CI_MAX_DIMS];
            /* a data-dependent size (nonzero, masked_select): what the run filled, alike */
            int n0 = ci_program_output_shape_after_run(P[0].p, i, s0),
                nk = ci_program_output_shape_after_run(P[k].p, i, sk);
            if (n0 != nk || memcmp(s0, sk, sizeof(int64_t) * (size_t)(n0 > 0 ? n0 : 0))) {
                snprintf(why, whysz, "output %d: %s's size after the run differs from %s's", i,
                         names[k], names[0]);
                ok = 0;
                break;
            }
            n = (size_t)rg_numel(n0, s0);
            /* (f16 and bf16: an ulp or two, a fused kernel rounding once where the unfused
               interpreter rounds each op's result; an f64 output of a graph with narrower
               floats may hold their rounding, cast up: a tiled kernel's exp is the tiles'
               polynomial, the unfused one libm's) */
            const int narrow = strstr(cig, "f32") || strstr(cig, "f16") || strstr(cig, "bf16");
            /* an f32 output of a graph with 16-bit floats may hold their rounding too: a GPU
               product of f16 values on the tensor cores adds in its own order, and the f16
               result rounds an ulp away from the interpreter's (cuda case 33, an H100) */
            const int bf = strstr(cig, "bf16") != NULL, hf = rg_has_f16(cig);
            double big = 1, rtol = dt == CI_F64 ? (narrow ? 1e-4 : rg_rtol_f64)
                                   : dt == CI_F16 ? 4e-3 : dt == CI_BF16 ? 3e-2 : rg_tf32 ? 1e-2
                                   : bf ? 8e-3 : hf ? 4e-3 : 1e-4;
            int lok = 1;
            char w[300];
            for (j = 0; j < n && (rg_isfloat(dt) || dt == CI_F16 || dt == CI_BF16); j++) {
                double x = ci_test_load_(dt, out[0][i], j, &lok);
                if (isfinite(x) && fabs(x) > big) big = fabs(x);
            }
            if (!ci_test_allclose(dt, out[k][i], out[0][i], n, rtol * big, rtol, w, sizeof w)) {
                snprintf(why, whysz, "output %d (%s): %s differs from %s: %s", i, ci_dtype_name(dt), names[k], names[0], w);
                ok = 0;
            }
        }
    for (i = 0; i < nin; i++) free((void *)in[i]);
    for (k = 0; k < 3; k++) {
        for (i = 0; i < nout; i++) free(out[k][i]);
        rg_prog_free(&P[k]);
    }
    return ok;
}

#endif /* RANDOM_GRAPH_H_INCLUDED */
