/* The CUDA backend on a GPU: graphs run on the device and compared with the interpreter on
   fresh random inputs (the random graphs of every op family, the SUITE's shapes in small), the
   device-pointer API, run-time checks through the device's error record, and the CUBIN cache.
   Skips, saying why, where there is no GPU, driver or NVRTC (the CUDA source of every test
   graph is still compiled by NVRTC there: make test-cuda-source).
       test_cuda [FILTER] [--graphs N]      N random graphs (default 300) */
#include "random_graph.h"
#include "cuda_cases.h"

#include <time.h>

static int cuda_graphs = 300;
/* fresh inputs each run; the seed is printed so a failure can be replayed (CI_SEED=N) */
static uint64_t cuda_seed(void) {
    const char *e = getenv("CI_SEED");
    uint64_t s = e ? (uint64_t)strtoull(e, NULL, 10) : (uint64_t)time(NULL);
    printf("seed %llu\n", (unsigned long long)s);
    return s;
}
static const char *cuda_why(void) { return ci_backend_unavailable(CI_DEVICE_CUDA, CI_BACKEND_DEFAULT); }

/* one graph's .cig text on the GPU and on the interpreter: the outputs agree */
static void cuda_check_cig(const char *cig, uint64_t seed) {
    ci_ctx *ctx;
    char why[1024];
    int ok;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    ok = rg_check(ctx, cig, seed, why, sizeof why);
    ci_ctx_destroy(ctx);
    CI_CHECK_MSG(ok, "%s\n%s", why, cig);
}

/* cig (called name) parsed into a new graph of ctx (*g) and compiled for the GPU (*p; NULL,
   a check failed, where either step failed) */
static void cuda_compile_cig(ci_ctx *ctx, const char *cig, const char *name, ci_graph **g,
                             ci_program **p) {
    ci_compile_desc pd;
    char err[256];
    *p = NULL;
    *g = ci_graph_create(ctx);
    CI_CHECK_MSG(ci_cig_parse(*g, cig, strlen(cig), name, NULL, err, sizeof err) == CI_OK,
                 "%s: %s", name, err);
    memset(&pd, 0, sizeof pd);
    pd.device = CI_DEVICE_CUDA;
    CI_CHECK_OK_CTX(ctx, ci_compile(*g, &pd, p));
}

CI_TEST(test_cuda_random_graphs) {
    int i, bad = 0;
    ci_ctx *ctx;
    if (cuda_why()) CI_SKIP(cuda_why());
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (i = 0; i < cuda_graphs && bad < 5; i++) {
        char *cig = rg_generate(5000 + (uint64_t)i), why[1024];
        if (!rg_check(ctx, cig, 5000 + (uint64_t)i, why, sizeof why)) {
            bad++;
            ci_test_check_(0, __FILE__, __LINE__, "graph seed %d: %s\n%s", 5000 + i, why, cig);
        }
        free(cig);
    }
    ci_ctx_destroy(ctx);
}

/* the SUITE's computations at small, odd sizes */
CI_TEST(test_cuda_suite_shapes) {
    static const char *g[] = {
        "input x: f32[7, 1023]\ninput b: f32[1023]\n"
        "t = aten.mul.Tensor(x, 1.702)\nu = aten.add.Tensor(t, b)\ny = aten.gelu.default(u)\noutput y\n",
        "input x: f32[33, 1023]\ny = aten._softmax.default(x, -1, False)\noutput y\n",
        "input x: f32[65, 257]\ninput w: f32[257]\ninput b: f32[257]\n"
        "y, m, r = aten.native_layer_norm.default(x, [257], w, b, 1e-05)\noutput y, m, r\n",
        "input x: f32[129, 1023]\ny = aten.sum.dim_IntList(x, [1])\nz = aten.sum.dim_IntList(x, [0])\noutput y, z\n",
        "input x: f32[1023, 129]\nt = aten.t.default(x)\ny = aten.add.Tensor(t, 1.5)\noutput y\n",
        "input x: f32[1, 3, 37, 41]\ny = aten.avg_pool2d.default(x, [3, 3], [1, 1], [1, 1])\n"
        "a = aten.abs.default(y)\nd = aten.add.Tensor(a, 1)\nq = aten.div.Tensor(y, d)\n"
        "z = aten.clamp.default(q, 0, 1)\noutput z\n",
        "input x: f32[7, 64]\ninput w: f32[64, 33]\ninput b: f32[33]\n"
        "h = aten.addmm.default(b, x, w)\nr = aten.relu.default(h)\noutput r\n",
        "input x: f64[5, 0, 3]\ny = aten.sum.dim_IntList(x, [1])\noutput y\n",
    };
    int i;
    if (cuda_why()) CI_SKIP(cuda_why());
    for (i = 0; i < (int)(sizeof g / sizeof g[0]); i++) cuda_check_cig(g[i], 77 + (uint64_t)i);
}

