/* Large graphs: a chain of 10,000 pointwise ops is built, compiled and run on a thread with a
   256 KB stack (nothing may recurse once per op), and its values match the same chain computed
   directly in C, on the interpreter and on TCC. CI_SCALE_N sets the chain's length; under
   valgrind (CI_RUN_PREFIX) it is 2,000 unless set. */
#include "ci_test.h"

#include <pthread.h>

#define SCALE_LEN 64

static int scale_n(void) {
    const char *e = getenv("CI_SCALE_N"), *pre = getenv("CI_RUN_PREFIX");
    if (e && atoi(e) > 0) return atoi(e);
    return (pre && strstr(pre, "valgrind")) ? 2000 : 10000;
}

/* op i of the chain: add 0.5, mul 0.75, relu, sin (the same cycle as tools/scale.c) */
static ci_tensor chain_op(ci_graph *g, ci_tensor t, int i) {
    ci_arg a[2];
    a[0] = ci_arg_tensor(t);
    switch (i % 4) {
    case 0: a[1] = ci_arg_float(0.5); return ci_call1(g, "aten.add.Tensor", 2, a, 0, NULL);
    case 1: a[1] = ci_arg_float(0.75); return ci_call1(g, "aten.mul.Tensor", 2, a, 0, NULL);
    case 2: return ci_relu(g, t);
    default: return ci_sin(g, t);
    }
}
static float chain_ref1(float y, int i) {
    switch (i % 4) {
    case 0: return y + 0.5f;
    case 1: return y * 0.75f;
    case 2: return y > 0 ? y : 0.0f;
    default: return sinf(y);
    }
}

typedef struct chain_job {
    int n;
    ci_backend backend;
    const float *x;
    float *y;
    ci_result r;
    char msg[512];
} chain_job;

/* build, compile and run the chain; the result and a message in the job */
static void *chain_run(void *arg) {
    chain_job *J = (chain_job *)arg;
    ci_ctx *ctx;
    ci_ctx_desc cd;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc pd;
    int64_t shape[1] = {SCALE_LEN};
    ci_tensor t;
    const void *in[1];
    void *out[1];
    int i;
    memset(&cd, 0, sizeof cd);
    J->msg[0] = 0;
    J->r = ci_ctx_create(&cd, &ctx);
    if (J->r != CI_OK) { snprintf(J->msg, sizeof J->msg, "ci_ctx_create failed"); return NULL; }
    g = ci_graph_create(ctx);
    t = ci_input(g, "x", CI_F32, 1, shape);
    for (i = 0; i < J->n; i++) t = chain_op(g, t, i);
    ci_output(g, t);
    memset(&pd, 0, sizeof pd);
    pd.backend = J->backend;
    J->r = ci_compile(g, &pd, &p);
    if (J->r == CI_OK) {
        in[0] = J->x; out[0] = J->y;
        J->r = ci_program_run(p, 1, in, 1, out);
    }
    if (J->r != CI_OK) snprintf(J->msg, sizeof J->msg, "%s", ci_ctx_last_error(ctx));
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return NULL;
}

static void chain_inputs(float *x, float *want, int n) {
    int i, k;
    ci_test_rng rng = ci_test_rng_make(11);
    ci_test_fill_normal_f32(x, SCALE_LEN, &rng);
    for (k = 0; k < SCALE_LEN; k++) {
        float y = x[k];
        for (i = 0; i < n; i++) y = chain_ref1(y, i);
        want[k] = y;
    }
}

/* the chain built, compiled and run on BACKEND on a 256 KB thread stack, against C */
static void chain_small_stack(ci_backend be) {
    float x[SCALE_LEN], y[SCALE_LEN], want[SCALE_LEN];
    char why[256];
    chain_job J;
    pthread_t th;
    pthread_attr_t at;
    int n = scale_n();
    chain_inputs(x, want, n);
    memset(&J, 0, sizeof J);
    J.n = n; J.backend = be; J.x = x; J.y = y;
    CI_CHECK_EQ_INT(pthread_attr_init(&at), 0);
    CI_CHECK_EQ_INT(pthread_attr_setstacksize(&at, 256 * 1024), 0);
    CI_CHECK_EQ_INT(pthread_create(&th, &at, chain_run, &J), 0);
    pthread_join(th, NULL);
    pthread_attr_destroy(&at);
    CI_CHECK_MSG(J.r == CI_OK, "a chain of %d ops on %s: %s", n, be == CI_BACKEND_TCC ? "TCC" : "the interpreter", J.msg);
    CI_CHECK_MSG(ci_test_allclose_f32(y, want, SCALE_LEN, 1e-5, 1e-4, why, sizeof why), "%s", why);
}
CI_TEST(test_chain_small_stack) { chain_small_stack(CI_BACKEND_INTERP); }
/* the emitter splits the chain's expression into temporaries TCC accepts, on the same stack */
CI_TEST(test_chain_tcc) { chain_small_stack(CI_BACKEND_TCC); }

