/* White-box tests of >>linalg: the blocked GEMM and the implicit-im2col convolution against
   naive loops in double on fresh random inputs, through the plain kernels and (where the CPU
   has them) the AVX2 + FMA and AVX-512 ones, at sizes that leave partial micro-tiles and
   k-blocks; the AVX-512 kernels against the AVX2 ones; and programs with matmuls and
   convolutions giving bit-identical results on 1, 2 and 7 threads.
   Includes the implementation. */
#define CINDUCTOR_IMPLEMENTATION
#include "ci_test.h"

static void fill(double *d, float *f, long long n, ci_test_rng *r) {
    long long i;
    for (i = 0; i < n; i++) {
        const float v = (float)ci_test_rng_normal(r);
        if (f) f[i] = v;
        d[i] = v;
    }
}

/* |got - want| <= tol * (sum of |products| behind want) + tiny, element by element */
static int close_to(double got, double want, double mag, double tol) {
    return fabs(got - want) <= tol * mag + 1e-30;
}

/* one batch of products, f32 and f64, through the kernels `simd` picks; returns 0 with msg */
static int check_bmm(int simd, long long batch, long long n, long long k, long long m,
                     ci_test_rng *r, char *msg) {
    const long long na = batch * n * k, nb = batch * k * m, nc = batch * n * m;
    double *a = (double *)malloc((size_t)(na + nb + 3 * nc + 3) * sizeof(double));
    double *b = a + na, *ref = b + nb, *mag = ref + nc, *cd = mag + nc;
    float *af = (float *)malloc((size_t)(na + nb + nc + 3) * sizeof(float));
    float *bf = af + na, *cf = bf + nb;
    long long t, i, j, p;
    int ok = 1;
    fill(a, af, na, r);
    fill(b, bf, nb, r);
    for (t = 0; t < batch; t++)
        for (i = 0; i < n; i++)
            for (j = 0; j < m; j++) {
                double s = 0, g = 0;
                for (p = 0; p < k; p++) {
                    const double x = a[(t * n + i) * k + p] * b[(t * k + p) * m + j];
                    s += x;
                    g += fabs(x);
                }
                ref[(t * n + i) * m + j] = s;
                mag[(t * n + i) * m + j] = g;
            }
    for (i = 0; i < nc; i++) cf[i] = cd[i] = -12345.0f;
    ci__linalg_bmm_on(simd, ci__linalg_F32, af, bf, cf, batch, n, k, m, NULL, NULL);
    ci__linalg_bmm_on(simd, ci__linalg_F64, a, b, cd, batch, n, k, m, NULL, NULL);
    for (i = 0; i < nc && ok; i++) {
        if (!close_to(cf[i], ref[i], mag[i], 2e-6))
            ok = 0, sprintf(msg, "f32 simd %d %lldx[%lld,%lld]@[%lld,%lld]: [%lld] %g want %g", simd,
                            batch, n, k, k, m, i, (double)cf[i], ref[i]);
        else if (!close_to(cd[i], ref[i], mag[i], 1e-14))
            ok = 0, sprintf(msg, "f64 simd %d %lldx[%lld,%lld]@[%lld,%lld]: [%lld] %.17g want %.17g",
                            simd, batch, n, k, k, m, i, cd[i], ref[i]);
    }
    free(a);
    free(af);
    return ok;
}

/* check_bmm over a table of [batch, n, k, m] sizes, through every kernel this CPU runs */
#define CHECK_BMM_SIZES(sizes, seed) \
    do { \
        ci_test_rng r_ = ci_test_rng_make(seed); \
        char msg_[256]; \
        int simd_; \
        size_t s_; \
        for (simd_ = 0; simd_ <= ci__linalg_simd(); simd_++) \
            for (s_ = 0; s_ < sizeof sizes / sizeof sizes[0]; s_++) \
                CI_CHECK_MSG(check_bmm(simd_, sizes[s_][0], sizes[s_][1], sizes[s_][2], \
                                       sizes[s_][3], &r_, msg_), \
                             "%s", msg_); \
    } while (0)