/* a host extern kernel that doubles its input, and fails while cuda_ext_fail is set */
static int cuda_ext_fail;
static int cuda_ext_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                        ci_extern_tensor *outs, int nouts, void *user) {
    int64_t i, n = 1;
    int d;
    (void)nins; (void)args; (void)nargs; (void)nouts; (void)user;
    for (d = 0; d < ins[0].ndim; d++) n *= ins[0].shape[d];
    for (i = 0; i < n; i++) ((float *)outs[0].data)[i] = 2 * ((const float *)ins[0].data)[i];
    return cuda_ext_fail;
}

/* a run that stops early (a GPU kernel's index check fails, then a host extern kernel fails)
   leaves nothing behind: the next run, its indices in range, passes and is right */
CI_TEST(test_cuda_run_stopped_early) {
    static const char *cig = "input x: f32[10]\ninput i: i64[4]\n"
                             "y = aten.index_select.default(x, 0, i)\nz = test.twice(y)\n"
                             "w = aten.add.Tensor(z, 1)\noutput w\n";
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    ci_extern_desc ed;
    float x[10], w[4];
    int64_t idx[4] = {1, 2, 12, 3};
    const void *in[2];
    void *out[1];
    int k;
    if (cuda_why()) CI_SKIP(cuda_why());
    for (k = 0; k < 10; k++) x[k] = (float)k * 0.5f - 1;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    memset(&ed, 0, sizeof ed);
    ed.name = "test.twice";
    ed.schema = "self";
    ed.run = cuda_ext_run;
    CI_CHECK_OK_CTX(ctx, ci_register_extern(ctx, &ed));
    cuda_compile_cig(ctx, cig, "early.cig", &g, &p);
    in[0] = x;
    in[1] = idx;
    out[0] = w;
    cuda_ext_fail = 1;
    if (p) CI_CHECK(ci_program_run(p, 2, in, 1, out) != CI_OK);
    idx[2] = 9;
    cuda_ext_fail = 0;
    if (p) CI_CHECK_OK_CTX(ctx, ci_program_run(p, 2, in, 1, out));
    for (k = 0; k < 4; k++)
        CI_CHECK_MSG(w[k] == 2 * x[idx[k]] + 1, "w[%d] = %g", k, w[k]);
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

/* the GPU's selections and their read-back words: nonzero's size after each run (two runs,
   two counts); repeat_interleave failing with the host's messages (a negative repeat, a sum
   other than output_size), then passing and right */
CI_TEST(test_cuda_sizes_and_checks_after_a_run) {
    static const char *cig = "input x: f32[6, 5]\ninput r: i64[4]\n"
                             "n = aten.nonzero.default(x)\n"
                             "q = aten.repeat_interleave.Tensor(r, output_size=6)\noutput n, q\n";
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    float x[30];
    int64_t r[4], nz[60], q[6], sh[2];
    const void *in[2];
    void *out[2];
    int k, run;
    if (cuda_why()) CI_SKIP(cuda_why());
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    cuda_compile_cig(ctx, cig, "sizes.cig", &g, &p);
    in[0] = x;
    in[1] = r;
    out[0] = nz;
    out[1] = q;
    for (run = 0; p && run < 2; run++) {
        int want = 0, at = 0;
        for (k = 0; k < 30; k++) x[k] = (k * 7 + run) % 3 ? 0.0f : (float)k;
        r[0] = 1; r[1] = 0; r[2] = 3; r[3] = 2;
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 2, in, 2, out));
        for (k = 0; k < 30; k++) want += x[k] != 0;
        CI_CHECK(ci_program_output_shape_after_run(p, 0, sh) == 2 && sh[0] == want && sh[1] == 2);
        for (k = 0; k < 30; k++)
            if (x[k] != 0) {
                CI_CHECK_MSG(nz[2 * at] == k / 5 && nz[2 * at + 1] == k % 5, "row %d", at);
                at++;
            }
        CI_CHECK(q[0] == 0 && q[1] == 2 && q[2] == 2 && q[3] == 2 && q[4] == 3 && q[5] == 3);
    }
    r[1] = -1;
    if (p) CI_CHECK(ci_program_run(p, 2, in, 2, out) == CI_ERR_RUNTIME);
    CI_CHECK_CONTAINS(ci_ctx_last_error(ctx), "repeats can not be negative");
    r[1] = 1;
    if (p) CI_CHECK(ci_program_run(p, 2, in, 2, out) == CI_ERR_RUNTIME);
    CI_CHECK_CONTAINS(ci_ctx_last_error(ctx), "allocated size does not match");
    r[1] = 0;
    if (p) CI_CHECK_OK_CTX(ctx, ci_program_run(p, 2, in, 2, out));
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

