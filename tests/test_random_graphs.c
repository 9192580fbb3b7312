/* Random graphs over every op family (tests/random_graph.h): indexing, gathers, pooling,
   resampling, padding, scatters, views, cat/stack, extern kernels, reductions and scans, with
   pointwise producers and consumers, in f32, f64, i64 and bool. Each graph runs fused on TCC,
   fused on the interpreter and unfused on the interpreter; the three must agree.

   The same binary is the C side of `make fuzz-graphs`:
       test_random_graphs --fuzz SECONDS [--seed S] [--save DIR] [--count N]
                                                      graphs S, S+1, ... for SECONDS (or N graphs)
       test_random_graphs --replay S                              graph S once, its text and result
       test_random_graphs --emit S                                graph S's .cig text on stdout
       test_random_graphs --check FILE.cig                        one graph from a file
   A failing graph's seed is printed and its .cig saved as DIR/graph-S.cig. */
#include "random_graph.h"

#include <time.h>

/* the graphs the test draws, and how many every family must have met */
#define RG_TEST_GRAPHS 300

static int rg_has(const char *text, const char *op) { return strstr(text, op) != NULL; }

CI_TEST(test_random_graphs_every_family) {
    /* each family's op names: the test fails if the draws never reach one */
    static const char *fam[] = {"aten.index_select", "aten.gather", "aten.embedding", "aten.index.Tensor", "max_pool2d",
                                "avg_pool2d", "adaptive_max_pool2d", "_adaptive_avg_pool2d", "upsample_nearest2d",
                                "upsample_bilinear2d", "constant_pad_nd", "reflection_pad2d", "replication_pad2d",
                                "aten.scatter.src", "aten.scatter.value", "aten.scatter_add", "aten.index_put", "aten.permute",
                                "aten.transpose", "aten.slice", "aten.select", "aten.expand", "aten.reshape", "aten.unsqueeze",
                                "aten.narrow", "aten.flip", "aten.cat", "aten.stack", "aten.mm", "aten.bmm", "aten.addmm",
                                "aten.convolution", "aten.sort", "aten.topk", "aten.cumsum", "aten.cummax", "aten.sum",
                                "aten.amax", "aten.argmax", "aten.max.dim", "aten._to_copy", "aten.where", "aten.matmul",
                                "input x2: i64", "input x2: i32", "bool[", "f64[", "aten._softmax", "aten.var.correction",
                                "aten.roll", "aten.repeat", "aten.unfold", "aten.diagonal", "aten.slice_scatter",
                                "aten.select_scatter", "aten.cumprod", "aten.cummin", "aten.logcumsumexp", "aten.argsort",
                                "aten.native_layer_norm", "upsample_nearest2d.vec", "upsample_bilinear2d.vec",
                                "aten.scatter_reduce", "aten.logsumexp", "aten.prod.dim_int", "aten.linalg_",
                                "aten.nonzero", "aten.masked_select", "aten._unique2", "aten.unique_dim"};
    int seen[sizeof fam / sizeof fam[0]], i, f;
    ci_ctx *ctx;
    memset(seen, 0, sizeof seen);
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (i = 0; i < RG_TEST_GRAPHS; i++) {
        char *cig = rg_generate(1000 + (uint64_t)i), why[1024];
        int ok = rg_check(ctx, cig, 1000 + (uint64_t)i, why, sizeof why);
        for (f = 0; f < (int)(sizeof fam / sizeof fam[0]); f++) seen[f] += rg_has(cig, fam[f]);
        if (!ok) {
            ci_ctx_destroy(ctx);
            ci_test_check_(0, __FILE__, __LINE__, "graph seed %d: %s\n%s", 1000 + i, why, cig);
            free(cig);
            return;
        }
        free(cig);
    }
    ci_ctx_destroy(ctx);
    for (f = 0; f < (int)(sizeof fam / sizeof fam[0]); f++) CI_CHECK_MSG(seen[f] > 0, "no graph drew %s", fam[f]);
}

/* producers feeding ops that read through computed indices: the smallest case (a
   pointwise op before bilinear upsampling) and its kin, and two the random graphs found after
   the fix of loads: an index expression of the producer (a pointwise cat's bounds, an adaptive
   pool's window) took the gather's computed index without the indirect value it names */
