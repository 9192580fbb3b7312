/* >>tile: the tile primitives' math against libm (ulps, special values, where a tile starts),
   and CPU kernels that run in tiles against the interpreter on odd sizes, strided, broadcast
   and padded (gathered) loads, reductions, and thread counts. Includes the implementation. */
#define CINDUCTOR_IMPLEMENTATION
#include "ci_test.h"

/* distance from got to want (computed in double) in units of want's float ulp */
static double ulps(float got, double want) {
    float w = (float)want, a = fabsf(w);
    double u = a < 1.17549435e-38f ? 1.401298464e-45 : (double)(nextafterf(a, HUGE_VALF) - a);
    if (want != want) return got != got ? 0 : 1e30;
    if (isinf(w)) return got == w ? 0 : 1e30;
    return fabs((double)got - want) / u;
}

static double ref_sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

typedef void (*tile_fn)(float *, const float *, int);

/* the worst error of FN over N points spread on [lo, hi], in ulps */
static double worst_ulps(tile_fn fn, double (*ref)(double), float lo, float hi, float *at) {
    enum { N = 1 << 16 };
    static float a[N], d[N];
    double worst = 0;
    int i;
    for (i = 0; i < N; i++) a[i] = lo + (hi - lo) * (float)i / N;
    for (i = 0; i < N; i += CI__TILE) fn(d + i, a + i, N - i < CI__TILE ? N - i : CI__TILE);
    for (i = 0; i < N; i++) {
        double e = ulps(d[i], ref(a[i]));
        if (e > worst) { worst = e; *at = a[i]; }
    }
    return worst;
}

CI_TEST(test_tile_math_against_libm) {
    static const struct {
        const char *name;
        tile_fn fn;
        double (*ref)(double);
        float lo, hi;
        double max_ulps;
    } cases[] = {
        {"exp", ci__tile_exp, exp, -103.0f, 88.7f, 2},
        {"exp", ci__tile_exp, exp, -1.0f, 1.0f, 1},
        {"log", ci__tile_log, log, 1e-44f, 1e-30f, 2},
        {"log", ci__tile_log, log, 0.0f, 1000.0f, 2},
        {"tanh", ci__tile_tanh, tanh, -12.0f, 12.0f, 2},
        {"tanh", ci__tile_tanh, tanh, -1e-3f, 1e-3f, 2},   /* (libm's tanhf: 1.4 here) */
        {"erf", ci__tile_erf, erf, -6.0f, 6.0f, 3},
        {"erf", ci__tile_erf, erf, -1e-3f, 1e-3f, 3},
        {"sigmoid", ci__tile_sigmoid, ref_sigmoid, -80.0f, 80.0f, 4},
    };
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        float at = 0;
        double w = worst_ulps(cases[c].fn, cases[c].ref, cases[c].lo, cases[c].hi, &at);
        CI_CHECK_MSG(w <= cases[c].max_ulps, "%s on [%g, %g]: %.2f ulps at %.9g", cases[c].name,
                     cases[c].lo, cases[c].hi, w, at);
    }
}

CI_TEST(test_tile_math_special_values) {
    float x[9] = {NAN, HUGE_VALF, -HUGE_VALF, -0.0f, 0.0f, 1e-45f, -1.0f, 88.8f, -104.0f}, d[9];
    ci__tile_exp(d, x, 9);
    CI_CHECK(d[0] != d[0] && d[1] == HUGE_VALF && d[2] == 0 && d[3] == 1 && d[4] == 1);
    CI_CHECK(d[7] == HUGE_VALF && d[8] == 0);
    ci__tile_log(d, x, 9);
    CI_CHECK(d[0] != d[0] && d[1] == HUGE_VALF && d[2] != d[2] && d[3] == -HUGE_VALF);
    CI_CHECK(d[4] == -HUGE_VALF && d[6] != d[6] && ulps(d[5], log((double)x[5])) <= 2);
    ci__tile_tanh(d, x, 9);
    CI_CHECK(d[0] != d[0] && d[1] == 1 && d[2] == -1 && d[3] == 0 && signbit(d[3]));
    CI_CHECK(d[5] == 1e-45f);
    ci__tile_erf(d, x, 9);
    CI_CHECK(d[0] != d[0] && d[1] == 1 && d[2] == -1 && d[3] == 0 && signbit(d[3]));
    ci__tile_sigmoid(d, x, 9);
    CI_CHECK(d[0] != d[0] && d[1] == 1 && d[2] == 0 && d[3] == 0.5f);
    {   /* isnan: 1 for the NaN alone, over a tile's vector part and its tail */
        int m[9], i;
        ci__tile_isnan(m, x, 9);
        for (i = 0; i < 9; i++) CI_CHECK_MSG(m[i] == (i == 0), "element %d", i);
        ci__tile_isnan(m, x + 1, 1);
        CI_CHECK(m[0] == 0);
    }
}

#ifdef CI__TILE_512
/* the 8-lane math as the AVX2 clone runs it (FMA contracted as there) */
#define EIGHT(name, F) \
    __attribute__((target("avx2,fma") CI__TILE_CONTRACT)) static void eight_##name( \
        float *d, const float *a, int n) { \
        int i; \
        for (i = 0; i < n; i += 8) { \
            ci__tile_vf x, r; \
            memcpy(&x, a + i, sizeof x); \
            r = F; \
            memcpy(d + i, &r, sizeof r); \
        } \
    }
EIGHT(exp, ci__tile_vexp(&x))
EIGHT(log, ci__tile_vlog(&x))
EIGHT(tanh, ci__tile_vtanh(&x))
EIGHT(erf, ci__tile_verf(&x))
EIGHT(sigmoid, 1.0f / (1.0f + ci__tile_vexpn(&x)))
#endif

/* where the CPU has AVX-512, the 16-lane math gives the 8-lane code's bits, on every range the
   functions switch between, the special values and subnormals (NaNs: both NaN) */
