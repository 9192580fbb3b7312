/* White-box tests of >>lapack: each per-matrix kernel on random well-conditioned f64 matrices of
   sizes that test-torch leaves out (17, 40, tall and wide), checked by its defining identity in
   double: L L^T = A (Cholesky), P L U = A and the pivots LAPACK's (LU), A X = B (the LU and
   triangular solves), Q^T Q = I and Q R = A (Householder QR), A V = V diag(w) ascending (Jacobi
   eigen), U S V^T = A (one-sided Jacobi SVD), exp(A) exp(-A) = I (the matrix exponential),
   LAPACK's LD and pivots and A X = B (Bunch-Kaufman LDL^T); and info where the factorization
   stops (a matrix that is not positive-definite, a zero pivot, a zero row and column). Through
   TCC: cond of singular matrices, lstsq's gelsd residuals (refused below full rank).
   Includes the implementation. */
#define CINDUCTOR_IMPLEMENTATION
#include "ci_test.h"

static void randmat(double *a, int64_t n, ci_test_rng *r) {
    int64_t i;
    for (i = 0; i < n; i++) a[i] = ci_test_rng_normal(r);
}

/* c (m x n) = a (m x k) b (k x n), with a or b read transposed (at: a is k x m, bt: b is n x k) */
static void mm(const double *a, const double *b, double *c, int64_t m, int64_t k, int64_t n,
               int at, int bt) {
    int64_t i, j, p;
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++) {
            double s = 0;
            for (p = 0; p < k; p++)
                s += (at ? a[p * m + i] : a[i * k + p]) * (bt ? b[j * k + p] : b[p * n + j]);
            c[i * n + j] = s;
        }
}

static double maxdiff(const double *a, const double *b, int64_t n) {
    double d = 0;
    int64_t i;
    for (i = 0; i < n; i++) d = fabs(a[i] - b[i]) > d ? fabs(a[i] - b[i]) : d;
    return d;
}

/* A = R R^T + n I */
static void spd(double *a, double *tmp, int64_t n, ci_test_rng *r) {
    int64_t i;
    randmat(tmp, n * n, r);
    mm(tmp, tmp, a, n, n, n, 0, 1);
    for (i = 0; i < n; i++) a[i * n + i] += (double)n;
}

static const int64_t sizes[] = {1, 2, 17, 40};

CI_TEST(test_cholesky_and_triangular_solves) {
    ci_test_rng r = ci_test_rng_make(1);
    size_t s;
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const int64_t n = sizes[s];
        double *a = (double *)malloc((size_t)(6 * n * n) * sizeof(double));
        double *l = a + n * n, *t = l + n * n, *x = t + n * n, *b = x + n * n;
        int up;
        for (up = 0; up < 2; up++) {
            spd(a, t, n, &r);
            CI_CHECK_EQ_INT((int)ci__lapack_potrf1(a, l, 1, n, up), 0);
            if (up) mm(l, l, t, n, n, n, 1, 0);   /* U^T U */
            else mm(l, l, t, n, n, n, 0, 1);      /* L L^T */
            CI_CHECK_MSG(maxdiff(t, a, n * n) < 1e-12 * (double)n, "n %d upper %d: %g", (int)n, up,
                         maxdiff(t, a, n * n));
            randmat(b, n * n, &r);   /* L X = B (upper: U X = B) */
            memcpy(x, b, sizeof(double) * (size_t)(n * n));
            ci__lapack_trsm1(l, x, 1, n, n, up, 0);
            mm(l, x, t, n, n, n, 0, 0);
            CI_CHECK_MSG(maxdiff(t, b, n * n) < 1e-11 * (double)n, "trsm n %d: %g", (int)n,
                         maxdiff(t, b, n * n));
        }
        a[0] = -1;   /* the first leading minor fails */
        CI_CHECK_EQ_INT((int)ci__lapack_potrf1(a, l, 1, n, 0), 1);
        free(a);
    }
}

