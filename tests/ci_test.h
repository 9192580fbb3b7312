/* ci_test.h - the cinductor tests' tiny framework (header-only, C99, one test file = one binary)

   A test file:

       #include "ci_test.h"

       CI_TEST(test_add) {
           CI_CHECK_EQ_INT(1 + 1, 2);
       }

       int main(int argc, char **argv) {
           ci_test_init(argc, argv);          // optional: argv[1] = substring filter on names
           CI_RUN(test_add);
           return ci_test_done();              // 1 if any test failed, else 0
       }

   Each CI_RUN prints exactly one line on stdout, which tests/run.sh collects:
       PASS name
       FAIL name: file:line: message        (the first failed check; the test stops there)
       SKIP name: reason

   The CI_CHECK* macros and CI_SKIP `return` from the enclosing function, so use them in the
   test function itself (void). Helpers that check things call the functions below instead
   (ci_test_allclose_f32 ... return 1/0 and write a message) and leave failing to the test.

   Also here: a counting allocator for ci_ctx_desc.allocator (live bytes and blocks, the size
   passed to free checked, "fail the Nth allocation" for out-of-memory tests, Lua-style), and
   a seeded xorshift generator with fills for normal floats and ints in a range (no rand(), so
   the same seed gives the same data everywhere), and the setup the error-path tests share (a
   context on the tracked allocator, closed with a leak check: ci_test_env, CI_ENV_OPEN/CLOSE,
   CI_RUN_SWEEP, CI_CHECK_CONTAINS, ci_test_input).

   State is file-static: each test binary is one translation unit. */
#ifndef CI_TEST_H_INCLUDED
#define CI_TEST_H_INCLUDED

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cinductor.h"

/* ---- test state and the runner ---- */

typedef struct ci_test_state {
    const char *name;        /* the running test */
    int failed, skipped;     /* of the running test */
    char msg[1024];          /* its first failure or skip reason */
    int npass, nfail, nskip; /* in this binary */
    const char *filter;      /* run only tests whose name contains this; NULL = all */
} ci_test_state;

static ci_test_state ci_test_g;

static inline void ci_test_init(int argc, char **argv) {
    ci_test_g.filter = (argc > 1 && argv[1][0]) ? argv[1] : NULL;
}

/* name of the running test ("" outside one) */
static inline const char *ci_test_name(void) { return ci_test_g.name ? ci_test_g.name : ""; }
static inline int ci_test_failed(void) { return ci_test_g.failed; }

static inline void ci_test_vfail_(const char *file, int line, const char *fmt, va_list ap) {
    size_t n;
    if (ci_test_g.failed || ci_test_g.skipped) return; /* keep the first */
    ci_test_g.failed = 1;
    snprintf(ci_test_g.msg, sizeof ci_test_g.msg, "%s:%d: ", file, line);
    n = strlen(ci_test_g.msg);
    vsnprintf(ci_test_g.msg + n, sizeof ci_test_g.msg - n, fmt, ap);
}

/* Fails the running test with a formatted message unless OK; returns OK. */
static inline int ci_test_check_(int ok, const char *file, int line, const char *fmt, ...) {
    va_list ap;
    if (ok) return 1;
    va_start(ap, fmt);
    ci_test_vfail_(file, line, fmt, ap);
    va_end(ap);
    return 0;
}

static inline void ci_test_skip_(const char *reason) {
    if (ci_test_g.failed || ci_test_g.skipped) return;
    ci_test_g.skipped = 1;
    snprintf(ci_test_g.msg, sizeof ci_test_g.msg, "%s", reason);
}

/* The message may hold newlines (a compiler log): keep the result on one line. */
static inline void ci_test_print_result_(const char *tag, const char *name, const char *msg) {
    const char *c;
    printf("%s %s", tag, name);
    if (msg) {
        printf(": ");
        for (c = msg; *c; c++) putchar(*c == '\n' || *c == '\r' ? ' ' : *c);
    }
    putchar('\n');
    fflush(stdout);
}