CI_TEST(test_tile_math_512_same_bits) {
#ifdef CI__TILE_512
    static const struct {
        const char *name;
        tile_fn f16, f8;
    } fns[] = {{"exp", ci__tile_exp16, eight_exp}, {"log", ci__tile_log16, eight_log},
               {"tanh", ci__tile_tanh16, eight_tanh}, {"erf", ci__tile_erf16, eight_erf},
               {"sigmoid", ci__tile_sigmoid16, eight_sigmoid}};
    enum { N = 4096 };
    static float x[N], a[N], b[N];
    static const float special[] = {NAN, -NAN, HUGE_VALF, -HUGE_VALF, 0.0f, -0.0f, 1e-45f,
                                    -1e-45f, 1.1754942e-38f, 88.72f, 88.73f, -103.97f, -104.0f,
                                    0.55f, 0.9f, 3.92f, 1.41421356f, 0.70710678f, 1.0f};
    ci_test_rng g = ci_test_rng_make(512);
    size_t f;
    int i;
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512dq"))
        CI_SKIP("this CPU has no AVX-512 (F and DQ)");
    for (i = 0; i < N; i++) {   /* scales from 1e-40 to 1e3, both signs */
        double mag = pow(10.0, ci_test_rng_uniform(&g) * 43.0 - 40.0);
        x[i] = (float)(ci_test_rng_uniform(&g) < 0.5 ? -mag : mag);
    }
    memcpy(x, special, sizeof special);
    for (f = 0; f < sizeof fns / sizeof fns[0]; f++) {
        fns[f].f16(a, x, N);
        fns[f].f8(b, x, N);
        for (i = 0; i < N; i++)
            if (memcmp(&a[i], &b[i], 4) && !(a[i] != a[i] && b[i] != b[i])) break;
        CI_CHECK_MSG(i == N, "%s(%.9g): 16 lanes %.9g, 8 lanes %.9g", fns[f].name,
                     i < N ? x[i] : 0.0f, i < N ? a[i] : 0.0f, i < N ? b[i] : 0.0f);
    }
#else
    CI_SKIP("no 16-lane math in this build (x86-64 GCC with AVX-512)");
#endif
}

/* an element's result is the same bits wherever its tile starts (the tail runs the vector code
   padded), and max/min, sums and the reductions keep the scalar emitter's rules */
CI_TEST(test_tile_position_and_rules) {
    float a[300], full[300], part[300], b[300], m[300];
    ci_test_rng g = ci_test_rng_make(5);
    int i, off;
    double want = 0;
    ci_test_fill_normal_f32(a, 300, &g);
    ci_test_fill_normal_f32(b, 300, &g);
    ci__tile_erf(full, a, 256);
    for (off = 1; off < 12; off++) {
        ci__tile_erf(part, a + off, 256 - off);
        CI_CHECK_MSG(!memcmp(part, full + off, sizeof(float) * (size_t)(256 - off)), "offset %d",
                     off);
    }
    a[3] = NAN;
    b[5] = NAN;
    a[7] = 0.0f;
    b[7] = -0.0f;
    ci__tile_max(m, a, 1, b, 1, 9);
    CI_CHECK(m[3] != m[3] && m[5] != m[5] && signbit(m[7]));   /* NaN wins; a tie takes b */
    ci__tile_min(m, a, 1, b + 1, 0, 9);                        /* b[1] for every element */
    for (i = 0; i < 9; i++)
        if (i != 3) CI_CHECK(m[i] == (a[i] < b[1] ? a[i] : b[1]));
    CI_CHECK(ci__tile_rmax(-HUGE_VALF, a, 9) != ci__tile_rmax(-HUGE_VALF, a, 9));  /* NaN */
    CI_CHECK(ci__tile_rmin(HUGE_VALF, a + 4, 7) == ci__tile_rmin(HUGE_VALF, a + 4, 7));
    for (i = 100; i < 299; i++) want += a[i];
    CI_CHECK_NEAR(ci__tile_sum(1.5, a + 100, 199), want + 1.5, 1e-9, 1e-12);
#if defined(CI__TILE_VEC) && defined(__x86_64__) && !defined(CINDUCTOR_NO_AVX512)
    if (__builtin_cpu_supports("avx512f")) {   /* the AVX-512 sum: the same bits as the other */
        static const int ns[] = {0, 1, 7, 15, 16, 17, 31, 33, 199, 256};
        size_t k;
        for (k = 0; k < sizeof ns / sizeof ns[0]; k++) {
            double x = ci__tile_sum512(0.25, a + 3, ns[k]), y = ci__tile_sum_v(0.25, a + 3, ns[k]);
            CI_CHECK_MSG(!memcmp(&x, &y, sizeof x), "n %d: %.17g against %.17g", ns[k], x, y);
        }
    } else printf("# (no AVX-512 here: its sum is not checked)\n");
#endif
}

/* compiles TEXT on BACKEND with THREADS threads and runs it on INS; the outputs in *outs
   (malloc'd, numel each in *n); the program's source kept in *src when asked for */
static char cc_cache[64] = "off";   /* main makes a temporary directory */
/* be INTERP_REF: the interpreter point by point (ci_compile_desc.reference) */
#define INTERP_REF ((ci_backend)-1)
static int run_text(const char *text, ci_backend be, int threads, void **ins, void **outs,
                    size_t *n, int *tiled) {
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc d;
    char err[512];
    int i, k, ok;
    ci_ctx_create(NULL, &ctx);
    g = ci_graph_create(ctx);
    ok = ci_cig_parse(g, text, strlen(text), "case", NULL, err, sizeof err) == CI_OK;
    if (!ok) printf("# %s\n", err);
    memset(&d, 0, sizeof d);
    d.backend = be == INTERP_REF ? CI_BACKEND_INTERP : be;
    d.reference = be == INTERP_REF;
    d.cache_dir = cc_cache;   /* (the cc backend's objects: a directory of this run) */
    d.num_threads = threads;
    ok = ok && ci_compile(g, &d, &p) == CI_OK;
    if (!ok) printf("# %s\n", ci_ctx_last_error(ctx));
    for (i = 0; ok && i < ci_program_num_outputs(p); i++) {
        int64_t s[CI_MAX_DIMS];
        int nd = ci_program_output_shape(p, i, s);
        n[i] = 1;
        for (k = 0; k < nd; k++) n[i] *= (size_t)s[k];
        outs[i] = malloc(sizeof(float) * (n[i] ? n[i] : 1));
    }
    if (ok && tiled) *tiled = strstr(ci_program_source(p), "ci_tl_") != NULL;
    ok = ok && ci_program_run(p, ci_program_num_inputs(p), (const void *const *)ins,
                              ci_program_num_outputs(p), outs) == CI_OK;
    if (p) ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return ok;
}

/* each case's text has %d where its length N goes (up to 4 times) and inputs f32[3, N] (x),
   f32[N] (b), f32[N, 3] (t) and f32[40, N] (u) in that order, as it names them */