/* cig compiled for the device, run on inputs filled from seed (floats in [-1, 1), integers
   in [0, 5)): whether the run failed (*failed) and its message (msg) */
static void cuda_run_fails(ci_ctx *ctx, const char *cig, ci_device dev, uint64_t seed,
                           int *failed, char *msg, size_t msgsz) {
    ci_graph *g = ci_graph_create(ctx);
    ci_program *p = NULL;
    ci_compile_desc pd;
    char err[256];
    void *in[8] = {0}, *out[8] = {0};
    int i, k, nin, nout;
    msg[0] = 0;
    *failed = 0;
    CI_CHECK_MSG(ci_cig_parse(g, cig, strlen(cig), "err.cig", NULL, err, sizeof err) == CI_OK,
                 "%s", err);
    memset(&pd, 0, sizeof pd);
    pd.device = dev;
    if (dev == CI_DEVICE_CPU) pd.backend = CI_BACKEND_INTERP;
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
    nin = p ? ci_program_num_inputs(p) : 0;
    nout = p ? ci_program_num_outputs(p) : 0;
    CI_CHECK(nin <= 8 && nout <= 8);
    for (i = 0; p && i < nin && i < 8; i++) {
        int64_t sh[CI_MAX_DIMS], n = 1;
        int nd = ci_program_input_shape(p, i, sh);
        ci_dtype dt = ci_program_input_dtype(p, i);
        for (k = 0; k < nd; k++) n *= sh[k];
        in[i] = calloc((size_t)n + 1, 8);
        for (k = 0; k < n; k++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            double r = (double)(seed >> 11) / 9007199254740992.0;
            if (dt == CI_F32) ((float *)in[i])[k] = (float)(2 * r - 1);
            else if (dt == CI_F64) ((double *)in[i])[k] = 2 * r - 1;
            else if (dt == CI_I32) ((int32_t *)in[i])[k] = (int32_t)(r * 5);
            else if (dt == CI_I64) ((int64_t *)in[i])[k] = (int64_t)(r * 5);
        }
    }
    for (i = 0; p && i < nout && i < 8; i++) {
        int64_t sh[CI_MAX_DIMS], n = 1;
        int nd = ci_program_output_shape(p, i, sh);
        for (k = 0; k < nd; k++) n *= sh[k];
        out[i] = calloc((size_t)n + 1, 8);
    }
    if (p && ci_program_run(p, nin, (const void *const *)in, nout, out) != CI_OK) {
        *failed = 1;
        snprintf(msg, msgsz, "%s", ci_ctx_last_error(ctx));
    }
    for (i = 0; i < 8; i++) { free(in[i]); free(out[i]); }
    ci_program_destroy(p);
    ci_graph_destroy(g);
}

/* the linear-algebra kernels' checks and infos on the GPU fail a run as the host's do, with
   the same message (the same batch element) */