CI_TEST(test_lu_solves_and_pivots) {
    ci_test_rng r = ci_test_rng_make(2);
    static const int64_t shapes[][2] = {{1, 1}, {17, 17}, {40, 40}, {9, 4}, {4, 9}};
    size_t s;
    for (s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const int64_t m = shapes[s][0], n = shapes[s][1], k = m < n ? m : n;
        double *a = (double *)malloc((size_t)(4 * m * n + 2 * m * m + 2 * n * n) * sizeof(double));
        double *lu = a + m * n, *pl = lu + m * n, *rec = pl + m * n, *p = rec + m * n;
        double *x = p + m * m, *b = x + n * n;
        int32_t piv[40];
        int64_t i, j;
        randmat(a, m * n, &r);
        memcpy(lu, a, sizeof(double) * (size_t)(m * n));
        CI_CHECK_EQ_INT((int)ci__lapack_getrf1(lu, 1, m, n, piv), 0);
        for (i = 0; i < k; i++) CI_CHECK(piv[i] >= i + 1 && piv[i] <= m);
        /* P from the pivots (cinductor.lu_perm's rule), then P L U */
        for (i = 0; i < m * m; i++) p[i] = 0;
        for (i = 0; i < m; i++) p[i * m + i] = 1;
        for (j = 0; j < k; j++)
            for (i = 0; i < m; i++) {
                double v = p[i * m + j];
                p[i * m + j] = p[i * m + piv[j] - 1];
                p[i * m + piv[j] - 1] = v;
            }
        for (i = 0; i < m; i++)   /* L U, L m x k unit lower, U k x n upper */
            for (j = 0; j < n; j++) {
                double sum = 0;
                int64_t q;
                for (q = 0; q < k; q++) {
                    double lv = i == q ? 1 : i > q ? lu[i * n + q] : 0;
                    double uv = q <= j ? lu[q * n + j] : 0;
                    sum += lv * uv;
                }
                pl[i * n + j] = sum;
            }
        mm(p, pl, rec, m, m, n, 0, 0);
        CI_CHECK_MSG(maxdiff(rec, a, m * n) < 1e-12 * (double)n, "%dx%d: %g", (int)m, (int)n,
                     maxdiff(rec, a, m * n));
        if (m == n) {
            int adj;
            for (adj = 0; adj < 2; adj++) {
                randmat(b, n * n, &r);
                memcpy(x, b, sizeof(double) * (size_t)(n * n));
                ci__lapack_getrs1(lu, piv, x, 1, n, n, adj);
                mm(a, x, rec, n, n, n, adj, 0);
                CI_CHECK_MSG(maxdiff(rec, b, n * n) < 1e-10 * (double)n, "getrs n %d adj %d: %g",
                             (int)n, adj, maxdiff(rec, b, n * n));
            }
            if (n > 1) {   /* a zero column: the first zero pivot is its index */
                for (i = 0; i < n; i++) a[i * n + 1] = 0;
                memcpy(lu, a, sizeof(double) * (size_t)(n * n));
                CI_CHECK_EQ_INT((int)ci__lapack_getrf1(lu, 1, n, n, piv), 2);
            }
        }
        free(a);
    }
}

