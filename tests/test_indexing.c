/* Index tensors: values out of range are a run-time error (CI_ERR_RUNTIME with a message) on
   every backend, never a wild read, and a later run with good indices works again. */
#include "ci_test.h"

static ci_result run_index_select(ci_backend be, const int64_t *idx, int n, float *out, char *msg, size_t msgsz) {
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p;
    ci_compile_desc pd;
    int64_t xs[2] = {5, 3}, is[1];
    float x[15];
    const void *in[2];
    void *o[1];
    ci_arg a[3];
    ci_result r;
    int i;
    for (i = 0; i < 15; i++) x[i] = (float)i;
    is[0] = n;
    if (ci_ctx_create(NULL, &ctx) != CI_OK) return CI_ERR_OUT_OF_MEMORY;
    g = ci_graph_create(ctx);
    a[0] = ci_arg_tensor(ci_input(g, "x", CI_F32, 2, xs));
    a[1] = ci_arg_int(0);
    a[2] = ci_arg_tensor(ci_input(g, "i", CI_I64, 1, is));
    ci_output(g, ci_call1(g, "aten.index_select.default", 3, a, 0, NULL));
    memset(&pd, 0, sizeof pd);
    pd.backend = be;
    r = ci_compile(g, &pd, &p);
    if (r == CI_OK) {
        in[0] = x; in[1] = idx; o[0] = out;
        r = ci_program_run(p, 2, in, 1, o);
        snprintf(msg, msgsz, "%s", ci_ctx_last_error(ctx));
        if (r != CI_OK) {   /* the program stays usable */
            int64_t good[8] = {0, 0, 0, 0, 0, 0, 0, 0};
            in[1] = good;
            if (ci_program_run(p, 2, in, 1, o) != CI_OK) r = CI_ERR_INVALID_ARGS;
        }
        ci_program_destroy(p);
    }
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return r;
}

CI_TEST(test_out_of_range_index_is_a_runtime_error) {
    static const ci_backend bes[2] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};
    int b;
    for (b = 0; b < 2; b++) {
        int64_t bad_hi[3] = {1, 5, 2}, bad_lo[2] = {-6, 0}, huge[1] = {INT64_MAX}, ok[4] = {4, 0, 4, 0}, neg[2] = {0, -1};
        float out[12];
        char msg[512];
        CI_CHECK_EQ_INT(run_index_select(bes[b], bad_hi, 3, out, msg, sizeof msg), CI_ERR_RUNTIME);
        CI_CHECK_MSG(strstr(msg, "out of range") != NULL, "message: %s", msg);
        CI_CHECK_EQ_INT(run_index_select(bes[b], bad_lo, 2, out, msg, sizeof msg), CI_ERR_RUNTIME);
        CI_CHECK_EQ_INT(run_index_select(bes[b], huge, 1, out, msg, sizeof msg), CI_ERR_RUNTIME);
        /* index_select does not wrap a negative index (PyTorch: "index out of range in self") */
        CI_CHECK_EQ_INT(run_index_select(bes[b], neg, 2, out, msg, sizeof msg), CI_ERR_RUNTIME);
        CI_CHECK_EQ_INT(run_index_select(bes[b], ok, 4, out, msg, sizeof msg), CI_OK);
        /* rows 4, 0, 4, 0 */
        CI_CHECK_NEAR(out[0], 12, 0, 0);
        CI_CHECK_NEAR(out[3], 0, 0, 0);
        CI_CHECK_NEAR(out[8], 14, 0, 0);
        CI_CHECK_NEAR(out[10], 1, 0, 0);
    }
}