CI_TEST(test_cuda_failures_as_on_the_host) {
    int i;
    ci_ctx *ctx;
    if (cuda_why()) CI_SKIP(cuda_why());
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (i = 0; i < (int)(sizeof cuda_error_cases / sizeof *cuda_error_cases); i++) {
        char host[512], gpu[512];
        int fh, fg;
        cuda_run_fails(ctx, cuda_error_cases[i], CI_DEVICE_CPU, 77 + (uint64_t)i, &fh, host,
                       sizeof host);
        cuda_run_fails(ctx, cuda_error_cases[i], CI_DEVICE_CUDA, 77 + (uint64_t)i, &fg, gpu,
                       sizeof gpu);
        CI_CHECK_MSG(fh && fg && !strcmp(host, gpu), "error case %d: host %s (%s), GPU %s (%s)", i,
                     fh ? "failed" : "passed", host, fg ? "failed" : "passed", gpu);
    }
    ci_ctx_destroy(ctx);
}

/* a program of more slots than a launch's parameters hold: its pointer table in device
   memory (the others take theirs by value). The chain of adds is checked against the same
   adds in f32, in the same order (the same bits), and each row's sum in double. */
CI_TEST(test_cuda_large_pointer_table) {
    enum { N = CUDA_MANY_INPUTS, M = 3 * 33 };
    char *cig = NULL;
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    float *x = NULL, s[M], y[3], want[M];
    const void **in = NULL;
    void *out[2];
    int i, j;
    ci_test_rng r = ci_test_rng_make(cuda_seed());
    if (cuda_why()) CI_SKIP(cuda_why());
    cig = cuda_many_inputs_cig(N);
    x = (float *)malloc(sizeof(float) * N * M);
    in = (const void **)malloc(sizeof *in * N);
    CI_CHECK(cig && x && in);
    if (!cig || !x || !in) { free(cig); free(x); free(in); return; }
    ci_test_fill(CI_F32, x, (size_t)N * M, &r, -3, 3);
    for (i = 0; i < N; i++) in[i] = x + (size_t)i * M;
    for (j = 0; j < M; j++) {
        want[j] = x[j] + x[M + j];
        for (i = 2; i < N; i++) want[j] += x[(size_t)i * M + j];
    }
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    cuda_compile_cig(ctx, cig, "many.cig", &g, &p);
    CI_CHECK(p && strstr(ci_program_source(p), "ci_tab") == NULL);   /* (the device's table) */
    out[0] = s;
    out[1] = y;
    if (p) CI_CHECK_OK_CTX(ctx, ci_program_run(p, N, in, 2, out));
    if (p) CI_CHECK_OK_CTX(ctx, ci_program_run(p, N, in, 2, out));   /* (the table sent once) */
    CI_CHECK(memcmp(s, want, sizeof s) == 0);
    for (i = 0; i < 3; i++) {
        double t = 0;
        for (j = 0; j < 33; j++) t += want[i * 33 + j];
        CI_CHECK_MSG(fabs(y[i] - t) <= 1e-5 * (1 + fabs(t)), "row %d: %g, want %g", i, y[i], t);
    }
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    free(cig);
    free(x);
    free(in);
}

/* the kernel shapes of tests/cuda_cases.h: cooperative reductions (every kind, ties, NaNs,
   each block shape) and tiles */
CI_TEST(test_cuda_kernel_shapes) {
    int i;
    if (cuda_why()) CI_SKIP(cuda_why());
    for (i = 0; i < (int)(sizeof cuda_kernel_cases / sizeof *cuda_kernel_cases); i++)
        cuda_check_cig(cuda_kernel_cases[i], 300 + (uint64_t)i);
}

/* the kernel cases' f32 products again with ci_compile_desc.tf32: on the tensor cores (TF32
   inputs, f32 sums), within 1e-2 of the interpreter's f32 (an output's largest magnitude) */
