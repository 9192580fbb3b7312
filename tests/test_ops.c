/* test_ops.c - every builder op checked against an independent reference.

   The reference is computed here, in plain C loops on doubles with libm (what PyTorch
   computes), on random inputs: the seed comes from the clock, is printed once ("# CI_SEED=N")
   and is overridden by the environment variable CI_SEED. Each test draws from its own stream
   (the seed mixed with the test's name), so `CI_SEED=N ./build/tests/test_ops test_div`
   reproduces one test alone.

   Each case describes its inputs (dtype, shape, how to fill them), a callback that builds the
   graph on the input tensors and a reference callback that computes the expected outputs
   (dtype, shape and values) from the same input values. run_case() builds the graph once,
   compiles it twice (CI_BACKEND_TCC and CI_BACKEND_INTERP), checks the output count, dtypes and
   shapes, runs each program twice (outputs pre-filled with a sentinel; the two runs must agree
   byte for byte), compares each with the reference and the two backends with each other, and
   checks that the context's counting allocator has nothing live at the end. Tolerances: f32
   atol 1e-6 / rtol 1e-5 (1e-5 / 1e-5 for transcendental functions, 1e-4 for reductions over
   1000+ elements), f64 1e-12, integers and bools exact.

   Covered: pointwise ops (add/sub with alpha, through the builders and ci_call keywords, mul,
   div and its rounding modes, neg, abs, exp, log, sqrt, rsqrt, sin, cos, tanh, sigmoid, relu,
   erf, pow tensor-tensor and Tensor_Scalar, maximum/minimum with NaN, clamp, where,
   comparisons, logical ops, conversions, Python scalars and 0-d tensors in promotion, integer
   wrap-around), reductions (sum, mean, amax, amin, prod, any, all, argmax/argmin, max.dim;
   unrolled and kernel paths, NaN/inf and integer extremes), views (view, reshape, permute, t,
   transpose, expand, squeeze, unsqueeze, slice, select, as_strided, clone, fixed and random
   chains of them), creation ops (full, zeros, ones, *_like, arange) and decompositions
   (softmax, log_softmax, gelu, silu, layer_norm), with odd sizes (1, 7, 1023), broadcasting,
   non-contiguous views made inside the graph, 0-size and 0-d tensors and the dtypes each op
   allows (f32, f64, i32, i64, bool; u8/i8/i16 for some); ops called by aten name with keyword
   arguments; and graphs with several outputs, one tensor output twice, an input output
   directly, an unused input and a constant array.

   Environment: CI_SEED=N fixes the seed; CI_OPS_ALL=1 runs every case of a test even after one
   fails and prints each failing case on stderr (normally a test stops at its first failure);
   CI_OPS_THREADS=N compiles with N threads (default 1). */
#include "ci_test.h"

#include <limits.h>
#include <time.h>

/* ======================================================================================
   reference arrays: values as doubles, C order; memory from a pool freed after each case
   ====================================================================================== */

typedef union pool_hdr { union pool_hdr *next; double d; int64_t i; void *p; } pool_hdr;
static pool_hdr *g_pool;

static void *palloc(size_t n) {
    pool_hdr *h = (pool_hdr *)calloc(1, sizeof(pool_hdr) + (n ? n : 1));
    if (!h) { fprintf(stderr, "test_ops: out of memory\n"); exit(2); }
    h->next = g_pool;
    g_pool = h;
    return h + 1;
}

static void pfree_all(void) {
    while (g_pool) {
        pool_hdr *n = g_pool->next;
        free(g_pool);
        g_pool = n;
    }
}

typedef struct arr {
    ci_dtype dt;
    int ndim;
    int64_t shape[CI_MAX_DIMS];
    size_t n;
    double *v;
} arr;

static size_t numel(int ndim, const int64_t *shape) {
    size_t n = 1;
    int i;
    for (i = 0; i < ndim; i++) n *= (size_t)shape[i];
    return n;
}

static arr ar_new(ci_dtype dt, int ndim, const int64_t *shape) {
    arr a;
    memset(&a, 0, sizeof a);
    a.dt = dt;
    a.ndim = ndim;
    if (ndim) memcpy(a.shape, shape, sizeof(int64_t) * (size_t)ndim);
    a.n = numel(ndim, shape);
    a.v = (double *)palloc(a.n * sizeof(double));
    return a;
}

/* the multi-index of flat index I */
static void unravel(size_t i, int ndim, const int64_t *shape, int64_t *idx) {
    int d;
    for (d = ndim - 1; d >= 0; d--) {
        idx[d] = shape[d] ? (int64_t)(i % (size_t)shape[d]) : 0;
        if (shape[d]) i /= (size_t)shape[d];
    }
}

static void cstrides(int ndim, const int64_t *shape, int64_t *st) {
    int64_t s = 1;
    int d;
    for (d = ndim - 1; d >= 0; d--) {
        st[d] = s;
        s *= shape[d] ? shape[d] : 1;
    }
}

static int is_float(ci_dtype dt) { return dt == CI_F32 || dt == CI_F64; }

/* V as a value of dtype DT (f32 rounding, integer wrap-around, bool) */
static double to_dt(double v, ci_dtype dt) {
    switch (dt) {
    case CI_F32: return (double)(float)v;
    case CI_F64: return v;
    case CI_BOOL: return v != 0 ? 1.0 : 0.0;
    default: break;
    }
    if (isnan(v)) return 0; /* not reached by the tests: UB in C */
    {
        int64_t i = (int64_t)v;
        switch (dt) {
        case CI_U8: return (double)(uint8_t)(uint64_t)i;
        case CI_I8: return (double)(int8_t)(uint8_t)(uint64_t)i;
        case CI_I16: return (double)(int16_t)(uint16_t)(uint64_t)i;
        case CI_I32: return (double)(int32_t)(uint32_t)(uint64_t)i;
        default: return (double)i;
        }
    }
}

static arr ar_cast(arr a, ci_dtype dt) {
    arr o = ar_new(dt, a.ndim, a.shape);
    size_t i;
    for (i = 0; i < a.n; i++) o.v[i] = to_dt(a.v[i], dt);
    return o;
}

/* element of A at multi-index IDX of a broadcast shape of rank ND (right-aligned) */
static double ar_at_bcast(const arr *a, int nd, const int64_t *idx) {
    int64_t off = 0, st[CI_MAX_DIMS];
    int d, k = nd - a->ndim;
    cstrides(a->ndim, a->shape, st);
    for (d = 0; d < a->ndim; d++) off += (a->shape[d] == 1 ? 0 : idx[k + d]) * st[d];
    return a->v[off];
}

static int bcast_shape(int n, const arr *a, int64_t *shape) {
    int nd = 0, i, d;
    for (i = 0; i < n; i++) if (a[i].ndim > nd) nd = a[i].ndim;
    for (d = 0; d < nd; d++) shape[d] = 1;
    for (i = 0; i < n; i++)
        for (d = 0; d < a[i].ndim; d++) {
            int64_t s = a[i].shape[d], *o = &shape[nd - a[i].ndim + d];
            if (s != 1) *o = s;
        }
    return nd;
}

/* ---- the op's parameters as a case carries them ---- */
typedef struct tcase tcase;
typedef double (*pw_fn)(const double *x, const tcase *c);

/* pointwise: out[i] = F(inputs broadcast at i), as a value of ODT */
static arr ar_pwn(int n, const arr *in, ci_dtype odt, pw_fn f, const tcase *c) {
    int64_t shape[CI_MAX_DIMS], idx[CI_MAX_DIMS];
    int nd = bcast_shape(n, in, shape), k;
    arr o = ar_new(odt, nd, shape);
    size_t i;
    double x[8];
    for (i = 0; i < o.n; i++) {
        unravel(i, nd, shape, idx);
        for (k = 0; k < n; k++) x[k] = ar_at_bcast(&in[k], nd, idx);
        o.v[i] = to_dt(f(x, c), odt);
    }
    return o;
}
static arr ar_pw1(arr a, ci_dtype odt, pw_fn f, const tcase *c) { return ar_pwn(1, &a, odt, f, c); }
static arr ar_pw2(arr a, arr b, ci_dtype odt, pw_fn f, const tcase *c) {
    arr x[2];
    x[0] = a; x[1] = b;
    return ar_pwn(2, x, odt, f, c);
}

/* ---- reference views (each returns a new contiguous array) ---- */

/* a strided gather from A's storage: the view SIZE/STRIDE/OFFSET of A's C-order storage */
static arr ar_strided(arr a, int nd, const int64_t *size, const int64_t *stride, int64_t off) {
    arr o = ar_new(a.dt, nd, size);
    int64_t idx[CI_MAX_DIMS];
    size_t i;
    int d;
    for (i = 0; i < o.n; i++) {
        int64_t p = off;
        unravel(i, nd, size, idx);
        for (d = 0; d < nd; d++) p += idx[d] * stride[d];
        o.v[i] = a.v[p];
    }
    return o;
}

static int64_t wrapdim(int64_t d, int nd) { return d < 0 ? d + (nd ? nd : 1) : d; }

static arr ar_permute(arr a, int n, const int64_t *dims) {
    int64_t st[CI_MAX_DIMS], size[CI_MAX_DIMS], nst[CI_MAX_DIMS];
    int d;
    cstrides(a.ndim, a.shape, st);
    for (d = 0; d < n; d++) {
        int64_t s = wrapdim(dims[d], a.ndim);
        size[d] = a.shape[s];
        nst[d] = st[s];
    }
    return ar_strided(a, n, size, nst, 0);
}

static arr ar_transpose(arr a, int64_t d0, int64_t d1) {
    int64_t p[CI_MAX_DIMS], t;
    int d;
    for (d = 0; d < a.ndim; d++) p[d] = d;
    d0 = wrapdim(d0, a.ndim); d1 = wrapdim(d1, a.ndim);
    t = p[d0]; p[d0] = p[d1]; p[d1] = t;
    return ar_permute(a, a.ndim, p);
}

/* aten.slice: start/end wrap once when negative, then clamp to [0, size] */
static arr ar_slice(arr a, int64_t dim, int64_t start, int64_t end, int64_t step) {
    int64_t st[CI_MAX_DIMS], size[CI_MAX_DIMS], len, n;
    int64_t off;
    dim = wrapdim(dim, a.ndim);
    len = a.shape[dim];
    if (start < 0) start += len;
    if (end < 0) end += len;
    if (start < 0) start = 0;
    if (start > len) start = len;
    if (end < start) end = start;
    if (end > len) end = len;
    n = (end - start + step - 1) / step;
    cstrides(a.ndim, a.shape, st);
    memcpy(size, a.shape, sizeof size);
    size[dim] = n;
    off = start * st[dim];
    st[dim] *= step;
    return ar_strided(a, a.ndim, size, st, off);
}

