/* demo.c - cinductor's quick start: y = softmax(x * w + b) over the last dim, x [4,8], w [8], b [8].

   Builds the graph with the public API, compiles it (libtcc by default, the interpreter where
   libtcc is not compiled in), runs it on fixed arrays and checks the result against a plain C
   loop. Set CINDUCTOR_DEBUG=1 to have the library print the graph, the IR, the kernels and the
   generated C on stderr.

       cc -std=c99 -D_POSIX_C_SOURCE=200809L demo.c -ltcc -lm -lpthread -ldl && ./a.out

   Exit status 0 when the results agree within 1e-5, 1 on any error or mismatch. */
#define CINDUCTOR_IMPLEMENTATION
#include "../cinductor.h"

#include <math.h>
#include <stdio.h>

enum { ROWS = 4, COLS = 8 };

/* the same computation, one row at a time, in double */
static void reference(const float x[ROWS][COLS], const float *w, const float *b, float y[ROWS][COLS]) {
    int i, j;
    for (i = 0; i < ROWS; i++) {
        double v[COLS], m = -INFINITY, s = 0;
        for (j = 0; j < COLS; j++) {
            v[j] = (double)x[i][j] * w[j] + b[j];
            if (v[j] > m) m = v[j];
        }
        for (j = 0; j < COLS; j++) {
            v[j] = exp(v[j] - m);
            s += v[j];
        }
        for (j = 0; j < COLS; j++) y[i][j] = (float)(v[j] / s);
    }
}

static void print_matrix(const char *title, const float y[ROWS][COLS]) {
    int i, j;
    printf("%s\n", title);
    for (i = 0; i < ROWS; i++) {
        for (j = 0; j < COLS; j++) printf(" %9.6f", y[i][j]);
        printf("\n");
    }
}

int main(void) {
    float x[ROWS][COLS], w[COLS], b[COLS], y[ROWS][COLS] = {{0}}, ref[ROWS][COLS];
    int64_t xs[2] = {ROWS, COLS}, ws[1] = {COLS};
    ci_ctx *ctx = NULL;
    ci_ctx_desc cd = {0};
    ci_graph *g = NULL;
    ci_program *p = NULL;
    ci_compile_desc pd = {0};
    ci_tensor tx, tw, tb;
    ci_result r;
    double maxdiff = 0;
    int i, j, status = 1;

    /* fixed inputs: no randomness, the same numbers on every machine */
    for (i = 0; i < ROWS; i++)
        for (j = 0; j < COLS; j++) x[i][j] = (float)((i * COLS + j) % 7 - 3) * 0.5f;
    for (j = 0; j < COLS; j++) {
        w[j] = 0.25f * (float)(j + 1);
        b[j] = (float)(j % 3) - 1.0f;
    }

    r = ci_ctx_create(&cd, &ctx);
    if (r != CI_OK) {
        fprintf(stderr, "demo: ci_ctx_create: %s\n", ci_result_string(r));
        return 1;
    }
    g = ci_graph_create(ctx);
    if (!g) {
        fprintf(stderr, "demo: ci_graph_create: %s\n", ci_ctx_last_error(ctx));
        goto done;
    }
    tx = ci_input(g, "x", CI_F32, 2, xs);
    tw = ci_input(g, "w", CI_F32, 1, ws);
    tb = ci_input(g, "b", CI_F32, 1, ws);
    ci_output(g, ci_softmax(g, ci_add(g, ci_mul(g, tx, tw), tb), -1));

    r = ci_compile(g, &pd, &p); /* also reports an error recorded while building the graph */
    if (r != CI_OK) {
        fprintf(stderr, "demo: ci_compile: %s: %s\n", ci_result_string(r), ci_ctx_last_error(ctx));
        goto done;
    }
    {
        const void *in[3];
        void *out[1];
        in[0] = x;
        in[1] = w;
        in[2] = b;
        out[0] = y;
        r = ci_program_run(p, 3, in, 1, out);
    }
    if (r != CI_OK) {
        fprintf(stderr, "demo: ci_program_run: %s: %s\n", ci_result_string(r), ci_ctx_last_error(ctx));
        goto done;
    }

    reference((const float (*)[COLS])x, w, b, ref);
    for (i = 0; i < ROWS; i++)
        for (j = 0; j < COLS; j++) {
            double d = fabs((double)y[i][j] - (double)ref[i][j]);
            if (d > maxdiff || isnan(d)) maxdiff = d;
        }

    {
        const char *src = ci_program_source(p);
        printf("softmax(x * w + b, dim=-1), x [%d,%d], w [%d], b [%d]: %d kernel(s), %s\n", ROWS,
               COLS, COLS, COLS, ci_program_num_kernels(p),
               src && src[0] ? "compiled with libtcc" : "run by the interpreter");
    }
    print_matrix("cinductor:", (const float (*)[COLS])y);
    print_matrix("reference (plain C):", (const float (*)[COLS])ref);
    printf("max abs diff: %g\n", maxdiff);
    if (!(maxdiff <= 1e-5)) {
        fprintf(stderr, "demo: MISMATCH: max abs diff %g > 1e-5\n", maxdiff);
        goto done;
    }
    printf("ok (CINDUCTOR_DEBUG=1 ./build/demo shows the generated C)\n");
    status = 0;

done:
    if (p) ci_program_destroy(p);
    if (g) ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return status;
}