CI_TEST(test_bmm_matches_naive_loop) {
    static const long long sizes[][4] = {
            {1, 1, 1, 1},   {1, 7, 7, 7},    {2, 1, 1023, 7}, {1, 7, 1, 1023}, {3, 13, 130, 33},
            {1, 65, 257, 100}, {1, 67, 300, 48}, {2, 6, 129, 16},  {1, 1023, 3, 5},  {1, 64, 64, 17},
            {1, 12, 0, 9}};
    CHECK_BMM_SIZES(sizes, 4242);
}

/* the AVX-512 kernels' edges (8 x 32 float / 8 x 16 double tiles, A read in place, its last
   rows from a copy): M, N, K at 1, 7, 13, 33, 65, 1023 and others that are not multiples of
   the tile or of the k-block, through every kernel this CPU runs */
CI_TEST(test_bmm_edge_tiles) {
    static const long long sizes[][4] = {
            {1, 1, 1, 1},     {1, 7, 13, 33},   {1, 13, 33, 65},  {1, 33, 65, 7},
            {1, 65, 1023, 13}, {1, 1023, 7, 33}, {1, 9, 129, 31},  {2, 17, 255, 97},
            {1, 64, 1024, 65}, {1, 8, 128, 32},  {1, 71, 257, 1023}, {3, 15, 1, 47},
            {1, 129, 130, 34}, {1, 7, 1023, 1}};
    CHECK_BMM_SIZES(sizes, 512);
}

/* a parallel_for that runs [0, n) in chunks of 3, the last chunk first */
static void reverse_par(void *ctx, ci__linalg_range_fn fn, long long n, void *arg) {
    long long b;
    (void)ctx;
    for (b = (n - 1) / 3 * 3; b >= 0; b -= 3) fn(arg, b, b + 3 < n ? b + 3 : n);
}

/* where the CPU has AVX-512: its kernels against the AVX2 ones, within f32 / f64 tolerances
   of each other and, as both sum each element in the same order with fused multiply-adds
   over the same k-blocks, bit for bit (products and a convolution); and the jobs run in
   another order and chunking giving the same bits */