static arr ar_select(arr a, int64_t dim, int64_t index) {
    int64_t st[CI_MAX_DIMS], size[CI_MAX_DIMS], nst[CI_MAX_DIMS];
    int d, k = 0;
    dim = wrapdim(dim, a.ndim);
    if (index < 0) index += a.shape[dim];
    cstrides(a.ndim, a.shape, st);
    for (d = 0; d < a.ndim; d++)
        if (d != dim) { size[k] = a.shape[d]; nst[k] = st[d]; k++; }
    return ar_strided(a, k, size, nst, index * st[dim]);
}

static arr ar_expand(arr a, int n, const int64_t *shape) {
    int64_t st[CI_MAX_DIMS], size[CI_MAX_DIMS], nst[CI_MAX_DIMS];
    int d, k = n - a.ndim;
    cstrides(a.ndim, a.shape, st);
    for (d = 0; d < n; d++) {
        if (d < k) { size[d] = shape[d]; nst[d] = 0; continue; }
        size[d] = shape[d] == -1 ? a.shape[d - k] : shape[d];
        nst[d] = a.shape[d - k] == 1 && size[d] != 1 ? 0 : st[d - k];
    }
    return ar_strided(a, n, size, nst, 0);
}

/* view/reshape: the same values, another shape (-1 inferred) */
static arr ar_reshape(arr a, int n, const int64_t *shape) {
    arr o;
    int64_t s[CI_MAX_DIMS], known = 1;
    int d, infer = -1;
    for (d = 0; d < n; d++) {
        s[d] = shape[d];
        if (s[d] == -1) infer = d; else known *= s[d];
    }
    if (infer >= 0) s[infer] = known ? (int64_t)a.n / known : 0;
    o = ar_new(a.dt, n, s);
    if (a.n) memcpy(o.v, a.v, a.n * sizeof(double));
    return o;
}

static arr ar_unsqueeze(arr a, int64_t dim) {
    int64_t s[CI_MAX_DIMS];
    int d, k = 0;
    if (dim < 0) dim += a.ndim + 1;
    for (d = 0; d <= a.ndim; d++) s[d] = d == dim ? 1 : a.shape[k++];
    return ar_reshape(a, a.ndim + 1, s);
}

/* squeeze: DIM = CI_DIM_NONE drops every size-1 dim */
static arr ar_squeeze(arr a, int64_t dim) {
    int64_t s[CI_MAX_DIMS];
    int d, k = 0;
    if (dim != CI_DIM_NONE) dim = wrapdim(dim, a.ndim);
    for (d = 0; d < a.ndim; d++)
        if (!(a.shape[d] == 1 && (dim == CI_DIM_NONE || dim == d))) s[k++] = a.shape[d];
    return ar_reshape(a, k, s);
}

/* ---- reference reductions ---- */
enum { R_SUM, R_PROD, R_MEAN, R_MAX, R_MIN, R_ANY, R_ALL, R_ARGMAX, R_ARGMIN };

/* reduces the dims in DIMS (NULL or ndims 0 = all) with KIND; the result has dtype ODT.
   NaN propagates through max/min; argmax/argmin pick the first extreme (a NaN counts as the
   extreme, as in PyTorch). */
static arr ar_reduce(arr a, int ndims, const int64_t *dims, int keepdim, int kind, ci_dtype odt) {
    int red[CI_MAX_DIMS] = {0};
    int64_t oshape[CI_MAX_DIMS] = {0}, kshape[CI_MAX_DIMS] = {0}, rshape[CI_MAX_DIMS] = {0}, st[CI_MAX_DIMS];
    int64_t oidx[CI_MAX_DIMS], ridx[CI_MAX_DIMS];
    int rmap[CI_MAX_DIMS], omap[CI_MAX_DIMS];
    int d, ond = 0, nr = 0, nk = 0;
    size_t i, j, rn;
    arr o;
    if (ndims == 0 || !dims) for (d = 0; d < a.ndim; d++) red[d] = 1;
    else for (d = 0; d < ndims; d++) red[wrapdim(dims[d], a.ndim)] = 1;
    for (d = 0; d < a.ndim; d++) {
        if (red[d]) { rmap[nr] = d; rshape[nr++] = a.shape[d]; }
        else { omap[nk] = d; kshape[nk++] = a.shape[d]; }
        if (!red[d]) oshape[ond++] = a.shape[d];
        else if (keepdim) oshape[ond++] = 1;
    }
    cstrides(a.ndim, a.shape, st);
    o = ar_new(odt, ond, oshape);
    rn = numel(nr, rshape);
    for (i = 0; i < o.n; i++) {
        double acc, best = 0;
        int64_t bi = 0;
        int64_t base = 0;
        int have = 0;
        unravel(i, nk, kshape, oidx);
        for (d = 0; d < nk; d++) base += oidx[d] * st[omap[d]];
        switch (kind) {
        case R_PROD: case R_ALL: acc = 1; break;
        default: acc = 0; break;
        }
        for (j = 0; j < rn; j++) {
            int64_t p = base;
            double v;
            unravel(j, nr, rshape, ridx);
            for (d = 0; d < nr; d++) p += ridx[d] * st[rmap[d]];
            v = a.v[p];
            switch (kind) {
            case R_SUM: case R_MEAN: acc += v; break;
            case R_PROD: acc *= v; break;
            case R_ANY: acc = acc || v != 0; break;
            case R_ALL: acc = acc && v != 0; break;
            case R_MAX: case R_MIN:
                if (!have || isnan(v) || (!isnan(acc) && (kind == R_MAX ? v > acc : v < acc))) acc = v;
                have = 1;
                break;
            default: /* argmax / argmin: the first extreme; the first NaN wins */
                if (!have || (!isnan(best) && (isnan(v) || (kind == R_ARGMAX ? v > best : v < best)))) {
                    best = v;
                    bi = (int64_t)j;
                }
                have = 1;
                break;
            }
        }
        if (kind == R_MEAN) acc = rn ? acc / (double)rn : NAN;
        if (kind == R_ARGMAX || kind == R_ARGMIN) acc = (double)bi;
        o.v[i] = to_dt(acc, odt);
    }
    return o;
}

static arr ar_red1(arr a, int64_t dim, int keepdim, int kind, ci_dtype odt) {
    if (dim == CI_DIM_NONE) return ar_reduce(a, 0, NULL, keepdim, kind, odt);
    return ar_reduce(a, 1, &dim, keepdim, kind, odt);
}

/* ======================================================================================
   input specs and cases
   ====================================================================================== */

enum { F_DEFAULT = 0, F_RANGE, F_MAG, F_DATA };

/* an input: dtype, shape, fill. F_DEFAULT: floats N(0,1), integers in [-10, 10] ([0, 20]
   for u8), bools 0/1. F_RANGE: uniform in [lo, hi] (floats; on a grid of STEP when step > 0;
   integers: whole numbers). F_MAG: magnitude uniform in [lo, hi] with a random sign (divisors
   away from 0). F_DATA: the values DATA, repeated cyclically over the elements. */
typedef struct ispec {
    ci_dtype dt;
    int ndim;
    int64_t shape[CI_MAX_DIMS];
    int fill;
    double lo, hi, step;
    const double *data;
    int ndata;
} ispec;

/* S(CI_F32, "7,1"); "" is a 0-d tensor */
static ispec S(ci_dtype dt, const char *shape) {
    ispec s;
    const char *p = shape;
    memset(&s, 0, sizeof s);
    s.dt = dt;
    while (*p) {
        char *e;
        s.shape[s.ndim++] = (int64_t)strtol(p, &e, 10);
        p = *e == ',' ? e + 1 : e;
        if (e == p && *p) break;
    }
    return s;
}
static ispec RANGE(ispec s, double lo, double hi) { s.fill = F_RANGE; s.lo = lo; s.hi = hi; return s; }
static ispec GRID(ispec s, double lo, double hi, double step) { s = RANGE(s, lo, hi); s.step = step; return s; }
static ispec MAG(ispec s, double lo, double hi) { s.fill = F_MAG; s.lo = lo; s.hi = hi; return s; }
static ispec DATA(ispec s, const double *data, int n) { s.fill = F_DATA; s.data = data; s.ndata = n; return s; }

#define MAXIN 6
#define MAXOUT 4

typedef void (*build_fn)(ci_graph *g, const ci_tensor *in, const tcase *c);
typedef int (*ref_fn)(const arr *in, arr *out, const tcase *c); /* returns the number of outputs */

struct tcase {
    const char *name;                 /* the op, for messages */
    int nin;
    ispec in[MAXIN];
    build_fn build;
    ref_fn ref;
    /* what generic builders and references use */
    ci_tensor (*u1)(ci_graph *, ci_tensor);
    ci_tensor (*u2)(ci_graph *, ci_tensor, ci_tensor);
    pw_fn f;
    ci_dtype odt;                     /* the expected result dtype */
    int64_t i[8];                     /* integer parameters (dims, ...) */
    int ni;
    double d[4];                      /* float parameters */
    const char *s;                    /* a string parameter */
    int keep;                         /* keepdim */
    int64_t prog[96];                 /* a program of view ops (test_random_view_chains) */
    int nprog;
    int kind;                         /* R_* for reductions, a variant for others */
    double atol, rtol;                /* f32 tolerance; 0, 0 = 1e-6, 1e-5 */
    double atol64, rtol64;            /* f64 tolerance; 0, 0 = 1e-12, 1e-12 */
};

/* ======================================================================================
   running a case
   ====================================================================================== */

static uint64_t g_seed;
static ci_test_rng g_rng;
static const char *g_rng_test;
static int g_all; /* CI_OPS_ALL: report every failing case */
static int g_threads; /* CI_OPS_THREADS: ci_ctx_desc.num_threads (default 1) */