static inline void ci_test_run_(void (*fn)(void), const char *name) {
    if (ci_test_g.filter && !strstr(name, ci_test_g.filter)) return;
    ci_test_g.name = name;
    ci_test_g.failed = ci_test_g.skipped = 0;
    ci_test_g.msg[0] = 0;
    fn();
    if (ci_test_g.failed) {
        ci_test_g.nfail++;
        ci_test_print_result_("FAIL", name, ci_test_g.msg);
    } else if (ci_test_g.skipped) {
        ci_test_g.nskip++;
        ci_test_print_result_("SKIP", name, ci_test_g.msg);
    } else {
        ci_test_g.npass++;
        ci_test_print_result_("PASS", name, NULL);
    }
    ci_test_g.name = NULL;
}

/* exit status for main: 1 if a test failed */
static inline int ci_test_done(void) {
    fflush(stdout);
    return ci_test_g.nfail ? 1 : 0;
}

#define CI_TEST(name) static void name(void)
#define CI_RUN(fn) ci_test_run_(fn, #fn)

/* ---- checks (each returns from the enclosing void function on failure) ---- */

#define CI_FAIL(...) do { ci_test_check_(0, __FILE__, __LINE__, __VA_ARGS__); return; } while (0)
#define CI_SKIP(reason) do { ci_test_skip_(reason); return; } while (0)