/* step i of a chain of views on 64 elements: reshape to [4, 16], transpose, reshape to [8, 8];
   the shape after it in rows, cols; 1 when it transposes */
static int views_shape(int i, int64_t *rows, int64_t *cols) {
    if (i % 3 == 2) { int64_t r = *rows; *rows = *cols; *cols = r; return 1; }
    *rows = i % 3 == 1 ? 4 : 8; *cols = 64 / *rows;
    return 0;
}
static ci_tensor views_op(ci_graph *g, ci_tensor t, int i, int64_t *rows, int64_t *cols) {
    int64_t s[2];
    if (views_shape(i, rows, cols)) return ci_transpose(g, t, 0, 1);
    s[0] = *rows; s[1] = *cols;
    return ci_reshape(g, t, 2, s);
}
/* A chain of reshapes of transposes whose index expression the simplifier cannot fold: it
   doubles as a tree at each step (before, 40 steps took seconds and 80 did not finish);
   cinductor copies the view once its index grows too large. The values are those of the same
   reshapes and transposes done on the data, and as_strided of such a view is refused (a
   view PyTorch copied: its storage index has no strides). */
CI_TEST(test_view_chain) {
    ci_ctx *ctx;
    ci_ctx_desc cd;
    ci_graph *g;
    ci_program *p;
    ci_compile_desc pd;
    int64_t shape[2] = {8, 8}, rows = 8, cols = 8, sz[1] = {64}, st[1] = {1};
    float x[64], y[64], cur[64], tmp[64];
    char why[256];
    const void *in[1];
    void *out[1];
    ci_tensor t, v;
    int i, r, c, b, n = 300;
    ci_test_rng rng = ci_test_rng_make(5);
    ci_test_fill_normal_f32(x, 64, &rng);
    memset(&cd, 0, sizeof cd);
    CI_CHECK_OK(ci_ctx_create(&cd, &ctx));
    for (b = 0; b < 2; b++) {
        g = ci_graph_create(ctx);
        t = ci_input(g, "x", CI_F32, 2, shape);
        rows = cols = 8;
        for (i = 0; i < n; i++) t = views_op(g, t, i, &rows, &cols);
        ci_output(g, ci_sin(g, t));
        memset(&pd, 0, sizeof pd);
        pd.backend = b ? CI_BACKEND_TCC : CI_BACKEND_INTERP;
        CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
        in[0] = x; out[0] = y;
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, in, 1, out));
        ci_program_destroy(p);
        /* the reference: the same steps on a dense copy */
        memcpy(cur, x, sizeof cur);
        rows = cols = 8;
        for (i = 0; i < n; i++) {
            int64_t pr = rows, pc = cols;
            if (views_shape(i, &rows, &cols)) {
                for (r = 0; r < pr; r++) for (c = 0; c < pc; c++) tmp[c * pr + r] = cur[r * pc + c];
                memcpy(cur, tmp, sizeof cur);
            }
        }
        for (i = 0; i < 64; i++) cur[i] = sinf(cur[i]);
        CI_CHECK_MSG(ci_test_allclose_f32(y, cur, 64, 1e-6, 1e-6, why, sizeof why), "%s: %s", b ? "tcc" : "interp", why);
        ci_graph_destroy(g);
    }
    g = ci_graph_create(ctx);
    t = ci_input(g, "x", CI_F32, 2, shape);
    for (i = 0; i < n; i++) t = views_op(g, t, i, &rows, &cols);
    v = ci_as_strided(g, t, 1, sz, st, 0);
    CI_CHECK(v.id == 0);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_UNSUPPORTED);
    CI_CHECK_MSG(strstr(ci_graph_message(g), "as_strided") != NULL, "%s", ci_graph_message(g));
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}


/* ci_compile releases the graph's build-time lowering state (most of a built graph's memory);
   nodes added afterwards rebuild it and still see every earlier tensor (an unrealized pointwise
   one included). Reference: the same layers computed directly in C. */