static ci_test_rng *rng(void) {
    const char *name = ci_test_name();
    if (name != g_rng_test) {
        uint64_t h = 1469598103934665603ull;
        const char *p;
        for (p = name; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
        g_rng = ci_test_rng_make(g_seed ^ h);
        g_rng_test = name;
    }
    return &g_rng;
}

static void quiet_log(ci_log_level level, const char *msg, void *user) {
    (void)level; (void)msg; (void)user;
}

static void put_value(ci_dtype dt, void *p, size_t i, double v) {
    switch (dt) {
    case CI_BOOL: ((unsigned char *)p)[i] = v != 0; break;
    case CI_U8: ((uint8_t *)p)[i] = (uint8_t)v; break;
    case CI_I8: ((int8_t *)p)[i] = (int8_t)v; break;
    case CI_I16: ((int16_t *)p)[i] = (int16_t)v; break;
    case CI_I32: ((int32_t *)p)[i] = (int32_t)v; break;
    case CI_I64: ((int64_t *)p)[i] = (int64_t)v; break;
    case CI_F32: ((float *)p)[i] = (float)v; break;
    case CI_F64: ((double *)p)[i] = v; break;
    default: break;
    }
}

static double get_value(ci_dtype dt, const void *p, size_t i) {
    int ok;
    return ci_test_load_(dt, p, i, &ok);
}

/* the values of an input as the spec asks, already exact in its dtype */
static arr gen_input(const ispec *s) {
    arr a = ar_new(s->dt, s->ndim, s->shape);
    ci_test_rng *r = rng();
    size_t i;
    for (i = 0; i < a.n; i++) {
        double v;
        switch (s->fill) {
        case F_RANGE:
            if (!is_float(s->dt)) v = (double)ci_test_rng_int(r, (int64_t)s->lo, (int64_t)s->hi);
            else if (s->step > 0)
                v = s->lo + s->step * (double)ci_test_rng_int(r, 0, (int64_t)floor((s->hi - s->lo) / s->step + 1e-9));
            else v = s->lo + (s->hi - s->lo) * ci_test_rng_uniform(r);
            break;
        case F_MAG:
            if (!is_float(s->dt)) v = (double)ci_test_rng_int(r, (int64_t)s->lo, (int64_t)s->hi);
            else v = s->lo + (s->hi - s->lo) * ci_test_rng_uniform(r);
            if (ci_test_rng_next(r) >> 63) v = -v;
            break;
        case F_DATA: v = s->data[i % (size_t)s->ndata]; break;
        default:
            if (is_float(s->dt)) v = ci_test_rng_normal(r);
            else if (s->dt == CI_BOOL) v = (double)(ci_test_rng_next(r) >> 63);
            else if (s->dt == CI_U8) v = (double)ci_test_rng_int(r, 0, 20);
            else v = (double)ci_test_rng_int(r, -10, 10);
            break;
        }
        a.v[i] = to_dt(v, s->dt);
    }
    return a;
}

static void fmt_shape(char *buf, size_t sz, ci_dtype dt, int ndim, const int64_t *shape) {
    size_t n;
    int d;
    snprintf(buf, sz, "%s[", ci_dtype_name(dt));
    for (d = 0; d < ndim; d++) {
        n = strlen(buf);
        snprintf(buf + n, sz - n, "%s%lld", d ? "," : "", (long long)shape[d]);
    }
    n = strlen(buf);
    snprintf(buf + n, sz - n, "]");
}

/* "add(f32[7,1], f32[1,5])" */
static void case_label(const tcase *c, char *buf, size_t sz) {
    int k;
    size_t n;
    snprintf(buf, sz, "%s(", c->name ? c->name : "?");
    for (k = 0; k < c->nin; k++) {
        char sh[128];
        fmt_shape(sh, sizeof sh, c->in[k].dt, c->in[k].ndim, c->in[k].shape);
        n = strlen(buf);
        snprintf(buf + n, sz - n, "%s%s", k ? ", " : "", sh);
    }
    n = strlen(buf);
    snprintf(buf + n, sz - n, ")");
}

static void fmt_index(char *buf, size_t sz, size_t i, int ndim, const int64_t *shape) {
    int64_t idx[CI_MAX_DIMS];
    int d;
    size_t n;
    unravel(i, ndim, shape, idx);
    snprintf(buf, sz, "[");
    for (d = 0; d < ndim; d++) {
        n = strlen(buf);
        snprintf(buf + n, sz - n, "%s%lld", d ? "," : "", (long long)idx[d]);
    }
    n = strlen(buf);
    snprintf(buf + n, sz - n, "]");
}

/* records a failure of the running test (the first one is kept) and, with CI_OPS_ALL, prints it */
static int failf(const char *file, int line, const char *fmt, ...) {
    char msg[1500];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (g_all) fprintf(stderr, "FAILCASE %s: %s:%d: %s\n", ci_test_name(), file, line, msg);
    ci_test_check_(0, file, line, "%s", msg);
    return 0;
}

static void tol_for(const tcase *c, ci_dtype dt, double *atol, double *rtol) {
    if (dt == CI_F64) {
        *atol = c->atol64 > 0 || c->rtol64 > 0 ? c->atol64 : 1e-12;
        *rtol = c->atol64 > 0 || c->rtol64 > 0 ? c->rtol64 : 1e-12;
    } else {
        *atol = c->atol > 0 || c->rtol > 0 ? c->atol : 1e-6;
        *rtol = c->atol > 0 || c->rtol > 0 ? c->rtol : 1e-5;
    }
}

/* element-wise comparison of GOT (dtype DT) with WANT (doubles); 1 when all agree */
static int compare(const tcase *c, ci_dtype dt, const void *got, const double *want, size_t n,
                   int ndim, const int64_t *shape, char *why, size_t whysz) {
    double atol, rtol;
    size_t i, first = 0, nbad = 0;
    tol_for(c, dt, &atol, &rtol);
    for (i = 0; i < n; i++) {
        int bad;
        if (dt == CI_I64) bad = ((const int64_t *)got)[i] != (int64_t)want[i];
        else if (dt == CI_BOOL) bad = ((const unsigned char *)got)[i] != (want[i] != 0);
        else if (is_float(dt)) bad = !ci_test_near(get_value(dt, got, i), want[i], atol, rtol);
        else bad = get_value(dt, got, i) != want[i];
        if (bad && nbad++ == 0) first = i;
    }
    if (nbad) {
        char ix[128];
        fmt_index(ix, sizeof ix, first, ndim, shape);
        if (dt == CI_BOOL)
            snprintf(why, whysz, "at %s: got %d, want %d (%lu of %lu differ)", ix,
                     ((const unsigned char *)got)[first], want[first] != 0, (unsigned long)nbad,
                     (unsigned long)n);
        else if (dt == CI_I64)
            snprintf(why, whysz, "at %s: got %lld, want %lld (%lu of %lu differ)", ix,
                     (long long)((const int64_t *)got)[first], (long long)want[first],
                     (unsigned long)nbad, (unsigned long)n);
        else
            snprintf(why, whysz, "at %s: got %.9g, want %.9g (%lu of %lu differ; atol %g rtol %g)", ix,
                     get_value(dt, got, first), want[first], (unsigned long)nbad, (unsigned long)n,
                     is_float(dt) ? atol : 0, is_float(dt) ? rtol : 0);
        return 0;
    }
    return 1;
}

static const char *backend_name(ci_backend b) { return b == CI_BACKEND_TCC ? "tcc" : "interp"; }

#define NBACK 2
static const ci_backend g_backends[NBACK] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};

/* builds, compiles (both backends), runs and checks one case; 0 after recording a failure */
static int run_case(const tcase *c, const char *file, int line) {
    arr in[MAXIN], want[MAXOUT];
    void *raw[MAXIN];
    void *outs[NBACK][MAXOUT];
    char label[512], why[1024];
    ci_test_alloc ta;
    ci_ctx_desc cd;
    ci_ctx *ctx = NULL;
    ci_graph *g = NULL;
    int k, b, nout, ok = 1;
    memset(raw, 0, sizeof raw);
    memset(outs, 0, sizeof outs);
    case_label(c, label, sizeof label);

    /* inputs and the reference */
    for (k = 0; k < c->nin; k++) {
        size_t i;
        in[k] = gen_input(&c->in[k]);
        raw[k] = palloc(in[k].n * ci_dtype_size(in[k].dt));
        for (i = 0; i < in[k].n; i++) put_value(in[k].dt, raw[k], i, in[k].v[i]);
    }
    nout = c->ref(in, want, c);

    /* the graph, built once */
    memset(&cd, 0, sizeof cd);
    ci_test_alloc_init(&ta);
    cd.allocator = ci_test_alloc_allocator(&ta);
    cd.log = quiet_log;
    cd.num_threads = g_threads;
    if (ci_ctx_create(&cd, &ctx) != CI_OK) { ok = failf(file, line, "%s: ci_ctx_create failed", label); goto done; }
    g = ci_graph_create(ctx);
    if (!g) { ok = failf(file, line, "%s: ci_graph_create failed", label); goto done; }
    {
        ci_tensor t[MAXIN];
        for (k = 0; k < c->nin; k++) {
            char name[16];
            snprintf(name, sizeof name, "x%d", k);
            t[k] = ci_input(g, name, c->in[k].dt, c->in[k].ndim, c->in[k].shape);
        }
        c->build(g, t, c);
    }
    if (ci_graph_status(g) != CI_OK) {
        ok = failf(file, line, "%s: building the graph failed: %s: %s", label,
                   ci_result_string(ci_graph_status(g)), ci_graph_message(g));
        goto done;
    }

    for (b = 0; b < NBACK && ok; b++) {
        ci_compile_desc pd;
        ci_program *p = NULL;
        ci_result r;
        const char *bn = backend_name(g_backends[b]);
        memset(&pd, 0, sizeof pd);
        pd.backend = g_backends[b];
        r = ci_compile(g, &pd, &p);
        if (r != CI_OK) {
            ok = failf(file, line, "%s [%s]: ci_compile: %s: %s", label, bn, ci_result_string(r), ci_ctx_last_error(ctx));
            break;
        }
        if (ci_program_num_outputs(p) != nout) {
            ok = failf(file, line, "%s [%s]: %d outputs, want %d", label, bn, ci_program_num_outputs(p), nout);
        }
        for (k = 0; k < nout && ok; k++) {
            int64_t shape[CI_MAX_DIMS];
            int nd = ci_program_output_shape(p, k, shape);
            ci_dtype dt = ci_program_output_dtype(p, k);
            if (dt != want[k].dt)
                ok = failf(file, line, "%s [%s]: output %d has dtype %s, want %s", label, bn, k,
                           ci_dtype_name(dt), ci_dtype_name(want[k].dt));
            else if (nd != want[k].ndim || (nd > 0 && memcmp(shape, want[k].shape, sizeof(int64_t) * (size_t)nd))) {
                char s1[128], s2[128];
                fmt_shape(s1, sizeof s1, dt, nd < 0 ? 0 : nd, shape);
                fmt_shape(s2, sizeof s2, want[k].dt, want[k].ndim, want[k].shape);
                ok = failf(file, line, "%s [%s]: output %d has shape %s, want %s", label, bn, k, s1, s2);
            }
        }
        /* runs twice: the second run must give the same bytes as the first (nothing carried over) */
        if (ok) {
            const void *ip[MAXIN];
            void *first[MAXOUT];
            int rep;
            for (k = 0; k < c->nin; k++) ip[k] = raw[k];
            for (rep = 0; rep < 2 && ok; rep++) {
                for (k = 0; k < nout; k++) {
                    size_t bytes = want[k].n * ci_dtype_size(want[k].dt);
                    if (rep == 0) first[k] = palloc(bytes);
                    outs[b][k] = rep == 0 ? first[k] : palloc(bytes);
                    memset(outs[b][k], rep ? 0x5A : 0xCD, bytes); /* a sentinel: elements not written show */
                }
                r = ci_program_run(p, c->nin, ip, nout, outs[b]);
                if (r != CI_OK)
                    ok = failf(file, line, "%s [%s]: ci_program_run: %s: %s", label, bn, ci_result_string(r), ci_ctx_last_error(ctx));
            }
            for (k = 0; k < nout && ok; k++) {
                size_t bytes = want[k].n * ci_dtype_size(want[k].dt);
                if (bytes && memcmp(first[k], outs[b][k], bytes) != 0)
                    ok = failf(file, line, "%s [%s]: output %d differs between the first and second run", label, bn, k);
            }
        }
        for (k = 0; k < nout && ok; k++)
            if (!compare(c, want[k].dt, outs[b][k], want[k].v, want[k].n, want[k].ndim, want[k].shape, why, sizeof why))
                ok = failf(file, line, "%s [%s] seed %llu: output %d vs reference: %s", label, bn,
                           (unsigned long long)g_seed, k, why);
        ci_program_destroy(p);
    }
    /* the two backends against each other */
    for (k = 0; k < nout && ok; k++) {
        double *v = (double *)palloc(want[k].n * sizeof(double));
        size_t i;
        for (i = 0; i < want[k].n; i++) v[i] = get_value(want[k].dt, outs[1][k], i);
        if (!compare(c, want[k].dt, outs[0][k], v, want[k].n, want[k].ndim, want[k].shape, why, sizeof why))
            ok = failf(file, line, "%s seed %llu: output %d, tcc vs interp: %s", label,
                       (unsigned long long)g_seed, k, why);
    }
done:
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    if (ok && (ta.live_blocks != 0 || ta.bad_frees != 0))
        ok = failf(file, line, "%s: %ld blocks (%lu bytes) live after ci_ctx_destroy, %ld bad frees", label,
                   ta.live_blocks, (unsigned long)ta.live_bytes, ta.bad_frees);
    pfree_all();
    return ok;
}