CI_TEST(test_qr_eigen_svd_expm) {
    ci_test_rng r = ci_test_rng_make(3);
    static const int64_t shapes[][2] = {{1, 1}, {17, 17}, {40, 40}, {9, 4}, {4, 9}};
    size_t s;
    for (s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const int64_t m = shapes[s][0], n = shapes[s][1], k = m < n ? m : n;
        const int64_t p = m > n ? m : n, q = k, big = p * p;
        double *a = (double *)malloc((size_t)(16 * big + 4 * p) * sizeof(double));
        double *h = a + big, *tau = h + big, *qm = tau + p, *rm = qm + big, *t = rm + big;
        double *w = t + big, *v = w + big, *u = v + big, *sv = u + big, *t2 = sv + p;
        int64_t i, j;
        randmat(a, m * n, &r);
        memcpy(h, a, sizeof(double) * (size_t)(m * n));
        ci__lapack_geqrf1(h, tau, 1, m, n);
        for (i = 0; i < m * m; i++) qm[i] = 0;   /* Q (m x m) = ormqr(I) */
        for (i = 0; i < m; i++) qm[i * m + i] = 1;
        ci__lapack_ormqr1(h, tau, qm, 1, n, k, m, m, 1, 0);
        mm(qm, qm, t, m, m, m, 1, 0);
        for (i = 0; i < m; i++) t[i * m + i] -= 1;
        for (i = 0; i < m * m; i++) CI_CHECK(fabs(t[i]) < 1e-12);
        for (i = 0; i < m; i++)
            for (j = 0; j < n; j++) rm[i * n + j] = j >= i ? h[i * n + j] : 0;
        mm(qm, rm, t, m, m, n, 0, 0);
        CI_CHECK_MSG(maxdiff(t, a, m * n) < 1e-12 * (double)p, "QR %dx%d: %g", (int)m, (int)n,
                     maxdiff(t, a, m * n));
        /* SVD: U S V^T = A */
        for (i = 0; i < m; i++)
            for (j = 0; j < n; j++) w[m >= n ? i * q + j : j * q + i] = a[i * n + j];
        ci__lapack_svd1(w, v, u, sv, p, q, 0);
        for (i = 1; i < q; i++) CI_CHECK(sv[i] <= sv[i - 1]);
        for (i = 0; i < p; i++)
            for (j = 0; j < q; j++) t[i * q + j] = u[i * q + j] * sv[j];
        mm(t, v, t2, p, q, q, 0, 1);   /* (U S) V^T: A (tall) or A^T (wide) */
        for (i = 0; i < m; i++)
            for (j = 0; j < n; j++) rm[i * n + j] = m >= n ? t2[i * n + j] : t2[j * m + i];
        CI_CHECK_MSG(maxdiff(rm, a, m * n) < 1e-11 * (double)p, "SVD %dx%d: %g", (int)m, (int)n,
                     maxdiff(rm, a, m * n));
        if (m != n) { free(a); continue; }
        /* Jacobi eigen: A V = V diag(w), ascending */
        spd(a, t, n, &r);
        memcpy(w, a, sizeof(double) * (size_t)(n * n));
        ci__lapack_syev1(w, v, n);
        for (i = 1; i < n; i++) CI_CHECK(w[i * n + i] >= w[(i - 1) * n + i - 1]);
        mm(a, v, t, n, n, n, 0, 0);
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) t[i * n + j] -= v[i * n + j] * w[j * n + j];
        for (i = 0; i < n * n; i++) CI_CHECK(fabs(t[i]) < 1e-11 * (double)n * (double)n);
        /* exp(A) exp(-A) = I, A scaled to norm about 3 */
        randmat(a, n * n, &r);
        for (i = 0; i < n * n; i++) a[i] *= 3.0 / (double)n;
        memcpy(w, a, sizeof(double) * (size_t)(n * n));
        ci__lapack_expm1(w, u, t, n);
        memcpy(rm, u, sizeof(double) * (size_t)(n * n));
        for (i = 0; i < n * n; i++) w[i] = -a[i];
        ci__lapack_expm1(w, u, t, n);
        mm(rm, u, t, n, n, n, 0, 0);
        for (i = 0; i < n; i++) t[i * n + i] -= 1;
        for (i = 0; i < n * n; i++) CI_CHECK(fabs(t[i]) < 1e-11);
        free(a);
    }
}

/* Householder QR of 2^600 A and 2^-600 A: R scales by the same power of two, the reflectors
   and tau do not (their squares, 2^1200 and 2^-1200, are past double's range: an unscaled
   norm overflows, or vanishes and leaves tau 0) */
CI_TEST(test_qr_far_scales) {
    ci_test_rng r = ci_test_rng_make(11);
    static const int64_t shapes[][2] = {{1, 1}, {7, 7}, {9, 4}, {4, 9}};
    static const int e2[] = {600, -600, -1000};
    size_t s, e;
    for (s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const int64_t m = shapes[s][0], n = shapes[s][1], k = m < n ? m : n;
        double a[81], h[81], tau[9], hs[81], taus[9];
        int64_t i, j;
        randmat(a, m * n, &r);
        memcpy(h, a, sizeof(double) * (size_t)(m * n));
        ci__lapack_geqrf1(h, tau, 1, m, n);
        for (e = 0; e < sizeof e2 / sizeof e2[0]; e++) {
            for (i = 0; i < m * n; i++) hs[i] = ldexp(a[i], e2[e]);
            ci__lapack_geqrf1(hs, taus, 1, m, n);
            for (i = 0; i < k; i++)
                CI_CHECK_MSG(fabs(taus[i] - tau[i]) <= 1e-13, "%dx%d 2^%d: tau[%d] %g, not %g",
                             (int)m, (int)n, e2[e], (int)i, taus[i], tau[i]);
            for (i = 0; i < m; i++)
                for (j = 0; j < n; j++) {
                    double want = j >= i ? ldexp(h[i * n + j], e2[e]) : h[i * n + j];
                    double tol = 1e-13 * (j >= i ? ldexp(1.0, e2[e]) * (double)m : 1.0);
                    CI_CHECK_MSG(fabs(hs[i * n + j] - want) <= tol,
                                 "%dx%d 2^%d: [%d,%d] %g, not %g", (int)m, (int)n, e2[e],
                                 (int)i, (int)j, hs[i * n + j], want);
                }
        }
    }
}