#define BAC_LAYERS 40
static ci_tensor bac_mm(ci_graph *g, ci_tensor a, ci_tensor b) {
    ci_arg x[2];
    x[0] = ci_arg_tensor(a); x[1] = ci_arg_tensor(b);
    return ci_call1(g, "aten.mm.default", 2, x, 0, NULL);
}
static void bac_ref(const float *x, const float *w, const float *b, float *r, float *mid, int layers) {
    float h[4 * 3], t[4 * 3];
    int l, i, j, k;
    memcpy(h, x, sizeof h);
    for (l = 0; l < layers; l++) {
        for (i = 0; i < 4; i++) for (j = 0; j < 3; j++) {
            float acc = 0;
            for (k = 0; k < 3; k++) acc += h[i * 3 + k] * w[k * 3 + j];
            t[i * 3 + j] = acc + b[j];
        }
        if (l == BAC_LAYERS / 2) memcpy(mid, t, sizeof t);
        for (i = 0; i < 12; i++) h[i] = t[i] > 0 ? t[i] : 0.0f;
    }
    memcpy(r, h, sizeof h);
}
CI_TEST(test_build_after_compile) {
    ci_test_alloc al;
    ci_ctx_desc cd;
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p;
    ci_compile_desc pd;
    int64_t xs[2] = {4, 3}, ws[2] = {3, 3}, bs[1] = {3}, ys[1] = {5};
    ci_tensor x, w, b, h, mid = {0}, extra, bad;
    float xv[12], wv[9], bv[3], r[12], midv[12], got[12], got2[12], want2[12];
    const void *in[3];
    void *out[2];
    size_t built, after;
    int l, i, be;
    for (i = 0; i < 12; i++) xv[i] = (float)((i * 7) % 5) * 0.25f - 0.5f;
    for (i = 0; i < 9; i++) wv[i] = (float)((i * 5) % 7) * 0.1f - 0.25f;
    for (i = 0; i < 3; i++) bv[i] = 0.125f * (float)i - 0.1f;
    bac_ref(xv, wv, bv, r, midv, BAC_LAYERS);
    for (i = 0; i < 12; i++) want2[i] = midv[i] * 2.0f + r[i];
    ci_test_alloc_init(&al);
    memset(&cd, 0, sizeof cd);
    cd.allocator = ci_test_alloc_allocator(&al);
    CI_CHECK_OK(ci_ctx_create(&cd, &ctx));
    g = ci_graph_create(ctx);
    CI_CHECK(g != NULL);
    x = ci_input(g, "x", CI_F32, 2, xs);
    w = ci_input(g, "w", CI_F32, 2, ws);
    b = ci_input(g, "b", CI_F32, 1, bs);
    h = x;
    for (l = 0; l < BAC_LAYERS; l++) {
        ci_tensor t = ci_add(g, bac_mm(g, h, w), b);
        if (l == BAC_LAYERS / 2) mid = t;   /* pointwise, one user so far: not realized */
        h = ci_relu(g, t);
    }
    ci_output(g, h);
    CI_CHECK_OK_CTX(ctx, ci_graph_status(g));
    built = al.live_bytes;
    memset(&pd, 0, sizeof pd);
    pd.backend = CI_BACKEND_INTERP;
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
    in[0] = xv; in[1] = wv; in[2] = bv; out[0] = got;
    CI_CHECK_OK_CTX(ctx, ci_program_run(p, 3, in, 1, out));
    ci_program_destroy(p);
    CI_CHECK_ARRAY_NEAR_F32(got, r, 12, 1e-5, 1e-4);
    after = al.live_bytes;
    CI_CHECK_MSG(after * 4 < built * 3, "after ci_compile the graph holds %zu bytes, %zu before: its build-time state was not released", after, built);
    /* more nodes: the state comes back, with the earlier tensors' shapes and bodies */
    extra = ci_add(g, ci_mul(g, mid, ci_scalar(g, 2.0)), h);
    ci_output(g, extra);
    CI_CHECK_OK_CTX(ctx, ci_graph_status(g));
    for (be = 0; be < 2; be++) {
        pd.backend = be ? CI_BACKEND_TCC : CI_BACKEND_INTERP;
        CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
        out[0] = got; out[1] = got2;
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 3, in, 2, out));
        ci_program_destroy(p);
        CI_CHECK_ARRAY_NEAR_F32(got, r, 12, 1e-5, 1e-4);
        CI_CHECK_ARRAY_NEAR_F32(got2, want2, 12, 1e-5, 1e-4);
    }
    /* shape checks still run on the rebuilt state */
    bad = ci_add(g, mid, ci_input(g, "y", CI_F32, 1, ys));
    (void)bad;
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_SHAPE);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    CI_CHECK_EQ_INT((long)al.live_bytes, 0);
    CI_CHECK_EQ_INT(al.bad_frees, 0);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_chain_small_stack);
    CI_RUN(test_chain_tcc);
    CI_RUN(test_view_chain);
    CI_RUN(test_build_after_compile);
    return ci_test_done();
}