/* searchsorted(s, v, sorter=o) with s = {40, 10, 30, 20}: o must hold positions of s in [0, 4) */
static ci_result run_sorter(ci_backend be, const int64_t *sorter, int64_t *out, char *msg, size_t msgsz) {
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p;
    ci_compile_desc pd;
    int64_t ss[1] = {4}, vs[1] = {5};
    float s[4] = {40, 10, 30, 20}, v[5] = {5, 10, 25, 40, 45};
    const void *in[3];
    void *o[1];
    ci_arg a[2];
    ci_kwarg kw[1];
    ci_result r;
    if (ci_ctx_create(NULL, &ctx) != CI_OK) return CI_ERR_OUT_OF_MEMORY;
    g = ci_graph_create(ctx);
    a[0] = ci_arg_tensor(ci_input(g, "s", CI_F32, 1, ss));
    a[1] = ci_arg_tensor(ci_input(g, "v", CI_F32, 1, vs));
    kw[0].name = "sorter";
    kw[0].value = ci_arg_tensor(ci_input(g, "o", CI_I64, 1, ss));
    ci_output(g, ci_call1(g, "aten.searchsorted.Tensor", 2, a, 1, kw));
    memset(&pd, 0, sizeof pd);
    pd.backend = be;
    r = ci_compile(g, &pd, &p);
    if (r == CI_OK) {
        in[0] = s; in[1] = v; in[2] = sorter; o[0] = out;
        r = ci_program_run(p, 3, in, 1, o);
        snprintf(msg, msgsz, "%s", ci_ctx_last_error(ctx));
        ci_program_destroy(p);
    } else snprintf(msg, msgsz, "%s", ci_ctx_last_error(ctx));
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return r;
}

CI_TEST(test_searchsorted_sorter_out_of_range_is_a_runtime_error) {
    static const ci_backend bes[2] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};
    int b, i;
    for (b = 0; b < 2; b++) {
        /* every position the search can read is bad in one of them (PyTorch 1.13 reads out of bounds) */
        int64_t good[4] = {1, 3, 2, 0}, high[4] = {4, 4, 4, 4}, neg[4] = {-1, -1, -1, -1}, huge[4] = {1, INT64_MAX, 2, 0};
        int64_t out[5], want[5] = {0, 0, 2, 3, 4};
        char msg[512];
        CI_CHECK_EQ_INT(run_sorter(bes[b], good, out, msg, sizeof msg), CI_OK);
        for (i = 0; i < 5; i++) CI_CHECK_EQ_INT(out[i], want[i]);
        CI_CHECK_EQ_INT(run_sorter(bes[b], high, out, msg, sizeof msg), CI_ERR_RUNTIME);
        CI_CHECK_MSG(strstr(msg, "out of range") != NULL, "message: %s", msg);
        CI_CHECK_EQ_INT(run_sorter(bes[b], neg, out, msg, sizeof msg), CI_ERR_RUNTIME);   /* no wrapping */
        CI_CHECK_EQ_INT(run_sorter(bes[b], huge, out, msg, sizeof msg), CI_ERR_RUNTIME);
    }
}

/* A pointwise producer read through computed indices (upsampling, index_select) is inlined
   into the consumer: its loads take the consumer's indirect index variables, whose values
   must be computed in the kernel. Once they were not (TCC refused the C; the interpreter read
   index 0 everywhere). The references are computed here directly. */
