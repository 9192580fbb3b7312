/* custom_op.c - your own ops in cinductor: a lowering and an extern kernel (docs/extending.md).

   myns.softsign_scaled(self, *, scale=1.0) = scale * self / (1 + |self|)
       a LOWERING: a decomposition into registered aten ops, built with ci_lower_call. Integer
       inputs are promoted to float (CI_PROMOTE_INT_TO_FLOAT). Its pointwise ops fuse with
       their neighbours like any others.
   myns.sqdist(x, y) -> [n, m], the squared Euclidean distances between the rows of x [n, d]
       and of y [m, d]
       an EXTERN KERNEL: a C function of yours that runs on contiguous arrays, with a shape
       inference function that gives the result's dtype and shape (f32 or f64) or refuses.

   The program registers both in a context and builds a soft assignment of points to centres,
       p = softmax(-sqdist(softsign_scaled(x, scale=2), c), -1)
   plus softsign_scaled of an int32 tensor and sqdist in f64, compiles it for libtcc and for
   the interpreter, runs it and checks every element against the same computation written as
   plain C loops in double. Then it checks the errors: a shape or dtype the extern's infer
   refuses, a keyword the schema lacks, and a run the extern kernel reports as failed.

   `make test` builds it as build/examples/test_custom_op (linked with build/libcinductor.o,
   which carries the implementation) and runs it. On its own: add a file that defines
   CINDUCTOR_IMPLEMENTATION and includes cinductor.h, and link with -ltcc -lm -lpthread -ldl.
   It prints "PASS custom_op/..." lines (the kernels' printout shows the extern among them);
   the exit status is 0 when every check holds, 1 at the first that does not. */
#include "../cinductor.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a failed check ends the program with a FAIL line naming it */
#define CHECK(cond, ...) \
    do { \
        if (!(cond)) { \
            printf("FAIL custom_op: %s:%d: ", __FILE__, __LINE__); \
            printf(__VA_ARGS__); \
            printf("\n"); \
            exit(1); \
        } \
    } while (0)

/* ---- the lowering: softsign_scaled ---- */

/* ARGS are bound to the schema "self, *, scale=1.0": args[0] is self (a tensor, already
   converted to float by the promotion), args[1] is scale (the default 1.0 when not given).
   Each ci_lower_call builds IR exactly as a graph node of that op would. A call that fails
   returns {0} and records its error; every later call then returns {0} too, so checking the
   last result is enough. */
static int softsign_lower(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs,
                          int max_outs, void *user) {
    ci_arg a[2];
    ci_tensor t;
    (void)nargs;
    (void)max_outs;
    (void)user;
    if (args[0].kind != CI_ARG_TENSOR)
        return ci_lower_error(L, CI_ERR_INVALID_ARGS, "self must be a tensor");
    a[0] = args[0];
    t = ci_lower_call1(L, "aten.abs", 1, a, 0, NULL);               /* |self| */
    a[0] = ci_arg_tensor(t);
    a[1] = ci_arg_float(1.0);
    t = ci_lower_call1(L, "aten.add.Tensor", 2, a, 0, NULL);        /* 1 + |self| */
    a[0] = args[0];
    a[1] = ci_arg_tensor(t);
    t = ci_lower_call1(L, "aten.div.Tensor", 2, a, 0, NULL);        /* self / (1 + |self|) */
    a[0] = ci_arg_tensor(t);
    a[1] = args[1];
    outs[0] = ci_lower_call1(L, "aten.mul.Tensor", 2, a, 0, NULL);  /* ... * scale */
    return outs[0].id ? 1 : 0;
}

static ci_result register_softsign(ci_ctx *ctx) {
    ci_lowering_desc d;
    memset(&d, 0, sizeof d);
    d.name = "myns.softsign_scaled";
    d.schema = "self, *, scale=1.0";
    d.fn = softsign_lower;
    d.promotion = CI_PROMOTE_INT_TO_FLOAT;
    return ci_register_lowering(ctx, &d);
}

/* ---- the extern kernel: sqdist ---- */

typedef struct sqdist_stats {
    long runs;       /* how often the kernel ran (the `user` pointer given at registration) */
    int fail_next;   /* nonzero: the next run reports failure (to show the error) */
} sqdist_stats;

/* Called while the graph is built and again when it is compiled, with the dtype and shape of
   each tensor argument in INS (data is NULL); fills in each output's dtype, ndim and shape.
   A code other than CI_OK refuses the call: the graph records it, naming the op. */