/* rank-deficient input (a product of thinner factors, the zero matrix, a zero column): the
   columns of U past the rank are completed, so U^T U = I for the thin and the full U, and
   U S V^T = A still holds */
CI_TEST(test_svd_rank_deficient) {
    ci_test_rng r = ci_test_rng_make(5);
    static const int64_t cases[][3] = {{6, 6, 3}, {9, 4, 2}, {4, 9, 1}, {5, 3, 0}, {7, 7, 6}};
    size_t s;
    for (s = 0; s < sizeof cases / sizeof cases[0]; s++) {
        const int64_t m = cases[s][0], n = cases[s][1], rk = cases[s][2];
        const int64_t p = m > n ? m : n, q = m < n ? m : n, big = p * p;
        double *a = (double *)malloc((size_t)(8 * big + p) * sizeof(double));
        double *f = a + big, *g = f + big, *w = g + big, *v = w + big, *u = v + big;
        double *t = u + big, *t2 = t + big, *sv = t2 + big;
        int64_t i, j, full;
        randmat(f, m * rk, &r);
        randmat(g, rk * n, &r);
        mm(f, g, a, m, rk, n, 0, 0);
        if (rk == 6)
            for (i = 0; i < m; i++) a[i * n + 2] = 0;   /* a zero column in a rank-6 matrix */
        for (full = 0; full < 2; full++) {
            const int64_t nu = full ? p : q;
            for (i = 0; i < m; i++)
                for (j = 0; j < n; j++) w[m >= n ? i * q + j : j * q + i] = a[i * n + j];
            ci__lapack_svd1(w, v, u, sv, p, q, (int)full);
            mm(u, u, t, nu, p, nu, 1, 0);   /* U^T U */
            for (i = 0; i < nu; i++) t[i * nu + i] -= 1;
            for (i = 0; i < nu * nu; i++)
                CI_CHECK_MSG(fabs(t[i]) < 1e-12, "U^T U %dx%d rank %d full %d: %g", (int)m,
                             (int)n, (int)rk, (int)full, t[i]);
            for (i = rk; i < q; i++) CI_CHECK(sv[i] < 1e-12 * (sv[0] > 1 ? sv[0] : 1));
            for (i = 0; i < p; i++)
                for (j = 0; j < q; j++) t[i * q + j] = u[i * nu + j] * sv[j];
            mm(t, v, t2, p, q, q, 0, 1);
            for (i = 0; i < m; i++)
                for (j = 0; j < n; j++)
                    CI_CHECK(fabs((m >= n ? t2[i * n + j] : t2[j * m + i]) - a[i * n + j]) <
                             1e-11 * (double)p);
        }
        free(a);
    }
}

/* linalg.cond of a batch [singular (a zero column), zero matrix, identity] for every norm
   that takes the inverse: inf, inf, 1 (2 for 'fro', 3 for 'nuc'), through TCC */