CI_TEST(test_random_graphs_producers_into_gathers) {
    static const char *cigs[] = {
        "input x0: f32[1, 4, 8, 8]\nt0 = aten.relu.default(x0)\nt1 = aten.upsample_bilinear2d.default(t0, [16, 16], False)\noutput t1\n",
        "input x0: f32[1, 2, 3, 5]\nt0 = aten.sigmoid.default(x0)\nt1 = aten.upsample_nearest2d.default(t0, [7, 4])\noutput t1\n",
        "input x0: f32[3, 5]\nconst c0: i64[4] = [2, 0, 1, 2]\nt0 = aten.abs.default(x0)\n"
        "t1 = aten.index_select.default(t0, 0, c0)\noutput t1\n",
        "input x0: f64[2, 6]\nconst c0: i64[2, 2] = [[5, 0], [1, 1]]\nt0 = aten.mul.Tensor(x0, 2)\n"
        "t1 = aten.gather.default(t0, 1, c0)\noutput t1\n",
        "input x1: f64[5, 5]\nconst c0: i64[2, 1] = [[2], [0]]\nt4 = aten.embedding.default(x1, c0)\n"
        "t6 = aten.cat.default([t4, t4, t4], 0)\nconst c1: i64[2] = [3, 0]\nt7 = aten.index_select.default(t6, 0, c1)\noutput t7\n",
        "input x0: f32[1, 2, 1, 7]\nt5 = aten._adaptive_avg_pool2d.default(x0, [3, 1])\nconst c1: i64[3] = [0, 0, 0]\n"
        "t6 = aten.index.Tensor(t5, [None, None, None, c1])\noutput t6\n",
        "input x0: f32[2, 3]\ninput x1: f32[4, 3]\nt0 = aten.cat.default([x0, x1], 0)\nconst c0: i64[5] = [5, 0, 1, 3, 2]\n"
        "t1 = aten.index_select.default(t0, 0, c0)\nt2 = aten.relu.default(t1)\noutput t2\n",
    };
    ci_ctx *ctx;
    size_t i;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (i = 0; i < sizeof cigs / sizeof cigs[0]; i++) {
        char why[1024];
        int ok = rg_check(ctx, cigs[i], 7 + i, why, sizeof why);
        if (!ok) { ci_ctx_destroy(ctx); CI_CHECK_MSG(0, "case %d: %s", (int)i, why); }
    }
    ci_ctx_destroy(ctx);
}

/* a gather from a producer whose mask is an index expression (constant_pad_nd's bounds): the
   mask must test the gathered row, not a stale variable; both programs, fused and unfused, read
   the wrong row before, so the reference is computed here */
CI_TEST(test_gather_of_a_padded_producer) {
    static const char cig[] = "input x: f64[3, 6]\nconst c: i64[4] = [1, 0, 2, 3]\n"
                              "p = aten.constant_pad_nd.default(x, [0, 0, 1, 0], 2)\nr = aten.relu.default(p)\n"
                              "y = aten.embedding.default(r, c)\noutput y\n";
    static const int64_t rows[4] = {1, 0, 2, 3};
    double x[18], y[24];
    const void *in[1];
    void *out[1];
    ci_ctx *ctx;
    int be, i, j;
    for (i = 0; i < 18; i++) x[i] = (double)(i % 7) - 3.5;
    in[0] = x;
    out[0] = y;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    for (be = 0; be < 3; be++) {
        rg_prog P;
        char why[512];
        if (!rg_compile(ctx, cig, be == 0 ? CI_BACKEND_TCC : CI_BACKEND_INTERP, be == 2, &P, why, sizeof why)) {
            rg_prog_free(&P);
            ci_ctx_destroy(ctx);
            CI_CHECK_MSG(0, "%s", why);
        }
        memset(y, 0, sizeof y);
        CI_CHECK_OK_CTX(ctx, ci_program_run(P.p, 1, in, 1, out));
        rg_prog_free(&P);
        for (i = 0; i < 4; i++)
            for (j = 0; j < 6; j++) {
                double want = rows[i] == 0 ? 2.0 : x[(rows[i] - 1) * 6 + j];
                want = want > 0 ? want : 0;
                CI_CHECK_MSG(y[i * 6 + j] == want, "backend %d: y[%d][%d] = %g, want %g", be, i, j, y[i * 6 + j], want);
            }
    }
    ci_ctx_destroy(ctx);
}

/* the generator writes what it means: the same seed, the same text; graphs differ by seed;
   index constants in range (checked by the interpreter's run-time index check in rg_check) */
CI_TEST(test_random_graphs_deterministic) {
    char *a = rg_generate(77), *b = rg_generate(77), *c = rg_generate(78);
    int same = !strcmp(a, b), differ = strcmp(a, c) != 0;
    free(a); free(b); free(c);
    CI_CHECK_MSG(same, "seed 77 gave two texts");
    CI_CHECK_MSG(differ, "seeds 77 and 78 gave one text");
}