static ci_result sqdist_infer(const ci_extern_tensor *ins, int nins, const ci_arg *args,
                              int nargs, ci_extern_tensor *outs, int nouts, void *user) {
    (void)args;
    (void)nargs;
    (void)user;
    if (nins != 2 || nouts != 1) return CI_ERR_INVALID_ARGS;   /* a number where y belongs */
    if (ins[0].ndim != 2 || ins[1].ndim != 2 || ins[0].shape[1] != ins[1].shape[1])
        return CI_ERR_SHAPE;
    if (ins[0].dtype != ins[1].dtype || (ins[0].dtype != CI_F32 && ins[0].dtype != CI_F64))
        return CI_ERR_DTYPE;
    outs[0].dtype = ins[0].dtype;
    outs[0].ndim = 2;
    outs[0].shape[0] = ins[0].shape[0];
    outs[0].shape[1] = ins[1].shape[0];
    return CI_OK;
}

static double sqdist_load(const ci_extern_tensor *t, int64_t i) {
    return t->dtype == CI_F32 ? (double)((const float *)t->data)[i] : ((const double *)t->data)[i];
}

/* Called by ci_program_run, on its thread, with dense C-order arrays: the inputs as infer saw
   them, the output as infer described it (its memory belongs to the program). 0 = success;
   anything else makes ci_program_run return CI_ERR_RUNTIME naming the kernel. */
static int sqdist_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                      ci_extern_tensor *outs, int nouts, void *user) {
    sqdist_stats *st = (sqdist_stats *)user;
    int64_t n = ins[0].shape[0], m = ins[1].shape[0], d = ins[0].shape[1], i, j, k;
    (void)nins;
    (void)args;
    (void)nargs;
    (void)nouts;
    st->runs++;
    if (st->fail_next) {
        st->fail_next = 0;
        return 1;
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++) {
            double s = 0;
            for (k = 0; k < d; k++) {
                double diff = sqdist_load(&ins[0], i * d + k) - sqdist_load(&ins[1], j * d + k);
                s += diff * diff;
            }
            if (outs[0].dtype == CI_F32) ((float *)outs[0].data)[i * m + j] = (float)s;
            else ((double *)outs[0].data)[i * m + j] = s;
        }
    return 0;
}

static ci_result register_sqdist(ci_ctx *ctx, sqdist_stats *st) {
    ci_extern_desc d;
    memset(&d, 0, sizeof d);
    d.name = "myns.sqdist";
    d.schema = "x, y";
    d.infer = sqdist_infer;
    d.run = sqdist_run;
    d.user = st;
    return ci_register_extern(ctx, &d);
}

/* ---- the graph, and the same computation in plain C ---- */

enum { NP = 5, NC = 4, D = 3, NK = 6, N64 = 2, M64 = 3 };

static const float X[NP][D] = {{0.5f, -1, 2}, {3, 0.25f, -0.5f}, {-2, -2, 1},
                               {0, 0, 0}, {1.5f, 4, -3}};
static const float C[NC][D] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, -1, -1}};
static const int32_t K[NK] = {-7, -1, 0, 1, 2, 100};
static const double X64[N64][D] = {{0.125, 2, -1}, {1e3, -3, 0.5}};
static const double C64[M64][D] = {{0, 0, 0}, {1, 2, 3}, {-0.5, 0.25, 8}};

static double softsign_ref(double v, double scale) { return scale * v / (1 + fabs(v)); }

/* p = softmax(-sqdist(softsign(x, 2), c), -1), row by row */
static void reference(double p[NP][NC], double sk[NK], double d64[N64][M64]) {
    int i, j, k;
    for (i = 0; i < NP; i++) {
        double e[NC], m = -INFINITY, s = 0;
        for (j = 0; j < NC; j++) {
            double dist = 0;
            for (k = 0; k < D; k++) {
                double diff = softsign_ref(X[i][k], 2.0) - C[j][k];
                dist += diff * diff;
            }
            e[j] = -dist;
            if (e[j] > m) m = e[j];
        }
        for (j = 0; j < NC; j++) s += e[j] = exp(e[j] - m);
        for (j = 0; j < NC; j++) p[i][j] = e[j] / s;
    }
    for (i = 0; i < NK; i++) sk[i] = softsign_ref((double)K[i], 1.0);
    for (i = 0; i < N64; i++)
        for (j = 0; j < M64; j++) {
            double dist = 0;
            for (k = 0; k < D; k++) dist += (X64[i][k] - C64[j][k]) * (X64[i][k] - C64[j][k]);
            d64[i][j] = dist;
        }
}

/* collects what the library logs (the kernels' printout) */
typedef struct log_buf {
    char text[16384];
    size_t n;
} log_buf;

static void log_to_buf(ci_log_level level, const char *msg, void *user) {
    log_buf *b = (log_buf *)user;
    size_t l = strlen(msg);
    (void)level;
    if (l > sizeof b->text - 1 - b->n) l = sizeof b->text - 1 - b->n;
    memcpy(b->text + b->n, msg, l);
    b->n += l;
    b->text[b->n] = 0;
}