CI_TEST(test_avx512_agrees_with_avx2) {
    static const long long sizes[][4] = {
            {1, 64, 1024, 96}, {2, 67, 300, 515}, {1, 5, 77, 1000}, {1, 200, 33, 40}};
    ci_test_rng r = ci_test_rng_make(2048);
    size_t s;
    if (ci__linalg_simd() < 2) {
        printf("  (no AVX-512 kernels on this CPU or in this build: nothing to compare)\n");
        return;
    }
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const long long batch = sizes[s][0], n = sizes[s][1], k = sizes[s][2], m = sizes[s][3];
        const long long na = batch * n * k, nb = batch * k * m, nc = batch * n * m;
        double *a = (double *)malloc((size_t)(na + nb + 3 * nc) * sizeof(double));
        double *b = a + na, *c1 = b + nb, *c2 = c1 + nc, *c3 = c2 + nc;
        float *af = (float *)malloc((size_t)(na + nb + 3 * nc) * sizeof(float));
        float *bf = af + na, *f1 = bf + nb, *f2 = f1 + nc, *f3 = f2 + nc;
        long long i, bad = -1;
        fill(a, af, na, &r);
        fill(b, bf, nb, &r);
        ci__linalg_bmm_on(1, ci__linalg_F32, af, bf, f1, batch, n, k, m, NULL, NULL);
        ci__linalg_bmm_on(2, ci__linalg_F32, af, bf, f2, batch, n, k, m, NULL, NULL);
        ci__linalg_bmm_on(2, ci__linalg_F32, af, bf, f3, batch, n, k, m, reverse_par, NULL);
        ci__linalg_bmm_on(1, ci__linalg_F64, a, b, c1, batch, n, k, m, NULL, NULL);
        ci__linalg_bmm_on(2, ci__linalg_F64, a, b, c2, batch, n, k, m, NULL, NULL);
        ci__linalg_bmm_on(2, ci__linalg_F64, a, b, c3, batch, n, k, m, reverse_par, NULL);
        /* |x| <= sqrt(k) * 4 or so for normal inputs: tolerances relative to sqrt(k) */
        for (i = 0; i < nc && bad < 0; i++)
            if (fabs((double)f1[i] - f2[i]) > 1e-5 * sqrt((double)k) ||
                fabs(c1[i] - c2[i]) > 1e-13 * sqrt((double)k))
                bad = i;
        CI_CHECK_MSG(bad < 0, "%lldx[%lld,%lld]@[%lld,%lld]: [%lld] f32 %g / %g, f64 %.17g / %.17g",
                     batch, n, k, k, m, bad, bad < 0 ? 0.0 : (double)f1[bad],
                     bad < 0 ? 0.0 : (double)f2[bad], bad < 0 ? 0.0 : c1[bad],
                     bad < 0 ? 0.0 : c2[bad]);
        CI_CHECK_MSG(memcmp(f1, f2, (size_t)nc * sizeof(float)) == 0 &&
                             memcmp(c1, c2, (size_t)nc * sizeof(double)) == 0,
                     "%lldx[%lld,%lld]@[%lld,%lld]: AVX-512 and AVX2 differ in some bits", batch,
                     n, k, k, m);
        CI_CHECK_MSG(memcmp(f2, f3, (size_t)nc * sizeof(float)) == 0 &&
                             memcmp(c2, c3, (size_t)nc * sizeof(double)) == 0,
                     "%lldx[%lld,%lld]@[%lld,%lld]: jobs in reverse order differ", batch, n, k, k,
                     m);
        free(a);
        free(af);
    }
    {   /* a convolution through the implicit im2col: 3x3, padding, 64 output channels */
        const long long N = 2, Cin = 16, H = 13, W = 37, Cout = 64;
        const long long nx = N * Cin * H * W, nw = Cout * Cin * 9, ny = N * Cout * H * W;
        float *x = (float *)malloc((size_t)(nx + nw + Cout + 2 * ny) * sizeof(float));
        float *w = x + nx, *bias = w + nw, *y1 = bias + Cout, *y2 = y1 + ny;
        long long i, bad = -1;
        ci_test_fill_normal_f32(x, (size_t)(nx + nw + Cout), &r);
        ci__linalg_conv2d_on(1, ci__linalg_F32, x, w, bias, y1, N, Cin, H, W, Cout, 3, 3, 1, 1, 1,
                             1, 1, 1, 1, NULL, 0, NULL, NULL);
        ci__linalg_conv2d_on(2, ci__linalg_F32, x, w, bias, y2, N, Cin, H, W, Cout, 3, 3, 1, 1, 1,
                             1, 1, 1, 1, NULL, 0, NULL, NULL);
        for (i = 0; i < ny && bad < 0; i++)
            if (fabs((double)y1[i] - y2[i]) > 1e-5 * 12.0) bad = i;
        CI_CHECK_MSG(bad < 0, "conv2d: [%lld] %g / %g", bad, bad < 0 ? 0.0 : (double)y1[bad],
                     bad < 0 ? 0.0 : (double)y2[bad]);
        CI_CHECK_MSG(memcmp(y1, y2, (size_t)ny * sizeof(float)) == 0,
                     "conv2d: AVX-512 and AVX2 differ in some bits");
        free(x);
    }
}

static void reverse_par(void *ctx, ci__linalg_range_fn fn, long long n, void *arg);

/* conv2d (f32, f64) against a direct loop: groups, stride, padding, dilation; and again with
   a workspace (each image's im2col matrix packed once for all row blocks: more than 64 output
   channels a group), one job at a time and in chunks run out of order, the same bits */