static double rg_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* --fuzz / --replay / --emit; returns the exit status */
static int rg_fuzz_main(int argc, char **argv) {
    double seconds = 0, t0 = rg_now();
    uint64_t seed = (uint64_t)time(NULL) % 1000000007ULL, s;
    const char *save = NULL, *mode = argv[1];
    long ngraphs = 0, nfail = 0, count = -1;
    int i;
    ci_ctx *ctx;
    for (i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--save") && i + 1 < argc) save = argv[++i];
        else if (!strcmp(argv[i], "--count") && i + 1 < argc) count = atol(argv[++i]);
        else if (!strcmp(mode, "--check")) break;
        else if (!strcmp(mode, "--fuzz") && i == 2) seconds = atof(argv[i]);
        else if (strcmp(mode, "--fuzz") && i == 2) seed = strtoull(argv[i], NULL, 10);
        else { fprintf(stderr, "usage: %s --fuzz SECONDS [--seed S] [--save DIR] [--count N] | --replay S | --emit S\n", argv[0]); return 2; }
    }
    if (!strcmp(mode, "--check")) { /* a .cig file (a saved or hand-reduced graph) */
        FILE *f = argc > 2 ? fopen(argv[2], "rb") : NULL;
        char *text, why[2048];
        long n;
        int ok;
        if (!f) { fprintf(stderr, "cannot open %s\n", argc > 2 ? argv[2] : "(none)"); return 2; }
        fseek(f, 0, SEEK_END);
        n = ftell(f);
        fseek(f, 0, SEEK_SET);
        text = (char *)calloc((size_t)n + 1, 1);
        if (fread(text, 1, (size_t)n, f) != (size_t)n) n = 0;
        fclose(f);
        if (ci_ctx_create(NULL, &ctx) != CI_OK) return 2;
        ok = rg_check(ctx, text, 1, why, sizeof why);
        printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", argv[2], ok ? "" : ": ", why);
        free(text);
        ci_ctx_destroy(ctx);
        return !ok;
    }
    if (!strcmp(mode, "--emit")) {
        char *cig = rg_generate(seed);
        fputs(cig, stdout);
        free(cig);
        return 0;
    }
    if (ci_ctx_create(NULL, &ctx) != CI_OK) return 2;
    if (!strcmp(mode, "--fuzz")) printf("fuzz-graphs (C): seeds from %llu for %g s\n", (unsigned long long)seed, seconds);
    for (s = seed;; s++) {
        char *cig = rg_generate(s), why[2048];
        int ok = rg_check(ctx, cig, s, why, sizeof why);
        ngraphs++;
        if (!strcmp(mode, "--replay")) printf("%s", cig);
        if (!ok) {
            nfail++;
            printf("FAIL graph seed %llu: %s\n", (unsigned long long)s, why);
            printf("    replay: %s --replay %llu\n", argv[0], (unsigned long long)s);
            if (save) {
                char path[1024];
                FILE *f;
                snprintf(path, sizeof path, "%s/graph-%llu.cig", save, (unsigned long long)s);
                f = fopen(path, "w");
                if (f) { fputs(cig, f); fclose(f); printf("    saved %s\n", path); }
            }
            fflush(stdout);
        } else if (!strcmp(mode, "--replay")) printf("PASS graph seed %llu\n", (unsigned long long)s);
        free(cig);
        if (!strcmp(mode, "--replay") || (count < 0 && rg_now() - t0 >= seconds) || ngraphs == count) break;
    }
    ci_ctx_destroy(ctx);
    if (!strcmp(mode, "--fuzz")) printf("fuzz-graphs (C): %ld graphs (seeds %llu..%llu), %ld failed, %.1f s\n", ngraphs,
                                        (unsigned long long)seed, (unsigned long long)(seed + (uint64_t)ngraphs - 1), nfail, rg_now() - t0);
    return nfail ? 1 : 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && (!strcmp(argv[1], "--fuzz") || !strcmp(argv[1], "--replay") || !strcmp(argv[1], "--emit") ||
                     !strcmp(argv[1], "--check")))
        return rg_fuzz_main(argc, argv);
    ci_test_init(argc, argv);
    CI_RUN(test_random_graphs_deterministic);
    CI_RUN(test_random_graphs_producers_into_gathers);
    CI_RUN(test_gather_of_a_padded_producer);
    CI_RUN(test_random_graphs_every_family);
    return ci_test_done();
}