static ci_graph *build(ci_ctx *ctx) {
    ci_graph *g = ci_graph_create(ctx);
    int64_t xs[2] = {NP, D}, cs[2] = {NC, D}, ks[1] = {NK}, x64s[2] = {N64, D}, c64s[2] = {M64, D};
    ci_tensor x = ci_input(g, "x", CI_F32, 2, xs);
    ci_tensor c = ci_input(g, "c", CI_F32, 2, cs);
    ci_tensor k = ci_input(g, "k", CI_I32, 1, ks);
    ci_tensor x64 = ci_input(g, "x64", CI_F64, 2, x64s);
    ci_tensor c64 = ci_input(g, "c64", CI_F64, 2, c64s);
    ci_arg a[2];
    ci_kwarg kw[1];
    ci_tensor s, d;
    a[0] = ci_arg_tensor(x);
    kw[0].name = "scale";
    kw[0].value = ci_arg_float(2.0);
    s = ci_call1(g, "myns.softsign_scaled", 1, a, 1, kw);
    a[0] = ci_arg_tensor(s);
    a[1] = ci_arg_tensor(c);
    d = ci_call1(g, "myns.sqdist", 2, a, 0, NULL);
    ci_output(g, ci_softmax(g, ci_neg(g, d), -1));
    a[0] = ci_arg_tensor(k);
    ci_output(g, ci_call1(g, "myns.softsign_scaled", 1, a, 0, NULL));   /* scale = 1.0 */
    a[0] = ci_arg_tensor(x64);
    a[1] = ci_arg_tensor(c64);
    ci_output(g, ci_call1(g, "myns.sqdist", 2, a, 0, NULL));
    return g;
}

/* compiles the graph for BACKEND, runs it and compares; 0 when this build lacks the backend */
static int run_on(ci_ctx *ctx, ci_backend backend, const char *name, sqdist_stats *st,
                  log_buf *log) {
    ci_graph *g = build(ctx);
    ci_compile_desc cd;
    ci_program *p = NULL;
    ci_result r;
    float p_out[NP][NC], sk_out[NK];
    double d64_out[N64][M64], p_ref[NP][NC], sk_ref[NK], d64_ref[N64][M64];
    const void *in[5] = {X, C, K, X64, C64};
    void *out[3] = {p_out, sk_out, d64_out};
    int i, j;
    long runs_before = st->runs;
    CHECK(ci_graph_status(g) == CI_OK, "building the graph: %s", ci_graph_message(g));
    memset(&cd, 0, sizeof cd);
    cd.backend = backend;
    cd.debug = CI_DEBUG_KERNELS;   /* the kernels' printout, to the context's logger */
    log->n = 0;
    log->text[0] = 0;
    r = ci_compile(g, &cd, &p);
    if (r == CI_ERR_BACKEND_UNAVAILABLE) {
        printf("SKIP custom_op/%s: %s\n", name, ci_ctx_last_error(ctx));
        ci_graph_destroy(g);
        return 0;
    }
    CHECK(r == CI_OK, "%s: ci_compile: %s", name, ci_ctx_last_error(ctx));
    /* the printout lists the extern kernel by its op, between the fused kernels */
    CHECK(strstr(log->text, "extern myns.sqdist(") != NULL, "%s: no extern kernel in:\n%s", name,
          log->text);
    if (backend == CI_BACKEND_TCC) printf("%s", log->text);
    for (i = 0; i < 2; i++) {   /* a program runs as often as you like */
        memset(p_out, 0, sizeof p_out);
        CHECK(ci_program_run(p, 5, in, 3, out) == CI_OK, "%s: ci_program_run: %s", name,
              ci_ctx_last_error(ctx));
    }
    CHECK(st->runs == runs_before + 4, "%s: the extern ran %ld times, want 4 (2 nodes, 2 runs)",
          name, st->runs - runs_before);
    reference(p_ref, sk_ref, d64_ref);
    for (i = 0; i < NP; i++)
        for (j = 0; j < NC; j++)
            CHECK(fabs(p_out[i][j] - p_ref[i][j]) <= 1e-5 + 1e-5 * fabs(p_ref[i][j]),
                  "%s: p[%d][%d] = %.8g, want %.8g", name, i, j, p_out[i][j], p_ref[i][j]);
    for (i = 0; i < NK; i++)
        CHECK(fabs(sk_out[i] - sk_ref[i]) <= 1e-6 * (1 + fabs(sk_ref[i])),
              "%s: softsign_scaled(%d) = %.8g, want %.8g", name, (int)K[i], sk_out[i], sk_ref[i]);
    for (i = 0; i < N64; i++)
        for (j = 0; j < M64; j++)
            CHECK(fabs(d64_out[i][j] - d64_ref[i][j]) <= 1e-12 * (1 + fabs(d64_ref[i][j])),
                  "%s: sqdist f64 [%d][%d] = %.17g, want %.17g", name, i, j, d64_out[i][j],
                  d64_ref[i][j]);
    /* an extern kernel that reports failure: the run stops with CI_ERR_RUNTIME naming it */
    st->fail_next = 1;
    CHECK(ci_program_run(p, 5, in, 3, out) == CI_ERR_RUNTIME, "%s: a failing extern ran", name);
    CHECK(strstr(ci_ctx_last_error(ctx), "myns.sqdist") != NULL, "%s: the error \"%s\" does not "
          "name myns.sqdist", name, ci_ctx_last_error(ctx));
    ci_program_destroy(p);
    ci_graph_destroy(g);
    printf("PASS custom_op/%s\n", name);
    return 1;
}

