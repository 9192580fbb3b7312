/* ops_cases.h - the case runner of the op tests (tests/test_ops_*.c): every builder op checked
   against an independent reference.

   The reference is computed here, in plain C loops on doubles with libm (what PyTorch
   computes), on random inputs: the seed comes from the clock, is printed once by each program
   ("# test_ops_NAME: CI_SEED=N") and is overridden by the environment variable CI_SEED. Each test
   draws from its own stream (the seed mixed with the test's name), so
   `CI_SEED=N ./build/tests/test_ops_pointwise test_div` reproduces one test alone.

   Each case describes its inputs (dtype, shape, how to fill them), a callback that builds the
   graph on the input tensors and a reference callback that computes the expected outputs
   (dtype, shape and values) from the same input values. run_case() builds the graph once,
   compiles it twice (CI_BACKEND_TCC and CI_BACKEND_INTERP), checks the output count, dtypes and
   shapes, runs each program twice (outputs pre-filled with a sentinel; the two runs must agree
   byte for byte), compares each with the reference and the two backends with each other, and
   checks that the context's counting allocator has nothing live at the end. Tolerances: f32
   atol 1e-6 / rtol 1e-5 (1e-5 / 1e-5 for transcendental functions, 1e-4 for reductions over
   1000+ elements), f64 1e-12, integers and bools exact.

   Here: the reference arrays and ops, input specs, run_case and RUN, the one-line case forms
   (UN, BIN, mk1..mk3, P, TOL) and the forms more than one test file uses (the pointwise
   reference functions, DIVM, CLAMP, RUNR, MAXDIM, CREATE, ARANGE, SOFTMAX); a form one file uses
   lives in that file. The programs, one per family (each runs in well under a second):
       test_ops_pointwise    add/sub with alpha (builders and ci_call keywords), mul, div and its
                             rounding modes, neg, abs, exp, log, sqrt, rsqrt, sin, cos, tanh,
                             sigmoid, relu, erf, pow tensor-tensor and Tensor_Scalar,
                             maximum/minimum with NaN, integer wrap-around
       test_ops_compare      clamp, where, comparisons, logical ops, conversions, Python scalars
                             and 0-d tensors in promotion, broadcasting of a lower rank first
       test_ops_reduce       sum, mean, amax, amin, prod, any, all, argmax/argmin, max.dim;
                             unrolled and kernel paths, NaN/inf and integer extremes
       test_ops_views        view, reshape, permute, t, transpose, expand, squeeze, unsqueeze,
                             slice, select, as_strided, clone
       test_ops_create       full, zeros, ones, *_like, arange
       test_ops_decomp       softmax, log_softmax, gelu, silu, layer_norm
       test_ops_call         ops called by aten name with keyword arguments
       test_ops_view_chains  fixed and random chains of views feeding pointwise ops and reductions
       test_ops_edges        integer ranges, inf and nan, Python numbers as operands
       test_ops_graphs       graphs with several outputs, one tensor output twice, an input output
                             directly, an unused input and a constant array
   with odd sizes (1, 7, 1023), broadcasting, non-contiguous views made inside the graph, 0-size
   and 0-d tensors and the dtypes each op allows (f32, f64, i32, i64, bool; u8/i8/i16 for some).

   Environment: CI_SEED=N fixes the seed; CI_OPS_ALL=1 runs every case of a test even after one
   fails and prints each failing case on stderr (normally a test stops at its first failure);
   CI_OPS_THREADS=N compiles with N threads (default 1).

   Everything here is static: each test_ops_*.c is one translation unit, like every test
   program. A file uses some of the functions only, hence OPS_FN (not `inline`, which changes
   gcc's inlining and with it its -Wmaybe-uninitialized / -Wstringop-overflow guesses). */
#ifndef OPS_CASES_H_INCLUDED
#define OPS_CASES_H_INCLUDED

#include "ci_test.h"

#include <limits.h>
#include <time.h>

/* a function of this header: static, and no -Wunused-function in a file that does not call it */
#if defined(__GNUC__) || defined(__clang__)
#define OPS_FN static __attribute__((unused))
#else
#define OPS_FN static
#endif

/* ======================================================================================
   reference arrays: values as doubles, C order; memory from a pool freed after each case
   ====================================================================================== */