CI_TEST(test_cuda_tf32_products) {
    int i, n = 0;
    if (cuda_why()) CI_SKIP(cuda_why());
    rg_tf32 = 1;
    for (i = 0; i < (int)(sizeof cuda_kernel_cases / sizeof *cuda_kernel_cases); i++) {
        const char *k = cuda_kernel_cases[i];
        if (!strstr(k, "f32[") || (!strstr(k, ".mm.") && !strstr(k, ".bmm.") &&
                                   !strstr(k, ".linear.")))
            continue;
        cuda_check_cig(k, 900 + (uint64_t)i);
        n++;
    }
    rg_tf32 = 0;
    CI_CHECK(n >= 8);
    {   /* and the source says so */
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        char err[256];
        CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
        g = ci_graph_create(ctx);
        CI_CHECK(ci_cig_parse(g, cuda_kernel_cases[32], strlen(cuda_kernel_cases[32]), "c.cig",
                              NULL, err, sizeof err) == CI_OK);
        memset(&pd, 0, sizeof pd);
        pd.device = CI_DEVICE_CUDA;
        pd.tf32 = 1;
        CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
        CI_CHECK(p && strstr(ci_program_source(p), "ci_bmm_tc<float, 3, ") != NULL);
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
}

/* products whose K is split across blocks give the same bits run after run (the parts are
   added in order, and the counters are back at 0 after each run); two split products of
   different sizes share the scratch, the larger one's parts over where the smaller one's
   would end, without touching its counters */
CI_TEST(test_cuda_split_product_repeats) {
    static const char *cig = "input a: f32[8, 2048]\ninput b: f32[2048, 40]\n"
                             "y = aten.mm.default(a, b)\ninput c: f32[64, 4096]\n"
                             "input d: f32[4096, 1024]\nz = aten.mm.default(c, d)\noutput y, z\n";
    static const size_t n[4] = {8 * 2048, 2048 * 40, 64 * 4096, 4096 * 1024};
    static const size_t ny[2] = {8 * 40, 64 * 1024};
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    float *x[4], *y1[2], *y2[2];
    const void *in[4];
    void *out[2];
    int r, i;
    ci_test_rng rng = ci_test_rng_make(cuda_seed());
    if (cuda_why()) CI_SKIP(cuda_why());
    for (i = 0; i < 4; i++) {
        x[i] = (float *)malloc(n[i] * 4);
        ci_test_fill(CI_F32, x[i], n[i], &rng, -3, 3);
        in[i] = x[i];
    }
    for (i = 0; i < 2; i++) {
        y1[i] = (float *)malloc(ny[i] * 4);
        y2[i] = (float *)malloc(ny[i] * 4);
    }
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    cuda_compile_cig(ctx, cig, "split.cig", &g, &p);
    out[0] = y1[0];
    out[1] = y1[1];
    CI_CHECK_OK_CTX(ctx, ci_program_run(p, 4, in, 2, out));
    for (r = 0; r < 5; r++) {
        for (i = 0; i < 2; i++) {
            out[i] = y2[i];
            memset(y2[i], 0xff, ny[i] * 4);
        }
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 4, in, 2, out));
        for (i = 0; i < 2; i++)
            CI_CHECK_MSG(memcmp(y1[i], y2[i], ny[i] * 4) == 0, "run %d, output %d differs", r + 2,
                         i);
    }
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    for (i = 0; i < 4; i++) free(x[i]);
    for (i = 0; i < 2; i++) {
        free(y1[i]);
        free(y2[i]);
    }
}

/* explain (CI_DEBUG_KERNELS) says where each extern kernel runs */
static char cuda_log[8192];
static void cuda_log_fn(ci_log_level level, const char *msg, void *user) {
    (void)level;
    (void)user;
    snprintf(cuda_log + strlen(cuda_log), sizeof cuda_log - strlen(cuda_log), "%s", msg);
}