CI_TEST(test_pointwise_producer_read_through_computed_indices) {
    static const char *cig =
        "input x: f32[1, 4, 8, 8]\n"
        "input i: i64[5]\n"
        "r = aten.relu.default(x)\n"
        "up = aten.upsample_nearest2d.vec(r, None, [2.0, 2.0])\n"
        "m = aten.mul.Tensor(x, 2)\n"
        "a = aten.add.Tensor(m, 1)\n"
        "sel = aten.index_select.default(a, 2, i)\n"
        "s = aten.sigmoid.default(x)\n"
        "bl = aten.upsample_bilinear2d.vec(s, None, True, [2.0, 2.0])\n"
        "output up, sel, bl\n";
    static const ci_backend bes[2] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};
    ci_test_rng rng = ci_test_rng_make(11);
    float x[256], up[1024], sel[160], bl[1024], want_up[1024], want_sel[160], want_bl[1024];
    int64_t idx[5] = {7, 0, 3, 3, 5};
    int b, uf, c, h, w, k;
    ci_test_fill_normal_f32(x, 256, &rng);
    for (c = 0; c < 4; c++)
        for (h = 0; h < 16; h++)
            for (w = 0; w < 16; w++) {
                /* align_corners: source coordinate h * 7 / 15 */
                double sh = h * 7.0 / 15, sw = w * 7.0 / 15, fh = sh - floor(sh), fw = sw - floor(sw);
                int h0 = (int)sh, w0 = (int)sw, h1 = h0 < 7 ? h0 + 1 : 7, w1 = w0 < 7 ? w0 + 1 : 7;
                const float *xc = x + 64 * c;
#define SIG(v) (1.0 / (1.0 + exp(-(double)(v))))
                double v = (1 - fh) * ((1 - fw) * SIG(xc[8 * h0 + w0]) + fw * SIG(xc[8 * h0 + w1]))
                         + fh * ((1 - fw) * SIG(xc[8 * h1 + w0]) + fw * SIG(xc[8 * h1 + w1]));
#undef SIG
                float xv = xc[8 * (h / 2) + w / 2];
                want_up[256 * c + 16 * h + w] = xv > 0 ? xv : 0;
                want_bl[256 * c + 16 * h + w] = (float)v;
            }
    for (c = 0; c < 4; c++)
        for (k = 0; k < 5; k++)
            for (w = 0; w < 8; w++) want_sel[40 * c + 8 * k + w] = 2 * x[64 * c + 8 * (int)idx[k] + w] + 1;
    for (b = 0; b < 2; b++)
        for (uf = 0; uf < 2; uf++) {
            ci_ctx *ctx;
            ci_graph *g;
            ci_program *p;
            ci_compile_desc pd;
            char err[256];
            const void *in[2];
            void *out[3];
            CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
            g = ci_graph_create(ctx);
            CI_CHECK_OK(ci_cig_parse(g, cig, strlen(cig), "test.cig", NULL, err, sizeof err));
            memset(&pd, 0, sizeof pd);
            pd.backend = bes[b];
            pd.unfused = uf;
            CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
            in[0] = x; in[1] = idx;
            out[0] = up; out[1] = sel; out[2] = bl;
            CI_CHECK_OK_CTX(ctx, ci_program_run(p, 2, in, 3, out));
            CI_CHECK_ARRAY_NEAR_F32(up, want_up, 1024, 0, 0);
            CI_CHECK_ARRAY_NEAR_F32(sel, want_sel, 160, 1e-6, 1e-6);
            CI_CHECK_ARRAY_NEAR_F32(bl, want_bl, 1024, 1e-6, 1e-5);
            ci_program_destroy(p);
            ci_graph_destroy(g);
            ci_ctx_destroy(ctx);
        }
}

/* A failing run-time check names the node and op it belongs to, the index and the size:
   gather(relu(x), 1, i) with an index 9 into a dim of 5, index_select with -6 (wraps to -1:
   still out of range), floor_divide by zero; on both backends. The first failing check is
   reported; a good run afterwards clears the error. */