static const char *const tile_cases[] = {
    /* pointwise math over a broadcast bias */
    "input x: f32[3, %d]\ninput b: f32[%d]\nh = aten.add.Tensor(x, b)\n"
    "e = aten.erf.default(h)\nt = aten.tanh.default(h)\ns = aten.sigmoid.default(h)\n"
    "a = aten.abs.default(h)\nl = aten.log.default(a)\nq = aten.sqrt.default(a)\n"
    "r = aten.rsqrt.default(a)\nm = aten.maximum.default(e, t)\nn = aten.minimum.default(s, l)\n"
    "v = aten.reciprocal.default(q)\nw = aten.exp.default(n)\nz = aten.neg.default(r)\n"
    "output m, n, v, w, z\n",
    /* comparisons, where, casts */
    "input x: f32[3, %d]\ninput b: f32[%d]\nc = aten.gt.Tensor(x, b)\n"
    "y = aten.where.self(c, x, b)\nf = aten._to_copy.default(c, dtype=f32)\n"
    "d = aten.le.Scalar(x, 0.5)\ng = aten.logical_and.default(c, d)\n"
    "k = aten.logical_not.default(g)\nh = aten._to_copy.default(k, dtype=f32)\n"
    "u = aten.div.Tensor(y, 3.0)\nv = aten.sub.Tensor(u, f)\noutput v, h\n",
    /* reductions over the last dim, and softmax */
    "input x: f32[3, %d]\ns = aten.sum.dim_IntList(x, [1])\nm = aten.amax.default(x, [1])\n"
    "n = aten.amin.default(x, [1])\np = aten._softmax.default(x, -1, False)\n"
    "l = aten._log_softmax.default(x, 1, False)\noutput s, m, n, p, l\n",
    /* reductions over the first dim: a tile of accumulators, one per column; and over the
       transposed input's long dim (strided) */
    "input t: f32[%d, 3]\ninput u: f32[40, %d]\ns = aten.sum.dim_IntList(u, [0])\n"
    "m = aten.amax.default(u, [0])\nn = aten.amin.default(u, [0], True)\n"
    "p = aten._softmax.default(u, 0, False)\nq = aten.mean.dim(t, [0])\n"
    "d = aten.sub.Tensor(u, n)\ne = aten.sum.dim_IntList(d, [0])\noutput s, m, p, q, e\n",
    /* a column sum alone: four rows a call (ci_tl_acc_sum4), then the 3 left one at a time;
       and 3 rows, one at a time */
    "input u: f32[40, %d]\nv = aten.slice.Tensor(u, 0, 0, 39)\ns = aten.sum.dim_IntList(v, [0])\n"
    "w = aten.slice.Tensor(u, 0, 1, 4)\nt = aten.sum.dim_IntList(w, [0])\noutput s, t\n",
    /* a transpose: strided loads */
    "input x: f32[3, %d]\ninput t: f32[%d, 3]\np = aten.permute.default(t, [1, 0])\n"
    "y = aten.add.Tensor(x, p)\nz = aten.mul.Tensor(y, y)\noutput z\n",
    /* transposes of 40 and 20 rows: blocks of 16 rows read at once (ci_tl_load_t), a last
       block of 8 or 4, and a read whose rows are 2 apart (row by row) */
    "input u: f32[40, %d]\nw = aten.view.default(u, [%d, 40])\np = aten.permute.default(w, [1, 0])\n"
    "y = aten.add.Tensor(u, p)\nz = aten.mul.Tensor(y, y)\ne = aten.slice.Tensor(u, 0, 0, 40, 2)\n"
    "s = aten.slice.Tensor(w, 1, 0, 40, 2)\nq = aten.permute.default(s, [1, 0])\n"
    "f = aten.sub.Tensor(e, q)\noutput z, f\n",
    /* padding: clamped, gathered loads under masks */
    "input x: f32[3, %d]\nv = aten.view.default(x, [1, 1, 3, %d])\n"
    "a = aten.avg_pool2d.default(v, [3, 3], [1, 1], [1, 1])\n"
    "p = aten.constant_pad_nd.default(x, [2, 1], 0.5)\noutput a, p\n",
    /* values several outputs share (the interpreter computes a shared value once a tile and
       writes a result straight into its output) */
    "input x: f32[3, %d]\ninput b: f32[%d]\ny = aten.mul.Tensor(x, b)\nn = aten.neg.default(y)\n"
    "r = aten.relu.default(n)\nw = aten.mul.Tensor(r, 2.0)\nv = aten.add.Tensor(y, 1.0)\n"
    "output w, y, r, v\n",
    /* one dim: tiles start where the thread's range starts */
    "input b: f32[%d]\ny = aten.exp.default(b)\nz = aten.mul.Tensor(y, b)\noutput z\n",
};

/* floor division and modulo of index tiles (Python's rounding), by a scalar (powers of two
   by a shift and a mask) and by a tile: runs counting up by one (counted on from the last
   element), jumps, negatives, strides, magnitudes to 2^40 */
CI_TEST(test_tile_divmod_i) {
    static const long long ys[7] = {1, 3, 64, 128, -5, 2, 6};
    long long a[300], b[300], c[300], q[300], m[300];
    ci_test_rng r = ci_test_rng_make(5);
    int k, i, n, bad = 0;
    for (k = 0; k < 7; k++) for (n = 0; n <= 257; n += 37) {
        long long y = ys[k];
        for (i = 0; i < 300; i++) {   /* runs of +1 from -200, with a jump now and then */
            a[i] = i == 0 ? -200 : a[i - 1] + (ci_test_rng_next(&r) % 23 == 0 ? -97 : 1);
            b[i] = (long long)(ci_test_rng_next(&r) % 9) - 4;
            if (b[i] == 0) b[i] = 7;
        }
        ci__tile_fdiv_i(q, a, 1, &y, 0, n);
        ci__tile_mod_i(m, a, 1, &y, 0, n);
        for (i = 0; i < n; i++) {
            long long fq = (long long)floor((double)a[i] / (double)y);
            bad += q[i] != fq || m[i] != a[i] - fq * y;
        }
        ci__tile_fdiv_i(q, a, 2, &y, 0, n / 2);   /* strided, by a scalar */
        ci__tile_mod_i(m, a, 2, &y, 0, n / 2);
        for (i = 0; i < n / 2; i++) {
            long long fq = (long long)floor((double)a[2 * i] / (double)y);
            bad += q[i] != fq || m[i] != a[2 * i] - fq * y;
        }
        for (i = 0; i < n; i++)   /* large magnitudes, no runs */
            c[i] = (long long)(ci_test_rng_next(&r) % (1ull << 41)) - (1LL << 40);
        ci__tile_fdiv_i(q, c, 1, &y, 0, n);
        ci__tile_mod_i(m, c, 1, &y, 0, n);
        for (i = 0; i < n; i++) {
            long long fq = c[i] / y - (c[i] % y != 0 && (c[i] < 0) != (y < 0));
            bad += q[i] != fq || m[i] != c[i] - fq * y;
        }
        ci__tile_fdiv_i(q, a, 2, b, 1, n / 2);   /* strided dividend, a tile of divisors */
        ci__tile_mod_i(m, a, 2, b, 1, n / 2);
        for (i = 0; i < n / 2; i++) {
            long long fq = (long long)floor((double)a[2 * i] / (double)b[i]);
            bad += q[i] != fq || m[i] != a[2 * i] - fq * b[i];
        }
    }
    CI_CHECK_EQ_INT(bad, 0);
}

