/* The thread pool: programs compiled with several threads give the same results as with one,
   for pointwise and reduction kernels with outer loops of every size, and reuse their threads
   across runs; a context destroyed first dies with the last of its programs and graphs, whatever
   thread destroys it. */
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
        /* (long rows where there are few: a kernel of fewer than CI__CEMIT_PAR_MIN points
           runs on one thread) */
        int rows = rows_list[k], cols = rows < 64 ? 16411 : 37;
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

/* The context destroyed first, then its programs and graph on different threads at once: the
   last of them frees it (its count is locked). A locked counting allocator checks that nothing
   is left and no block freed twice. */
#include <pthread.h>
static pthread_mutex_t lk_mu = PTHREAD_MUTEX_INITIALIZER;
static void *lk_alloc(size_t n, void *u) { void *p; pthread_mutex_lock(&lk_mu); p = ci_test_alloc_fn_(n, u); pthread_mutex_unlock(&lk_mu); return p; }
static void lk_free(void *p, size_t n, void *u) { pthread_mutex_lock(&lk_mu); ci_test_free_fn_(p, n, u); pthread_mutex_unlock(&lk_mu); }

typedef struct die_job { ci_program *p; ci_graph *g; int ok; } die_job;
static void *die_main(void *arg) {
    die_job *j = (die_job *)arg;
    if (j->p) {
        float x[4] = {1, -2, 3, -4}, y[4];
        const void *in[1];
        void *out[1];
        int i;
        in[0] = x; out[0] = y;
        j->ok = ci_program_run(j->p, 1, in, 1, out) == CI_OK;
        for (i = 0; i < 4; i++) j->ok &= y[i] == x[i] * 3;
        ci_program_destroy(j->p);
    } else {
        ci_graph_destroy(j->g);
        j->ok = 1;
    }
    return NULL;
}
CI_TEST(test_context_dies_with_its_last_object_on_any_thread) {
    enum { NP = 4 };
    int round;
    for (round = 0; round < 8; round++) {
        ci_test_alloc ta;
        ci_ctx_desc cd;
        ci_ctx *ctx;
        ci_graph *g;
        ci_compile_desc pd;
        die_job jobs[NP + 1];
        pthread_t th[NP + 1];
        int64_t shape[1] = {4};
        int i;
        ci_test_alloc_init(&ta);
        memset(&cd, 0, sizeof cd);
        cd.allocator.alloc = lk_alloc; cd.allocator.free = lk_free; cd.allocator.user = &ta;
        CI_CHECK_OK(ci_ctx_create(&cd, &ctx));
        g = ci_graph_create(ctx);
        ci_output(g, ci_mul(g, ci_input(g, "x", CI_F32, 1, shape), ci_scalar(g, 3)));
        memset(&pd, 0, sizeof pd);
        pd.backend = CI_BACKEND_INTERP;
        memset(jobs, 0, sizeof jobs);
        for (i = 0; i < NP; i++) CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &jobs[i].p));
        jobs[NP].g = g;
        ci_ctx_destroy(ctx);
        for (i = 0; i <= NP; i++) CI_CHECK(pthread_create(&th[i], NULL, die_main, &jobs[i]) == 0);
        for (i = 0; i <= NP; i++) pthread_join(th[i], NULL);
        for (i = 0; i <= NP; i++) CI_CHECK_MSG(jobs[i].ok, "round %d, job %d: wrong result", round, i);
        CI_CHECK_MSG(ta.live_blocks == 0, "round %d: %ld blocks live after the last destroy", round, ta.live_blocks);
        CI_CHECK_EQ_INT(ta.bad_frees, 0);
    }
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_threads_match_one_thread);
    CI_RUN(test_context_dies_with_its_last_object_on_any_thread);
    return ci_test_done();
}
