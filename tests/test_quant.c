/* Quantization (quantized_decomposed.*) against a C reference of the formulas Inductor lowers:
   quantize = clamp(round_half_even(x * (1 / scale)) + zero_point, qmin, qmax) in the integer
   dtype, dequantize = (q - zero_point) * scale in f32; per tensor and per channel; both
   backends. (PyTorch 1.13 has no quantized_decomposed ops to compare with.) */
#include "ci_test.h"

/* outputs t, compiles g for backend be, runs it once */
static int run1(ci_backend be, int ninputs, const void *const *in, void *out, ci_graph *g, ci_ctx *ctx, ci_tensor t) {
    ci_program *p;
    ci_compile_desc pd;
    void *o[1];
    ci_result r;
    ci_output(g, t);
    memset(&pd, 0, sizeof pd);
    pd.backend = be;
    if (ci_compile(g, &pd, &p) != CI_OK) { printf("# %s\n", ci_ctx_last_error(ctx)); return 0; }
    o[0] = out;
    r = ci_program_run(p, ninputs, in, 1, o);
    ci_program_destroy(p);
    return r == CI_OK;
}

CI_TEST(test_quantize_dequantize_per_tensor) {
    static const ci_backend bes[2] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};
    ci_test_rng r = ci_test_rng_make(7);
    float x[1023], deq[1023];
    signed char q[1023], want[1023];
    int64_t n = 1023;
    int b, i;
    const double scale = 0.05, zp = 3;
    ci_test_fill_normal_f32(x, 1023, &r);
    for (i = 0; i < 1023; i++) x[i] *= 4.0f;   /* some values clamp */
    x[0] = 0.025f; x[1] = 0.075f; x[2] = -0.025f; /* halves round to even */
    for (i = 0; i < 1023; i++) {
        float v = rintf(x[i] * (float)(1.0 / scale)) + (float)zp;
        v = v < -128 ? -128 : v > 127 ? 127 : v;
        want[i] = (signed char)v;
    }
    for (b = 0; b < 2; b++) {
        ci_ctx *ctx;
        ci_graph *g;
        ci_arg a[6];
        const void *in[1];
        ci_ctx_create(NULL, &ctx);
        g = ci_graph_create(ctx);
        a[0] = ci_arg_tensor(ci_input(g, "x", CI_F32, 1, &n));
        a[1] = ci_arg_float(scale); a[2] = ci_arg_int((int64_t)zp); a[3] = ci_arg_int(-128); a[4] = ci_arg_int(127); a[5] = ci_arg_dtype(CI_I8);
        in[0] = x;
        CI_CHECK(run1(bes[b], 1, in, q, g, ctx, ci_call1(g, "quantized_decomposed.quantize_per_tensor.default", 6, a, 0, NULL)));
        CI_CHECK_MSG(memcmp(q, want, sizeof want) == 0, "quantize differs on backend %d", b);
        ci_graph_destroy(g);
        g = ci_graph_create(ctx);
        a[0] = ci_arg_tensor(ci_input(g, "q", CI_I8, 1, &n));
        in[0] = q;
        CI_CHECK(run1(bes[b], 1, in, deq, g, ctx, ci_call1(g, "quantized_decomposed.dequantize_per_tensor.default", 6, a, 0, NULL)));
        for (i = 0; i < 1023; i++) CI_CHECK_NEAR(deq[i], ((float)q[i] - (float)zp) * (float)scale, 1e-6, 1e-6);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
}

CI_TEST(test_quantize_per_channel) {
    static const ci_backend bes[2] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};
    ci_test_rng r = ci_test_rng_make(8);
    float x[7 * 5], sc[5] = {0.1f, 0.02f, 0.5f, 1.0f, 0.05f}, deq[35];
    int64_t zp[5] = {0, 5, -3, 100, 128};
    unsigned char q[35], want[35];
    int64_t xs[2] = {7, 5}, cs = 5;
    int b, i;
    ci_test_fill_normal_f32(x, 35, &r);
    for (i = 0; i < 35; i++) {
        int c = i % 5;
        float v = rintf(x[i] * (1.0f / sc[c])) + (float)zp[c];
        v = v < 0 ? 0 : v > 255 ? 255 : v;
        want[i] = (unsigned char)v;
    }
    for (b = 0; b < 2; b++) {
        ci_ctx *ctx;
        ci_graph *g;
        ci_arg a[7];
        const void *in[3];
        ci_ctx_create(NULL, &ctx);
        g = ci_graph_create(ctx);
        a[0] = ci_arg_tensor(ci_input(g, "x", CI_F32, 2, xs));
        a[1] = ci_arg_tensor(ci_input(g, "s", CI_F32, 1, &cs));
        a[2] = ci_arg_tensor(ci_input(g, "z", CI_I64, 1, &cs));
        a[3] = ci_arg_int(-1); a[4] = ci_arg_int(0); a[5] = ci_arg_int(255); a[6] = ci_arg_dtype(CI_U8);
        in[0] = x; in[1] = sc; in[2] = zp;
        CI_CHECK(run1(bes[b], 3, in, q, g, ctx, ci_call1(g, "quantized_decomposed.quantize_per_channel.default", 7, a, 0, NULL)));
        CI_CHECK_MSG(memcmp(q, want, sizeof want) == 0, "quantize_per_channel differs on backend %d", b);
        ci_graph_destroy(g);
        g = ci_graph_create(ctx);
        a[0] = ci_arg_tensor(ci_input(g, "q", CI_U8, 2, xs));
        a[1] = ci_arg_tensor(ci_input(g, "s", CI_F32, 1, &cs));
        a[2] = ci_arg_tensor(ci_input(g, "z", CI_I64, 1, &cs));
        a[3] = ci_arg_int(1);
        in[0] = q;
        CI_CHECK(run1(bes[b], 3, in, deq, g, ctx, ci_call1(g, "quantized_decomposed.dequantize_per_channel.default", 7, a, 0, NULL)));
        for (i = 0; i < 35; i++) CI_CHECK_NEAR(deq[i], ((float)q[i] - (float)zp[i % 5]) * sc[i % 5], 1e-6, 1e-6);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
}

CI_TEST(test_quantize_bad_input) {
    ci_ctx *ctx;
    ci_graph *g;
    ci_arg a[6];
    int64_t n = 4;
    ci_ctx_create(NULL, &ctx);
    g = ci_graph_create(ctx);
    a[0] = ci_arg_tensor(ci_input(g, "x", CI_I32, 1, &n));   /* quantize wants a float input */
    a[1] = ci_arg_float(0.1); a[2] = ci_arg_int(0); a[3] = ci_arg_int(-128); a[4] = ci_arg_int(127); a[5] = ci_arg_dtype(CI_I8);
    ci_call1(g, "quantized_decomposed.quantize_per_tensor.default", 6, a, 0, NULL);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_DTYPE);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_quantize_dequantize_per_tensor);
    CI_RUN(test_quantize_per_channel);
    CI_RUN(test_quantize_bad_input);
    return ci_test_done();
}
