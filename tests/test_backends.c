/* White-box tests of the backend table (>>rt, ci__rt_backends) and the pipeline's use of it: every
   ci_backend value has one entry; the default for the CPU is the first available entry, for
   CUDA none; refusals name the backend; a program runs and is destroyed through its entry
   (checked by wrapping the interpreter's entry and counting calls, with hand-computed
   results); the emitter runs before a backend that needs the source and not before one that
   does not; the thread pool starts only for a backend that needs threads. Includes the
   implementation. */
#define CINDUCTOR_IMPLEMENTATION
#include "ci_test.h"

#define NBACKENDS ((int)(sizeof ci__rt_backends / sizeof ci__rt_backends[0]))

CI_TEST(test_backend_table_has_each_value_once) {
    int id, i;
    for (id = CI_BACKEND_DEFAULT + 1; id < CI_BACKEND_COUNT; id++) {
        int seen = 0;
        for (i = 0; i < NBACKENDS; i++) seen += ci__rt_backends[i]->id == (ci_backend)id;
        CI_CHECK_MSG(seen == 1, "ci_backend %d has %d entries", id, seen);
    }
    CI_CHECK_EQ_INT(NBACKENDS, CI_BACKEND_COUNT - 1);
    for (i = 0; i < NBACKENDS; i++) {
        const ci__backend *e = ci__rt_backends[i];
        const char *why = e->available();
        CI_CHECK(e->name && e->name[0]);
        /* an available entry can compile and run; a refused one says why, naming itself */
        if (!why) CI_CHECK_MSG(e->compile && e->run, "%s: available without compile/run", e->name);
        else CI_CHECK_MSG(strstr(why, e->name) || strstr(why, "libtcc"), "%s: '%s'", e->name, why);
    }
    CI_CHECK(ci__rt_backends[0]->id == CI_BACKEND_TCC);
    CI_CHECK(ci__rt_backends[1]->id == CI_BACKEND_INTERP);
    CI_CHECK(ci__interp_backend.available() == NULL);
    CI_CHECK(ci__cc_backend.needs == (CI__BE_SOURCE | CI__BE_THREADS | CI__BE_HOSTPTRS));
    /* only cc's objects reach the host's functions through pointers (ci_cc_bind) */
    for (i = 0; i < NBACKENDS; i++)
        if (ci__rt_backends[i] != &ci__cc_backend)
            CI_CHECK_MSG(!(ci__rt_backends[i]->needs & CI__BE_HOSTPTRS), "%s", ci__rt_backends[i]->name);
    if (ci__cuda_backend.available()) CI_CHECK(strstr(ci__cuda_backend.available(), "nvrtc"));
}

CI_TEST(test_backend_selection) {
    char why[200];
    const ci__backend *be;
    be = ci__rt_backend(CI_DEVICE_DEFAULT, CI_BACKEND_DEFAULT, why, sizeof why);
#ifndef CINDUCTOR_NO_TCC
    CI_CHECK(be == &ci__tcc_backend);
#else
    CI_CHECK(be == &ci__interp_backend);
#endif
    be = ci__rt_backend(CI_DEVICE_CPU, CI_BACKEND_INTERP, why, sizeof why);
    CI_CHECK(be == &ci__interp_backend);
    be = ci__rt_backend(CI_DEVICE_CUDA, CI_BACKEND_DEFAULT, why, sizeof why);
    if (ci__cuda_backend.available()) {   /* no GPU, driver or NVRTC here */
        CI_CHECK(be == NULL);
        CI_CHECK_MSG(strstr(why, "CUDA") != NULL, "%s", why);
        CI_CHECK_MSG(ci_backend_unavailable(CI_DEVICE_CUDA, CI_BACKEND_DEFAULT) &&
                     strstr(ci_backend_unavailable(CI_DEVICE_CUDA, CI_BACKEND_DEFAULT), "CUDA"),
                     "%s", why);
    } else {
        CI_CHECK(be == &ci__cuda_backend);
        CI_CHECK(ci_backend_unavailable(CI_DEVICE_CUDA, CI_BACKEND_DEFAULT) == NULL);
    }
    CI_CHECK(ci_backend_unavailable(CI_DEVICE_CPU, CI_BACKEND_INTERP) == NULL);
    CI_CHECK(ci_backend_unavailable((ci_device)9, CI_BACKEND_INTERP) != NULL);
    be = ci__rt_backend(CI_DEVICE_CUDA, CI_BACKEND_INTERP, why, sizeof why);
    CI_CHECK(be == NULL);
    CI_CHECK_MSG(strstr(why, "interp") && strstr(why, "CUDA"), "%s", why);
    be = ci__rt_backend(CI_DEVICE_DEFAULT, CI_BACKEND_CC, why, sizeof why);
    if (ci__cc_backend.available()) {
        CI_CHECK(be == NULL);
        CI_CHECK_MSG(strstr(why, "cc backend") != NULL, "%s", why);
    } else CI_CHECK(be == &ci__cc_backend);
    be = ci__rt_backend(CI_DEVICE_DEFAULT, CI_BACKEND_NVRTC, why, sizeof why);
    CI_CHECK(be == NULL);
    CI_CHECK_MSG(strstr(why, "nvrtc") != NULL, "%s", why);
}