/* RUN(case): runs it and returns from the test on failure (unless CI_OPS_ALL) */
#define RUN(c) do { if (!run_case(&(c), __FILE__, __LINE__) && !g_all) return; } while (0)

/* ======================================================================================
   generic builders and references, and the one-line case forms
   ====================================================================================== */

static void b_u1(ci_graph *g, const ci_tensor *t, const tcase *c) { ci_output(g, c->u1(g, t[0])); }
static void b_u2(ci_graph *g, const ci_tensor *t, const tcase *c) { ci_output(g, c->u2(g, t[0], t[1])); }
static int r_pw(const arr *in, arr *out, const tcase *c) { out[0] = ar_pwn(c->nin, in, c->odt, c->f, c); return 1; }

/* a pointwise function of x[0], x[1], ... (c = the case, for its parameters) */
#define PWF(name, expr) static double name(const double *x, const tcase *c) { (void)c; (void)x; return (expr); }

static tcase mk(const char *name, int nin, const ispec *in, build_fn b, ref_fn r, ci_dtype odt) {
    tcase c;
    int k;
    memset(&c, 0, sizeof c);
    c.name = name;
    c.nin = nin;
    for (k = 0; k < nin; k++) c.in[k] = in[k];
    c.build = b;
    c.ref = r;
    c.odt = odt;
    return c;
}

static int unary_(const char *file, int line, const char *name, ci_tensor (*op)(ci_graph *, ci_tensor),
                  pw_fn f, ci_dtype odt, ispec x, double atol, double rtol) {
    tcase c = mk(name, 1, &x, b_u1, r_pw, odt);
    c.u1 = op; c.f = f; c.atol = atol; c.rtol = rtol;
    return run_case(&c, file, line);
}
static int binary_(const char *file, int line, const char *name, ci_tensor (*op)(ci_graph *, ci_tensor, ci_tensor),
                   pw_fn f, ci_dtype odt, ispec x, ispec y, double atol, double rtol) {
    ispec in[2];
    tcase c;
    in[0] = x; in[1] = y;
    c = mk(name, 2, in, b_u2, r_pw, odt);
    c.u2 = op; c.f = f; c.atol = atol; c.rtol = rtol;
    return run_case(&c, file, line);
}

/* UN(op, f, odt, x): op(x) == f(x) as ODT; BIN(op, f, odt, x, y) likewise; the _T forms take
   an f32 tolerance */
#define UN(op, f, odt, x) do { if (!unary_(__FILE__, __LINE__, #op, op, f, odt, x, 0, 0) && !g_all) return; } while (0)
#define UN_T(op, f, odt, x, at, rt) do { if (!unary_(__FILE__, __LINE__, #op, op, f, odt, x, at, rt) && !g_all) return; } while (0)
#define BIN(op, f, odt, x, y) do { if (!binary_(__FILE__, __LINE__, #op, op, f, odt, x, y, 0, 0) && !g_all) return; } while (0)
#define BIN_T(op, f, odt, x, y, at, rt) do { if (!binary_(__FILE__, __LINE__, #op, op, f, odt, x, y, at, rt) && !g_all) return; } while (0)

/* f32 tolerance for transcendental functions */
#define TA 1e-5
#define TR 1e-5

/* mk1/mk2/mk3: a case on 1, 2 or 3 inputs; P(c, n, ...) sets the integer parameters c.i
   (ints; NONE_ stands for CI_DIM_NONE) */
static tcase mk1(const char *name, ispec x, build_fn b, ref_fn r, ci_dtype odt) { return mk(name, 1, &x, b, r, odt); }
static tcase mk2(const char *name, ispec x, ispec y, build_fn b, ref_fn r, ci_dtype odt) {
    ispec in[2];
    in[0] = x; in[1] = y;
    return mk(name, 2, in, b, r, odt);
}
static tcase mk3(const char *name, ispec x, ispec y, ispec z, build_fn b, ref_fn r, ci_dtype odt) {
    ispec in[3];
    in[0] = x; in[1] = y; in[2] = z;
    return mk(name, 3, in, b, r, odt);
}
#define NONE_ INT_MIN
static tcase P(tcase c, int n, ...) {
    va_list ap;
    int k;
    va_start(ap, n);
    c.ni = n;
    for (k = 0; k < n && k < 8; k++) {
        int v = va_arg(ap, int);
        c.i[k] = v == NONE_ ? CI_DIM_NONE : v;
    }
    va_end(ap);
    return c;
}
static tcase TOL(tcase c, double atol, double rtol) { c.atol = atol; c.rtol = rtol; return c; }
static tcase TOL64(tcase c, double atol, double rtol) { c.atol64 = atol; c.rtol64 = rtol; return c; }

/* ======================================================================================
   pointwise ops
   ====================================================================================== */

PWF(f_id, x[0])
PWF(f_add, x[0] + x[1])
PWF(f_add1, x[0] + 1)
PWF(f_mul2, x[0] * 2)
PWF(f_sub, x[0] - x[1])
PWF(f_mul, x[0] * x[1])
PWF(f_div, x[0] / x[1])
PWF(f_or, (x[0] != 0) || (x[1] != 0))
PWF(f_and, (x[0] != 0) && (x[1] != 0))
PWF(f_not, x[0] == 0)

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

/* div with rounding_mode */
static void b_divmode(ci_graph *g, const ci_tensor *t, const tcase *c) { ci_output(g, ci_div_mode(g, t[0], t[1], c->s)); }
PWF(f_trunc_div, trunc(x[0] / x[1]))
PWF(f_floor_div, floor(x[0] / x[1]))
static int divmode_(const char *file, int line, const char *mode, ci_dtype odt, ispec x, ispec y) {
    tcase c = mk2(mode ? mode : "div_mode(None)", x, y, b_divmode, r_pw, odt);
    c.s = mode;
    c.f = !mode ? f_div : mode[0] == 't' ? f_trunc_div : f_floor_div;
    return run_case(&c, file, line);
}
#define DIVM(mode, odt, x, y) do { if (!divmode_(__FILE__, __LINE__, mode, odt, x, y) && !g_all) return; } while (0)
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
PWF(f_neg, -x[0])
PWF(f_abs, fabs(x[0]))
PWF(f_exp, exp(x[0]))
PWF(f_log, log(x[0]))
PWF(f_sqrt, sqrt(x[0]))
PWF(f_rsqrt, 1.0 / sqrt(x[0]))
PWF(f_sin, sin(x[0]))
PWF(f_cos, cos(x[0]))
PWF(f_tanh, tanh(x[0]))
PWF(f_sigmoid, 1.0 / (1.0 + exp(-x[0])))
PWF(f_relu, isnan(x[0]) ? x[0] : x[0] > 0 ? x[0] : 0)   /* relu(nan) is nan */
PWF(f_erf, erf(x[0]))

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
PWF(f_max, isnan(x[0]) || isnan(x[1]) ? NAN : x[0] > x[1] ? x[0] : x[1])
PWF(f_min, isnan(x[0]) || isnan(x[1]) ? NAN : x[0] < x[1] ? x[0] : x[1])
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

/* ---- clamp ----
   kind 0: Python-number bounds (c->d[0], c->d[1]; c->i[0]/c->i[1] say which are given; c->i[2]
   = 1: ints); kind 1: tensor bounds (inputs 1 and 2 as c->i[0]/c->i[1] say); kind 2: ci_call
   "aten.clamp" with float arguments */
