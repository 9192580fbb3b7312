/* tools/nvrtctime.c - what NVRTC takes over the CUDA source of .cig graphs (make nvrtc-time)

   nvrtctime [--reps N] [--arch XY] FILE.cig ...

   No GPU needed: each graph is compiled for the interpreter, its CUDA source written by
   >>cuemit for sm_XY (default 90; an H100's SM count and shared memory), and compiled by
   NVRTC as the CUDA backend compiles it (ci__cuda_compile_n: its programs at once, on
   threads), the disk cache off. One line a graph: the source's bytes and NVRTC programs, the
   median and least wall ms of N compiles (default 5) as the backend does them, the same of
   the source compiled whole as one program (as before the programs), the median ms of a load
   from the CUBIN cache (the hash of the source, the files read and checked), and where there
   are several programs the median ms of each compiled alone (with a core each, the longest is
   the backend's). First, once: the ms to load libnvrtc and of the process's first compile
   (NVRTC's builtins library).

   nvrtctime --device [--reps N] FILE.cig ...

   On a machine with a GPU: the whole of ci_compile for --device cuda (lowering, the CUDA
   source, NVRTC or the cache, the module loaded), with the device opened first (once, its ms
   printed: the driver's primary context, which a process pays once, before its first
   compile or its first buffer). One line a graph: the ms of a compile with the disk cache
   off, then the median and least of N compiles from a warm disk cache. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#define CINDUCTOR_IMPLEMENTATION
#include "../cinductor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NT_MAX_REPS 64

static double nt_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int nt_cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void nt_die(const char *what, const char *why) {
    fprintf(stderr, "nvrtctime: %s: %s\n", what, why);
    exit(1);
}

/* reps compiles of src as n programs (defs), from cache (a directory, or "off"): the median
   and the least ms */
static void nt_time(ci__arena *A, const char *src, int arch, const char *cache, int n,
                    const char *const *defs, int reps, double *med, double *least) {
    double ms[NT_MAX_REPS];
    ci__cuda_bin *b = CI__NEWN(A, ci__cuda_bin, n);
    int r;
    for (r = 0; r < reps; r++) {
        double t0 = nt_now_ms();
        const char *why = ci__cuda_compile_n(A, src, arch, cache, n, defs, b);
        ms[r] = nt_now_ms() - t0;
        if (why) nt_die("NVRTC", why);
    }
    qsort(ms, (size_t)reps, sizeof ms[0], nt_cmp);
    *med = ms[reps / 2];
    *least = ms[0];
}