CI_TEST(test_cuda_explain_says_where_externs_run) {
    static const char *cig = "input a: f32[4, 5]\ninput b: f32[5, 3]\ny = aten.mm.default(a, b)\n"
                             "input c: f64[80, 80]\nz = aten.linalg_det.default(c)\n"
                             "output y, z\n";
    ci_ctx_desc cd;
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc pd;
    char err[256];
    if (cuda_why()) CI_SKIP(cuda_why());
    memset(&cd, 0, sizeof cd);
    cd.log = cuda_log_fn;
    CI_CHECK_OK(ci_ctx_create(&cd, &ctx));
    g = ci_graph_create(ctx);
    CI_CHECK_OK(ci_cig_parse(g, cig, strlen(cig), "ext.cig", NULL, err, sizeof err));
    memset(&pd, 0, sizeof pd);
    pd.device = CI_DEVICE_CUDA;
    pd.debug = CI_DEBUG_KERNELS;
    cuda_log[0] = 0;
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
    CI_CHECK_CONTAINS(cuda_log, ", on the GPU\n");
    CI_CHECK_CONTAINS(cuda_log, ", on the host (its inputs copied from the GPU, its outputs back)"
                                ": the GPU runs it a thread a matrix for matrices up to 8");
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

/* ci_program_run_device on buffers from ci_cuda_alloc gives what ci_program_run gives */
CI_TEST(test_cuda_device_pointers) {
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc pd;
    int64_t sh[2] = {37, 129};
    size_t n = 37 * 129, i;
    float *x = (float *)malloc(n * 4), *y1 = (float *)malloc(n * 4), *y2 = (float *)malloc(n * 4);
    void *dx = NULL, *dy = NULL;
    ci_test_rng r = ci_test_rng_make(cuda_seed());
    if (cuda_why()) { free(x); free(y1); free(y2); CI_SKIP(cuda_why()); }
    ci_test_fill(CI_F32, x, n, &r, -3, 3);
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    g = ci_graph_create(ctx);
    ci_output(g, ci_softmax(g, ci_tanh(g, ci_input(g, "x", CI_F32, 2, sh)), -1));
    memset(&pd, 0, sizeof pd);
    pd.device = CI_DEVICE_CUDA;
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
    CI_CHECK(!strcmp(ci_program_backend(p), "nvrtc"));
    CI_CHECK(strstr(ci_program_source(p), "__global__") != NULL);
    CI_CHECK(ci_program_last_run_ms(p) == -1);   /* no run yet */
    {
        const void *in[1];
        void *out[1];
        in[0] = x;
        out[0] = y1;
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, in, 1, out));
        CI_CHECK_OK_CTX(ctx, ci_cuda_alloc(ctx, 0, n * 4, &dx));
        CI_CHECK_OK_CTX(ctx, ci_cuda_alloc(ctx, 0, n * 4, &dy));
        CI_CHECK_OK_CTX(ctx, ci_cuda_copy_to_device(ctx, 0, dx, x, n * 4));
        in[0] = dx;
        out[0] = dy;
        for (i = 0; i < n; i++) y2[i] = -1;
        CI_CHECK_OK_CTX(ctx, ci_program_run_device(p, 1, in, 1, out, NULL));
        CI_CHECK_OK_CTX(ctx, ci_cuda_copy_to_host(ctx, 0, y2, dy, n * 4));
        CI_CHECK(memcmp(y1, y2, n * 4) == 0);   /* the same kernels: the same bits */
        /* the kernels' GPU time, from events: short, but measured */
        CI_CHECK_MSG(ci_program_last_run_ms(p) > 0 && ci_program_last_run_ms(p) < 1000, "%g ms",
                     ci_program_last_run_ms(p));
        /* with L2 flushed first (CINDUCTOR_CUDA_FLUSH, benchmarks): the same bits, a time */
        setenv("CINDUCTOR_CUDA_FLUSH", "64", 1);
        for (i = 0; i < n; i++) y2[i] = -1;
        CI_CHECK_OK_CTX(ctx, ci_cuda_copy_to_device(ctx, 0, dy, y2, n * 4));   /* (poisoned) */
        CI_CHECK_OK_CTX(ctx, ci_program_run_device(p, 1, in, 1, out, NULL));
        CI_CHECK_OK_CTX(ctx, ci_program_run_device(p, 1, in, 1, out, NULL));
        unsetenv("CINDUCTOR_CUDA_FLUSH");
        CI_CHECK_OK_CTX(ctx, ci_cuda_copy_to_host(ctx, 0, y2, dy, n * 4));
        CI_CHECK(memcmp(y1, y2, n * 4) == 0);
        CI_CHECK_MSG(ci_program_last_run_ms(p) > 0 && ci_program_last_run_ms(p) < 1000, "%g ms",
                     ci_program_last_run_ms(p));
        for (i = 0; i < 37; i++) {   /* and right: each row sums to 1 */
            double s = 0;
            size_t j;
            for (j = 0; j < 129; j++) s += y1[i * 129 + j];
            CI_CHECK_MSG(fabs(s - 1) < 1e-5, "row %d sums to %g", (int)i, s);
        }
        out[0] = (char *)dx + 4 * 100;   /* an output over the input: refused */
        CI_CHECK_EQ_INT(ci_program_run_device(p, 1, in, 1, out, NULL), CI_ERR_INVALID_ARGS);
        CI_CHECK_CONTAINS(ci_ctx_last_error(ctx), "output 0 overlaps input 0");
        CI_CHECK_OK_CTX(ctx, ci_cuda_free(ctx, 0, dx));
        CI_CHECK_OK_CTX(ctx, ci_cuda_free(ctx, 0, dy));
    }
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    free(x); free(y1); free(y2);
}