static void b_clamp(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor none = {0}, lo = none, hi = none;
    if (c->kind == 2) {
        ci_arg a[3];
        a[0] = ci_arg_tensor(t[0]);
        a[1] = c->i[0] ? ci_arg_float(c->d[0]) : ci_arg_none();
        a[2] = c->i[1] ? ci_arg_float(c->d[1]) : ci_arg_none();
        ci_output(g, ci_call1(g, "aten.clamp", 3, a, 0, NULL));
        return;
    }
    if (c->kind == 1) {
        int k = 1;
        if (c->i[0]) lo = t[k++];
        if (c->i[1]) hi = t[k++];
    } else {
        if (c->i[0]) lo = c->i[2] ? ci_scalar_int(g, (int64_t)c->d[0]) : ci_scalar(g, c->d[0]);
        if (c->i[1]) hi = c->i[2] ? ci_scalar_int(g, (int64_t)c->d[1]) : ci_scalar(g, c->d[1]);
    }
    ci_output(g, ci_clamp(g, t[0], lo, hi));
}
static double f_clamp(const double *x, const tcase *c) {
    double r = x[0], lo = c->d[0], hi = c->d[1];
    if (c->kind == 1) {
        int k = 1;
        if (c->i[0]) lo = x[k++];
        if (c->i[1]) hi = x[k++];
    }
    if (isnan(r)) return r;
    if (c->i[0] && (r < lo || isnan(lo))) r = lo;
    if (c->i[1] && (r > hi || isnan(hi))) r = hi;
    return r;
}
static int clamp_(const char *file, int line, int kind, int has_lo, int has_hi, double lo, double hi, int ints,
                  ci_dtype odt, int nin, ispec x, ispec y, ispec z) {
    tcase c = mk3(kind == 0 ? "clamp(scalars)" : kind == 1 ? "clamp(tensors)" : "aten.clamp(floats)", x, y, z, b_clamp, r_pw, odt);
    c.nin = nin; c.kind = kind; c.i[0] = has_lo; c.i[1] = has_hi; c.i[2] = ints; c.d[0] = lo; c.d[1] = hi; c.f = f_clamp;
    return run_case(&c, file, line);
}
#define CLAMP(kind, hl, hh, lo, hi, ints, odt, nin, x, y, z) \
    do { if (!clamp_(__FILE__, __LINE__, kind, hl, hh, lo, hi, ints, odt, nin, x, y, z) && !g_all) return; } while (0)
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
PWF(f_eq, x[0] == x[1])
PWF(f_ne, x[0] != x[1])
PWF(f_lt, x[0] < x[1])
PWF(f_le, x[0] <= x[1])
PWF(f_gt, x[0] > x[1])
PWF(f_ge, x[0] >= x[1])
static const double cmp_a[] = {NAN, 1, NAN, 2, -0.0, INFINITY, 0.5, 200, 5};
static const double cmp_b[] = {1, NAN, NAN, 2, 0.0, INFINITY, 0.5, -56, 5};

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

/* ======================================================================================
   reductions
   ====================================================================================== */

/* c->i[0..ni): dims (ni 0 = all) for the list forms; c->i[0] = the dim for the others */
static void b_red(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor x = t[0];
    if (c->s && !strcmp(c->s, "T")) x = ci_t(g, x);                   /* reduce a transposed view */
    else if (c->s && !strcmp(c->s, "S2")) x = ci_slice(g, x, -1, 0, INT64_MAX, 2); /* every 2nd */
    switch (c->kind) {
    case R_SUM: ci_output(g, ci_sum(g, x, c->ni, c->i, c->keep)); break;
    case R_MEAN: ci_output(g, ci_mean(g, x, c->ni, c->i, c->keep)); break;
    case R_MAX: ci_output(g, ci_amax(g, x, c->ni, c->i, c->keep)); break;
    case R_MIN: ci_output(g, ci_amin(g, x, c->ni, c->i, c->keep)); break;
    case R_PROD: ci_output(g, ci_prod(g, x, c->i[0], c->keep)); break;
    case R_ANY: ci_output(g, ci_any(g, x, c->i[0], c->keep)); break;
    case R_ALL: ci_output(g, ci_all(g, x, c->i[0], c->keep)); break;
    case R_ARGMAX: ci_output(g, ci_argmax(g, x, c->i[0], c->keep)); break;
    default: ci_output(g, ci_argmin(g, x, c->i[0], c->keep)); break;
    }
}
static int r_red(const arr *in, arr *out, const tcase *c) {
    arr x = in[0];
    if (c->s && !strcmp(c->s, "T")) x = ar_transpose(x, 0, 1);
    else if (c->s && !strcmp(c->s, "S2")) x = ar_slice(x, -1, 0, INT64_MAX, 2);
    if (c->kind != R_PROD && c->kind <= R_MIN) out[0] = ar_reduce(x, c->ni, c->i, c->keep, c->kind, c->odt);
    else out[0] = ar_red1(x, c->i[0], c->keep, c->kind, c->odt);
    return 1;
}
static const char *red_names[] = {"sum", "prod", "mean", "amax", "amin", "any", "all", "argmax", "argmin"};
static tcase RED(int kind, ci_dtype odt, ispec x, int keep) {
    tcase c = mk1(red_names[kind], x, b_red, r_red, odt);
    c.kind = kind; c.keep = keep;
    if (kind == R_PROD || kind >= R_ANY) { c.i[0] = CI_DIM_NONE; }
    return c;
}
/* reductions over 1000+ f32 elements */
#define BIGTOL(c) TOL(TOL64(c, 1e-10, 1e-12), 1e-4, 1e-4)
/* RUNR(kind, odt, x, keep, ndims, dims...) */
#define RUNR(kind, odt, x, keep, ...) do { tcase c_ = P(RED(kind, odt, x, keep), __VA_ARGS__); RUN(c_); } while (0)
#define RUNR_BIG(kind, odt, x, keep, ...) do { tcase c_ = BIGTOL(P(RED(kind, odt, x, keep), __VA_ARGS__)); RUN(c_); } while (0)
#define RUNR_VIEW(view, kind, odt, x, keep, ...) do { tcase c_ = BIGTOL(P(RED(kind, odt, x, keep), __VA_ARGS__)); c_.s = view; RUN(c_); } while (0)

CI_TEST(test_sum) {
    RUNR(R_SUM, CI_F32, S(CI_F32, "7,5"), 0, 0);                 /* all dims -> 0-d */
    RUNR(R_SUM, CI_F32, S(CI_F32, "7,5"), 1, 0);                 /* all dims, keepdim */
    RUNR(R_SUM, CI_F32, S(CI_F32, "3,4,5"), 0, 2, 0, 2);
    RUNR(R_SUM, CI_F32, S(CI_F32, "3,4,5"), 1, 2, 0, 2);
    RUNR(R_SUM, CI_F32, S(CI_F32, "3,4,5"), 0, 1, -1);
    RUNR(R_SUM, CI_F64, S(CI_F64, "3,1023"), 0, 1, 1);
    RUNR_BIG(R_SUM, CI_F32, S(CI_F32, "7,1023"), 0, 1, 1);
    RUNR_BIG(R_SUM, CI_F32, S(CI_F32, "1023,7"), 1, 1, 0);
    RUNR_BIG(R_SUM, CI_F32, S(CI_F32, "1023"), 0, 0);
    RUNR(R_SUM, CI_I64, S(CI_I32, "7,5"), 0, 1, 1);              /* ints sum to i64 */
    RUNR(R_SUM, CI_I64, S(CI_I64, "1023"), 0, 0);
    RUNR(R_SUM, CI_I64, S(CI_BOOL, "7,5"), 0, 1, 0);
    RUNR(R_SUM, CI_I64, RANGE(S(CI_U8, "1023"), 0, 255), 0, 0);
    RUNR(R_SUM, CI_I64, RANGE(S(CI_I8, "1023"), -128, 127), 1, 1, 0);
    RUNR(R_SUM, CI_F32, S(CI_F32, "1"), 0, 1, 0);
    RUNR(R_SUM, CI_F32, S(CI_F32, ""), 0, 0);
    RUNR(R_SUM, CI_F32, S(CI_F32, "0,3"), 0, 1, 0);              /* empty sums are 0 */
    RUNR(R_SUM, CI_F32, S(CI_F32, "0,3"), 0, 1, 1);
    RUNR(R_SUM, CI_F32, S(CI_F32, "0,3"), 0, 0);
    RUNR(R_SUM, CI_I64, S(CI_I32, "0,3"), 1, 1, 0);
}

CI_TEST(test_mean) {
    RUNR(R_MEAN, CI_F32, S(CI_F32, "7,5"), 0, 0);
    RUNR(R_MEAN, CI_F32, S(CI_F32, "3,4,5"), 0, 2, 0, 2);
    RUNR(R_MEAN, CI_F32, S(CI_F32, "3,4,5"), 1, 2, -1, 1);
    RUNR(R_MEAN, CI_F64, S(CI_F64, "3,1023"), 0, 1, 1);
    RUNR_BIG(R_MEAN, CI_F32, S(CI_F32, "1023,7"), 0, 1, 0);
    RUNR(R_MEAN, CI_F32, S(CI_F32, "1,7"), 1, 1, 0);
    RUNR(R_MEAN, CI_F32, S(CI_F32, "0,3"), 0, 1, 0);             /* empty: nan */
    RUNR(R_MEAN, CI_F32, S(CI_F32, "0,3"), 0, 1, 1);
}

CI_TEST(test_amax_amin) {
    static const double nan_rows[] = {1, NAN, 3, -1, 2, 0, NAN, 5, 4, 4, NAN, NAN};
    RUNR(R_MAX, CI_F32, S(CI_F32, "7,5"), 0, 1, 1);
    RUNR(R_MAX, CI_F32, S(CI_F32, "7,5"), 1, 1, 0);
    RUNR(R_MAX, CI_F32, S(CI_F32, "3,4,5"), 0, 2, 0, -1);
    RUNR(R_MAX, CI_F32, S(CI_F32, "3,4,5"), 0, 0);               /* dim=[]: all */
    RUNR(R_MAX, CI_F64, S(CI_F64, "3,1023"), 0, 1, 1);
    RUNR(R_MAX, CI_I32, S(CI_I32, "7,5"), 0, 1, 1);
    RUNR(R_MAX, CI_I64, S(CI_I64, "1023"), 0, 0);
    RUNR(R_MAX, CI_U8, RANGE(S(CI_U8, "9"), 0, 255), 0, 0);
    RUNR(R_MAX, CI_F32, DATA(S(CI_F32, "4,3"), nan_rows, 12), 0, 1, 1);  /* nan propagates */
    RUNR(R_MAX, CI_F32, DATA(S(CI_F32, "4,3"), nan_rows, 12), 0, 1, 0);
    RUNR(R_MAX, CI_F32, S(CI_F32, "0,3"), 0, 1, 1);              /* [0] */
    RUNR(R_MIN, CI_F32, S(CI_F32, "7,5"), 0, 1, 1);
    RUNR(R_MIN, CI_F32, S(CI_F32, "3,4,5"), 1, 2, 0, 1);
    RUNR(R_MIN, CI_F64, S(CI_F64, "1023"), 0, 0);
    RUNR(R_MIN, CI_I32, S(CI_I32, "7,5"), 1, 1, 0);
    RUNR(R_MIN, CI_I8, RANGE(S(CI_I8, "9"), -128, 127), 0, 0);
    RUNR(R_MIN, CI_F32, DATA(S(CI_F32, "4,3"), nan_rows, 12), 0, 1, 1);
    RUNR(R_MIN, CI_F32, S(CI_F32, "0,3"), 0, 1, 1);
}