CI_TEST(test_tile_kernels_match_interpreter) {
    static const int sizes[] = {1, 7, 16, 17, 255, 256, 257, 1023};
    ci_test_rng g = ci_test_rng_make(23);
    size_t c, si;
    for (c = 0; c < sizeof tile_cases / sizeof tile_cases[0]; c++)
        for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            int N = sizes[si], o, tiled = 0, ok, nin = 0, th;
            char text[2048];
            void *ins[4], *got[8] = {0}, *want[8] = {0};
            size_t n[8], n2[8];
            float *x = (float *)malloc(sizeof(float) * 3 * (size_t)N);
            float *b = (float *)malloc(sizeof(float) * (size_t)N);
            float *t = (float *)malloc(sizeof(float) * 3 * (size_t)N);
            float *u = (float *)malloc(sizeof(float) * 40 * (size_t)N);
            snprintf(text, sizeof text, tile_cases[c], N, N, N, N);
            ci_test_fill_normal_f32(x, 3 * (size_t)N, &g);
            ci_test_fill_normal_f32(b, (size_t)N, &g);
            ci_test_fill_normal_f32(t, 3 * (size_t)N, &g);
            ci_test_fill_normal_f32(u, 40 * (size_t)N, &g);
            if (strstr(text, "input x")) ins[nin++] = x;
            if (strstr(text, "input b")) ins[nin++] = b;
            if (strstr(text, "input t")) ins[nin++] = t;
            if (strstr(text, "input u")) ins[nin++] = u;
            ok = run_text(text, INTERP_REF, 1, ins, want, n, NULL);
            /* 0: the interpreter's tiles; 1, 2: TCC on 1 and 2 threads; 3: the system
               compiler's (2 threads), where there is one, for the even sizes (16, 256) */
            for (th = 0; ok && th <= 3; th++) {
                static const char *const nm[] = {"interpreter", "TCC", "TCC, 2 threads", "cc"};
                if (th == 3 && (ci_backend_unavailable(CI_DEVICE_CPU, CI_BACKEND_CC) || N % 2))
                    continue;
                ok = run_text(text, th == 3 ? CI_BACKEND_CC : th ? CI_BACKEND_TCC : CI_BACKEND_INTERP,
                              th == 3 ? 2 : th ? th : 1, ins, got, n2, th == 1 ? &tiled : NULL);
                for (o = 0; ok && o < 8 && want[o]; o++) {
                    ok = n[o] == n2[o] && ci_test_allclose_f32((float *)got[o], (float *)want[o],
                                                               n[o], 1e-5, 1e-5, NULL, 0);
                    CI_CHECK_MSG(ok, "case %d, N %d, output %d, %s", (int)c, N, o, nm[th]);
                }
                for (o = 0; o < 8; o++) { free(got[o]); got[o] = NULL; }
            }
            CI_CHECK_MSG(ok, "case %d, N %d", (int)c, N);
            /* the tiles run where the loop is long enough */
            CI_CHECK_MSG(!ok || tiled || N < CI__CEMIT_TILE_MIN, "case %d, N %d: not tiled",
                         (int)c, N);
            for (o = 0; o < 8; o++) free(want[o]);
            free(x); free(b); free(t); free(u);
        }
}

/* the interiors of group loops on the interpreter (ci__tile_interior): how many run there */
static int interp_interiors(const char *text) {
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc d;
    int i, n = -1;
    ci_ctx_create(NULL, &ctx);
    g = ci_graph_create(ctx);
    memset(&d, 0, sizeof d);
    d.backend = CI_BACKEND_INTERP;
    if (ci_cig_parse(g, text, strlen(text), "case", NULL, NULL, 0) == CI_OK &&
        ci_compile(g, &d, &p) == CI_OK)
        for (i = 0, n = 0; i < p->nkernels; i++) n += p->kernels[i]->iin;
    if (p) ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return n;
}

/* padded reads (pools, pads) along the tiled dim: the loop runs in three parts, the interior
   one with its masks and clamps folded away (its loads contiguous, no gathers), on TCC and
   the interpreter; the results match the reference interpreter's on 1 and 2 threads, for
   widths around the interior's threshold and tile sizes, and a 1-d loop split across threads */
static const char *const pad_cases[] = {
    /* count_include_pad: a constant divisor; stride 2 */
    "input x: f32[2, 9, %d]\nv = aten.view.default(x, [1, 2, 9, %d])\n"
    "a = aten.avg_pool2d.default(v, [3, 3], [1, 1], [1, 1])\n"
    "b = aten.avg_pool2d.default(v, [3, 3], [1, 2], [1, 1])\n"
    "c = aten.abs.default(a)\nd = aten.add.Tensor(c, 1)\ne = aten.div.Tensor(a, d)\n"
    "output e, b\n",
    /* the divisor counts the points inside; a wider window */
    "input x: f32[2, 9, %d]\nv = aten.view.default(x, [1, 2, 9, %d])\n"
    "a = aten.avg_pool2d.default(v, [5, 5], [1, 1], [2, 2], False, False)\n"
    "m = aten.max_pool2d.default(v, [3, 3], [1, 1], [1, 1])\noutput a, m\n",
    /* pads on one side, a crop, replication (clamps) and reflection */
    "input x: f32[2, 9, %d]\nv = aten.view.default(x, [1, 2, 9, %d])\n"
    "p = aten.constant_pad_nd.default(x, [3, 0], 0.25)\n"
    "q = aten.constant_pad_nd.default(x, [-2, 5])\n"
    "r = aten.replication_pad2d.default(v, [2, 1, 1, 1])\n"
    "s = aten.reflection_pad2d.default(v, [2, 2, 1, 1])\noutput p, q, r, s\n",
    /* one dim, split across threads */
    "input x: f32[%d]\np = aten.constant_pad_nd.default(x, [1, 2], -1.0)\n"
    "e = aten.exp.default(p)\noutput e\n",
};