/* ci_call on ARGS into a fresh graph; returns the graph's status and its message in MSG */
static ci_result call_status(ci_ctx *ctx, const char *op, int ndims0, ci_dtype dt1, int64_t d1,
                             int use_bad_kw, char *msg, size_t msgsz) {
    ci_graph *g = ci_graph_create(ctx);
    int64_t s0[2] = {4, 3}, s1[2] = {2, 0};
    ci_arg a[2];
    ci_kwarg kw[1];
    ci_result r;
    s1[1] = d1;
    a[0] = ci_arg_tensor(ci_input(g, "a", CI_F32, ndims0, s0));
    a[1] = ci_arg_tensor(ci_input(g, "b", dt1, 2, s1));
    kw[0].name = "scales";
    kw[0].value = ci_arg_float(3.0);
    ci_call1(g, op, use_bad_kw ? 1 : 2, a, use_bad_kw ? 1 : 0, kw);
    r = ci_graph_status(g);
    snprintf(msg, msgsz, "%s", ci_graph_message(g));
    ci_graph_destroy(g);
    return r;
}

static void check_errors(ci_ctx *ctx) {
    char msg[512];
    ci_op_info info;
    int i, seen = 0;
    /* infer's refusals, with the op named in the graph's message */
    CHECK(call_status(ctx, "myns.sqdist", 2, CI_F32, 2, 0, msg, sizeof msg) == CI_ERR_SHAPE &&
          strstr(msg, "myns.sqdist"), "rows of 3 and 2 elements: \"%s\"", msg);
    CHECK(call_status(ctx, "myns.sqdist", 1, CI_F32, 3, 0, msg, sizeof msg) == CI_ERR_SHAPE,
          "x of rank 1: \"%s\"", msg);
    CHECK(call_status(ctx, "myns.sqdist", 2, CI_F64, 3, 0, msg, sizeof msg) == CI_ERR_DTYPE &&
          strstr(msg, "myns.sqdist"), "f32 and f64: \"%s\"", msg);
    /* the schema's binding: a keyword it does not have */
    CHECK(call_status(ctx, "myns.softsign_scaled", 2, CI_F32, 3, 1, msg, sizeof msg) ==
          CI_ERR_INVALID_ARGS && strstr(msg, "scales"), "keyword 'scales': \"%s\"", msg);
    /* the registry lists both, as the user's */
    for (i = 0; i < ci_registry_count(ctx); i++) {
        CHECK(ci_registry_entry(ctx, i, &info) == CI_OK, "ci_registry_entry(%d)", i);
        if (!strcmp(info.name, "myns.softsign_scaled"))
            seen |= 1 * !strcmp(info.how, "user lowering");
        if (!strcmp(info.name, "myns.sqdist")) seen |= 2 * !strcmp(info.how, "user extern");
    }
    CHECK(seen == 3, "the registry lists the user's ops as %d of 3", seen);
    printf("PASS custom_op/errors\n");
}

int main(void) {
    ci_ctx *ctx;
    ci_ctx_desc cd;
    sqdist_stats st;
    log_buf *log = (log_buf *)calloc(1, sizeof(log_buf));
    int ran = 0;
    CHECK(log != NULL, "out of memory");
    memset(&cd, 0, sizeof cd);
    cd.log = log_to_buf;
    cd.log_user = log;
    CHECK(ci_ctx_create(&cd, &ctx) == CI_OK, "ci_ctx_create");
    memset(&st, 0, sizeof st);
    /* registrations belong to the context: every graph of it can call the ops */
    CHECK(register_softsign(ctx) == CI_OK, "register_softsign: %s", ci_ctx_last_error(ctx));
    CHECK(register_sqdist(ctx, &st) == CI_OK, "register_sqdist: %s", ci_ctx_last_error(ctx));
    ran += run_on(ctx, CI_BACKEND_TCC, "tcc", &st, log);
    ran += run_on(ctx, CI_BACKEND_INTERP, "interp", &st, log);
    CHECK(ran >= 1, "no backend ran");
    check_errors(ctx);
    ci_ctx_destroy(ctx);
    free(log);
    return 0;
}
