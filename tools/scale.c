/* tools/scale.c - large-graph generators and the scale benchmark (make bench-scale)

   scale cig KIND N              prints a .cig of graph KIND with N ops/layers on stdout
   scale bench KIND N [BACKEND [STACK_KB]]
                                 writes that .cig to memory, parses it, compiles it (BACKEND:
                                 interp (default) or tcc), runs it once, and prints one line:
                                 KIND N, parse s, compile s, run s, peak RSS MB, CPU s; all of it
                                 on a thread with a STACK_KB stack (default 256)

   KINDs:
     chain   N pointwise ops on f32[64], cycling add/mul/relu/sin (with small constants), so
             the whole chain fuses into one kernel
     mlp     N layers of mm + bias + relu on [8,16] x [16,16] (each weight and bias an input)
     wide    N pointwise ops where op i reads ops i-1 and i/2 (long-range reuse; not a chain)

   Peak memory is getrusage's ru_maxrss, the whole process (one graph per process). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "../cinductor.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <pthread.h>

typedef struct sbuf { char *s; size_t n, cap; } sbuf;
static void sb_printf(sbuf *b, const char *fmt, ...) {
    va_list ap;
    int l;
    for (;;) {
        size_t room = b->cap - b->n;
        va_start(ap, fmt);
        l = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? room : 0, fmt, ap);
        va_end(ap);
        if (l < 0) { fprintf(stderr, "vsnprintf failed\n"); exit(2); }
        if (b->s && (size_t)l < room) { b->n += (size_t)l; return; }
        b->cap = b->cap ? b->cap * 2 : 1 << 16;
        while (b->cap - b->n <= (size_t)l) b->cap *= 2;
        b->s = (char *)realloc(b->s, b->cap);
        if (!b->s) { fprintf(stderr, "out of memory\n"); exit(2); }
    }
}

static int gen(sbuf *b, const char *kind, long n) {
    long i;
    if (!strcmp(kind, "chain")) {
        static const char *const ops[4] = {"aten.add.Tensor(%s, 0.5)", "aten.mul.Tensor(%s, 0.75)",
                                           "aten.relu.default(%s)", "aten.sin.default(%s)"};
        char prev[32] = "x";
        sb_printf(b, "input x: f32[64]\n");
        for (i = 0; i < n; i++) {
            sb_printf(b, "t%ld = ", i);
            sb_printf(b, ops[i % 4], prev);
            sb_printf(b, "\n");
            snprintf(prev, sizeof prev, "t%ld", i);
        }
        sb_printf(b, "output %s\n", prev);
        return 0;
    }
    if (!strcmp(kind, "mlp")) {
        char prev[32] = "x";
        sb_printf(b, "input x: f32[8, 16]\n");
        for (i = 0; i < n; i++) sb_printf(b, "input w%ld: f32[16, 16]\ninput b%ld: f32[16]\n", i, i);
        for (i = 0; i < n; i++) {
            sb_printf(b, "h%ld = aten.mm.default(%s, w%ld)\n", i, prev, i);
            sb_printf(b, "hb%ld = aten.add.Tensor(h%ld, b%ld)\n", i, i, i);
            sb_printf(b, "r%ld = aten.relu.default(hb%ld)\n", i, i);
            snprintf(prev, sizeof prev, "r%ld", i);
        }
        sb_printf(b, "output %s\n", prev);
        return 0;
    }
    if (!strcmp(kind, "wide")) {
        sb_printf(b, "input x: f32[64]\n");
        sb_printf(b, "t0 = aten.sin.default(x)\n");
        for (i = 1; i < n; i++) sb_printf(b, "t%ld = aten.%s(t%ld, t%ld)\n", i, i % 2 ? "add.Tensor" : "mul.Tensor", i - 1, i / 2);
        sb_printf(b, "output t%ld\n", n - 1);
        return 0;
    }
    return -1;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct inputs { int n, cap; void **data; } inputs;
static void on_input(void *user, int index, const char *name, ci_dtype dt, int ndim, const int64_t *shape) {
    inputs *in = (inputs *)user;
    int64_t numel = 1;
    int d;
    size_t k;
    (void)name;
    for (d = 0; d < ndim; d++) numel *= shape[d];
    if (index >= in->cap) {
        in->cap = in->cap ? in->cap * 2 : 64;
        in->data = (void **)realloc(in->data, sizeof(void *) * (size_t)in->cap);
    }
    in->data[index] = calloc((size_t)numel, ci_dtype_size(dt));
    if (dt == CI_F32)   /* small values, so a deep network stays finite */
        for (k = 0; k < (size_t)numel; k++) ((float *)in->data[index])[k] = (float)((int)(k % 7) - 3) * 0.05f;
    if (index + 1 > in->n) in->n = index + 1;
}

