/* rms_norm (PyTorch 1.13 has no aten.rms_norm to compare with): y = x * rsqrt(mean(x^2) + eps) * w
   over the trailing normalized dims, against a C reference in double, on both backends, with
   and without weight, eps given and defaulted (f32's machine epsilon). */
#include "ci_test.h"

static void reference(const float *x, const float *w, float *y, int rows, int cols, double eps) {
    int r, c;
    for (r = 0; r < rows; r++) {
        double ss = 0;
        for (c = 0; c < cols; c++) ss += (double)x[r * cols + c] * x[r * cols + c];
        for (c = 0; c < cols; c++) y[r * cols + c] = (float)(x[r * cols + c] / sqrt(ss / cols + eps) * (w ? w[c] : 1.0));
    }
}

CI_TEST(test_rms_norm_against_reference) {
    static const ci_backend bes[2] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};
    static const int colss[3] = {1, 7, 1023};
    ci_test_rng g = ci_test_rng_make(11);
    int b, ci, with_w;
    for (ci = 0; ci < 3; ci++) for (with_w = 0; with_w < 2; with_w++) for (b = 0; b < 2; b++) {
        int rows = 5, cols = colss[ci], n = rows * cols;
        float *x = (float *)malloc(sizeof(float) * (size_t)n), *y = (float *)malloc(sizeof(float) * (size_t)n);
        float *want = (float *)malloc(sizeof(float) * (size_t)n), *w = (float *)malloc(sizeof(float) * (size_t)cols);
        int64_t xs[2], ws[1];
        double eps = with_w ? 1e-6 : 1.1920928955078125e-07;
        ci_ctx *ctx;
        ci_graph *gr;
        ci_program *p;
        ci_compile_desc pd;
        ci_arg a[4];
        const void *in[2];
        void *out[1];
        int ok;
        xs[0] = rows; xs[1] = cols; ws[0] = cols;
        ci_test_fill_normal_f32(x, (size_t)n, &g);
        ci_test_fill_normal_f32(w, (size_t)cols, &g);
        reference(x, with_w ? w : NULL, want, rows, cols, eps);
        ci_ctx_create(NULL, &ctx);
        gr = ci_graph_create(ctx);
        a[0] = ci_arg_tensor(ci_input(gr, "x", CI_F32, 2, xs));
        a[1] = ci_arg_ints(ws, 1);
        a[2] = with_w ? ci_arg_tensor(ci_input(gr, "w", CI_F32, 1, ws)) : ci_arg_none();
        a[3] = with_w ? ci_arg_float(eps) : ci_arg_none();   /* None: f32's epsilon */
        ci_output(gr, ci_call1(gr, "aten.rms_norm.default", 4, a, 0, NULL));
        memset(&pd, 0, sizeof pd);
        pd.backend = bes[b];
        ok = ci_compile(gr, &pd, &p) == CI_OK;
        if (ok) {
            in[0] = x; in[1] = w; out[0] = y;
            ok = ci_program_run(p, with_w ? 2 : 1, in, 1, out) == CI_OK;
            ci_program_destroy(p);
        }
        if (!ok) printf("# %s\n", ci_ctx_last_error(ctx));
        ok = ok && ci_test_allclose_f32(y, want, (size_t)n, 1e-5, 1e-5, NULL, 0);
        ci_graph_destroy(gr);
        ci_ctx_destroy(ctx);
        free(x); free(y); free(want); free(w);
        CI_CHECK_MSG(ok, "cols %d, weight %d, backend %d", colss[ci], with_w, b);
    }
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_rms_norm_against_reference);
    return ci_test_done();
}