/* the interpreter's entry, wrapped to count what the pipeline calls */
static int n_compile, n_run, n_destroy, saw_source;
static void *counting_compile(ci_program *p) {
    n_compile++;
    saw_source = p->source != NULL;
    return ci__interp_prepare(p);
}
static int counting_run(ci_program *p) { n_run++; return ci__interp_run(p); }
static void counting_destroy(ci_program *p) { (void)p; n_destroy++; }

/* y = x * 2 + 1 over f32[4] */
static ci_graph *small_graph(ci_ctx *ctx) {
    ci_graph *g = ci_graph_create(ctx);
    int64_t s[1] = {4};
    ci_tensor x = ci_input(g, "x", CI_F32, 1, s);
    ci_output(g, ci_add(g, ci_mul(g, x, ci_scalar(g, 2.0)), ci_scalar(g, 1.0)));
    return g;
}

CI_TEST(test_backend_entry_drives_compile_run_destroy) {
    static const float x[4] = {0.0f, 1.0f, -2.5f, 3.0f};
    ci__backend counting = ci__interp_backend;
    ci_ctx *ctx = NULL;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc d;
    float y[4];
    const void *ins[1];
    void *outs[1];
    int pass, i;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    g = small_graph(ctx);
    counting.compile = counting_compile;
    counting.run = counting_run;
    counting.destroy = counting_destroy;
    memset(&d, 0, sizeof d);
    for (pass = 0; pass < 2; pass++) {   /* without, then with, the need for the C source */
        counting.needs = pass ? CI__BE_SOURCE : 0;
        n_compile = n_run = n_destroy = 0;
        /* ci_compile picks only table entries: build the program as it does, with this one */
        p = (ci_program *)ci__malloc(ctx, sizeof *p);
        CI_CHECK(p != NULL);
        memset(p, 0, sizeof *p);
        p->ctx = ctx;
        p->be = &counting;
        p->A = ci__arena_new(ctx, &p->E);
        ci__public_ctx_retain(ctx);
        if (setjmp(p->E.jb)) {
            p->E.armed = 0;
            CI_CHECK_MSG(0, "compile failed: %s", p->E.msg);
            ci_program_destroy(p);
            break;
        }
        p->E.armed = 1;
        p->nin = 1; p->nout = 1; p->num_threads = 4;
        p->in_nd = CI__NEWN(p->A, int, 1); p->out_nd = CI__NEWN(p->A, int, 1);
        p->in_shape = CI__NEWN(p->A, int64_t, CI_MAX_DIMS); p->out_shape = CI__NEWN(p->A, int64_t, CI_MAX_DIMS);
        p->in_nd[0] = p->out_nd[0] = 1; p->in_shape[0] = p->out_shape[0] = 4;
        ci__compile(p, g, &d, 0, NULL);
        p->E.armed = 0;
        CI_CHECK_EQ_INT(n_compile, 1);
        CI_CHECK_EQ_INT(saw_source, pass);        /* the C was written first only when needed */
        CI_CHECK(p->pool == NULL);                /* no CI__BE_THREADS: no workers, 4 threads asked */
        CI_CHECK_STR_EQ(ci_program_backend(p), "interp");
        ins[0] = x; outs[0] = y;
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, ins, 1, outs));
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, ins, 1, outs));
        CI_CHECK_EQ_INT(n_run, 2);
        for (i = 0; i < 4; i++) CI_CHECK_MSG(y[i] == x[i] * 2.0f + 1.0f, "y[%d] = %g", i, (double)y[i]);
        ci_program_destroy(p);
        CI_CHECK_EQ_INT(n_destroy, 1);
    }
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