CI_TEST(test_tile_padding_interior) {
    static const int sizes[] = {17, 63, 64, 65, 300, 1023, 20011};
    ci_test_rng g = ci_test_rng_make(41);
    size_t c, si;
    for (c = 0; c < sizeof pad_cases / sizeof pad_cases[0]; c++)
        for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            int N = sizes[si], o, ok, th, m = c == 3 ? 1 : 18;
            char text[2048];
            void *ins[1], *got[8] = {0}, *want[8] = {0};
            size_t n[8], n2[8];
            float *x;
            if (N == 20011 && c != 3) continue;
            x = (float *)malloc(sizeof(float) * (size_t)m * (size_t)N);
            snprintf(text, sizeof text, pad_cases[c], N, N);
            ci_test_fill_normal_f32(x, (size_t)m * (size_t)N, &g);
            ins[0] = x;
            ok = run_text(text, INTERP_REF, 1, ins, want, n, NULL);
            for (th = 0; ok && th < 4; th++) {   /* interpreter, TCC; 1 and 3 threads */
                ok = run_text(text, th & 1 ? CI_BACKEND_TCC : CI_BACKEND_INTERP, th < 2 ? 1 : 3,
                              ins, got, n2, NULL);
                for (o = 0; ok && o < 8 && want[o]; o++)
                    ok = n[o] == n2[o] && ci_test_allclose_f32((float *)got[o], (float *)want[o],
                                                               n[o], 1e-5, 1e-6, NULL, 0);
                CI_CHECK_MSG(ok, "case %d, N %d, %s, %d threads, output %d", (int)c, N,
                             th & 1 ? "TCC" : "interpreter", th < 2 ? 1 : 3, o - 1);
                for (o = 0; o < 8; o++) { free(got[o]); got[o] = NULL; }
            }
            CI_CHECK_MSG(ok, "case %d, N %d", (int)c, N);
            if (ok && N >= CI__TILE_INTERIOR_MIN) {   /* the interiors run */
                ci_ctx *ctx;
                ci_graph *gr;
                ci_program *p = NULL;
                const char *src, *in;
                ci_ctx_create(NULL, &ctx);
                gr = ci_graph_create(ctx);
                CI_CHECK(ci_cig_parse(gr, text, strlen(text), "case", NULL, NULL, 0) == CI_OK &&
                         ci_compile(gr, NULL, &p) == CI_OK);
                src = p ? ci_program_source(p) : "";
                in = strstr(src, "/* the interior: no padding");
                CI_CHECK_MSG(in != NULL, "case %d, N %d: no interior loop", (int)c, N);
                /* the first interior loop (the pools' and pads' loads along it contiguous) */
                if (in && c < 2) {
                    const char *end = strstr(in, "\n        }\n");
                    const char *ga = strstr(in, "ci_tl_gather");
                    CI_CHECK_MSG(end && (!ga || ga > end), "case %d, N %d: gathers in the "
                                 "interior", (int)c, N);
                }
                if (p) ci_program_destroy(p);
                ci_graph_destroy(gr);
                ci_ctx_destroy(ctx);
                CI_CHECK_MSG(interp_interiors(text) > 0, "case %d, N %d: the interpreter runs "
                             "no interior", (int)c, N);
            }
            for (o = 0; o < 8; o++) free(want[o]);
            free(x);
        }
}

/* the same bits on 1, 2 and 3 threads (a one-dim kernel's tiles start where a thread's range
   does; 20011 points: big enough to be split) */
CI_TEST(test_tile_threads_same_bits) {
    const char *text = "input b: f32[20011]\ny = aten.erf.default(b)\nz = aten.exp.default(y)\n"
                       "s = aten.sum.default(z)\noutput z, s\n";
    ci_test_rng g = ci_test_rng_make(3);
    static float b[20011];
    void *ins[1], *one[2] = {0}, *more[2] = {0};
    size_t n[2];
    int th, ok;
    ci_test_fill_normal_f32(b, 20011, &g);
    ins[0] = b;
    ok = run_text(text, CI_BACKEND_TCC, 1, ins, one, n, NULL);
    CI_CHECK(ok);
    for (th = 2; ok && th <= 3; th++) {
        ok = run_text(text, CI_BACKEND_TCC, th, ins, more, n, NULL);
        CI_CHECK_MSG(ok && !memcmp(one[0], more[0], sizeof(float) * 20011) &&
                             !memcmp(one[1], more[1], sizeof(float)),
                     "%d threads", th);
        free(more[0]); free(more[1]);
    }
    free(one[0]); free(one[1]);
}

/* the interpreter splits its tiled kernels across threads: the same bits on 1, 2 and 3 threads
   in every shape (rows, a row reduction, column mode, blocks of rows), close to the reference */
CI_TEST(test_tile_interpreter_threads) {
    const char *text =
        "input x: f32[64, 515]\ninput t: f32[515, 64]\nh = aten.gelu.default(x)\n"
        "p = aten._softmax.default(x, -1, False)\ns = aten.sum.dim_IntList(x, [0])\n"
        "q = aten.permute.default(t, [1, 0])\ny = aten.add.Tensor(x, q)\n"
        "m = aten.amax.default(h, [1])\noutput h, p, s, y, m\n";
    static const size_t n[5] = {64 * 515, 64 * 515, 515, 64 * 515, 64};
    static float x[64 * 515], t[64 * 515];
    ci_test_rng g = ci_test_rng_make(77);
    void *ins[2], *ref[5] = {0}, *one[5] = {0}, *more[5] = {0};
    size_t nn[5];
    int th, o, ok;
    ci_test_fill_normal_f32(x, 64 * 515, &g);
    ci_test_fill_normal_f32(t, 64 * 515, &g);
    ins[0] = x;
    ins[1] = t;
    ok = run_text(text, INTERP_REF, 1, ins, ref, nn, NULL) &&
         run_text(text, CI_BACKEND_INTERP, 1, ins, one, nn, NULL);
    CI_CHECK(ok);
    for (o = 0; ok && o < 5; o++)
        CI_CHECK_MSG(nn[o] == n[o] && ci_test_allclose_f32((float *)one[o], (float *)ref[o], n[o],
                                                             1e-5, 1e-5, NULL, 0),
                     "output %d", o);
    for (th = 2; ok && th <= 3; th++) {
        ok = run_text(text, CI_BACKEND_INTERP, th, ins, more, nn, NULL);
        for (o = 0; ok && o < 5; o++) {
            CI_CHECK_MSG(!memcmp(one[o], more[o], sizeof(float) * n[o]), "%d threads, output %d",
                         th, o);
            free(more[o]);
            more[o] = NULL;
        }
    }
    for (o = 0; o < 5; o++) {
        free(ref[o]);
        free(one[o]);
    }
}