static int check_conv(int simd, const long long *c, ci_test_rng *r, char *msg) {
    const long long N = c[0], Cin = c[1], H = c[2], W = c[3], Cout = c[4], KH = c[5], KW = c[6],
                    sh = c[7], sw = c[8], ph = c[9], pw = c[10], dh = c[11], dw = c[12], G = c[13];
    const long long OH = (H + 2 * ph - dh * (KH - 1) - 1) / sh + 1,
                    OW = (W + 2 * pw - dw * (KW - 1) - 1) / sw + 1, cg = Cin / G, og = Cout / G;
    const long long nx = N * Cin * H * W, nw = Cout * cg * KH * KW, ny = N * Cout * OH * OW;
    double *x = (double *)malloc((size_t)(nx + nw + Cout + 3 * ny) * sizeof(double));
    double *w = x + nx, *bias = w + nw, *ref = bias + Cout, *mag = ref + ny, *yd = mag + ny;
    float *xf = (float *)malloc((size_t)(nx + nw + Cout + ny) * sizeof(float));
    float *wf = xf + nx, *bf = wf + nw, *yf = bf + Cout;
    long long n, o, oh, ow, ci, kh, kw, i;
    int ok = 1;
    fill(x, xf, nx, r);
    fill(w, wf, nw, r);
    fill(bias, bf, Cout, r);
    for (n = 0; n < N; n++)
        for (o = 0; o < Cout; o++)
            for (oh = 0; oh < OH; oh++)
                for (ow = 0; ow < OW; ow++) {
                    double s = bias[o], g = fabs(bias[o]);
                    for (ci = 0; ci < cg; ci++)
                        for (kh = 0; kh < KH; kh++)
                            for (kw = 0; kw < KW; kw++) {
                                const long long ih = oh * sh - ph + kh * dh, iw = ow * sw - pw + kw * dw;
                                double v;
                                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                                v = x[((n * Cin + o / og * cg + ci) * H + ih) * W + iw] *
                                    w[((o * cg + ci) * KH + kh) * KW + kw];
                                s += v;
                                g += fabs(v);
                            }
                    i = ((n * Cout + o) * OH + oh) * OW + ow;
                    ref[i] = s;
                    mag[i] = g;
                }
    const long long wsn = cg * KH * KW * ((OH * OW + 31) / 32 * 32);
    double *ws = (double *)malloc((size_t)wsn * sizeof(double));
    float *yf2 = (float *)malloc((size_t)ny * sizeof(float));
    double *yd2 = (double *)malloc((size_t)ny * sizeof(double));
    int pass;
    ci__linalg_conv2d_on(simd, ci__linalg_F32, xf, wf, bf, yf, N, Cin, H, W, Cout, KH, KW, sh, sw,
                         ph, pw, dh, dw, G, NULL, 0, NULL, NULL);
    ci__linalg_conv2d_on(simd, ci__linalg_F64, x, w, bias, yd, N, Cin, H, W, Cout, KH, KW, sh, sw,
                         ph, pw, dh, dw, G, NULL, 0, NULL, NULL);
    for (i = 0; i < ny && ok; i++)
        if (!close_to(yf[i], ref[i], mag[i], 2e-6) || !close_to(yd[i], ref[i], mag[i], 1e-14))
            ok = 0, sprintf(msg, "conv simd %d Cin %lld Cout %lld G %lld: [%lld] %g / %.17g want %.17g",
                            simd, Cin, Cout, G, i, (double)yf[i], yd[i], ref[i]);
    memset(ws, 0xff, (size_t)wsn * sizeof(double));
    for (pass = 0; pass < 2 && ok; pass++) {
        ci__linalg_parallel_fn par = pass ? reverse_par : NULL;
        memset(yf2, 0xff, (size_t)ny * sizeof(float));
        memset(yd2, 0xff, (size_t)ny * sizeof(double));
        ci__linalg_conv2d_on(simd, ci__linalg_F32, xf, wf, bf, yf2, N, Cin, H, W, Cout, KH, KW, sh,
                             sw, ph, pw, dh, dw, G, ws, wsn, par, NULL);
        ci__linalg_conv2d_on(simd, ci__linalg_F64, x, w, bias, yd2, N, Cin, H, W, Cout, KH, KW, sh,
                             sw, ph, pw, dh, dw, G, ws, wsn, par, NULL);
        if (memcmp(yf, yf2, (size_t)ny * sizeof(float)) || memcmp(yd, yd2, (size_t)ny * sizeof(double)))
            ok = 0, sprintf(msg, "conv simd %d Cin %lld Cout %lld G %lld: the workspace (%s) changes "
                            "bits", simd, Cin, Cout, G, pass ? "chunks" : "one job at a time");
    }
    /* (used where a group's rows take several blocks of a big enough im2col matrix) */
    if (ok && og > 66 && !(KH == 1 && KW == 1 && sh == 1 && sw == 1 && ph == 0 && pw == 0) &&
        cg * KH * KW * OH * OW >= 16384 && ((const unsigned char *)ws)[0] == 0xff &&
        ((const unsigned char *)ws)[1] == 0xff)
        ok = 0, sprintf(msg, "conv simd %d Cin %lld Cout %lld G %lld: the workspace is not used",
                        simd, Cin, Cout, G);
    free(ws);
    free(yf2);
    free(yd2);
    free(x);
    free(xf);
    return ok;
}