CI_TEST(test_thread_pool_only_where_needed) {
    ci_ctx *ctx = NULL;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc pd;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    g = small_graph(ctx);
    memset(&pd, 0, sizeof pd);
    pd.num_threads = 3;
    pd.backend = CI_BACKEND_INTERP;   /* (it splits fused kernels across the pool too) */
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
#ifndef CINDUCTOR_NO_THREADS
    CI_CHECK(p->pool != NULL);
    if (p->pool) CI_CHECK_EQ_INT(p->pool->nthreads, 2);
#endif
    CI_CHECK_STR_EQ(ci_program_backend(p), "interp");
    /* the GPU time of a run: none on the CPU */
    CI_CHECK(ci_program_last_run_ms(p) == -1 && ci_program_last_run_ms(NULL) == -1);
    ci_program_destroy(p);
#ifndef CINDUCTOR_NO_TCC
    pd.backend = CI_BACKEND_DEFAULT;
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
    CI_CHECK_STR_EQ(ci_program_backend(p), "tcc");
#ifndef CINDUCTOR_NO_THREADS
    CI_CHECK(p->pool != NULL);
    if (p->pool) CI_CHECK_EQ_INT(p->pool->nthreads, 2);   /* besides the caller */
#endif
    ci_program_destroy(p);
#endif
    /* the refusals ci_compile reports, through the same table */
#ifdef CI__CC
    {
        char *old = getenv("CINDUCTOR_CC") ? strdup(getenv("CINDUCTOR_CC")) : NULL;
        setenv("CINDUCTOR_CC", "/nonexistent/cc", 1);
        pd.backend = CI_BACKEND_CC;
        CI_CHECK_EQ_INT(ci_compile(g, &pd, &p), CI_ERR_BACKEND_UNAVAILABLE);
        CI_CHECK_MSG(strstr(ci_ctx_last_error(ctx), "'/nonexistent/cc' could not be run") != NULL,
                     "%s", ci_ctx_last_error(ctx));
        if (old) setenv("CINDUCTOR_CC", old, 1);
        else unsetenv("CINDUCTOR_CC");
        free(old);
    }
#else
    pd.backend = CI_BACKEND_CC;
    CI_CHECK_EQ_INT(ci_compile(g, &pd, &p), CI_ERR_BACKEND_UNAVAILABLE);
    CI_CHECK(strstr(ci_ctx_last_error(ctx), "no cc backend") != NULL);
#endif
    pd.backend = CI_BACKEND_TCC;
    pd.device = CI_DEVICE_CUDA;
    CI_CHECK_EQ_INT(ci_compile(g, &pd, &p), CI_ERR_BACKEND_UNAVAILABLE);
#ifndef CINDUCTOR_NO_TCC
    CI_CHECK(strstr(ci_ctx_last_error(ctx), "does not run on the CUDA device") != NULL);
#else
    CI_CHECK(strstr(ci_ctx_last_error(ctx), "no libtcc") != NULL);   /* said first */
#endif
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

#ifdef CI__CC
/* how many files dir holds */
static int count_files(const char *dir) {
    char cmd[600], out[64];
    FILE *f;
    snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", dir);
    f = popen(cmd, "r");
    if (!f || !fgets(out, sizeof out, f)) {
        if (f) pclose(f);
        return -1;
    }
    pclose(f);
    return atoi(out);
}
#endif

/* the system compiler's backend: the same results as the interpreter's reference on a graph
   with reductions, math and a product with its epilogue (2 threads), one object in a fresh
   cache directory, opened again from there; a compiler that fails is reported with its log */
CI_TEST(test_cc_backend_compiles_caches_and_reports) {
#ifndef CI__CC
    CI_SKIP("this build has no cc backend");
#else
    const char *text = "input x: f32[37, 300]\ninput b: f32[300]\nh = aten.add.Tensor(x, b)\n"
                       "e = aten.erf.default(h)\np = aten._softmax.default(e, -1, False)\n"
                       "s = aten.sum.dim_IntList(h, [0])\ninput wm: f32[300, 5]\n"
                       "q = aten.mm.default(e, wm)\nr = aten.relu.default(q)\noutput p, s, r\n";
    ci_ctx *ctx = NULL;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc d;
    char dir[] = "/tmp/ci_cc_cacheXXXXXX", err[300];
    static float x[37 * 300], b[300], wm[300 * 5], want[3][37 * 300], got[3][37 * 300];
    static const int nel[3] = {37 * 300, 300, 37 * 5};
    const void *ins[3] = {x, b, wm};
    void *w[3] = {want[0], want[1], want[2]}, *o[3] = {got[0], got[1], got[2]};
    ci_test_rng r = ci_test_rng_make(41);
    int pass, k;
    const char *why = ci__cc_backend.available();
    if (why) CI_SKIP(why);
    CI_CHECK(mkdtemp(dir) != NULL);
    ci_test_fill_normal_f32(x, 37 * 300, &r);
    ci_test_fill_normal_f32(b, 300, &r);
    ci_test_fill_normal_f32(wm, 300 * 5, &r);
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    g = ci_graph_create(ctx);
    CI_CHECK_OK(ci_cig_parse(g, text, strlen(text), "cc", NULL, err, sizeof err));
    memset(&d, 0, sizeof d);
    d.backend = CI_BACKEND_INTERP;
    d.reference = 1;
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &d, &p));
    CI_CHECK_OK_CTX(ctx, ci_program_run(p, 3, ins, 3, w));
    ci_program_destroy(p);
    d.backend = CI_BACKEND_CC;
    d.reference = 0;
    d.num_threads = 2;
    d.cache_dir = dir;
    for (pass = 0; pass < 2; pass++) {   /* compiled, then opened from the cache */
        p = NULL;
        memset(got, 0, sizeof got);
        CI_CHECK_OK_CTX(ctx, ci_compile(g, &d, &p));
        if (!p) break;
        CI_CHECK_STR_EQ(ci_program_backend(p), "cc");
        CI_CHECK(strstr(ci_program_source(p), "ci_cc_bind") != NULL);
        CI_CHECK(strstr(ci_program_source(p), "ci_rt_extern_epi(rt,") != NULL);
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 3, ins, 3, o));
        for (k = 0; k < 3; k++)
            CI_CHECK_MSG(ci_test_allclose_f32(got[k], want[k], (size_t)nel[k], 1e-5, 1e-5, err,
                                              sizeof err),
                         "pass %d, output %d: %s", pass, k, err);
        ci_program_destroy(p);
        CI_CHECK_EQ_INT(count_files(dir), 1);   /* the object, no temporary left */
    }
    /* a compiler that fails: its log in the error */
    {
        char *old = getenv("CINDUCTOR_CC_FLAGS") ? strdup(getenv("CINDUCTOR_CC_FLAGS")) : NULL;
        setenv("CINDUCTOR_CC_FLAGS", "-O1 -include /nonexistent/ci_missing.h", 1);
        CI_CHECK_EQ_INT(ci_compile(g, &d, &p), CI_ERR_COMPILE);
        CI_CHECK_MSG(strstr(ci_ctx_last_error(ctx), "failed to compile") &&
                             strstr(ci_ctx_last_error(ctx), "ci_missing.h"),
                     "%s", ci_ctx_last_error(ctx));
        CI_CHECK_EQ_INT(count_files(dir), 1);
        if (old) setenv("CINDUCTOR_CC_FLAGS", old, 1);
        else unsetenv("CINDUCTOR_CC_FLAGS");
        free(old);
    }
    {
        char cmd[100];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        CI_CHECK(system(cmd) == 0);
    }
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
#endif
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_backend_table_has_each_value_once);
    CI_RUN(test_backend_selection);
    CI_RUN(test_backend_entry_drives_compile_run_destroy);
    CI_RUN(test_thread_pool_only_where_needed);
    CI_RUN(test_cc_backend_compiles_caches_and_reports);
    return ci_test_done();
}