CI_TEST(test_prod) {
    RUNR(R_PROD, CI_F32, RANGE(S(CI_F32, "7,5"), 0.5, 1.5), 0, 1, 1);
    RUNR(R_PROD, CI_F32, RANGE(S(CI_F32, "7,5"), 0.5, 1.5), 1, 1, 0);
    RUNR(R_PROD, CI_F32, RANGE(S(CI_F32, "7,5"), 0.5, 1.5), 0, 1, NONE_);   /* all -> 0-d */
    RUNR(R_PROD, CI_F64, RANGE(S(CI_F64, "3,1023"), 0.9, 1.1), 0, 1, -1);
    RUNR(R_PROD, CI_I64, RANGE(S(CI_I32, "4,5"), -3, 3), 0, 1, 0);           /* ints -> i64 */
    RUNR(R_PROD, CI_I64, RANGE(S(CI_I64, "9"), -3, 3), 0, 1, NONE_);
    RUNR(R_PROD, CI_I64, S(CI_BOOL, "4,5"), 0, 1, 1);
    RUNR(R_PROD, CI_F32, S(CI_F32, "0,3"), 0, 1, 0);                          /* empty: 1 */
    RUNR(R_PROD, CI_F32, S(CI_F32, "0,3"), 0, 1, 1);
}

CI_TEST(test_any_all) {
    RUNR(R_ANY, CI_BOOL, S(CI_BOOL, "7,5"), 0, 1, 1);
    RUNR(R_ANY, CI_BOOL, RANGE(S(CI_BOOL, "7,5"), 0, 0), 0, 1, NONE_);
    RUNR(R_ANY, CI_BOOL, GRID(S(CI_F32, "7,5"), 0, 1, 1), 1, 1, 0);
    RUNR(R_ANY, CI_BOOL, RANGE(S(CI_I32, "3,4,5"), 0, 1), 0, 1, -1);
    RUNR(R_ANY, CI_BOOL, S(CI_F64, "1023"), 0, 1, NONE_);
    RUNR(R_ANY, CI_BOOL, S(CI_BOOL, "0,3"), 0, 1, 0);            /* empty: false */
    RUNR(R_ANY, CI_U8, RANGE(S(CI_U8, "7,5"), 0, 1), 0, 1, 1);   /* uint8 keeps uint8 (PyTorch) */
    RUNR(R_ALL, CI_BOOL, S(CI_BOOL, "7,5"), 0, 1, 0);
    RUNR(R_ALL, CI_BOOL, RANGE(S(CI_BOOL, "7,5"), 1, 1), 0, 1, NONE_);
    RUNR(R_ALL, CI_BOOL, GRID(S(CI_F32, "7,5"), 0, 4, 1), 1, 1, 1);
    RUNR(R_ALL, CI_BOOL, RANGE(S(CI_I64, "3,4,5"), 0, 6), 0, 1, 1);
    RUNR(R_ALL, CI_BOOL, S(CI_BOOL, "0,3"), 0, 1, 0);            /* empty: true */
    RUNR(R_ALL, CI_BOOL, S(CI_BOOL, "0,3"), 0, 1, NONE_);
    RUNR(R_ALL, CI_U8, RANGE(S(CI_U8, "7,5"), 0, 3), 0, 1, 0);
}

CI_TEST(test_argmax_argmin) {
    static const double nan_rows[] = {1, NAN, 3, NAN, -1, 2, 0, 5, 4, 4, NAN, NAN};
    RUNR(R_ARGMAX, CI_I64, RANGE(S(CI_I32, "7,5"), 0, 3), 0, 1, 1);   /* ties: the first */
    RUNR(R_ARGMAX, CI_I64, RANGE(S(CI_I32, "7,5"), 0, 3), 1, 1, 0);
    RUNR(R_ARGMAX, CI_I64, GRID(S(CI_F32, "7,5"), -2, 2, 1), 0, 1, NONE_);  /* flat */
    RUNR(R_ARGMAX, CI_I64, GRID(S(CI_F32, "7,5"), -2, 2, 1), 1, 1, NONE_);  /* flat, keepdim */
    RUNR(R_ARGMAX, CI_I64, S(CI_F32, "3,4,5"), 0, 1, -2);
    RUNR(R_ARGMAX, CI_I64, S(CI_F64, "1023"), 0, 1, 0);
    RUNR(R_ARGMAX, CI_I64, RANGE(S(CI_I64, "1023"), -3, 3), 0, 1, NONE_);
    RUNR(R_ARGMAX, CI_I64, DATA(S(CI_F32, "4,3"), nan_rows, 12), 0, 1, 1);  /* nan is the max */
    RUNR(R_ARGMAX, CI_I64, S(CI_F32, "1"), 0, 1, 0);
    RUNR(R_ARGMIN, CI_I64, RANGE(S(CI_I32, "7,5"), 0, 3), 0, 1, 1);
    RUNR(R_ARGMIN, CI_I64, RANGE(S(CI_I32, "7,5"), 0, 3), 1, 1, -2);
    RUNR(R_ARGMIN, CI_I64, GRID(S(CI_F32, "7,5"), -2, 2, 1), 0, 1, NONE_);
    RUNR(R_ARGMIN, CI_I64, S(CI_F64, "3,1023"), 0, 1, 1);
    RUNR(R_ARGMIN, CI_I64, RANGE(S(CI_U8, "1023"), 0, 255), 0, 1, NONE_);
    RUNR(R_ARGMIN, CI_I64, DATA(S(CI_F32, "4,3"), nan_rows, 12), 0, 1, 1);
}

/* max.dim: values and indices */
static void b_maxdim(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor v = {0}, i = {0};
    ci_max_dim(g, t[0], c->i[0], c->keep, &v, &i);
    ci_output(g, v);
    ci_output(g, i);
}
static int r_maxdim(const arr *in, arr *out, const tcase *c) {
    out[0] = ar_red1(in[0], c->i[0], c->keep, R_MAX, in[0].dt);
    out[1] = ar_red1(in[0], c->i[0], c->keep, R_ARGMAX, CI_I64);
    return 2;
}
#define MAXDIM(x, dim, kp) do { tcase c_ = mk1("max.dim", x, b_maxdim, r_maxdim, CI_F32); c_.i[0] = dim; c_.keep = kp; RUN(c_); } while (0)

CI_TEST(test_max_dim) {
    static const double nan_rows[] = {1, NAN, 3, NAN, -1, 2, 0, 5, 4, 4, NAN, NAN};
    MAXDIM(S(CI_F32, "7,5"), 1, 0);
    MAXDIM(S(CI_F32, "7,5"), 0, 1);
    MAXDIM(S(CI_F32, "3,4,5"), -2, 0);
    MAXDIM(RANGE(S(CI_I32, "7,5"), 0, 3), 1, 0);           /* ties: the first index */
    MAXDIM(RANGE(S(CI_I64, "3,1023"), -5, 5), 1, 1);
    MAXDIM(S(CI_F64, "1023"), 0, 0);
    MAXDIM(DATA(S(CI_F32, "4,3"), nan_rows, 12), 1, 0);   /* nan: value nan, its index */
    MAXDIM(S(CI_BOOL, "4,3"), 1, 0);
}

/* reductions of views made inside the graph */
CI_TEST(test_reduce_views) {
    RUNR_VIEW("T", R_SUM, CI_F32, S(CI_F32, "1023,7"), 0, 1, 1);   /* sum(x.t(), 1) */
    RUNR_VIEW("T", R_SUM, CI_F32, S(CI_F32, "5,7"), 1, 1, 0);
    RUNR_VIEW("T", R_MAX, CI_F32, S(CI_F32, "5,7"), 0, 1, 1);
    RUNR_VIEW("T", R_MEAN, CI_F64, S(CI_F64, "1023,3"), 0, 1, 1);
    RUNR_VIEW("S2", R_MAX, CI_F32, S(CI_F32, "1023"), 0, 0);        /* amax(x[::2]) */
    RUNR_VIEW("S2", R_SUM, CI_I64, S(CI_I32, "7,1023"), 0, 1, 1);
    RUNR_VIEW("S2", R_ARGMAX, CI_I64, S(CI_F32, "7,9"), 0, 1, 1);
    RUNR_VIEW("T", R_ARGMIN, CI_I64, RANGE(S(CI_I32, "5,7"), 0, 2), 0, 1, 1);
    RUNR_VIEW("T", R_ANY, CI_BOOL, RANGE(S(CI_I32, "5,7"), 0, 1), 0, 1, 0);
    RUNR_VIEW("T", R_PROD, CI_F32, RANGE(S(CI_F32, "5,7"), 0.5, 1.5), 0, 1, 1);
}

/* ======================================================================================
   views and movement
   ====================================================================================== */

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

/* ======================================================================================
   creation
   ====================================================================================== */

/* c->kind: 0 full, 1 zeros, 2 ones, 3 arange; c->i shape; c->d[0] fill or arange's start/end/step
   in d[0..2]; c->keep = 1: pass no dtype (the default) */
enum { K_FULL, K_ZEROS, K_ONES, K_ARANGE };
static void b_create(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_dtype dt = c->keep ? CI_DTYPE_INVALID : c->odt;
    (void)t;
    switch (c->kind) {
    case K_FULL: ci_output(g, ci_full(g, c->ni, c->i, c->d[0], dt)); break;
    case K_ZEROS: ci_output(g, ci_zeros(g, c->ni, c->i, dt)); break;
    case K_ONES: ci_output(g, ci_ones(g, c->ni, c->i, dt)); break;
    default: ci_output(g, ci_arange(g, c->d[0], c->d[1], c->d[2], dt)); break;
    }
}
static int r_create(const arr *in, arr *out, const tcase *c) {
    size_t k;
    (void)in;
    if (c->kind == K_ARANGE) {
        double n = ceil((c->d[1] - c->d[0]) / c->d[2]);
        int64_t len = n > 0 ? (int64_t)n : 0;
        out[0] = ar_new(c->odt, 1, &len);
        for (k = 0; k < out[0].n; k++) out[0].v[k] = to_dt(c->d[0] + (double)k * c->d[2], c->odt);
        return 1;
    }
    out[0] = ar_new(c->odt, c->ni, c->i);
    for (k = 0; k < out[0].n; k++)
        out[0].v[k] = to_dt(c->kind == K_FULL ? c->d[0] : c->kind == K_ONES ? 1 : 0, c->odt);
    return 1;
}
static tcase CR(int kind, ci_dtype odt, int dflt, double v) {
    static const char *names[] = {"full", "zeros", "ones", "arange"};
    tcase c = mk(names[kind], 0, NULL, b_create, r_create, odt);
    c.kind = kind; c.keep = dflt; c.d[0] = v;
    return c;
}
#define CREATE(kind, odt, dflt, v, ...) do { tcase c_ = P(CR(kind, odt, dflt, v), __VA_ARGS__); RUN(c_); } while (0)
#define ARANGE(odt, dflt, a, b, s) do { tcase c_ = CR(K_ARANGE, odt, dflt, a); c_.d[1] = b; c_.d[2] = s; RUN(c_); } while (0)