/* a whole tensor's sum of 65536+ elements runs in two kernels (partial sums over chunks, then
   theirs), whose first splits across threads: the same bits on 1 and 3 threads, on TCC and
   the interpreter; a count no power of two from 16 to 128 divides stays one kernel */
CI_TEST(test_tile_split_reduction) {
    static const char *const texts[2] = {
        "input x: f32[64, 1031]\ns = aten.sum.default(x)\nm = aten.amax.default(x)\noutput s, m\n",
        "input x: f32[65537]\ns = aten.sum.default(x)\nm = aten.amax.default(x)\noutput s, m\n"};
    static float x[64 * 1031];
    ci_test_rng g = ci_test_rng_make(5);
    int c, b, th;
    double want = 0;
    float wmax = -INFINITY;
    size_t i, n;
    ci_test_fill_normal_f32(x, 64 * 1031, &g);
    for (c = 0; c < 2; c++) {
        float first[2] = {0, 0};
        n = c ? 65537 : 64 * 1031;
        want = 0;
        wmax = -INFINITY;
        for (i = 0; i < n; i++) {
            want += x[i];
            if (x[i] > wmax) wmax = x[i];
        }
        for (b = 0; b < 2; b++)
            for (th = 1; th <= 3; th += 2) {
                ci_ctx *ctx;
                ci_graph *gr;
                ci_program *p = NULL;
                ci_compile_desc d;
                float s = 0, m = 0;
                const void *ins[1] = {x};
                void *outs[2] = {&s, &m};
                char err[256];
                ci_ctx_create(NULL, &ctx);
                gr = ci_graph_create(ctx);
                CI_CHECK_OK(ci_cig_parse(gr, texts[c], strlen(texts[c]), "split", NULL, err,
                                         sizeof err));
                memset(&d, 0, sizeof d);
                d.backend = b ? CI_BACKEND_INTERP : CI_BACKEND_TCC;
                d.num_threads = th;
                CI_CHECK_OK_CTX(ctx, ci_compile(gr, &d, &p));
                if (p) {
                    /* (both partial stages in one kernel, then one a result; unsplit: one kernel) */
                    CI_CHECK_EQ_INT(ci_program_num_kernels(p), (c ? 1 : 3));
                    CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, ins, 2, outs));
                    CI_CHECK_MSG(fabs(s - want) <= 1e-4 * (1 + fabs(want)), "%g, want %g", s,
                                 want);
                    CI_CHECK(m == wmax);
                    if (b == 0 && th == 1) {
                        first[0] = s;
                        first[1] = m;
                    } else
                        CI_CHECK_MSG(!memcmp(&s, &first[0], 4), "case %d, backend %d, %d threads",
                                     c, b, th);
                    ci_program_destroy(p);
                }
                ci_graph_destroy(gr);
                ci_ctx_destroy(ctx);
            }
    }
}

/* a kernel of fewer than CI__CEMIT_PAR_MIN points runs on the calling thread: ci_main calls
   it, the pool only takes the bigger ones */
/* merged dims (ci__tile_merge): a 3 x 4 x 14 x 14 batch of feature maps, whose 14-long rows
   alone would not tile: a per-channel affine map with hardswish, a mean over H and W, and a
   product with the mean broadcast run in tiles 196 long (a loop over the merged dims); a
   transposed read of the maps and a window sum (padding masks along W) keep their dims. Against
   the reference, on TCC (1 and 3 threads) and the interpreter. */
CI_TEST(test_tile_merged_dims) {
    static const char *const texts[2] = {
        "input x: f32[3, 4, 14, 14]\ninput c: f32[4, 1, 1]\n"
        "a = aten.mul.Tensor(x, c)\nh = aten.hardswish.default(a)\n"
        "m = aten.mean.dim(h, [2, 3], True)\nq = aten.mul.Tensor(h, m)\noutput q, m, h\n",
        "input x: f32[3, 4, 14, 14]\ninput c: f32[4, 1, 1]\n"
        "t = aten.permute.default(x, [0, 1, 3, 2])\nu = aten.sub.Tensor(t, x)\n"
        "p = aten.avg_pool2d.default(x, [3, 3], [1, 1], [1, 1])\noutput u, p\n"};
    static float x[3 * 4 * 14 * 14], c[4];
    ci_test_rng g = ci_test_rng_make(196);
    void *ins[2];
    int t;
    ci_test_fill_normal_f32(x, sizeof x / sizeof x[0], &g);
    ci_test_fill_normal_f32(c, 4, &g);
    ins[0] = x;
    ins[1] = c;
    for (t = 0; t < 2; t++) {
        void *ref[3] = {0}, *got[3] = {0};
        size_t nn[3], n2[3];
        int b, o, ok, nout = t ? 2 : 3;
        CI_CHECK(run_text(texts[t], INTERP_REF, 1, ins, ref, nn, NULL));
        for (b = 0; b < 3; b++) {
            ok = run_text(texts[t], b == 2 ? CI_BACKEND_INTERP : CI_BACKEND_TCC, b == 1 ? 3 : 1,
                          ins, got, n2, NULL);
            CI_CHECK_MSG(ok, "graph %d, backend %d", t, b);
            for (o = 0; ok && o < nout; o++) {
                CI_CHECK_MSG(nn[o] == n2[o] &&
                                 ci_test_allclose_f32((float *)got[o], (float *)ref[o], nn[o],
                                                      1e-5, 1e-5, NULL, 0),
                             "graph %d, backend %d, output %d", t, b, o);
                free(got[o]);
                got[o] = NULL;
            }
        }
        for (o = 0; o < nout; o++) free(ref[o]);
    }
    {   /* the first graph's loops run over the merged dims, in tiles */
        ci_ctx *ctx;
        ci_graph *gr;
        ci_program *p = NULL;
        ci_compile_desc d;
        char err[256];
        const char *src;
        ci_ctx_create(NULL, &ctx);
        gr = ci_graph_create(ctx);
        CI_CHECK_OK(ci_cig_parse(gr, texts[0], strlen(texts[0]), "merge", NULL, err, sizeof err));
        memset(&d, 0, sizeof d);
        CI_CHECK_OK(ci_compile(gr, &d, &p));
        src = ci_program_source(p);
        CI_CHECK_MSG(strstr(src, "< 196LL") != NULL && strstr(src, "ci_tl_") != NULL &&
                         !strstr(src, "< 14LL"),
                     "the merged dims do not run in tiles:\n%s", src);
        ci_program_destroy(p);
        ci_graph_destroy(gr);
        ci_ctx_destroy(ctx);
    }
}