#define CI_CHECK(cond) \
    do { if (!ci_test_check_((cond) ? 1 : 0, __FILE__, __LINE__, "check failed: %s", #cond)) return; } while (0)

/* CI_CHECK_MSG(cond, "format", args...) */
#define CI_CHECK_MSG(cond, ...) \
    do { if (!ci_test_check_((cond) ? 1 : 0, __FILE__, __LINE__, __VA_ARGS__)) return; } while (0)

#define CI_CHECK_EQ_INT(a, b) \
    do { long long ci_a_ = (long long)(a), ci_b_ = (long long)(b); \
         if (!ci_test_check_(ci_a_ == ci_b_, __FILE__, __LINE__, "%s == %s failed: %lld != %lld", \
                             #a, #b, ci_a_, ci_b_)) return; } while (0)

#define CI_CHECK_STR_EQ(a, b) \
    do { const char *ci_a_ = (a), *ci_b_ = (b); \
         if (!ci_test_check_(ci_a_ && ci_b_ && strcmp(ci_a_, ci_b_) == 0, __FILE__, __LINE__, \
                             "%s == %s failed: \"%s\" != \"%s\"", #a, #b, \
                             ci_a_ ? ci_a_ : "(null)", ci_b_ ? ci_b_ : "(null)")) return; } while (0)

/* |got - want| <= atol + rtol * |want| (torch.allclose, with NaN matching NaN) */
static inline int ci_test_near(double got, double want, double atol, double rtol) {
    if (isnan(got) || isnan(want)) return isnan(got) && isnan(want);
    if (isinf(got) || isinf(want)) return got == want;
    return fabs(got - want) <= atol + rtol * fabs(want);
}

#define CI_CHECK_NEAR(a, b, atol, rtol) \
    do { double ci_a_ = (double)(a), ci_b_ = (double)(b); \
         if (!ci_test_check_(ci_test_near(ci_a_, ci_b_, (atol), (rtol)), __FILE__, __LINE__, \
                             "%s ~= %s failed: %.9g vs %.9g (diff %.3g, atol %g, rtol %g)", #a, #b, \
                             ci_a_, ci_b_, fabs(ci_a_ - ci_b_), (double)(atol), (double)(rtol))) \
             return; } while (0)

/* a ci_result expression must be CI_OK; the _CTX form adds the context's last error */
#define CI_CHECK_OK(expr) \
    do { ci_result ci_r_ = (expr); \
         if (!ci_test_check_(ci_r_ == CI_OK, __FILE__, __LINE__, "%s returned %s", #expr, \
                             ci_result_string(ci_r_))) return; } while (0)
#define CI_CHECK_OK_CTX(ctx, expr) \
    do { ci_result ci_r_ = (expr); \
         if (!ci_test_check_(ci_r_ == CI_OK, __FILE__, __LINE__, "%s returned %s: %s", #expr, \
                             ci_result_string(ci_r_), ci_ctx_last_error(ctx))) return; } while (0)

/* ---- array comparison ----
   Returns 1 when every element is near (see ci_test_near); else 0, with WHY (if not NULL)
   naming the first mismatch, its values and how many elements mismatched. Fails nothing:
   the caller decides (CI_CHECK_ARRAY_NEAR does). */

static inline int ci_test_allclose_report_(size_t n, size_t first, size_t nbad, double got,
                                           double want, double atol, double rtol,
                                           char *why, size_t whysize) {
    if (nbad == 0) {
        if (why && whysize) why[0] = 0;
        return 1;
    }
    if (why && whysize)
        snprintf(why, whysize,
                 "index %lu: got %.9g, want %.9g (diff %.3g > atol %g + rtol %g * |want|); "
                 "%lu of %lu elements differ",
                 (unsigned long)first, got, want, fabs(got - want), atol, rtol,
                 (unsigned long)nbad, (unsigned long)n);
    return 0;
}

static inline int ci_test_allclose_f64(const double *got, const double *want, size_t n,
                                       double atol, double rtol, char *why, size_t whysize) {
    size_t i, first = 0, nbad = 0;
    for (i = 0; i < n; i++)
        if (!ci_test_near(got[i], want[i], atol, rtol) && nbad++ == 0) first = i;
    return ci_test_allclose_report_(n, first, nbad, nbad ? got[first] : 0, nbad ? want[first] : 0,
                                    atol, rtol, why, whysize);
}

static inline int ci_test_allclose_f32(const float *got, const float *want, size_t n,
                                       double atol, double rtol, char *why, size_t whysize) {
    size_t i, first = 0, nbad = 0;
    for (i = 0; i < n; i++)
        if (!ci_test_near(got[i], want[i], atol, rtol) && nbad++ == 0) first = i;
    return ci_test_allclose_report_(n, first, nbad, nbad ? got[first] : 0, nbad ? want[first] : 0,
                                    atol, rtol, why, whysize);
}

/* IEEE half and bfloat16 bits as a double, decoded here (not with the library's converters) */
static inline double ci_test_f16_(uint16_t h) {
    const int e = (h >> 10) & 31, m = h & 1023;
    const double v = e == 0 ? ldexp((double)m, -24) : e == 31 ? (m ? NAN : INFINITY)
                                                             : ldexp((double)(m | 1024), e - 25);
    return h & 0x8000 ? -v : v;
}

static inline double ci_test_bf16_(uint16_t h) {
    const uint32_t b = (uint32_t)h << 16;
    float f;
    memcpy(&f, &b, sizeof f);
    return (double)f;
}

/* element I of an array of dtype DT as a double; *ok = 0 for dtypes this cannot read */
static inline double ci_test_load_(ci_dtype dt, const void *p, size_t i, int *ok) {
    *ok = 1;
    switch (dt) {
    case CI_BOOL: return ((const unsigned char *)p)[i] ? 1.0 : 0.0;
    case CI_U8: return (double)((const uint8_t *)p)[i];
    case CI_I8: return (double)((const int8_t *)p)[i];
    case CI_I16: return (double)((const int16_t *)p)[i];
    case CI_I32: return (double)((const int32_t *)p)[i];
    case CI_I64: return (double)((const int64_t *)p)[i];
    case CI_F16: return ci_test_f16_(((const uint16_t *)p)[i]);
    case CI_BF16: return ci_test_bf16_(((const uint16_t *)p)[i]);
    case CI_F32: return (double)((const float *)p)[i];
    case CI_F64: return ((const double *)p)[i];
    default: *ok = 0; return 0;
    }
}

/* Any supported dtype (bool, u8..i64, f16, bf16, f32, f64); integers and bools must match
   exactly (i64 compared as integers, not through double). */
static inline int ci_test_allclose(ci_dtype dt, const void *got, const void *want, size_t n,
                                   double atol, double rtol, char *why, size_t whysize) {
    size_t i, first = 0, nbad = 0;
    int ok = 1, isfloat = dt == CI_F32 || dt == CI_F64 || dt == CI_F16 || dt == CI_BF16;
    for (i = 0; i < n; i++) {
        int bad;
        if (dt == CI_I64)
            bad = ((const int64_t *)got)[i] != ((const int64_t *)want)[i];
        else {
            double g = ci_test_load_(dt, got, i, &ok), w = ci_test_load_(dt, want, i, &ok);
            if (!ok) break;
            bad = isfloat ? !ci_test_near(g, w, atol, rtol) : g != w;
        }
        if (bad && nbad++ == 0) first = i;
    }
    if (!ok) {
        if (why && whysize) snprintf(why, whysize, "ci_test_allclose: unsupported dtype %d", (int)dt);
        return 0;
    }
    if (nbad && dt == CI_I64) {
        if (why && whysize)
            snprintf(why, whysize, "index %lu: got %lld, want %lld; %lu of %lu elements differ",
                     (unsigned long)first, (long long)((const int64_t *)got)[first],
                     (long long)((const int64_t *)want)[first], (unsigned long)nbad,
                     (unsigned long)n);
        return 0;
    }
    return ci_test_allclose_report_(n, first, nbad,
                                    nbad ? ci_test_load_(dt, got, first, &ok) : 0,
                                    nbad ? ci_test_load_(dt, want, first, &ok) : 0,
                                    isfloat ? atol : 0, isfloat ? rtol : 0, why, whysize);
}

static inline double ci_test_max_abs_diff_f32(const float *a, const float *b, size_t n) {
    double m = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        double d = fabs((double)a[i] - (double)b[i]);
        if (d > m || isnan(d)) m = d;
    }
    return m;
}

#define CI_CHECK_ARRAY_NEAR_F32(got, want, n, atol, rtol) \
    do { char ci_why_[512]; \
         if (!ci_test_check_(ci_test_allclose_f32((got), (want), (n), (atol), (rtol), ci_why_, \
                             sizeof ci_why_), __FILE__, __LINE__, "%s vs %s: %s", #got, #want, \
                             ci_why_)) return; } while (0)
#define CI_CHECK_ARRAY_NEAR_F64(got, want, n, atol, rtol) \
    do { char ci_why_[512]; \
         if (!ci_test_check_(ci_test_allclose_f64((got), (want), (n), (atol), (rtol), ci_why_, \
                             sizeof ci_why_), __FILE__, __LINE__, "%s vs %s: %s", #got, #want, \
                             ci_why_)) return; } while (0)
#define CI_CHECK_ARRAY_NEAR(dt, got, want, n, atol, rtol) \
    do { char ci_why_[512]; \
         if (!ci_test_check_(ci_test_allclose((dt), (got), (want), (n), (atol), (rtol), ci_why_, \
                             sizeof ci_why_), __FILE__, __LINE__, "%s vs %s: %s", #got, #want, \
                             ci_why_)) return; } while (0)

/* ---- counting allocator ----
       ci_test_alloc ta; ci_test_alloc_init(&ta);
       ci_ctx_desc cd = {0}; cd.allocator = ci_test_alloc_allocator(&ta);
       ... ci_ctx_destroy(ctx);
       CI_CHECK_EQ_INT(ta.live_blocks, 0); CI_CHECK_EQ_INT(ta.bad_frees, 0);
   ci_test_alloc_fail_at(&ta, N, 0) makes the Nth allocation from now (1-based) return NULL;
   with from_then_on = 1, that one and every later one fail. The usual out-of-memory test
   loops N = 1, 2, ... until the operation succeeds, checking each time that it failed
   cleanly (CI_ERR_OUT_OF_MEMORY, nothing live after the destroy calls). */

typedef struct ci_test_alloc {
    size_t live_bytes, peak_bytes;
    long live_blocks, total_allocs, total_frees;
    long bad_frees;           /* frees whose size differs from the allocation's */
    long attempts;            /* allocation calls so far, refused ones included */
    long fail_at;             /* 0 = never; N = refuse the call that makes attempts == N */
    int fail_from;            /* with fail_at: refuse that call and every later one */
    long failed;              /* allocations refused so far */
} ci_test_alloc;

/* Each block carries a header with its size, so free can check the size it is given. */
#define CI_TEST_ALLOC_HDR 16
#define CI_TEST_ALLOC_MAGIC 0x43495441u /* "CITA" */

static inline void ci_test_alloc_init(ci_test_alloc *a) { memset(a, 0, sizeof *a); }

static inline void ci_test_alloc_fail_at(ci_test_alloc *a, long n, int from_then_on) {
    a->fail_at = n > 0 ? a->attempts + n : 0;
    a->fail_from = from_then_on;
}

static inline void *ci_test_alloc_fn_(size_t size, void *user) {
    ci_test_alloc *a = (ci_test_alloc *)user;
    unsigned char *p;
    a->attempts++;
    if (a->fail_at > 0 && (a->attempts == a->fail_at || (a->fail_from && a->attempts > a->fail_at))) {
        a->failed++;
        return NULL;
    }
    p = (unsigned char *)malloc(size + CI_TEST_ALLOC_HDR);
    if (!p) return NULL;
    memcpy(p, &size, sizeof size);
    {
        uint32_t magic = CI_TEST_ALLOC_MAGIC;
        memcpy(p + sizeof size, &magic, sizeof magic);
    }
    a->live_bytes += size;
    if (a->live_bytes > a->peak_bytes) a->peak_bytes = a->live_bytes;
    a->live_blocks++;
    a->total_allocs++;
    return p + CI_TEST_ALLOC_HDR;
}

static inline void ci_test_free_fn_(void *ptr, size_t size, void *user) {
    ci_test_alloc *a = (ci_test_alloc *)user;
    unsigned char *p;
    size_t had;
    uint32_t magic;
    if (!ptr) return; /* free(NULL) is a no-op, as for free() */
    p = (unsigned char *)ptr - CI_TEST_ALLOC_HDR;
    memcpy(&had, p, sizeof had);
    memcpy(&magic, p + sizeof had, sizeof magic);
    if (magic != CI_TEST_ALLOC_MAGIC || had != size) a->bad_frees++;
    magic = 0; /* a second free of this block then counts as bad where no sanitizer runs */
    memcpy(p + sizeof had, &magic, sizeof magic);
    a->live_bytes -= had;
    a->live_blocks--;
    a->total_frees++;
    free(p);
}

static inline ci_allocator ci_test_alloc_allocator(ci_test_alloc *a) {
    ci_allocator al;
    al.alloc = ci_test_alloc_fn_;
    al.free = ci_test_free_fn_;
    al.user = a;
    return al;
}

/* The tracked allocator: the counting allocator of ci_test.h with every live block on a list,
   so that memory a failed test could not free (its check returned early) is released after it
   (ci_test_sweep_leftovers) and does not show up again as a leak report of the whole binary. The tests
   themselves check ta.live_blocks == 0 before the sweep. */
typedef struct ci_test_tracked_hdr { struct ci_test_tracked_hdr *prev, *next; size_t size; size_t pad_; } ci_test_tracked_hdr;
static ci_test_tracked_hdr ci_test_tracked_head = {&ci_test_tracked_head, &ci_test_tracked_head, 0, 0};
#define CI_TEST_TRACKED_HDR ((sizeof(ci_test_tracked_hdr) + 15) & ~(size_t)15)

static inline void *ci_test_tracked_alloc_(size_t size, void *user) {
    ci_test_tracked_hdr *h = (ci_test_tracked_hdr *)ci_test_alloc_fn_(size + CI_TEST_TRACKED_HDR, user);
    if (!h) return NULL;
    h->size = size;
    h->next = ci_test_tracked_head.next;
    h->prev = &ci_test_tracked_head;
    ci_test_tracked_head.next->prev = h;
    ci_test_tracked_head.next = h;
    return (char *)h + CI_TEST_TRACKED_HDR;
}
static inline void ci_test_tracked_free_(void *ptr, size_t size, void *user) {
    ci_test_tracked_hdr *h;
    if (!ptr) return;
    h = (ci_test_tracked_hdr *)((char *)ptr - CI_TEST_TRACKED_HDR);
    h->prev->next = h->next;
    h->next->prev = h->prev;
    ci_test_free_fn_(h, size + CI_TEST_TRACKED_HDR, user); /* a wrong size still counts as a bad free */
}
static inline ci_allocator ci_test_tracked_allocator(ci_test_alloc *ta) {
    ci_allocator a;
    a.alloc = ci_test_tracked_alloc_;
    a.free = ci_test_tracked_free_;
    a.user = ta;
    return a;
}
/* frees what a failed test left behind (the counting allocator's state may be gone by now,
   so the blocks go straight back to free()) */
static inline void ci_test_sweep_leftovers(void) {
    long n = 0;
    while (ci_test_tracked_head.next != &ci_test_tracked_head) {
        ci_test_tracked_hdr *h = ci_test_tracked_head.next;
        h->prev->next = h->next;
        h->next->prev = h->prev;
        free((char *)h - CI_TEST_ALLOC_HDR);
        n++;
    }
    if (n) fprintf(stderr, "note: freed %ld block(s) left by a failed test\n", n);
}

/* ---- a context for tests of error paths and leaks ----
       CI_TEST(test_bad_shape) {
           ci_test_env e;
           CI_ENV_OPEN(e);          (a context on the tracked allocator, logging nothing)
           ... e.ctx ...
           CI_ENV_CLOSE(e);         (destroys it; fails unless no block is left and every free
       }                             got its allocation's size)
       ... in main: CI_RUN_SWEEP(test_bad_shape);  (CI_RUN, then ci_test_sweep_leftovers)
   CI_CHECK_CONTAINS(haystack, needle) checks a message; ci_test_input(g, name, dt, ndim, sizes
   as ints...) makes an input; ci_test_backend_name names a backend in messages. */

static inline void ci_test_quiet_log(ci_log_level level, const char *msg, void *user) {
    (void)level; (void)msg; (void)user;
}

#define CI_CHECK_CONTAINS(hay, needle) \
    do { const char *ci_h_ = (hay), *ci_n_ = (needle); \
         CI_CHECK_MSG(ci_h_ && strstr(ci_h_, ci_n_) != NULL, "expected \"%s\" in \"%s\"", ci_n_, \
                      ci_h_ ? ci_h_ : "(null)"); } while (0)

#define CI_RUN_SWEEP(fn) do { CI_RUN(fn); ci_test_sweep_leftovers(); } while (0)

typedef struct ci_test_env {
    ci_test_alloc ta;
    ci_ctx *ctx;
} ci_test_env;

static inline ci_result ci_test_env_open(ci_test_env *e) {
    ci_ctx_desc cd;
    memset(&cd, 0, sizeof cd);
    ci_test_alloc_init(&e->ta);
    cd.allocator = ci_test_tracked_allocator(&e->ta);
    cd.log = ci_test_quiet_log;
    e->ctx = NULL;
    return ci_ctx_create(&cd, &e->ctx);
}

#define CI_ENV_OPEN(e) CI_CHECK_OK(ci_test_env_open(&(e)))

/* destroys the context and checks that nothing is left */
#define CI_ENV_CLOSE(e) \
    do { ci_ctx_destroy((e).ctx); (e).ctx = NULL; \
         CI_CHECK_MSG((e).ta.live_blocks == 0, "%ld blocks (%lu bytes) still live after ci_ctx_destroy", \
                      (e).ta.live_blocks, (unsigned long)(e).ta.live_bytes); \
         CI_CHECK_EQ_INT((e).ta.bad_frees, 0); } while (0)

/* an input of dtype DT with NDIM sizes given as ints */
static inline ci_tensor ci_test_input(ci_graph *g, const char *name, ci_dtype dt, int ndim, ...) {
    int64_t s[CI_MAX_DIMS];
    va_list ap;
    int i;
    va_start(ap, ndim);
    for (i = 0; i < ndim && i < CI_MAX_DIMS; i++) s[i] = (int64_t)va_arg(ap, int);
    va_end(ap);
    return ci_input(g, name, dt, ndim, s);
}

static inline const char *ci_test_backend_name(int be) { return be == CI_BACKEND_TCC ? "tcc" : "interp"; }

/* ---- seeded random numbers: xorshift64*, seeded through splitmix64 ---- */

typedef struct ci_test_rng { uint64_t s; } ci_test_rng;

static inline ci_test_rng ci_test_rng_make(uint64_t seed) {
    ci_test_rng r;
    uint64_t z = seed + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    r.s = z ? z : 0x2545F4914F6CDD1Dull; /* xorshift must not start at 0 */
    return r;
}

static inline uint64_t ci_test_rng_next(ci_test_rng *r) {
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* uniform in [0, 1), 53 bits */
static inline double ci_test_rng_uniform(ci_test_rng *r) {
    return (double)(ci_test_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* standard normal (Box-Muller) */
static inline double ci_test_rng_normal(ci_test_rng *r) {
    double u1 = 1.0 - ci_test_rng_uniform(r); /* (0, 1]: log(u1) is finite */
    double u2 = ci_test_rng_uniform(r);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

/* an integer in [lo, hi], both included (hi >= lo) */
static inline int64_t ci_test_rng_int(ci_test_rng *r, int64_t lo, int64_t hi) {
    uint64_t span = (uint64_t)hi - (uint64_t)lo + 1u;
    if (span == 0) return (int64_t)ci_test_rng_next(r); /* the whole int64 range */
    return (int64_t)((uint64_t)lo + ci_test_rng_next(r) % span);
}

static inline void ci_test_fill_normal_f32(float *p, size_t n, ci_test_rng *r) {
    size_t i;
    for (i = 0; i < n; i++) p[i] = (float)ci_test_rng_normal(r);
}

static inline void ci_test_fill_normal_f64(double *p, size_t n, ci_test_rng *r) {
    size_t i;
    for (i = 0; i < n; i++) p[i] = ci_test_rng_normal(r);
}

/* fills N ints of a plain C int64 array uniformly in [lo, hi] */
static inline void ci_test_fill_int_i64(int64_t *p, size_t n, ci_test_rng *r, int64_t lo, int64_t hi) {
    size_t i;
    for (i = 0; i < n; i++) p[i] = ci_test_rng_int(r, lo, hi);
}

static inline void ci_test_fill_int_i32(int32_t *p, size_t n, ci_test_rng *r, int32_t lo, int32_t hi) {
    size_t i;
    for (i = 0; i < n; i++) p[i] = (int32_t)ci_test_rng_int(r, lo, hi);
}

/* Fills N elements of dtype DT: floats from N(0, 1), integers uniform in [lo, hi] (clamped
   to the dtype's range), bools 0/1. Returns 0 for a dtype it cannot write. */
/* f32 to the bits of f16 and bf16, to nearest even (subnormals, overflow to inf; NaN is not
   asked for) */
static inline uint16_t ci_test_f2bf(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

static inline uint16_t ci_test_f2h(float f) {
    uint32_t u, s, e, m, r, rem, half;
    memcpy(&u, &f, 4);
    s = (u >> 16) & 0x8000u;
    e = (u >> 23) & 0xffu;
    m = u & 0x7fffffu;
    if (e < 102) return (uint16_t)s;              /* under half the least subnormal */
    if (e > 142) return (uint16_t)(s | 0x7c00u);  /* 2^16 and past: inf */
    if (e < 113) {                                /* a subnormal: m * 2^-24 */
        m |= 0x800000u;
        r = m >> (126 - e);
        rem = m & ((1u << (126 - e)) - 1);
        half = 1u << (125 - e);
    } else {
        r = ((e - 112) << 10) | (m >> 13);
        rem = m & 0x1fffu;
        half = 0x1000u;
    }
    if (rem > half || (rem == half && (r & 1))) r++;
    return (uint16_t)(s | r);
}

/* p[0..n) drawn for dt: floats from the standard normal (f16 and bf16 rounded from it), integers
   uniform in [lo, hi] (clamped to the type), bools fair; 0 for a dtype it cannot fill */
static inline int ci_test_fill(ci_dtype dt, void *p, size_t n, ci_test_rng *r, int64_t lo, int64_t hi) {
    size_t i;
    switch (dt) {
    case CI_F32: ci_test_fill_normal_f32((float *)p, n, r); return 1;
    case CI_F64: ci_test_fill_normal_f64((double *)p, n, r); return 1;
    case CI_F16:
    case CI_BF16:
        for (i = 0; i < n; i++) {
            float f = (float)ci_test_rng_normal(r);
            ((uint16_t *)p)[i] = dt == CI_F16 ? ci_test_f2h(f) : ci_test_f2bf(f);
        }
        return 1;
    case CI_BOOL:
        for (i = 0; i < n; i++) ((unsigned char *)p)[i] = (unsigned char)(ci_test_rng_next(r) >> 63);
        return 1;
#define CI_TEST_FILL_INT_(DT, T, MIN, MAX) \
    case DT: { \
        int64_t l = lo < (MIN) ? (MIN) : lo, h = hi > (MAX) ? (MAX) : hi; \
        if (l > h) l = h; \
        for (i = 0; i < n; i++) { ((T *)p)[i] = (T)ci_test_rng_int(r, l, h); } \
        return 1; \
    }
    CI_TEST_FILL_INT_(CI_U8, uint8_t, 0, 255)
    CI_TEST_FILL_INT_(CI_I8, int8_t, -128, 127)
    CI_TEST_FILL_INT_(CI_I16, int16_t, -32768, 32767)
    CI_TEST_FILL_INT_(CI_I32, int32_t, INT32_MIN, INT32_MAX)
    case CI_I64: ci_test_fill_int_i64((int64_t *)p, n, r, lo, hi < lo ? lo : hi); return 1;
#undef CI_TEST_FILL_INT_
    default: return 0;
    }
}

#endif /* CI_TEST_H_INCLUDED */