CI_TEST(test_full) {
    CREATE(K_FULL, CI_F32, 1, 2.5, 2, 3, 4);             /* default dtype f32 */
    CREATE(K_FULL, CI_F64, 0, -1.25, 1, 1023);
    CREATE(K_FULL, CI_I32, 0, 7, 2, 7, 1);
    CREATE(K_FULL, CI_I64, 0, -3, 0);                    /* 0-d */
    CREATE(K_FULL, CI_BOOL, 0, 1, 2, 2, 2);
    CREATE(K_FULL, CI_U8, 0, 200, 1, 5);
    CREATE(K_FULL, CI_F32, 0, 1.5, 2, 0, 3);
}

CI_TEST(test_zeros_ones) {
    CREATE(K_ZEROS, CI_F32, 1, 0, 2, 3, 4);
    CREATE(K_ZEROS, CI_I64, 0, 0, 1, 1023);
    CREATE(K_ZEROS, CI_BOOL, 0, 0, 2, 7, 5);
    CREATE(K_ZEROS, CI_F32, 0, 0, 2, 0, 3);
    CREATE(K_ONES, CI_F32, 1, 0, 2, 7, 1);
    CREATE(K_ONES, CI_F64, 0, 0, 0);
    CREATE(K_ONES, CI_I32, 0, 0, 3, 2, 3, 4);
    CREATE(K_ONES, CI_BOOL, 0, 0, 1, 9);
    CREATE(K_ONES, CI_I8, 0, 0, 1, 9);
}

/* zeros_like / ones_like keep the dtype and shape (c->kind 1: of a transposed view) */
static void b_like(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor x = c->kind ? ci_t(g, t[0]) : t[0];
    ci_output(g, c->d[0] != 0 ? ci_ones_like(g, x) : ci_zeros_like(g, x));
}
static int r_like(const arr *in, arr *out, const tcase *c) {
    size_t k;
    arr x = c->kind ? ar_transpose(in[0], 0, 1) : in[0];
    out[0] = ar_new(x.dt, x.ndim, x.shape);
    for (k = 0; k < out[0].n; k++) out[0].v[k] = c->d[0];
    return 1;
}
#define LIKE(one, x, tr) do { tcase c_ = mk1(one ? "ones_like" : "zeros_like", x, b_like, r_like, x.dt); c_.d[0] = one; c_.kind = tr; RUN(c_); } while (0)

CI_TEST(test_zeros_ones_like) {
    LIKE(0, S(CI_F32, "7,5"), 0);
    LIKE(0, S(CI_I32, "1023"), 0);
    LIKE(0, S(CI_BOOL, "3,4"), 1);
    LIKE(0, S(CI_F64, ""), 0);
    LIKE(1, S(CI_F32, "7,5"), 1);
    LIKE(1, S(CI_I64, "9"), 0);
    LIKE(1, S(CI_BOOL, "3,4"), 0);
    LIKE(1, S(CI_U8, "3,4"), 0);
    LIKE(1, S(CI_F32, "0,3"), 0);
}

CI_TEST(test_arange) {
    ARANGE(CI_I64, 1, 0, 10, 1);                          /* ints -> i64 */
    ARANGE(CI_I64, 1, 0, 1023, 1);
    ARANGE(CI_I64, 1, 10, 0, -3);                         /* negative step */
    ARANGE(CI_I64, 1, -5, 6, 4);
    ARANGE(CI_F32, 1, 0.5, 5, 0.5);                       /* floats -> f32 */
    ARANGE(CI_F32, 1, 1, -1, -0.25);
    ARANGE(CI_F32, 1, 2.5, -2.5, -1);
    ARANGE(CI_F64, 0, 0, 5, 1);
    ARANGE(CI_F32, 0, 0, 10, 3);
    ARANGE(CI_I32, 0, 10, -10, -7);
    ARANGE(CI_I64, 1, 5, 5, 1);                           /* empty */
}

/* ======================================================================================
   decompositions
   ====================================================================================== */

PWF(f_log_sub, x[0] - x[1])
static arr ar_softmax(arr x, int64_t dim, int logsm) {
    arr m = ar_reduce(x, 1, &dim, 1, R_MAX, CI_F64), e, s, sh;
    sh = ar_pw2(x, m, CI_F64, f_sub, NULL);
    e = ar_pw1(sh, CI_F64, f_exp, NULL);
    s = ar_reduce(e, 1, &dim, 1, R_SUM, CI_F64);
    if (logsm) return ar_pw2(sh, ar_pw1(s, CI_F64, f_log, NULL), x.dt, f_log_sub, NULL);
    return ar_pw2(e, s, x.dt, f_div, NULL);
}
static void b_softmax(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor x = c->s ? ci_t(g, t[0]) : t[0];
    ci_output(g, c->kind ? ci_log_softmax(g, x, c->i[0]) : ci_softmax(g, x, c->i[0]));
}
static int r_softmax(const arr *in, arr *out, const tcase *c) {
    arr x = c->s ? ar_transpose(in[0], 0, 1) : in[0];
    out[0] = ar_softmax(x, c->i[0], c->kind);
    return 1;
}
#define SOFTMAX(logsm, x, dim) do { tcase c_ = mk1(logsm ? "log_softmax" : "softmax", x, b_softmax, r_softmax, x.dt); \
    c_.kind = logsm; c_.i[0] = dim; c_.atol = 1e-6; c_.rtol = 1e-4; RUN(c_); } while (0)
#define SOFTMAX_T(logsm, x, dim) do { tcase c_ = mk1(logsm ? "log_softmax(t(x))" : "softmax(t(x))", x, b_softmax, r_softmax, x.dt); \
    c_.kind = logsm; c_.i[0] = dim; c_.s = "t"; c_.atol = 1e-6; c_.rtol = 1e-4; RUN(c_); } while (0)

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

PWF(f_gelu, 0.5 * x[0] * (1 + erf(x[0] * 0.70710678118654752440)))
PWF(f_gelu_tanh, 0.5 * x[0] * (1 + tanh(0.79788456080286535588 * (x[0] + 0.044715 * x[0] * x[0] * x[0]))))
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

/* reductions big enough (8+ reduced elements) to run as reduction kernels, not unrolled */
static const double nan24[] = {NAN, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, NAN, 7, 8, NAN, 10, 11};
static const double inf24[] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY,
                               -INFINITY, -INFINITY, -INFINITY, -INFINITY,
                               INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY,
                               INFINITY, INFINITY, INFINITY, INFINITY};