static ci_result run_checked(ci_backend be, int which, const int64_t *idx, char *msg, size_t msgsz) {
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p;
    ci_compile_desc pd;
    int64_t xs[2] = {2, 5}, is[2] = {2, 2}, n3 = 3;
    float x[10] = {0}, out[10];
    const void *in[2];
    void *o[1];
    ci_arg a[3];
    ci_result r;
    msg[0] = 0;
    if (ci_ctx_create(NULL, &ctx) != CI_OK) return CI_ERR_OUT_OF_MEMORY;
    g = ci_graph_create(ctx);
    if (which == 0) {          /* t0 = relu(x); t1 = gather(t0, 1, i) */
        a[0] = ci_arg_tensor(ci_relu(g, ci_input(g, "x", CI_F32, 2, xs)));
        a[1] = ci_arg_int(1);
        a[2] = ci_arg_tensor(ci_input(g, "i", CI_I64, 2, is));
        ci_output(g, ci_call1(g, "aten.gather.default", 3, a, 0, NULL));
    } else if (which == 1) {   /* t0 = neg(x); t1 = index_select(t0, 1, i) */
        a[0] = ci_arg_tensor(ci_neg(g, ci_input(g, "x", CI_F32, 2, xs)));
        a[1] = ci_arg_int(1);
        a[2] = ci_arg_tensor(ci_input(g, "i", CI_I64, 1, &n3));
        ci_output(g, ci_call1(g, "aten.index_select.default", 3, a, 0, NULL));
    } else {                   /* t0 = floor_divide(a, b) on i64 */
        a[0] = ci_arg_tensor(ci_input(g, "a", CI_I64, 1, &n3));
        a[1] = ci_arg_tensor(ci_input(g, "b", CI_I64, 1, &n3));
        ci_output(g, ci_call1(g, "aten.floor_divide.default", 2, a, 0, NULL));
    }
    memset(&pd, 0, sizeof pd);
    pd.backend = be;
    r = ci_compile(g, &pd, &p);
    if (r == CI_OK) {
        static const int64_t num[3] = {7, 8, 9};
        in[0] = which == 2 ? (const void *)num : (const void *)x;
        in[1] = idx;
        o[0] = out;
        r = ci_program_run(p, 2, in, 1, o);
        snprintf(msg, msgsz, "%s", ci_ctx_last_error(ctx));
        if (r != CI_OK) {   /* a good run works again */
            static const int64_t good[4] = {1, 1, 1, 1};
            in[1] = good;
            if (ci_program_run(p, 2, in, 1, o) != CI_OK) r = CI_ERR_INVALID_ARGS;
        }
        ci_program_destroy(p);
    } else snprintf(msg, msgsz, "%s", ci_ctx_last_error(ctx));
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return r;
}

CI_TEST(test_runtime_error_names_the_node) {
    static const ci_backend bes[2] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};
    int b;
    for (b = 0; b < 2; b++) {
        int64_t gi[4] = {0, 9, 1, 2}, si[3] = {0, -6, 7}, zero[3] = {1, 0, 2};
        char msg[512];
        CI_CHECK_EQ_INT(run_checked(bes[b], 0, gi, msg, sizeof msg), CI_ERR_RUNTIME);
        CI_CHECK_MSG(strstr(msg, "index 9 is out of bounds for dimension of size 5 in node t1 (aten.gather.default)") != NULL,
                     "backend %d: %s", b, msg);
        CI_CHECK_MSG(strstr(msg, "out of range") != NULL, "backend %d: %s", b, msg);
        CI_CHECK_EQ_INT(run_checked(bes[b], 1, si, msg, sizeof msg), CI_ERR_RUNTIME);
        /* the first failing element in C order is -6 (7 is later) on one thread */
        CI_CHECK_MSG(strstr(msg, "index -6 is out of bounds for dimension of size 5 in node t1 (aten.index_select.default)") != NULL,
                     "backend %d: %s", b, msg);
        CI_CHECK_EQ_INT(run_checked(bes[b], 2, zero, msg, sizeof msg), CI_ERR_RUNTIME);
        CI_CHECK_MSG(strstr(msg, "ZeroDivisionError: integer division by zero in node t0 (aten.floor_divide.default)") != NULL,
                     "backend %d: %s", b, msg);
    }
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_out_of_range_index_is_a_runtime_error);
    CI_RUN(test_searchsorted_sorter_out_of_range_is_a_runtime_error);
    CI_RUN(test_pointwise_producer_read_through_computed_indices);
    CI_RUN(test_runtime_error_names_the_node);
    return ci_test_done();
}