/* a layer norm whose rows run as vectors (16-byte loads and stores) on device pointers that are
   4 bytes off 16-byte alignment: the kernel falls back to scalar accesses and gives the bits the
   aligned run gives */
/* constant folding for the GPU: the constant part (a transposed, scaled weight; its sum)
   computed on the CPU when compiling, the values sent with the other constants */
CI_TEST(test_cuda_constant_folding) {
    static const char *cig = "input x: f32[3, 4]\n"
                             "const w: f32[5, 4] = [[1, -2, 3, 0.5], [4, 5, -6, 1], [7, 8, 9, -1], "
                             "[0.25, 0, -1, 2], [3, 1, 4, 1]]\n"
                             "const s: f32[5] = [0.5, -1, 2, 1.5, 3]\n"
                             "wt = aten.t(w)\nws = aten.mul.Tensor(wt, s)\ny = aten.mm(x, ws)\n"
                             "m = aten.sum(w)\nz = aten.add.Tensor(y, m)\noutput z\n";
    if (cuda_why()) CI_SKIP(cuda_why());
    cuda_check_cig(cig, cuda_seed());
}

CI_TEST(test_cuda_row_vectors_unaligned) {
    static const char *cig = "input x: f32[5, 1024]\ninput w: f32[1024]\ninput b: f32[1024]\n"
                             "y, m, r = aten.native_layer_norm.default(x, [1024], w, b, 1e-05)\n"
                             "output y\n";
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    size_t n = 5 * 1024, k, i;
    float *h[3], *y1 = (float *)malloc(n * 4), *y2 = (float *)malloc(n * 4);
    void *d[4] = {NULL, NULL, NULL, NULL};
    size_t sz[4] = {n, 1024, 1024, n};
    ci_test_rng r = ci_test_rng_make(cuda_seed());
    if (cuda_why()) { free(y1); free(y2); CI_SKIP(cuda_why()); }
    for (k = 0; k < 3; k++) {
        h[k] = (float *)malloc(sz[k] * 4);
        ci_test_fill(CI_F32, h[k], sz[k], &r, -3, 3);
    }
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    cuda_compile_cig(ctx, cig, "ln.cig", &g, &p);
    CI_CHECK(strstr(ci_program_source(p), "st.v4.f32") != NULL);
    {
        const void *in[3];
        void *out[1];
        for (k = 0; k < 3; k++) in[k] = h[k];
        out[0] = y1;
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 3, in, 1, out));
        for (k = 0; k < 4; k++) {   /* each buffer one float past an aligned allocation */
            CI_CHECK_OK_CTX(ctx, ci_cuda_alloc(ctx, 0, (sz[k] + 1) * 4, &d[k]));
            if (k < 3)
                CI_CHECK_OK_CTX(ctx, ci_cuda_copy_to_device(ctx, 0, (float *)d[k] + 1, h[k],
                                                            sz[k] * 4));
            if (k < 3) in[k] = (float *)d[k] + 1;
        }
        out[0] = (float *)d[3] + 1;
        for (i = 0; i < n; i++) y2[i] = -1;
        CI_CHECK_OK_CTX(ctx, ci_program_run_device(p, 3, in, 1, out, NULL));
        CI_CHECK_OK_CTX(ctx, ci_cuda_copy_to_host(ctx, 0, y2, (float *)d[3] + 1, n * 4));
        CI_CHECK(memcmp(y1, y2, n * 4) == 0);
        for (k = 0; k < 4; k++) CI_CHECK_OK_CTX(ctx, ci_cuda_free(ctx, 0, d[k]));
    }
    for (i = 0; i < 5; i++) {   /* and right: each row's mean 0 before w and b */
        double mx = 0;
        size_t j;
        for (j = 0; j < 1024; j++) {
            double v = (y1[i * 1024 + j] - h[2][j]) / h[1][j];
            mx += v;
        }
        CI_CHECK_MSG(fabs(mx / 1024) < 1e-3, "row %d: mean %g", (int)i, mx / 1024);
    }
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    for (k = 0; k < 3; k++) free(h[k]);
    free(y1); free(y2);
}

