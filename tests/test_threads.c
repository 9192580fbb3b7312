/* The thread pool: programs compiled with several threads give the same results as with one,
   for pointwise and reduction kernels with outer loops of every size, and reuse their threads
   across runs. */
#include "ci_test.h"

static int run_graph(int threads, int rows, int cols, const float *x, float *y, float *s) {
    ci_ctx *ctx;
    ci_ctx_desc cd;
    ci_graph *g;
    ci_program *p;
    ci_compile_desc pd;
    int64_t shape[2];
    int64_t dim = 1;
    ci_tensor t, e;
    const void *in[1];
    void *out[2];
    int ok = 1, rep;
    memset(&cd, 0, sizeof cd);
    cd.num_threads = threads;
    if (ci_ctx_create(&cd, &ctx) != CI_OK) return 0;
    g = ci_graph_create(ctx);
    shape[0] = rows; shape[1] = cols;
    t = ci_input(g, "x", CI_F32, 2, shape);
    e = ci_exp(g, ci_mul(g, t, ci_scalar(g, 0.5)));
    ci_output(g, e);
    ci_output(g, ci_sum(g, e, 1, &dim, 0));
    memset(&pd, 0, sizeof pd);
    pd.backend = CI_BACKEND_TCC;
    if (ci_compile(g, &pd, &p) != CI_OK) { ci_graph_destroy(g); ci_ctx_destroy(ctx); return 0; }
    in[0] = x; out[0] = y; out[1] = s;
    for (rep = 0; rep < 3; rep++) ok &= ci_program_run(p, 1, in, 2, out) == CI_OK;
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return ok;
}

CI_TEST(test_threads_match_one_thread) {
    static const int rows_list[] = {1, 2, 3, 7, 64, 1023};
    ci_test_rng r = ci_test_rng_make(99);
    size_t k;
    for (k = 0; k < sizeof rows_list / sizeof rows_list[0]; k++) {
        int rows = rows_list[k], cols = 37;
        size_t n = (size_t)rows * (size_t)cols;
        float *x = (float *)malloc(n * sizeof(float)), *y1 = (float *)malloc(n * sizeof(float)), *y4 = (float *)malloc(n * sizeof(float));
        float *s1 = (float *)malloc((size_t)rows * sizeof(float)), *s4 = (float *)malloc((size_t)rows * sizeof(float));
        int ok;
        ci_test_fill_normal_f32(x, n, &r);
        memset(y4, 0, n * sizeof(float));
        ok = run_graph(1, rows, cols, x, y1, s1) && run_graph(4, rows, cols, x, y4, s4);
        ok = ok && memcmp(y1, y4, n * sizeof(float)) == 0 && memcmp(s1, s4, (size_t)rows * sizeof(float)) == 0;
        free(x); free(y1); free(y4); free(s1); free(s4);
        CI_CHECK_MSG(ok, "rows %d: 4 threads differ from 1 thread (or a step failed)", rows);
    }
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_threads_match_one_thread);
    return ci_test_done();
}