typedef struct bench_job { const char *kind, *be; long n, kb; sbuf *b; int rc; } bench_job;
static void *bench(void *arg);

int main(int argc, char **argv) {
    sbuf b = {0};
    long n;
    if (argc < 4) {
        fprintf(stderr, "usage: scale cig KIND N | scale bench KIND N [interp|tcc [STACK_KB]]\n");
        return 2;
    }
    n = atol(argv[3]);
    if (n < 1 || gen(&b, argv[2], n) != 0) { fprintf(stderr, "scale: bad KIND or N\n"); return 2; }
    if (!strcmp(argv[1], "cig")) {
        fwrite(b.s, 1, b.n, stdout);
        return 0;
    }
    if (!strcmp(argv[1], "bench")) {
        bench_job J;
        pthread_t th;
        pthread_attr_t at;
        long kb = argc > 5 ? atol(argv[5]) : 256;
        J.kind = argv[2]; J.be = argc > 4 ? argv[4] : "interp"; J.n = n; J.kb = kb; J.b = &b; J.rc = 1;
        pthread_attr_init(&at);
        if (kb < 64 || pthread_attr_setstacksize(&at, (size_t)kb * 1024) != 0) { fprintf(stderr, "scale: bad STACK_KB\n"); return 2; }
        if (pthread_create(&th, &at, bench, &J) != 0) { fprintf(stderr, "scale: pthread_create failed\n"); return 1; }
        pthread_join(th, NULL);
        return J.rc;
    }
    fprintf(stderr, "scale: unknown command %s\n", argv[1]);
    return 2;
}

static void *bench(void *arg) {
    bench_job *Jb = (bench_job *)arg;
    sbuf b = *Jb->b;
    long n = Jb->n;
    const char *kind = Jb->kind;
    {
        ci_ctx *ctx;
        ci_ctx_desc cd;
        ci_graph *g;
        ci_program *p;
        ci_compile_desc pd;
        char err[1024];
        inputs in = {0, 0, NULL};
        double t0, t1, t2, t3;
        struct rusage ru;
        double rss_parse;
        ci_result r;
        const char *be = Jb->be;
        float out[8 * 16];
        void *outs[1];
        memset(&cd, 0, sizeof cd);
        memset(&pd, 0, sizeof pd);
        pd.backend = !strcmp(be, "tcc") ? CI_BACKEND_TCC : CI_BACKEND_INTERP;
        if (ci_ctx_create(&cd, &ctx) != CI_OK) return NULL;
        g = ci_graph_create(ctx);
        t0 = now();
        r = ci_cig_parse_ex(g, b.s, b.n, "scale.cig", NULL, on_input, &in, err, sizeof err);
        if (r != CI_OK) { fprintf(stderr, "parse: %s\n", err); return NULL; }
        t1 = now();
        getrusage(RUSAGE_SELF, &ru);
        rss_parse = (double)ru.ru_maxrss / 1024.0;
        r = ci_compile(g, &pd, &p);
        if (r != CI_OK) { fprintf(stderr, "compile: %s\n", ci_ctx_last_error(ctx)); return NULL; }
        t2 = now();
        outs[0] = out;
        r = ci_program_run(p, in.n, (const void *const *)in.data, 1, outs);
        if (r != CI_OK) { fprintf(stderr, "run: %s\n", ci_ctx_last_error(ctx)); return NULL; }
        t3 = now();
        getrusage(RUSAGE_SELF, &ru);
        printf("%-6s %-6s %ld KB stack  N=%-7ld parse %7.3f s  compile %7.3f s  run %7.3f s  peak %7.1f MB (%.1f MB after parsing)  cpu %.3f s\n",
               kind, be, Jb->kb, n, t1 - t0, t2 - t1, t3 - t2, (double)ru.ru_maxrss / 1024.0, rss_parse,
               (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec);
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
        Jb->rc = 0;
    }
    return NULL;
}