/* an index out of range and an integer division by zero: reported as on the CPU */
CI_TEST(test_cuda_run_time_checks) {
    static const char *cig =
        "input x: f32[10]\ninput i: i64[4]\ny = aten.index_select.default(x, 0, i)\noutput y\n";
    static const char *cig2 = "input a: i64[5]\ninput b: i64[5]\ny = aten.floor_divide.default(a, b)\noutput y\n";
    ci_ctx *ctx;
    ci_graph *g, *g2;
    ci_program *p = NULL, *p2 = NULL;
    float x[10] = {0}, y[4];
    int64_t idx[4] = {1, 2, 12, 3}, a[5] = {1, 2, 3, 4, 5}, b[5] = {1, 1, 0, 1, 1}, q[5];
    const void *in[2];
    void *out[1];
    if (cuda_why()) CI_SKIP(cuda_why());
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    cuda_compile_cig(ctx, cig, "idx.cig", &g, &p);
    cuda_compile_cig(ctx, cig2, "div.cig", &g2, &p2);
    in[0] = x;
    in[1] = idx;
    out[0] = y;
    CI_CHECK_EQ_INT(ci_program_run(p, 2, in, 1, out), CI_ERR_RUNTIME);
    CI_CHECK_CONTAINS(ci_ctx_last_error(ctx), "index 12 is out of bounds");
    idx[2] = 9;
    CI_CHECK_OK_CTX(ctx, ci_program_run(p, 2, in, 1, out));
    CI_CHECK_OK_CTX(ctx, ci_program_run(p, 2, in, 1, out));   /* the flag stays clear */
    idx[0] = -11;   /* and is set again by the next failure, with this one's value */
    CI_CHECK_EQ_INT(ci_program_run(p, 2, in, 1, out), CI_ERR_RUNTIME);
    CI_CHECK_CONTAINS(ci_ctx_last_error(ctx), "index -11 is out of bounds");
    idx[0] = 1;
    CI_CHECK_OK_CTX(ctx, ci_program_run(p, 2, in, 1, out));
    in[0] = a;
    in[1] = b;
    out[0] = q;
    CI_CHECK_EQ_INT(ci_program_run(p2, 2, in, 1, out), CI_ERR_RUNTIME);
    CI_CHECK_CONTAINS(ci_ctx_last_error(ctx), "ZeroDivisionError");
    b[2] = 2;
    CI_CHECK_OK_CTX(ctx, ci_program_run(p2, 2, in, 1, out));
    CI_CHECK(q[2] == 1 && q[4] == 5);
    ci_program_destroy(p);
    ci_program_destroy(p2);
    ci_graph_destroy(g);
    ci_graph_destroy(g2);
    ci_ctx_destroy(ctx);
}

int main(int argc, char **argv) {
    int i;
    for (i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--graphs")) cuda_graphs = atoi(argv[i + 1]);
    ci_test_init(argc > 1 && argv[1][0] != '-' ? 2 : 1, argv);
    rg_fused_device = CI_DEVICE_CUDA;
    /* an f64 output computed from f32 values (a cast after f32 math) carries the f32 math
       functions' rounding, and CUDA's expf/erff differ from libm's by an ulp or two */
    rg_rtol_f64 = 1e-6;
    CI_RUN(test_cuda_suite_shapes);
    CI_RUN(test_cuda_kernel_shapes);
    CI_RUN(test_cuda_tf32_products);
    CI_RUN(test_cuda_large_pointer_table);
    CI_RUN(test_cuda_split_product_repeats);
    CI_RUN(test_cuda_explain_says_where_externs_run);
    CI_RUN(test_cuda_device_pointers);
    CI_RUN(test_cuda_constant_folding);
    CI_RUN(test_cuda_row_vectors_unaligned);
    CI_RUN(test_cuda_run_time_checks);
    CI_RUN(test_cuda_run_stopped_early);
    CI_RUN(test_cuda_sizes_and_checks_after_a_run);
    CI_RUN(test_cuda_failures_as_on_the_host);
    CI_RUN(test_cuda_random_graphs);
    return ci_test_done();
}