typedef union pool_hdr { union pool_hdr *next; double d; int64_t i; void *p; } pool_hdr;
static pool_hdr *g_pool;

OPS_FN void *palloc(size_t n) {
    pool_hdr *h = (pool_hdr *)calloc(1, sizeof(pool_hdr) + (n ? n : 1));
    if (!h) { fprintf(stderr, "test_ops: out of memory\n"); exit(2); }
    h->next = g_pool;
    g_pool = h;
    return h + 1;
}

OPS_FN void pfree_all(void) {
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

OPS_FN size_t numel(int ndim, const int64_t *shape) {
    size_t n = 1;
    int i;
    for (i = 0; i < ndim; i++) n *= (size_t)shape[i];
    return n;
}

OPS_FN arr ar_new(ci_dtype dt, int ndim, const int64_t *shape) {
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
OPS_FN void unravel(size_t i, int ndim, const int64_t *shape, int64_t *idx) {
    int d;
    for (d = ndim - 1; d >= 0; d--) {
        idx[d] = shape[d] ? (int64_t)(i % (size_t)shape[d]) : 0;
        if (shape[d]) i /= (size_t)shape[d];
    }
}

OPS_FN void cstrides(int ndim, const int64_t *shape, int64_t *st) {
    int64_t s = 1;
    int d;
    for (d = ndim - 1; d >= 0; d--) {
        st[d] = s;
        s *= shape[d] ? shape[d] : 1;
    }
}

OPS_FN int is_float(ci_dtype dt) { return dt == CI_F32 || dt == CI_F64; }

/* V as a value of dtype DT (f32 rounding, integer wrap-around, bool) */
OPS_FN double to_dt(double v, ci_dtype dt) {
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

OPS_FN arr ar_cast(arr a, ci_dtype dt) {
    arr o = ar_new(dt, a.ndim, a.shape);
    size_t i;
    for (i = 0; i < a.n; i++) o.v[i] = to_dt(a.v[i], dt);
    return o;
}

/* element of A at multi-index IDX of a broadcast shape of rank ND (right-aligned) */
OPS_FN double ar_at_bcast(const arr *a, int nd, const int64_t *idx) {
    int64_t off = 0, st[CI_MAX_DIMS];
    int d, k = nd - a->ndim;
    cstrides(a->ndim, a->shape, st);
    for (d = 0; d < a->ndim; d++) off += (a->shape[d] == 1 ? 0 : idx[k + d]) * st[d];
    return a->v[off];
}

OPS_FN int bcast_shape(int n, const arr *a, int64_t *shape) {
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
OPS_FN arr ar_pwn(int n, const arr *in, ci_dtype odt, pw_fn f, const tcase *c) {
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
OPS_FN arr ar_pw1(arr a, ci_dtype odt, pw_fn f, const tcase *c) { return ar_pwn(1, &a, odt, f, c); }
OPS_FN arr ar_pw2(arr a, arr b, ci_dtype odt, pw_fn f, const tcase *c) {
    arr x[2];
    x[0] = a; x[1] = b;
    return ar_pwn(2, x, odt, f, c);
}

/* ---- reference views (each returns a new contiguous array) ---- */

/* a strided gather from A's storage: the view SIZE/STRIDE/OFFSET of A's C-order storage */
OPS_FN arr ar_strided(arr a, int nd, const int64_t *size, const int64_t *stride, int64_t off) {
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

OPS_FN int64_t wrapdim(int64_t d, int nd) { return d < 0 ? d + (nd ? nd : 1) : d; }

OPS_FN arr ar_permute(arr a, int n, const int64_t *dims) {
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

OPS_FN arr ar_transpose(arr a, int64_t d0, int64_t d1) {
    int64_t p[CI_MAX_DIMS] = {0}, t; /* = {0}: gcc -O2 guesses p[d1] may be unset */
    int d;
    for (d = 0; d < a.ndim; d++) p[d] = d;
    d0 = wrapdim(d0, a.ndim); d1 = wrapdim(d1, a.ndim);
    t = p[d0]; p[d0] = p[d1]; p[d1] = t;
    return ar_permute(a, a.ndim, p);
}

/* aten.slice: start/end wrap once when negative, then clamp to [0, size] */
OPS_FN arr ar_slice(arr a, int64_t dim, int64_t start, int64_t end, int64_t step) {
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

OPS_FN arr ar_select(arr a, int64_t dim, int64_t index) {
    int64_t st[CI_MAX_DIMS], size[CI_MAX_DIMS], nst[CI_MAX_DIMS];
    int d, k = 0;
    dim = wrapdim(dim, a.ndim);
    if (index < 0) index += a.shape[dim];
    cstrides(a.ndim, a.shape, st);
    for (d = 0; d < a.ndim; d++)
        if (d != dim) { size[k] = a.shape[d]; nst[k] = st[d]; k++; }
    return ar_strided(a, k, size, nst, index * st[dim]);
}

OPS_FN arr ar_expand(arr a, int n, const int64_t *shape) {
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
OPS_FN arr ar_reshape(arr a, int n, const int64_t *shape) {
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

OPS_FN arr ar_unsqueeze(arr a, int64_t dim) {
    int64_t s[CI_MAX_DIMS];
    int d, k = 0;
    if (dim < 0) dim += a.ndim + 1;
    for (d = 0; d <= a.ndim; d++) s[d] = d == dim ? 1 : a.shape[k++];
    return ar_reshape(a, a.ndim + 1, s);
}

/* squeeze: DIM = CI_DIM_NONE drops every size-1 dim */
OPS_FN arr ar_squeeze(arr a, int64_t dim) {
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
OPS_FN arr ar_reduce(arr a, int ndims, const int64_t *dims, int keepdim, int kind, ci_dtype odt) {
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

OPS_FN arr ar_red1(arr a, int64_t dim, int keepdim, int kind, ci_dtype odt) {
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
OPS_FN ispec S(ci_dtype dt, const char *shape) {
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
OPS_FN ispec RANGE(ispec s, double lo, double hi) { s.fill = F_RANGE; s.lo = lo; s.hi = hi; return s; }
OPS_FN ispec GRID(ispec s, double lo, double hi, double step) { s = RANGE(s, lo, hi); s.step = step; return s; }
OPS_FN ispec MAG(ispec s, double lo, double hi) { s.fill = F_MAG; s.lo = lo; s.hi = hi; return s; }
OPS_FN ispec DATA(ispec s, const double *data, int n) { s.fill = F_DATA; s.data = data; s.ndata = n; return s; }

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

OPS_FN ci_test_rng *rng(void) {
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

OPS_FN void put_value(ci_dtype dt, void *p, size_t i, double v) {
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

OPS_FN double get_value(ci_dtype dt, const void *p, size_t i) {
    int ok;
    return ci_test_load_(dt, p, i, &ok);
}

/* the values of an input as the spec asks, already exact in its dtype */
OPS_FN arr gen_input(const ispec *s) {
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

OPS_FN void fmt_shape(char *buf, size_t sz, ci_dtype dt, int ndim, const int64_t *shape) {
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
OPS_FN void case_label(const tcase *c, char *buf, size_t sz) {
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

OPS_FN void fmt_index(char *buf, size_t sz, size_t i, int ndim, const int64_t *shape) {
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
OPS_FN int failf(const char *file, int line, const char *fmt, ...) {
    char msg[1500];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (g_all) fprintf(stderr, "FAILCASE %s: %s:%d: %s\n", ci_test_name(), file, line, msg);
    ci_test_check_(0, file, line, "%s", msg);
    return 0;
}

OPS_FN void tol_for(const tcase *c, ci_dtype dt, double *atol, double *rtol) {
    if (dt == CI_F64) {
        *atol = c->atol64 > 0 || c->rtol64 > 0 ? c->atol64 : 1e-12;
        *rtol = c->atol64 > 0 || c->rtol64 > 0 ? c->rtol64 : 1e-12;
    } else {
        *atol = c->atol > 0 || c->rtol > 0 ? c->atol : 1e-6;
        *rtol = c->atol > 0 || c->rtol > 0 ? c->rtol : 1e-5;
    }
}

/* element-wise comparison of GOT (dtype DT) with WANT (doubles); 1 when all agree */
OPS_FN int compare(const tcase *c, ci_dtype dt, const void *got, const double *want, size_t n,
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

#define NBACK 2
static const ci_backend g_backends[NBACK] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};

/* builds, compiles (both backends), runs and checks one case; 0 after recording a failure */
OPS_FN int run_case(const tcase *c, const char *file, int line) {
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
    cd.log = ci_test_quiet_log;
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
        const char *bn = ci_test_backend_name(g_backends[b]);
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

OPS_FN void b_u1(ci_graph *g, const ci_tensor *t, const tcase *c) { ci_output(g, c->u1(g, t[0])); }
OPS_FN void b_u2(ci_graph *g, const ci_tensor *t, const tcase *c) { ci_output(g, c->u2(g, t[0], t[1])); }
OPS_FN int r_pw(const arr *in, arr *out, const tcase *c) { out[0] = ar_pwn(c->nin, in, c->odt, c->f, c); return 1; }

/* a pointwise function of x[0], x[1], ... (c = the case, for its parameters) */
#define PWF(name, expr) OPS_FN double name(const double *x, const tcase *c) { (void)c; (void)x; return (expr); }

OPS_FN tcase mk(const char *name, int nin, const ispec *in, build_fn b, ref_fn r, ci_dtype odt) {
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

OPS_FN int unary_(const char *file, int line, const char *name, ci_tensor (*op)(ci_graph *, ci_tensor),
                  pw_fn f, ci_dtype odt, ispec x, double atol, double rtol) {
    tcase c = mk(name, 1, &x, b_u1, r_pw, odt);
    c.u1 = op; c.f = f; c.atol = atol; c.rtol = rtol;
    return run_case(&c, file, line);
}
OPS_FN int binary_(const char *file, int line, const char *name, ci_tensor (*op)(ci_graph *, ci_tensor, ci_tensor),
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
OPS_FN tcase mk1(const char *name, ispec x, build_fn b, ref_fn r, ci_dtype odt) { return mk(name, 1, &x, b, r, odt); }
OPS_FN tcase mk2(const char *name, ispec x, ispec y, build_fn b, ref_fn r, ci_dtype odt) {
    ispec in[2];
    in[0] = x; in[1] = y;
    return mk(name, 2, in, b, r, odt);
}
OPS_FN tcase mk3(const char *name, ispec x, ispec y, ispec z, build_fn b, ref_fn r, ci_dtype odt) {
    ispec in[3];
    in[0] = x; in[1] = y; in[2] = z;
    return mk(name, 3, in, b, r, odt);
}
#define NONE_ INT_MIN
OPS_FN tcase P(tcase c, int n, ...) {
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
OPS_FN tcase TOL(tcase c, double atol, double rtol) { c.atol = atol; c.rtol = rtol; return c; }
OPS_FN tcase TOL64(tcase c, double atol, double rtol) { c.atol64 = atol; c.rtol64 = rtol; return c; }

/* ======================================================================================
   the case forms more than one test_ops_*.c uses
   ====================================================================================== */

/* ---- reference functions of pointwise ops ---- */
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
PWF(f_max, isnan(x[0]) || isnan(x[1]) ? NAN : x[0] > x[1] ? x[0] : x[1])
PWF(f_min, isnan(x[0]) || isnan(x[1]) ? NAN : x[0] < x[1] ? x[0] : x[1])
PWF(f_eq, x[0] == x[1])
PWF(f_ne, x[0] != x[1])
PWF(f_lt, x[0] < x[1])
PWF(f_le, x[0] <= x[1])
PWF(f_gt, x[0] > x[1])
PWF(f_ge, x[0] >= x[1])
PWF(f_trunc_div, trunc(x[0] / x[1]))
PWF(f_floor_div, floor(x[0] / x[1]))
PWF(f_gelu, 0.5 * x[0] * (1 + erf(x[0] * 0.70710678118654752440)))
PWF(f_gelu_tanh, 0.5 * x[0] * (1 + tanh(0.79788456080286535588 * (x[0] + 0.044715 * x[0] * x[0] * x[0]))))

/* ---- div with rounding_mode: DIVM ---- */
OPS_FN void b_divmode(ci_graph *g, const ci_tensor *t, const tcase *c) { ci_output(g, ci_div_mode(g, t[0], t[1], c->s)); }
OPS_FN int divmode_(const char *file, int line, const char *mode, ci_dtype odt, ispec x, ispec y) {
    tcase c = mk2(mode ? mode : "div_mode(None)", x, y, b_divmode, r_pw, odt);
    c.s = mode;
    c.f = !mode ? f_div : mode[0] == 't' ? f_trunc_div : f_floor_div;
    return run_case(&c, file, line);
}
#define DIVM(mode, odt, x, y) do { if (!divmode_(__FILE__, __LINE__, mode, odt, x, y) && !g_all) return; } while (0)

/* ---- clamp ----
   kind 0: Python-number bounds (c->d[0], c->d[1]; c->i[0]/c->i[1] say which are given; c->i[2]
   = 1: ints); kind 1: tensor bounds (inputs 1 and 2 as c->i[0]/c->i[1] say); kind 2: ci_call
   "aten.clamp" with float arguments */
OPS_FN void b_clamp(ci_graph *g, const ci_tensor *t, const tcase *c) {
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
OPS_FN double f_clamp(const double *x, const tcase *c) {
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
OPS_FN int clamp_(const char *file, int line, int kind, int has_lo, int has_hi, double lo, double hi, int ints,
                  ci_dtype odt, int nin, ispec x, ispec y, ispec z) {
    tcase c = mk3(kind == 0 ? "clamp(scalars)" : kind == 1 ? "clamp(tensors)" : "aten.clamp(floats)", x, y, z, b_clamp, r_pw, odt);
    c.nin = nin; c.kind = kind; c.i[0] = has_lo; c.i[1] = has_hi; c.i[2] = ints; c.d[0] = lo; c.d[1] = hi; c.f = f_clamp;
    return run_case(&c, file, line);
}
#define CLAMP(kind, hl, hh, lo, hi, ints, odt, nin, x, y, z) \
    do { if (!clamp_(__FILE__, __LINE__, kind, hl, hh, lo, hi, ints, odt, nin, x, y, z) && !g_all) return; } while (0)

/* ---- reductions: RED, RUNR*, MAXDIM ---- */
/* c->i[0..ni): dims (ni 0 = all) for the list forms; c->i[0] = the dim for the others */
OPS_FN void b_red(ci_graph *g, const ci_tensor *t, const tcase *c) {
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
OPS_FN int r_red(const arr *in, arr *out, const tcase *c) {
    arr x = in[0];
    if (c->s && !strcmp(c->s, "T")) x = ar_transpose(x, 0, 1);
    else if (c->s && !strcmp(c->s, "S2")) x = ar_slice(x, -1, 0, INT64_MAX, 2);
    if (c->kind != R_PROD && c->kind <= R_MIN) out[0] = ar_reduce(x, c->ni, c->i, c->keep, c->kind, c->odt);
    else out[0] = ar_red1(x, c->i[0], c->keep, c->kind, c->odt);
    return 1;
}
static const char *red_names[] = {"sum", "prod", "mean", "amax", "amin", "any", "all", "argmax", "argmin"};
OPS_FN tcase RED(int kind, ci_dtype odt, ispec x, int keep) {
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

/* max.dim: values and indices */
OPS_FN void b_maxdim(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor v = {0}, i = {0};
    ci_max_dim(g, t[0], c->i[0], c->keep, &v, &i);
    ci_output(g, v);
    ci_output(g, i);
}
OPS_FN int r_maxdim(const arr *in, arr *out, const tcase *c) {
    out[0] = ar_red1(in[0], c->i[0], c->keep, R_MAX, in[0].dt);
    out[1] = ar_red1(in[0], c->i[0], c->keep, R_ARGMAX, CI_I64);
    return 2;
}
#define MAXDIM(x, dim, kp) do { tcase c_ = mk1("max.dim", x, b_maxdim, r_maxdim, CI_F32); c_.i[0] = dim; c_.keep = kp; RUN(c_); } while (0)

/* ---- creation: CREATE, ARANGE ---- */
/* c->kind: 0 full, 1 zeros, 2 ones, 3 arange; c->i shape; c->d[0] fill or arange's start/end/step
   in d[0..2]; c->keep = 1: pass no dtype (the default) */
enum { K_FULL, K_ZEROS, K_ONES, K_ARANGE };
OPS_FN void b_create(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_dtype dt = c->keep ? CI_DTYPE_INVALID : c->odt;
    (void)t;
    switch (c->kind) {
    case K_FULL: ci_output(g, ci_full(g, c->ni, c->i, c->d[0], dt)); break;
    case K_ZEROS: ci_output(g, ci_zeros(g, c->ni, c->i, dt)); break;
    case K_ONES: ci_output(g, ci_ones(g, c->ni, c->i, dt)); break;
    default: ci_output(g, ci_arange(g, c->d[0], c->d[1], c->d[2], dt)); break;
    }
}
OPS_FN int r_create(const arr *in, arr *out, const tcase *c) {
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
OPS_FN tcase CR(int kind, ci_dtype odt, int dflt, double v) {
    static const char *names[] = {"full", "zeros", "ones", "arange"};
    tcase c = mk(names[kind], 0, NULL, b_create, r_create, odt);
    c.kind = kind; c.keep = dflt; c.d[0] = v;
    return c;
}
#define CREATE(kind, odt, dflt, v, ...) do { tcase c_ = P(CR(kind, odt, dflt, v), __VA_ARGS__); RUN(c_); } while (0)
#define ARANGE(odt, dflt, a, b, s) do { tcase c_ = CR(K_ARANGE, odt, dflt, a); c_.d[1] = b; c_.d[2] = s; RUN(c_); } while (0)

/* ---- softmax and log_softmax: SOFTMAX, SOFTMAX_T ---- */
PWF(f_log_sub, x[0] - x[1])
OPS_FN arr ar_softmax(arr x, int64_t dim, int logsm) {
    arr m = ar_reduce(x, 1, &dim, 1, R_MAX, CI_F64), e, s, sh;
    sh = ar_pw2(x, m, CI_F64, f_sub, NULL);
    e = ar_pw1(sh, CI_F64, f_exp, NULL);
    s = ar_reduce(e, 1, &dim, 1, R_SUM, CI_F64);
    if (logsm) return ar_pw2(sh, ar_pw1(s, CI_F64, f_log, NULL), x.dt, f_log_sub, NULL);
    return ar_pw2(e, s, x.dt, f_div, NULL);
}
OPS_FN void b_softmax(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor x = c->s ? ci_t(g, t[0]) : t[0];
    ci_output(g, c->kind ? ci_log_softmax(g, x, c->i[0]) : ci_softmax(g, x, c->i[0]));
}
OPS_FN int r_softmax(const arr *in, arr *out, const tcase *c) {
    arr x = c->s ? ar_transpose(in[0], 0, 1) : in[0];
    out[0] = ar_softmax(x, c->i[0], c->kind);
    return 1;
}
#define SOFTMAX(logsm, x, dim) do { tcase c_ = mk1(logsm ? "log_softmax" : "softmax", x, b_softmax, r_softmax, x.dt); \
    c_.kind = logsm; c_.i[0] = dim; c_.atol = 1e-6; c_.rtol = 1e-4; RUN(c_); } while (0)
#define SOFTMAX_T(logsm, x, dim) do { tcase c_ = mk1(logsm ? "log_softmax(t(x))" : "softmax(t(x))", x, b_softmax, r_softmax, x.dt); \
    c_.kind = logsm; c_.i[0] = dim; c_.s = "t"; c_.atol = 1e-6; c_.rtol = 1e-4; RUN(c_); } while (0)

/* ======================================================================================
   main: each test_ops_*.c calls ops_init first
   ====================================================================================== */

/* reads CI_SEED, CI_OPS_ALL and CI_OPS_THREADS, prints the seed ("# PROG: CI_SEED=N") and
   takes the test-name filter from argv */
OPS_FN void ops_init(int argc, char **argv, const char *prog) {
    const char *s = getenv("CI_SEED"), *all = getenv("CI_OPS_ALL");
    g_seed = s && *s ? (uint64_t)strtoull(s, NULL, 0) : (uint64_t)time(NULL);
    g_all = all && *all && strcmp(all, "0") != 0;
    g_threads = getenv("CI_OPS_THREADS") ? atoi(getenv("CI_OPS_THREADS")) : 1;
    printf("# %s: CI_SEED=%llu\n", prog, (unsigned long long)g_seed);
    ci_test_init(argc, argv);
}

#endif /* OPS_CASES_H_INCLUDED */