CI_TEST(test_conv2d_matches_naive_loop) {
    /* N Cin H W Cout KH KW sh sw ph pw dh dw groups */
    static const long long cases[][14] = {
            {2, 3, 9, 11, 8, 3, 3, 1, 1, 1, 1, 1, 1, 1},  {1, 16, 7, 7, 12, 1, 1, 1, 1, 0, 0, 1, 1, 1},
            {1, 8, 13, 10, 8, 3, 2, 2, 1, 1, 0, 2, 1, 2}, {1, 6, 8, 8, 6, 3, 3, 1, 1, 1, 1, 1, 1, 6},
            {2, 4, 5, 23, 14, 2, 3, 1, 2, 0, 2, 1, 3, 2}, {1, 7, 1, 1023, 13, 1, 3, 1, 1, 0, 1, 1, 1, 1},
            {1, 64, 9, 9, 64, 3, 3, 1, 1, 1, 1, 1, 1, 1},
            /* more than 64 output channels a group: row blocks sharing one packed im2col */
            {2, 16, 15, 17, 130, 3, 3, 1, 1, 1, 1, 1, 1, 1}, {1, 24, 9, 40, 200, 3, 3, 2, 1, 1, 0, 1, 2, 2},
            {1, 8, 33, 33, 72, 5, 5, 2, 2, 2, 2, 1, 1, 1},
            /* depthwise: strides, dilation, rows longer than its chunk, padding past the input */
            {2, 5, 9, 300, 5, 3, 5, 2, 3, 2, 3, 1, 2, 5}, {1, 3, 1, 1023, 3, 1, 7, 1, 1, 0, 4, 1, 1, 3},
            {1, 4, 7, 7, 4, 5, 5, 1, 1, 0, 0, 1, 1, 4},   {1, 2, 3, 3, 2, 3, 3, 1, 1, 3, 3, 1, 1, 2},
            {3, 8, 12, 12, 8, 3, 3, 2, 2, 1, 1, 1, 1, 8},
            /* depthwise rows of 8 outputs and more (AVX2: stride 1 and 2, dilation, padding) */
            {2, 6, 11, 41, 6, 3, 3, 2, 2, 1, 1, 1, 1, 6}, {1, 4, 9, 37, 4, 5, 5, 1, 2, 2, 2, 1, 2, 4},
            {1, 3, 6, 29, 3, 3, 3, 1, 1, 0, 0, 2, 2, 3},  {1, 5, 8, 64, 5, 5, 5, 1, 1, 2, 2, 1, 1, 5},
            /* 1x1 as a dense GEMM: groups, batch, dilation (no effect); strided 1x1 stays im2col */
            {3, 8, 5, 6, 10, 1, 1, 1, 1, 0, 0, 2, 2, 2},  {2, 12, 9, 7, 7, 1, 1, 2, 2, 0, 0, 1, 1, 1},
            /* AVX-512's packed panels: a panel across eleven output rows 3 wide, padding on
               both sides; a run longer than 16 columns past the row's end; more than 16 kernel
               columns (the plain packing) */
            {1, 5, 6, 3, 9, 3, 3, 1, 1, 2, 1, 1, 1, 1},   {1, 3, 4, 40, 5, 3, 3, 1, 1, 1, 9, 1, 2, 1},
            {1, 2, 3, 40, 3, 1, 17, 1, 1, 0, 8, 1, 1, 1},
            /* stride 2: 7 x 7 with padding, runs of 32 columns over 64 inputs */
            {1, 3, 9, 70, 6, 7, 7, 2, 2, 3, 3, 1, 1, 1}};
    ci_test_rng r = ci_test_rng_make(777);
    char msg[256];
    int simd;
    size_t s;
    for (simd = 0; simd <= ci__linalg_simd(); simd++)
        for (s = 0; s < sizeof cases / sizeof cases[0]; s++)
            CI_CHECK_MSG(check_conv(simd, cases[s], &r, msg), "%s", msg);
}