/* split dims (ci__tile_split): a point dim that an index reads through floor division and
   modulo runs as two dims where that makes the index affine. Attention's heads merged back
   ([H, S, D] transposed and viewed as [S, H*D]), the heads split out of one projection (members
   of one group over [H, S, D] and [H, D, S]), and pixel_shuffle (its rows split, its columns'
   factor of 2 too short to split); where the shapes do not nest (S = 33) or the factor would
   leave a last dim under 16, the division stays. Against values computed here, on TCC (1 and 3
   threads), the interpreter and the reference interpreter; and the TCC source's index tiles. */
enum { SPLIT_HEADS, SPLIT_QKV, SPLIT_PAIRS, SPLIT_SHUFFLE };
typedef struct split_case { int kind, s, split; } split_case;

/* the case's text into buf; the input's numel */
static size_t split_text(const split_case *sc, char *buf, size_t cap) {
    const int s = sc->s;
    switch (sc->kind) {
    case SPLIT_HEADS:   /* x [3, S, 32] */
        snprintf(buf, cap,
                 "input x: f32[3, %d, 32]\nt = aten.transpose.int(x, 0, 1)\n"
                 "c = aten.clone.default(t, memory_format=\"contiguous_format\")\n"
                 "v = aten.view.default(c, [%d, 96])\ny = aten.add.Tensor(v, 1)\noutput y\n",
                 s, s);
        return (size_t)3 * s * 32;
    case SPLIT_QKV:   /* w [S, 3 * 3 * 16]: q, k, v of 3 heads of 16 */
        snprintf(buf, cap,
                 "input w: f32[%d, 144]\nq0 = aten.slice.Tensor(w, 1, 0, 48)\n"
                 "k0 = aten.slice.Tensor(w, 1, 48, 96)\nv0 = aten.slice.Tensor(w, 1, 96, 144)\n"
                 "qc = aten.clone.default(q0, memory_format=\"contiguous_format\")\n"
                 "kc = aten.clone.default(k0, memory_format=\"contiguous_format\")\n"
                 "vc = aten.clone.default(v0, memory_format=\"contiguous_format\")\n"
                 "q1 = aten.view.default(qc, [%d, 3, 16])\nk1 = aten.view.default(kc, [%d, 3, 16])\n"
                 "v1 = aten.view.default(vc, [%d, 3, 16])\nqt = aten.transpose.int(q1, 0, 1)\n"
                 "kt = aten.permute.default(k1, [1, 2, 0])\nvt = aten.transpose.int(v1, 0, 1)\n"
                 "q = aten.div.Tensor(qt, 8)\nk = aten.mul.Tensor(kt, 2)\n"
                 "v = aten.add.Tensor(vt, 1)\noutput q, k, v\n",
                 s, s, s, s);
        return (size_t)s * 144;
    case SPLIT_PAIRS:   /* x [2, S] read as pairs */
        snprintf(buf, cap,
                 "input x: f32[2, %d]\nt = aten.t.default(x)\n"
                 "c = aten.clone.default(t, memory_format=\"contiguous_format\")\n"
                 "v = aten.view.default(c, [%d])\ny = aten.add.Tensor(v, 1)\noutput y\n",
                 s, 2 * s);
        return (size_t)2 * s;
    default:   /* x [2, 8, 5, S] */
        snprintf(buf, cap,
                 "input x: f32[2, 8, 5, %d]\ny = aten.pixel_shuffle.default(x, 2)\n"
                 "z = aten.add.Tensor(y, 1)\noutput z\n",
                 s);
        return (size_t)2 * 8 * 5 * s;
    }
}

/* the expected outputs of case sc on input x (ref[i] sized as the outputs) */
static void split_ref(const split_case *sc, const float *x, float **ref) {
    const int s = sc->s;
    int a, b, c, d;
    switch (sc->kind) {
    case SPLIT_HEADS:
        for (a = 0; a < s; a++)
            for (b = 0; b < 3; b++)
                for (c = 0; c < 32; c++)
                    ref[0][a * 96 + b * 32 + c] = x[(b * s + a) * 32 + c] + 1;
        break;
    case SPLIT_QKV:
        for (a = 0; a < 3; a++)
            for (b = 0; b < s; b++)
                for (c = 0; c < 16; c++) {
                    ref[0][(a * s + b) * 16 + c] = x[b * 144 + a * 16 + c] / 8;
                    ref[1][(a * 16 + c) * s + b] = x[b * 144 + 48 + a * 16 + c] * 2;
                    ref[2][(a * s + b) * 16 + c] = x[b * 144 + 96 + a * 16 + c] + 1;
                }
        break;
    case SPLIT_PAIRS:
        for (a = 0; a < s; a++)
            for (b = 0; b < 2; b++) ref[0][2 * a + b] = x[b * s + a] + 1;
        break;
    default:   /* out[n, c, 2h + i, 2w + j] = in[n, 4c + 2i + j, h, w] */
        for (a = 0; a < 2; a++)
            for (b = 0; b < 2; b++)
                for (c = 0; c < 10; c++)
                    for (d = 0; d < 2 * s; d++)
                        ref[0][((a * 2 + b) * 10 + c) * 2 * s + d] =
                                x[((a * 8 + 4 * b + 2 * (c % 2) + d % 2) * 5 + c / 2) * s + d / 2] +
                                1;
        break;
    }
}