static void nt_graph(const char *file, int arch, int reps, const char *cache) {
    ci__cuda_target t;
    ci__cuda_launch *l;
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc pd;
    ci__arena *A;
    ci__err E;
    char err[512];
    const char *src, **defs, *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    int nl, n, k, *prog_of;
    double med, least, wmed, wleast, cmed, cleast, pmed, pleast;
    t.arch = arch;
    t.nsm = 132;
    t.max_smem = 227 * 1024;
    if (ci_ctx_create(NULL, &ctx) != CI_OK) nt_die(file, "ci_ctx_create failed");
    g = ci_graph_create(ctx);
    if (ci_cig_parse_file(g, file, err, sizeof err) != CI_OK) nt_die(file, err);
    memset(&pd, 0, sizeof pd);
    pd.backend = CI_BACKEND_INTERP;
    if (ci_compile(g, &pd, &p) != CI_OK) nt_die(file, ci_ctx_last_error(ctx));
    src = ci__cuemit_source(p, &t, &l, &nl);
    if (strstr(src, CI__CUEMIT_NOGPU)) nt_die(file, "the CUDA backend cannot run this graph");
    memset(&E, 0, sizeof E);
    A = ci__arena_new(ctx, &E);
    defs = CI__NEWN(A, const char *, nl + 1);
    prog_of = CI__NEWN(A, int, nl + 1);
    n = ci__cuda_programs(A, l, nl, defs, prog_of);
    nt_time(A, src, arch, "off", n, defs, reps, &med, &least);
    nt_time(A, src, arch, "off", 1, NULL, reps, &wmed, &wleast);
    nt_time(A, src, arch, cache, n, defs, 1, &cmed, &cleast);   /* writes the files */
    nt_time(A, src, arch, cache, n, defs, reps, &cmed, &cleast);
    printf("%-24s %6zu %2d %8.1f %8.1f %8.1f %8.1f %8.3f ", base, strlen(src), n, med, least,
           wmed, wleast, cmed);
    for (k = 0; k < n && n > 1; k++) {   /* each program alone: with a core each, the longest */
        nt_time(A, src, arch, "off", 1, &defs[k], reps, &pmed, &pleast);
        printf("%s%.1f", k ? " + " : " ", pmed);
    }
    printf("\n");
    fflush(stdout);
    ci__arena_destroy(A);
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

/* --device: ci_compile for the GPU, the cache off and then warm (dir cache), the device open */
static void nt_device(const char *file, int reps, const char *cache) {
    double ms[NT_MAX_REPS], cold = 0;
    const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    int r;
    for (r = -2; r < reps; r++) {   /* -2: the cache off; -1: the files written */
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        char err[512];
        double t0;
        if (ci_ctx_create(NULL, &ctx) != CI_OK) nt_die(file, "ci_ctx_create failed");
        g = ci_graph_create(ctx);
        if (ci_cig_parse_file(g, file, err, sizeof err) != CI_OK) nt_die(file, err);
        memset(&pd, 0, sizeof pd);
        pd.device = CI_DEVICE_CUDA;
        pd.cache_dir = r == -2 ? "off" : cache;
        t0 = nt_now_ms();
        if (ci_compile(g, &pd, &p) != CI_OK) nt_die(file, ci_ctx_last_error(ctx));
        if (r == -2) cold = nt_now_ms() - t0;
        if (r >= 0) ms[r] = nt_now_ms() - t0;
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
    qsort(ms, (size_t)reps, sizeof ms[0], nt_cmp);
    printf("%-24s %8.1f %8.2f %8.2f\n", base, cold, ms[reps / 2], ms[0]);
    fflush(stdout);
}

int main(int argc, char **argv) {
    int i, reps = 5, arch = 90, first = 1, device = 0;
    char cache[256], cmd[300];
    const char *why;
    double t0;
    snprintf(cache, sizeof cache, "%s/nvrtctime-%ld", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (long)getpid());
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
            reps = atoi(argv[++i]);
            if (reps < 1 || reps > NT_MAX_REPS) nt_die("--reps", "1 to 64");
            continue;
        }
        if (!strcmp(argv[i], "--arch") && i + 1 < argc) {
            arch = atoi(argv[++i]);
            continue;
        }
        if (!strcmp(argv[i], "--device")) {
            device = 1;
            continue;
        }
        if (argv[i][0] == '-') {
            fprintf(stderr, "usage: nvrtctime [--reps N] [--arch XY] FILE.cig ...\n"
                            "       nvrtctime --device [--reps N] FILE.cig ...\n");
            return 2;
        }
        if (device && first) {   /* the device opened once, as a process's first buffer does */
            ci_ctx *ctx;
            void *d = NULL;
            first = 0;
            if (ci_ctx_create(NULL, &ctx) != CI_OK) nt_die("ci_ctx_create", "failed");
            t0 = nt_now_ms();
            if (ci_cuda_alloc(ctx, 0, 256, &d) != CI_OK) nt_die("the GPU", ci_ctx_last_error(ctx));
            printf("# the device opened (a first buffer) in %.1f ms\n", nt_now_ms() - t0);
            printf("# %-22s %8s %8s %8s   (ci_compile --device cuda, ms)\n", "graph", "no cache",
                   "cached", "min");
            (void)ci_cuda_free(ctx, 0, d);
            ci_ctx_destroy(ctx);
        }
        if (device) {
            nt_device(argv[i], reps, cache);
            continue;
        }
        if (first) {   /* the process's fixed costs, once */
            ci_ctx *ctx;
            ci__arena *A;
            ci__err E;
            ci__cuda_bin b;
            double load;
            first = 0;
            t0 = nt_now_ms();
            if ((why = ci__cuda_load_rtc()) != NULL) nt_die("NVRTC", why);
            load = nt_now_ms() - t0;
            if (ci_ctx_create(NULL, &ctx) != CI_OK) nt_die("ci_ctx_create", "failed");
            memset(&E, 0, sizeof E);
            A = ci__arena_new(ctx, &E);
            t0 = nt_now_ms();
            why = ci__cuda_compile_n(A, "extern \"C\" __global__ void k(float *y) { *y = 1; }\n",
                                     arch, "off", 1, NULL, &b);
            if (why) nt_die("NVRTC", why);
            printf("# NVRTC %d.%d, sm_%d: libnvrtc loaded in %.1f ms, the first compile (an empty "
                   "kernel) %.1f ms\n", ci__cuda.rtc_major, ci__cuda.rtc_minor, arch, load,
                   nt_now_ms() - t0);
            printf("# %-22s %6s %2s %8s %8s %8s %8s %8s  %s\n", "graph", "bytes", "np", "ms",
                   "min", "whole", "min", "cached", "each program alone");
            ci__arena_destroy(A);
            ci_ctx_destroy(ctx);
        }
        nt_graph(argv[i], arch, reps, cache);
    }
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache);
    if (!first && system(cmd) != 0) fprintf(stderr, "nvrtctime: could not remove %s\n", cache);
    return 0;
}