CI_TEST(test_cond_singular_is_inf) {
    static const char *const ords[] = {"1", "-1", "inf", "-inf", "'fro'", "'nuc'"};
    float a[3 * 9] = {1, 0, 2, 3, 0, 4, 5, 0, 6,
                      0, 0, 0, 0, 0, 0, 0, 0, 0,
                      1, 0, 0, 0, 1, 0, 0, 0, 1};
    size_t o;
    for (o = 0; o < sizeof ords / sizeof ords[0]; o++) {
        char cig[256], msg[200] = "";
        const void *in[1];
        void *out[1];
        float c[3] = {0, 0, 0};
        const double id = o < 4 ? 1 : o == 4 ? 3 : 9;
        ci_ctx *ctx;
        ci_ctx_desc cd;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        int ok;
        snprintf(cig, sizeof cig, "input a: f32[3, 3, 3]\nc = aten.linalg_cond.%s(a, %s)\n"
                 "output c\n", o < 4 ? "default" : "p_str", ords[o]);
        memset(&cd, 0, sizeof cd);
        memset(&pd, 0, sizeof pd);
        pd.backend = CI_BACKEND_TCC;
        CI_CHECK(ci_ctx_create(&cd, &ctx) == CI_OK);
        g = ci_graph_create(ctx);
        in[0] = a;
        out[0] = c;
        ok = ci_cig_parse(g, cig, strlen(cig), "t.cig", NULL, msg, 200) == CI_OK &&
             ci_compile(g, &pd, &p) == CI_OK &&
             ci_program_run(p, 1, in, 1, out) == CI_OK;
        CI_CHECK_MSG(ok, "cond %s: %s %s", ords[o], msg, ci_ctx_last_error(ctx));
        CI_CHECK_MSG(isinf(c[0]) && c[0] > 0 && isinf(c[1]) && c[1] > 0 &&
                     fabs(c[2] - id) < 1e-5, "cond %s: %g %g %g", ords[o], c[0], c[1], c[2]);
        if (p) ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
}

/* Bunch-Kaufman LDL^T (sytrf: sytf2, and lasyf's blocks past 64 rows) and its solve (sytrs):
   LAPACK's own LD and pivots for a matrix that takes two 2 x 2 blocks (from PyTorch 1.13 on
   reference LAPACK, exact), A X = B for random symmetric matrices with small diagonals (so that
   2 x 2 blocks occur) of up to 150 rows, info for a zero row and column, and the pivots sytrs
   refuses */
CI_TEST(test_ldl_bunch_kaufman) {
    static const double a4[16] = {1, 2, 3, 0, 2, 0, 1, 4, 3, 1, 0, -1, 0, 4, -1, 0.5};
    static const double ld4[16] = {
        0x1p+0, 0, 0, 0, 0x1.8p+1, 0, 0, 0,
        0x1.5555555555555p-2, 0x1.1c71c71c71c72p-1, -0x1.38e38e38e38e4p+0, 0,
        -0x1.5555555555555p-2, 0x1.c71c71c71c71cp-4, 0x1.238e38e38e38ep+2, 0x1.38e38e38e38e4p-1};
    static const int32_t piv4[4] = {-3, -3, -4, -4};
    static const int32_t bad[][3] = {{0, 2, 3}, {4, 2, 3}, {1, 2, -3}, {-1, 2, 3}, {1, -4, 3}};
    static const int32_t good[][3] = {{1, 2, 3}, {-2, -2, 3}, {1, -3, -3}, {3, 3, 3}};
    static const int64_t ns[] = {1, 2, 17, 40, 64, 65, 150};
    ci_test_rng r = ci_test_rng_make(6);
    double ld[16];
    int32_t piv[150];
    size_t s;
    int i, twos;
    for (i = 0; i < 16; i++) ld[i] = i % 4 <= i / 4 ? a4[i] : 0;
    CI_CHECK_EQ_INT((int)ci__lapack_sytrf1(ld, 1, 4, piv, NULL), 0);
    for (i = 0; i < 16; i++)
        CI_CHECK_MSG(ld[i] == ld4[i], "LD[%d] %a, LAPACK's %a", i, ld[i], ld4[i]);
    for (i = 0; i < 4; i++) CI_CHECK_EQ_INT(piv[i], piv4[i]);
    for (s = 0; s < sizeof bad / sizeof bad[0]; s++)
        CI_CHECK(!ci__lapack_ldl_pivots_ok(bad[s], 3));
    for (s = 0; s < sizeof good / sizeof good[0]; s++)
        CI_CHECK(ci__lapack_ldl_pivots_ok(good[s], 3));
    for (s = 0, twos = 0; s < sizeof ns / sizeof ns[0]; s++) {
        const int64_t n = ns[s];
        double *a = (double *)malloc((size_t)(5 * n * n + 64 * n) * sizeof(double));
        double *f = a + n * n, *x = f + n * n, *b = x + n * n, *t = b + n * n, *w = t + n * n;
        int64_t p, q;
        randmat(a, n * n, &r);
        for (p = 0; p < n; p++)
            for (q = 0; q <= p; q++) a[q * n + p] = a[p * n + q] *= p == q ? 0.01 : 1;
        for (p = 0; p < n * n; p++) f[p] = p % n <= p / n ? a[p] : 0;
        CI_CHECK_EQ_INT((int)ci__lapack_sytrf1(f, 1, n, piv, w), 0);
        CI_CHECK(ci__lapack_ldl_pivots_ok(piv, n));
        for (p = 0; p < n; p++) twos += piv[p] < 0;
        randmat(b, n * n, &r);
        memcpy(x, b, sizeof(double) * (size_t)(n * n));
        ci__lapack_sytrs1(f, piv, x, 1, n, n);
        mm(a, x, t, n, n, n, 0, 0);
        CI_CHECK_MSG(maxdiff(t, b, n * n) < 1e-9 * (double)n, "sytrs n %d: %g", (int)n,
                     maxdiff(t, b, n * n));
        if (n > 2) {   /* row and column 1 zero: D has a zero block wherever they end up */
            for (p = 0; p < n; p++)
                for (q = 0; q <= p; q++) f[p * n + q] = p == 1 || q == 1 ? 0 : a[p * n + q];
            CI_CHECK((int)ci__lapack_sytrf1(f, 1, n, piv, w) > 0);
        }
        free(a);
    }
    CI_CHECK_MSG(twos > 0, "no 2 x 2 block in %d matrices", (int)(sizeof ns / sizeof ns[0]));
}

/* linalg.lstsq with gelsd on tall matrices: the residuals |A x - B|^2 where every matrix has
   full column rank; a zero column (rank 2 of 3), where PyTorch returns empty residuals, fails
   the run with a message, through TCC */
CI_TEST(test_lstsq_residuals_need_full_rank) {
    static const char cig[] = "input a: f64[4, 3]\ninput b: f64[4, 1]\n"
                              "x, r, k, s = aten.linalg_lstsq.default(a, b, driver='gelsd')\n"
                              "output x, r, k, s\n";
    double a[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}, b[4] = {1, 2, 3, 4};
    double x[3], r[1], s[3];
    int64_t k[1];
    int zero;
    for (zero = 0; zero < 2; zero++) {
        char msg[200] = "";
        const void *in[2];
        void *out[4];
        ci_ctx *ctx;
        ci_ctx_desc cd;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        ci_result rc;
        memset(&cd, 0, sizeof cd);
        memset(&pd, 0, sizeof pd);
        pd.backend = CI_BACKEND_TCC;
        CI_CHECK(ci_ctx_create(&cd, &ctx) == CI_OK);
        g = ci_graph_create(ctx);
        if (zero) a[2] = a[5] = a[8] = a[11] = 0;
        in[0] = a;
        in[1] = b;
        out[0] = x;
        out[1] = r;
        out[2] = k;
        out[3] = s;
        CI_CHECK_MSG(ci_cig_parse(g, cig, strlen(cig), "t.cig", NULL, msg, 200) == CI_OK &&
                     ci_compile(g, &pd, &p) == CI_OK, "%s %s", msg, ci_ctx_last_error(ctx));
        rc = p ? ci_program_run(p, 2, in, 4, out) : CI_ERR_INVALID_ARGS;
        if (!zero) {   /* x = (5, 6, 7) - 18 / 4, A x - b = (-1, -1, -1, 1) / 2: |.|^2 = 1 */
            CI_CHECK_MSG(rc == CI_OK, "%s", ci_ctx_last_error(ctx));
            CI_CHECK_MSG(fabs(r[0] - 1) < 1e-12 && fabs(x[0] - 0.5) < 1e-12 && k[0] == 3,
                         "residual %g x0 %g rank %d", r[0], x[0],
                         (int)k[0]);
        } else {
            CI_CHECK(rc != CI_OK);
            CI_CHECK_MSG(strstr(ci_ctx_last_error(ctx), "empty residuals") != NULL, "%s",
                         ci_ctx_last_error(ctx));
        }
        if (p) ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_cholesky_and_triangular_solves);
    CI_RUN(test_lu_solves_and_pivots);
    CI_RUN(test_qr_eigen_svd_expm);
    CI_RUN(test_qr_far_scales);
    CI_RUN(test_svd_rank_deficient);
    CI_RUN(test_cond_singular_is_inf);
    CI_RUN(test_ldl_bunch_kaufman);
    CI_RUN(test_lstsq_residuals_need_full_rank);
    return ci_test_done();
}