CI_TEST(test_reduce_kernel_edges) {
    RUNR(R_MAX, CI_F32, DATA(S(CI_F32, "2,12"), nan24, 24), 0, 1, 1);      /* nan first / in the middle */
    RUNR(R_MIN, CI_F32, DATA(S(CI_F32, "2,12"), nan24, 24), 1, 1, 1);
    RUNR(R_MAX, CI_F64, DATA(S(CI_F64, "24"), nan24, 24), 0, 0);
    RUNR(R_MAX, CI_F32, DATA(S(CI_F32, "12,2"), nan24, 24), 0, 1, 0);
    RUNR(R_ARGMAX, CI_I64, DATA(S(CI_F32, "2,12"), nan24, 24), 0, 1, 1);
    RUNR(R_ARGMIN, CI_I64, DATA(S(CI_F32, "2,12"), nan24, 24), 0, 1, 1);
    MAXDIM(DATA(S(CI_F32, "2,12"), nan24, 24), 1, 0);
    RUNR(R_MAX, CI_F32, DATA(S(CI_F32, "2,12"), inf24, 24), 0, 1, 1);     /* all -inf / all inf */
    RUNR(R_MIN, CI_F32, DATA(S(CI_F32, "2,12"), inf24, 24), 0, 1, 1);
    RUNR(R_ARGMAX, CI_I64, DATA(S(CI_F32, "2,12"), inf24, 24), 0, 1, 1);
    RUNR(R_ARGMIN, CI_I64, DATA(S(CI_F32, "2,12"), inf24, 24), 0, 1, 1);
    RUNR(R_SUM, CI_F32, DATA(S(CI_F32, "2,12"), nan24, 24), 0, 1, 1);
    /* integer extremes: every value negative for max, positive for min */
    RUNR(R_MAX, CI_I64, RANGE(S(CI_I64, "3,64"), -1099511627776.0, -1099511627000.0), 0, 1, 1);
    RUNR(R_MIN, CI_I64, RANGE(S(CI_I64, "3,64"), 1099511627000.0, 1099511627776.0), 0, 1, 1);
    RUNR(R_MAX, CI_I32, RANGE(S(CI_I32, "64"), -2147483647.0 - 1, -2147483000.0), 0, 0);
    RUNR(R_MIN, CI_I32, RANGE(S(CI_I32, "64"), 2147483000.0, 2147483647.0), 0, 0);
    RUNR(R_MAX, CI_I8, RANGE(S(CI_I8, "5,9"), -128, -100), 0, 1, 1);
    RUNR(R_MIN, CI_U8, RANGE(S(CI_U8, "5,9"), 200, 255), 0, 1, 1);
    RUNR(R_ARGMAX, CI_I64, RANGE(S(CI_I32, "3,64"), -2147483647.0 - 1, -2147483640.0), 0, 1, 1);
    RUNR(R_ARGMIN, CI_I64, RANGE(S(CI_U8, "3,64"), 250, 255), 0, 1, 1);
    MAXDIM(RANGE(S(CI_I8, "5,9"), -128, -120), 1, 0);
    /* bool and small-int sums, any/all, prod through the kernel path */
    RUNR(R_SUM, CI_I64, S(CI_BOOL, "3,1023"), 0, 1, 1);
    RUNR(R_SUM, CI_I64, RANGE(S(CI_I16, "3,64"), -32768, 32767), 1, 1, 1);
    RUNR(R_ANY, CI_BOOL, RANGE(S(CI_I32, "3,9"), 0, 0), 0, 1, 1);
    RUNR(R_ANY, CI_BOOL, GRID(S(CI_F32, "5,9"), 0, 1, 1), 0, 1, 1);
    RUNR(R_ALL, CI_BOOL, RANGE(S(CI_BOOL, "3,9"), 1, 1), 0, 1, 1);
    RUNR(R_ALL, CI_BOOL, GRID(S(CI_F64, "5,9"), 0, 1, 1), 0, 1, 1);
    RUNR(R_ALL, CI_BOOL, RANGE(S(CI_BOOL, "9,3"), 1, 1), 0, 1, 0);
    RUNR(R_PROD, CI_I64, RANGE(S(CI_I64, "3,9"), -3, 3), 0, 1, 1);
    RUNR(R_PROD, CI_I64, S(CI_BOOL, "3,9"), 1, 1, 1);
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

/* ======================================================================================
   ci_call by aten name, with keyword arguments
   ====================================================================================== */

/* c->kind picks the call */
enum { CK_SUM_KW, CK_MEAN_KW, CK_DIV_MODE_KW, CK_GELU_KW, CK_SOFTMAX_DTYPE, CK_CLAMP_KW, CK_ARGMAX_KW,
       CK_TO_DTYPE, CK_CONVERT, CK_MAX_DIM };
static const char *ck_names[] = {"aten.sum.dim_IntList(x, [1], keepdim=True, dtype=f64)",
                                 "aten.mean.dim(x, dim=[0], keepdim=True)",
                                 "aten.div.Tensor_mode(x, y, rounding_mode='floor')",
                                 "aten.gelu(x, approximate='tanh')",
                                 "aten.softmax.int(x, 1, dtype=f64)",
                                 "aten.clamp(x, max=0.5)",
                                 "aten.argmax(x, dim=-1, keepdim=True)",
                                 "aten.to.dtype(x, i32)",
                                 "prims.convert_element_type(x, f64)",
                                 "aten.max.dim(x, 0, keepdim=True)"};
static void b_call(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_arg a[3];
    ci_kwarg k[2];
    ci_tensor o[2] = {{0}, {0}};
    int64_t d1 = 1, d0 = 0;
    a[0] = ci_arg_tensor(t[0]);
    switch (c->kind) {
    case CK_SUM_KW:
        a[1] = ci_arg_ints(&d1, 1);
        k[0].name = "keepdim"; k[0].value = ci_arg_bool(1);
        k[1].name = "dtype"; k[1].value = ci_arg_dtype(CI_F64);
        ci_output(g, ci_call1(g, "aten.sum.dim_IntList", 2, a, 2, k));
        break;
    case CK_MEAN_KW:
        k[0].name = "dim"; k[0].value = ci_arg_ints(&d0, 1);
        k[1].name = "keepdim"; k[1].value = ci_arg_bool(1);
        ci_output(g, ci_call1(g, "aten.mean.dim", 1, a, 2, k));
        break;
    case CK_DIV_MODE_KW:
        a[1] = ci_arg_tensor(t[1]);
        k[0].name = "rounding_mode"; k[0].value = ci_arg_string("floor");
        ci_output(g, ci_call1(g, "aten.div.Tensor_mode", 2, a, 1, k));
        break;
    case CK_GELU_KW:
        k[0].name = "approximate"; k[0].value = ci_arg_string("tanh");
        ci_output(g, ci_call1(g, "aten.gelu", 1, a, 1, k));
        break;
    case CK_SOFTMAX_DTYPE:
        a[1] = ci_arg_int(1);
        k[0].name = "dtype"; k[0].value = ci_arg_dtype(CI_F64);
        ci_output(g, ci_call1(g, "aten.softmax.int", 2, a, 1, k));
        break;
    case CK_CLAMP_KW:
        k[0].name = "max"; k[0].value = ci_arg_float(0.5);
        ci_output(g, ci_call1(g, "aten.clamp", 1, a, 1, k));
        break;
    case CK_ARGMAX_KW:
        k[0].name = "dim"; k[0].value = ci_arg_int(-1);
        k[1].name = "keepdim"; k[1].value = ci_arg_bool(1);
        ci_output(g, ci_call1(g, "aten.argmax", 1, a, 2, k));
        break;
    case CK_TO_DTYPE:
        a[1] = ci_arg_dtype(CI_I32);
        ci_output(g, ci_call1(g, "aten.to.dtype", 2, a, 0, NULL));
        break;
    case CK_CONVERT:
        a[1] = ci_arg_dtype(CI_F64);
        ci_output(g, ci_call1(g, "prims.convert_element_type", 2, a, 0, NULL));
        break;
    default:
        a[1] = ci_arg_int(0);
        k[0].name = "keepdim"; k[0].value = ci_arg_bool(1);
        if (ci_call(g, "aten.max.dim", 2, a, 1, k, o, 2) == 2) { ci_output(g, o[0]); ci_output(g, o[1]); }
        break;
    }
}
static double f_clamp_max05(const double *x, const tcase *c) { (void)c; return isnan(x[0]) ? x[0] : x[0] > 0.5 ? 0.5 : x[0]; }
static int r_call(const arr *in, arr *out, const tcase *c) {
    int64_t d1 = 1, dl = -1;
    switch (c->kind) {
    case CK_SUM_KW: out[0] = ar_reduce(in[0], 1, &d1, 1, R_SUM, CI_F64); return 1;
    case CK_MEAN_KW: out[0] = ar_red1(in[0], 0, 1, R_MEAN, in[0].dt); return 1;
    case CK_DIV_MODE_KW: out[0] = ar_pw2(in[0], in[1], in[0].dt, f_floor_div, c); return 1;
    case CK_GELU_KW: out[0] = ar_pw1(in[0], in[0].dt, f_gelu_tanh, c); return 1;
    case CK_SOFTMAX_DTYPE: out[0] = ar_softmax(ar_cast(in[0], CI_F64), 1, 0); return 1;
    case CK_CLAMP_KW: out[0] = ar_pw1(in[0], in[0].dt, f_clamp_max05, c); return 1;
    case CK_ARGMAX_KW: out[0] = ar_reduce(in[0], 1, &dl, 1, R_ARGMAX, CI_I64); return 1;
    case CK_TO_DTYPE: out[0] = ar_cast(in[0], CI_I32); return 1;
    case CK_CONVERT: out[0] = ar_cast(in[0], CI_F64); return 1;
    default:
        out[0] = ar_red1(in[0], 0, 1, R_MAX, in[0].dt);
        out[1] = ar_red1(in[0], 0, 1, R_ARGMAX, CI_I64);
        return 2;
    }
}
#define CALL(k_, x) do { tcase c_ = mk1(ck_names[k_], x, b_call, r_call, CI_F32); c_.kind = k_; \
    c_.atol = 1e-5; c_.rtol = 1e-5; c_.atol64 = 1e-10; RUN(c_); } while (0)
#define CALL2(k_, x, y) do { tcase c_ = mk2(ck_names[k_], x, y, b_call, r_call, CI_F32); c_.kind = k_; RUN(c_); } while (0)

CI_TEST(test_call_kwargs) {
    CALL(CK_SUM_KW, S(CI_F32, "7,5"));
    CALL(CK_SUM_KW, S(CI_I32, "3,1023"));
    CALL(CK_MEAN_KW, S(CI_F32, "7,5"));
    CALL2(CK_DIV_MODE_KW, RANGE(S(CI_I32, "7,5"), -50, 50), MAG(S(CI_I32, "5"), 1, 7));
    CALL(CK_GELU_KW, S(CI_F32, "7,5"));
    CALL(CK_SOFTMAX_DTYPE, S(CI_F32, "7,5"));
    CALL(CK_CLAMP_KW, S(CI_F32, "7,5"));
    CALL(CK_ARGMAX_KW, RANGE(S(CI_I32, "7,5"), 0, 3));
    CALL(CK_TO_DTYPE, RANGE(S(CI_F64, "7,5"), -100, 100));
    CALL(CK_CONVERT, S(CI_F32, "7,5"));
    CALL(CK_MAX_DIM, S(CI_F32, "7,5"));
}

/* ======================================================================================
   chains of views inside the graph, feeding pointwise ops and reductions
   ====================================================================================== */

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

/* ======================================================================================
   value edges: integer ranges, inf and nan
   ====================================================================================== */

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

/* ======================================================================================
   composite graphs
   ====================================================================================== */

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

/* ======================================================================================
   main
   ====================================================================================== */

int main(int argc, char **argv) {
    const char *s = getenv("CI_SEED"), *all = getenv("CI_OPS_ALL");
    g_seed = s && *s ? (uint64_t)strtoull(s, NULL, 0) : (uint64_t)time(NULL);
    g_all = all && *all && strcmp(all, "0") != 0;
    g_threads = getenv("CI_OPS_THREADS") ? atoi(getenv("CI_OPS_THREADS")) : 1;
    printf("# test_ops: CI_SEED=%llu\n", (unsigned long long)g_seed);
    ci_test_init(argc, argv);
    /* pointwise */
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
    /* reductions */
    CI_RUN(test_sum);
    CI_RUN(test_mean);
    CI_RUN(test_amax_amin);
    CI_RUN(test_prod);
    CI_RUN(test_any_all);
    CI_RUN(test_argmax_argmin);
    CI_RUN(test_max_dim);
    CI_RUN(test_reduce_views);
    CI_RUN(test_reduce_kernel_edges);
    /* views */
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
    /* creation */
    CI_RUN(test_full);
    CI_RUN(test_zeros_ones);
    CI_RUN(test_zeros_ones_like);
    CI_RUN(test_arange);
    /* decompositions */
    CI_RUN(test_softmax);
    CI_RUN(test_log_softmax);
    CI_RUN(test_gelu);
    CI_RUN(test_silu);
    CI_RUN(test_layer_norm);
    CI_RUN(test_call_kwargs);
    CI_RUN(test_view_chains);
    CI_RUN(test_random_view_chains);
    CI_RUN(test_int_ranges);
    CI_RUN(test_inf_nan_values);
    CI_RUN(test_scalar_operands);
    /* graphs */
    CI_RUN(test_softmax_xwb);
    CI_RUN(test_two_outputs);
    CI_RUN(test_output_twice);
    CI_RUN(test_input_as_output);
    CI_RUN(test_view_of_input_as_output);
    CI_RUN(test_graphs);
    CI_RUN(test_odds_and_ends);
    return ci_test_done();
}