/* a depthwise conv2d's vector path (8 outputs a row at once, masked near the border) gives the
   plain loop's bits: the same taps skipped, a multiply then an add, in the same order */
CI_TEST(test_depthwise_simd_same_bits) {
    /* C H W KH KW sh sw ph pw dh dw */
    static const long long cases[][11] = {
            {3, 14, 14, 5, 5, 1, 1, 2, 2, 1, 1}, {4, 7, 7, 5, 5, 1, 1, 2, 2, 1, 1},
            {2, 23, 41, 3, 3, 2, 2, 1, 1, 1, 1}, {2, 9, 30, 3, 3, 1, 2, 1, 4, 2, 3},
            {1, 5, 1, 3, 3, 1, 1, 1, 1, 1, 1},   {2, 6, 19, 1, 7, 1, 1, 0, 3, 1, 1},
            /* 16 lanes' interior and edges: rows of 16, 33 and 61 outputs */
            {2, 9, 35, 3, 3, 1, 1, 1, 1, 1, 1},  {2, 10, 61, 3, 3, 1, 1, 1, 1, 1, 1},
            {3, 11, 67, 5, 5, 2, 2, 2, 2, 1, 1}, {1, 4, 16, 1, 1, 1, 1, 0, 0, 1, 1},
            /* 16 channels in the lanes (small planes, C a multiple of 16): 7x7 and 14x14
               under 5x5, stride 2, dilation 2, unequal strides, a 1-row image */
            {16, 7, 7, 5, 5, 1, 1, 2, 2, 1, 1},  {32, 14, 14, 5, 5, 1, 1, 2, 2, 1, 1},
            {16, 8, 8, 3, 3, 2, 2, 1, 1, 1, 1},  {16, 7, 6, 3, 3, 1, 1, 2, 2, 2, 2},
            {16, 9, 7, 3, 3, 2, 1, 0, 1, 1, 1},  {16, 1, 5, 1, 3, 1, 1, 0, 1, 1, 1}};
    ci_test_rng r = ci_test_rng_make(4242);
    size_t s;
    int simd;
    if (ci__linalg_simd() == 0) CI_SKIP("this CPU has no AVX2");
    for (s = 0; s < sizeof cases / sizeof cases[0]; s++) {
        const long long *c = cases[s], C = c[0], H = c[1], W = c[2], KH = c[3], KW = c[4];
        const long long OH = (H + 2 * c[7] - c[9] * (KH - 1) - 1) / c[5] + 1;
        const long long OW = (W + 2 * c[8] - c[10] * (KW - 1) - 1) / c[6] + 1;
        const size_t nx = (size_t)(2 * C * H * W), nw = (size_t)(C * KH * KW);
        const size_t ny = (size_t)(2 * C * OH * OW);
        float *x = (float *)malloc(nx * 4), *w = (float *)malloc(nw * 4), *b = (float *)malloc(C * 4);
        float *y0 = (float *)malloc(ny * 4), *y1 = (float *)malloc(ny * 4);
        ci_test_fill(CI_F32, x, nx, &r, -3, 3);
        ci_test_fill(CI_F32, w, nw, &r, -1, 1);
        ci_test_fill(CI_F32, b, (size_t)C, &r, -1, 1);
        memset(y1, 0xff, ny * 4);
        ci__linalg_conv2d_on(0, ci__linalg_F32, x, w, b, y0, 2, C, H, W, C, KH, KW, c[5], c[6],
                             c[7], c[8], c[9], c[10], C, NULL, 0, NULL, NULL);
        for (simd = 1; simd <= ci__linalg_simd(); simd++) {   /* AVX2, then AVX-512 */
            memset(y1, 0xff, ny * 4);
            ci__linalg_conv2d_on(simd, ci__linalg_F32, x, w, b, y1, 2, C, H, W, C, KH, KW, c[5],
                                 c[6], c[7], c[8], c[9], c[10], C, NULL, 0, NULL, NULL);
            CI_CHECK_MSG(memcmp(y0, y1, ny * 4) == 0, "case %d: the vector path (simd %d) changes bits",
                         (int)s, simd);
        }
        free(x); free(w); free(b); free(y0); free(y1);
    }
}