CI_TEST(test_tile_split_dims) {
    static const split_case cases[] = {
        {SPLIT_HEADS, 7, 1},   {SPLIT_HEADS, 1, 1},   {SPLIT_QKV, 32, 1},
        {SPLIT_QKV, 33, 0},    {SPLIT_PAIRS, 300, 0}, {SPLIT_SHUFFLE, 24, 0},
    };
    size_t c;
    ci_test_rng g = ci_test_rng_make(4096);
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const split_case *sc = &cases[c];
        char text[2048], err[256];
        size_t nin = split_text(sc, text, sizeof text), n[3] = {0}, k;
        float *x = (float *)malloc(nin * sizeof(float)), *ref[3] = {0};
        void *ins[1], *got[3] = {0};
        int b, o, nout = sc->kind == SPLIT_QKV ? 3 : 1;
        ci_ctx *ctx;
        ci_graph *gr;
        ci_program *p = NULL;
        ci_compile_desc d;
        ci_test_fill_normal_f32(x, nin, &g);
        ins[0] = x;
        for (b = 0; b < 4; b++) {
            static const ci_backend be[4] = {CI_BACKEND_TCC, CI_BACKEND_TCC, CI_BACKEND_INTERP,
                                             INTERP_REF};
            int ok = run_text(text, be[b], b == 1 ? 3 : 1, ins, got, n, NULL);
            CI_CHECK_MSG(ok, "case %d, backend %d", (int)c, b);
            if (!ref[0])
                for (o = 0; o < nout; o++) ref[o] = (float *)malloc(sizeof(float) * n[o] + 1);
            if (b == 0) split_ref(sc, x, ref);
            for (o = 0; ok && o < nout; o++) {
                for (k = 0; k < n[o] && got[o] && ((float *)got[o])[k] == ref[o][k]; k++) {
                }
                CI_CHECK_MSG(k == n[o], "case %d, backend %d, output %d: [%d] = %g, expected %g",
                             (int)c, b, o, (int)k, k < n[o] ? ((float *)got[o])[k] : 0.0,
                             k < n[o] ? ref[o][k] : 0.0);
            }
            for (o = 0; o < nout; o++) { free(got[o]); got[o] = NULL; }
        }
        /* the TCC source: no division in an index tile where the dims split */
        ci_ctx_create(NULL, &ctx);
        gr = ci_graph_create(ctx);
        CI_CHECK_OK(ci_cig_parse(gr, text, strlen(text), "split", NULL, err, sizeof err));
        memset(&d, 0, sizeof d);
        CI_CHECK_OK_CTX(ctx, ci_compile(gr, &d, &p));
        if (p) {
            const char *src = ci_program_source(p);
            int divs = strstr(src, "ci_tl_fdiv_i(") || strstr(src, "ci_tl_mod_i(");
            CI_CHECK_MSG(divs == !sc->split, "case %d: %s\n%s", (int)c,
                         divs ? "the index divides" : "no division left", src);
            if (sc->kind == SPLIT_SHUFFLE)   /* the rows split: 5 of 2 */
                CI_CHECK_MSG(strstr(src, "x2 < 5LL; x2++") && strstr(src, "x3 < 2LL; x3++"),
                             "case %d: the rows do not split\n%s", (int)c, src);
        }
        ci_program_destroy(p);
        ci_graph_destroy(gr);
        ci_ctx_destroy(ctx);
        for (o = 0; o < nout; o++) free(ref[o]);
        free(x);
    }
}

CI_TEST(test_tile_small_kernels_one_thread) {
    static const int sizes[2] = {16383, 16384};
    int i;
    for (i = 0; i < 2; i++) {
        char text[200], err[200];
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc d;
        snprintf(text, sizeof text, "input b: f32[%d]\ny = aten.exp.default(b)\noutput y\n",
                 sizes[i]);
        ci_ctx_create(NULL, &ctx);
        g = ci_graph_create(ctx);
        CI_CHECK_OK(ci_cig_parse(g, text, strlen(text), "small", NULL, err, sizeof err));
        memset(&d, 0, sizeof d);
        d.num_threads = 4;
        CI_CHECK_OK_CTX(ctx, ci_compile(g, &d, &p));
        if (p)
            CI_CHECK_MSG(!strstr(ci_program_source(p), "ci_rt_parallel(rt, k0") == !i,
                         "%d points", sizes[i]);
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
}

/* the SUITE's graphs compiled for TCC call the tile primitives, and none computes its math
   point by point through libm (a lowering that writes an op the tiles lack, such as a fused
   multiply-add, takes its whole kernel off them: layer_norm ran 10x slower so) */
CI_TEST(test_tile_suite_math_on_tiles) {
    static const char *names[] = {"pointwise_gelu_bias", "softmax_lastdim", "layernorm",
                                  "rowsum", "colsum", "transpose_add", "silu_mul_rmsnorm",
                                  "blur3x3_tonemap", "mlp_b64", "attention_small"};
    static const char *scalar[] = {"fmaf(", "expf(", "erff(", "tanhf(", "logf(", "powf("};
    size_t i, j;
    for (i = 0; i < sizeof names / sizeof *names; i++) {
        char path[256], err[256];
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc d;
        const char *src, *body;
        snprintf(path, sizeof path, "tests/bench/%s.cig", names[i]);
        CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
        g = ci_graph_create(ctx);
        CI_CHECK_MSG(ci_cig_parse_file(g, path, err, sizeof err) == CI_OK, "%s", err);
        memset(&d, 0, sizeof d);
        CI_CHECK_OK_CTX(ctx, ci_compile(g, &d, &p));
        src = ci_program_source(p);
        body = strstr(src, "\nstatic void k");   /* (past the prototypes) */
        CI_CHECK_MSG(body && strstr(body, "ci_tl_"), "%s: no tile primitive", names[i]);
        for (j = 0; body && j < sizeof scalar / sizeof *scalar; j++)
            CI_CHECK_MSG(!strstr(body, scalar[j]), "%s: %s point by point", names[i], scalar[j]);
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
}

int main(int argc, char **argv) {
    int rc;
    char cmd[100];
    ci_test_init(argc, argv);
    snprintf(cc_cache, sizeof cc_cache, "%s", "/tmp/ci_tile_ccXXXXXX");
    if (!mkdtemp(cc_cache)) snprintf(cc_cache, sizeof cc_cache, "off");
    CI_RUN(test_tile_math_against_libm);
    CI_RUN(test_tile_math_special_values);
    CI_RUN(test_tile_math_512_same_bits);
    CI_RUN(test_tile_position_and_rules);
    CI_RUN(test_tile_divmod_i);
    CI_RUN(test_tile_kernels_match_interpreter);
    CI_RUN(test_tile_padding_interior);
    CI_RUN(test_tile_threads_same_bits);
    CI_RUN(test_tile_interpreter_threads);
    CI_RUN(test_tile_split_reduction);
    CI_RUN(test_tile_merged_dims);
    CI_RUN(test_tile_split_dims);
    CI_RUN(test_tile_small_kernels_one_thread);
    CI_RUN(test_tile_suite_math_on_tiles);
    rc = ci_test_done();
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cc_cache);
    if (strcmp(cc_cache, "off") && system(cmd) != 0) return 1;
    return rc;
}