/* addmm, conv2d and a depthwise conv2d compiled for `threads` threads (TCC), run on x */
static int run_threads(int threads, const float *const *in, float *const *out, char *msg) {
    static const char cig[] =
            "input a: f32[67, 300]\ninput b: f32[300, 515]\ninput bias: f32[515]\n"
            "input x: f32[2, 16, 30, 30]\ninput w: f32[33, 16, 3, 3]\ninput dw: f32[16, 1, 3, 3]\n"
            "m = aten.addmm.default(bias, a, b)\n"
            "y = aten.conv2d.default(x, w, None, [1, 1], [1, 1])\n"
            "d = aten.conv2d.default(x, dw, None, [1, 1], [1, 1], [1, 1], 16)\n"
            "output m, y, d\n";
    ci_ctx *ctx;
    ci_ctx_desc cd;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc pd;
    int ok;
    memset(&cd, 0, sizeof cd);
    cd.num_threads = threads;
    if (ci_ctx_create(&cd, &ctx) != CI_OK) return 0;
    g = ci_graph_create(ctx);
    memset(&pd, 0, sizeof pd);
    pd.backend = CI_BACKEND_TCC;
    ok = ci_cig_parse(g, cig, sizeof cig - 1, "t.cig", NULL, msg, 200) == CI_OK &&
         ci_compile(g, &pd, &p) == CI_OK &&
         ci_program_run(p, 6, (const void *const *)in, 3, (void *const *)out) == CI_OK;
    if (p) ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return ok;
}

CI_TEST(test_threads_bit_identical) {
    static const long long sz[6] = {67 * 300, 300 * 515, 515, 2 * 16 * 30 * 30, 33 * 16 * 9, 16 * 9};
    static const int threads[3] = {1, 2, 7};
    const long long nm = 67 * 515, ny = 2 * 33 * 30 * 30, nd = 2 * 16 * 30 * 30;
    ci_test_rng r = ci_test_rng_make(31);
    float *in[6], *out[3][3];
    char msg[256] = "";
    int i, ok = 1;
    for (i = 0; i < 6; i++) {
        in[i] = (float *)malloc((size_t)sz[i] * sizeof(float));
        ci_test_fill_normal_f32(in[i], (size_t)sz[i], &r);
    }
    for (i = 0; i < 3; i++) {
        out[i][0] = (float *)malloc((size_t)nm * sizeof(float));
        out[i][1] = (float *)malloc((size_t)ny * sizeof(float));
        out[i][2] = (float *)malloc((size_t)nd * sizeof(float));
        ok = ok && run_threads(threads[i], (const float *const *)in, out[i], msg);
    }
    for (i = 1; i < 3 && ok; i++)
        ok = memcmp(out[0][0], out[i][0], (size_t)nm * sizeof(float)) == 0 &&
             memcmp(out[0][1], out[i][1], (size_t)ny * sizeof(float)) == 0 &&
             memcmp(out[0][2], out[i][2], (size_t)nd * sizeof(float)) == 0;
    for (i = 0; i < 6; i++) free(in[i]);
    for (i = 0; i < 3; i++) {
        free(out[i][0]);
        free(out[i][1]);
        free(out[i][2]);
    }
    CI_CHECK_MSG(ok, "%s: 2 or 7 threads differ from 1 (or a step failed)", msg);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_bmm_matches_naive_loop);
    CI_RUN(test_bmm_edge_tiles);
    CI_RUN(test_avx512_agrees_with_avx2);
    CI_RUN(test_conv2d_matches_naive_loop);
    CI_RUN(test_depthwise_simd_same_bits);
    CI_RUN(test_threads_bit_identical);
    return ci_test_done();
}
