/* aten.view.dtype (bitcast): the output holds exactly the input's bytes, on both backends, for
   every pair of dtypes, bf16 included (tests/torch/run.py compares the values with PyTorch, but
   NumPy has no bf16 and the harness keeps signalling NaNs out of its data). The patterns cover
   signalling and quiet NaNs with payloads, infinities, -0, denormals and the extremes; the
   graphs read them straight through, through a realized buffer of the target dtype (an f16 or
   bf16 NaN's payload survives its trip through f32), and back again. Also: f32 NaN payloads
   converted to f16/bf16, and the errors of different element sizes. */
#include "ci_test.h"

static const ci_backend k_bes[2] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};

#define NPAT 24

/* NPAT patterns of SIZE bytes each, little-endian in buf */
static void patterns(int size, unsigned char *buf) {
    static const uint64_t p2[] = {0x7c01, 0xfc01, 0x7d55, 0x7e00, 0x7fff, 0xffff, 0x7c00, 0xfc00, 0x8000, 0x0001, 0x03ff,
                                  0x7bff, 0x7f81, 0x7fa1, 0xff81, 0x7fc0, 0x7f80, 0x0080, 0x3c00, 0x3f80, 0xc000, 0x1234};
    static const uint64_t p4[] = {0x7f800001, 0xff800001, 0x7fa00000, 0x7fc00000, 0x7fffffff, 0xffffffff, 0x7f800000,
                                  0xff800000, 0x80000000, 0x00000001, 0x007fffff, 0x7f7fffff, 0x3f800000, 0xc0490fdb,
                                  0x7fbfffff, 0x00800000, 0x12345678, 0x7fc00001, 0xffc00000, 0x0000ffff, 0x7c017c01, 0xdeadbeef};
    static const uint64_t p8[] = {0x7ff0000000000001ull, 0xfff0000000000001ull, 0x7ff4000000000000ull, 0x7ff8000000000000ull,
                                  0x7fffffffffffffffull, 0xffffffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                                  0x8000000000000000ull, 0x1ull, 0x000fffffffffffffull, 0x7fefffffffffffffull,
                                  0x3ff0000000000000ull, 0x400921fb54442d18ull, 0x7ff7ffffffffffffull, 0x0010000000000000ull,
                                  0x123456789abcdef0ull, 0x7ff8000000000001ull, 0xfff8000000000000ull, 0x7f800001ull,
                                  0x7fc000017f800001ull, 0xdeadbeefcafef00dull};
    int i, b;
    for (i = 0; i < NPAT; i++) {
        uint64_t v;
        if (i >= 22) v = i == 22 ? 0 : ~0ull >> (64 - 8 * size) >> 1;       /* 0 and the largest signed */
        else v = size == 1 ? (uint64_t)(i * 37 + 1) : size == 2 ? p2[i] : size == 4 ? p4[i] : p8[i];
        for (b = 0; b < size; b++) buf[i * size + b] = (unsigned char)(v >> (8 * b));
    }
}

/* x (SRC) -> y = x.view(DST) (an output: stored as DST) -> z = y.view(SRC) through a clone of y */
static int check_pair(ci_dtype src, ci_dtype dst, ci_backend be, char *msg, size_t msgsz) {
    int size = (int)ci_dtype_size(src), i, ok = 0;
    int64_t shape[1] = {NPAT};
    unsigned char x[NPAT * 8], y[NPAT * 8], z[NPAT * 8], want[NPAT * 8];
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc pd;
    ci_arg a[2];
    ci_tensor tx, ty, tz;
    const void *in[1];
    void *out[2];
    patterns(size, x);
    if (src == CI_BOOL) for (i = 0; i < NPAT; i++) x[i] = (unsigned char)(i & 1);
    memcpy(want, x, sizeof x);
    if (dst == CI_BOOL) for (i = 0; i < NPAT; i++) want[i] = x[i] != 0;   /* a bool holds 0 or 1 */
    ci_ctx_create(NULL, &ctx);
    g = ci_graph_create(ctx);
    tx = ci_input(g, "x", src, 1, shape);
    a[0] = ci_arg_tensor(tx); a[1] = ci_arg_dtype(dst);
    ty = ci_call1(g, "aten.view.dtype", 2, a, 0, NULL);
    a[0] = ci_arg_tensor(ci_clone(g, ty)); a[1] = ci_arg_dtype(src);
    tz = ci_call1(g, "aten.view.dtype", 2, a, 0, NULL);
    ci_output(g, ty);
    ci_output(g, tz);
    memset(&pd, 0, sizeof pd);
    pd.backend = be;
    memset(y, 0xab, sizeof y);
    memset(z, 0xab, sizeof z);
    in[0] = x; out[0] = y; out[1] = z;
    if (ci_compile(g, &pd, &p) != CI_OK || ci_program_run(p, 1, in, 2, out) != CI_OK)
        snprintf(msg, msgsz, "%s", ci_ctx_last_error(ctx));
    else if (memcmp(y, want, (size_t)(NPAT * size)) != 0 || (dst != CI_BOOL && memcmp(z, x, (size_t)(NPAT * size)) != 0)) {
        for (i = 0; i < NPAT * size; i++) if (y[i] != want[i] || (dst != CI_BOOL && z[i] != x[i])) break;
        snprintf(msg, msgsz, "pattern %d byte %d: x %02x, view %02x (want %02x), back %02x", i / size, i % size,
                 x[i], y[i], want[i], z[i]);
    } else ok = 1;
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return ok;
}

CI_TEST(test_bitcast_same_size_bits) {
    int s, d, b;
    char msg[512];
    for (s = CI_BOOL; s < CI_DTYPE_COUNT; s++) for (d = CI_BOOL; d < CI_DTYPE_COUNT; d++) {
        if (ci_dtype_size((ci_dtype)s) != ci_dtype_size((ci_dtype)d)) continue;
        for (b = 0; b < 2; b++)
            CI_CHECK_MSG(check_pair((ci_dtype)s, (ci_dtype)d, k_bes[b], msg, sizeof msg), "%s -> %s, %s: %s",
                         ci_dtype_name((ci_dtype)s), ci_dtype_name((ci_dtype)d), b ? "interp" : "tcc", msg);
    }
}

/* f32 -> f16 / bf16 conversion of a NaN keeps the top of its payload (quiet when nothing is left) */
CI_TEST(test_bitcast_nan_payload_conversion) {
    static const uint32_t xb[4] = {0x7fc00000u, 0xffe00000u, 0x7f802000u, 0x7f800001u};
    static const uint16_t want_h[4] = {0x7e00, 0xff00, 0x7c01, 0x7e00}, want_bf[4] = {0x7fc0, 0xffe0, 0x7fc0, 0x7fc0};
    int b, k;
    for (b = 0; b < 2; b++) for (k = 0; k < 2; k++) {
        int64_t shape[1] = {4};
        float x[4];
        uint16_t y[4];
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        ci_arg a[2];
        const void *in[1];
        void *out[1];
        int ok;
        memcpy(x, xb, sizeof x);
        ci_ctx_create(NULL, &ctx);
        g = ci_graph_create(ctx);
        a[0] = ci_arg_tensor(ci_to(g, ci_input(g, "x", CI_F32, 1, shape), k ? CI_BF16 : CI_F16));
        a[1] = ci_arg_dtype(CI_I16);
        ci_output(g, ci_call1(g, "aten.view.dtype", 2, a, 0, NULL));
        memset(&pd, 0, sizeof pd);
        pd.backend = k_bes[b];
        in[0] = x; out[0] = y;
        ok = ci_compile(g, &pd, &p) == CI_OK && ci_program_run(p, 1, in, 1, out) == CI_OK;
        ok = ok && !memcmp(y, k ? want_bf : want_h, sizeof y);
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
        CI_CHECK_MSG(ok, "%s, %s: %04x %04x %04x %04x", k ? "bf16" : "f16", b ? "interp" : "tcc",
                     (unsigned)y[0], (unsigned)y[1], (unsigned)y[2], (unsigned)y[3]);
    }
}

/* different element sizes: the bytes of C order, the last dim rescaled */
CI_TEST(test_bitcast_different_sizes) {
    int b;
    for (b = 0; b < 2; b++) {
        int64_t s23[2] = {2, 3}, got_shape[CI_MAX_DIMS];
        int32_t x[6] = {0x01020304, -1, 0x7f800001, 0, -2147483647 - 1, 0x00ff00ff};
        unsigned char y[24];
        int32_t z[6];
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        ci_arg a[2];
        ci_tensor t;
        const void *in[1];
        void *out[2];
        int ok;
        ci_ctx_create(NULL, &ctx);
        g = ci_graph_create(ctx);
        a[0] = ci_arg_tensor(ci_input(g, "x", CI_I32, 2, s23));
        a[1] = ci_arg_dtype(CI_U8);
        t = ci_call1(g, "aten.view.dtype", 2, a, 0, NULL);
        CI_CHECK_EQ_INT(ci_tensor_shape(g, t, got_shape), 2);
        CI_CHECK(got_shape[0] == 2 && got_shape[1] == 12);
        ci_output(g, t);
        a[0] = ci_arg_tensor(t); a[1] = ci_arg_dtype(CI_I32);
        ci_output(g, ci_call1(g, "aten.view.dtype", 2, a, 0, NULL));
        memset(&pd, 0, sizeof pd);
        pd.backend = k_bes[b];
        in[0] = x; out[0] = y; out[1] = z;
        ok = ci_compile(g, &pd, &p) == CI_OK && ci_program_run(p, 1, in, 2, out) == CI_OK;
        if (!ok) printf("# %s\n", ci_ctx_last_error(ctx));
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
        CI_CHECK_MSG(ok && !memcmp(y, x, sizeof y) && !memcmp(z, x, sizeof z), "%s", b ? "interp" : "tcc");
    }
}

/* the message of the error view.dtype(x, dt) records, x of dtype src and NDIM dims {2, 3} */
static void view_error(ci_dtype src, int ndim, ci_dtype dt, char *msg, size_t msgsz) {
    int64_t s23[2] = {2, 3};
    ci_ctx *ctx;
    ci_graph *g;
    ci_arg a[2];
    ci_ctx_create(NULL, &ctx);
    g = ci_graph_create(ctx);
    a[0] = ci_arg_tensor(ci_input(g, "x", src, ndim, s23));
    a[1] = ci_arg_dtype(dt);
    snprintf(msg, msgsz, "%s", ci_call1(g, "aten.view.dtype", 2, a, 0, NULL).id ? "(accepted)" : ci_graph_message(g));
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

CI_TEST(test_bitcast_errors) {
    char msg[512];
    view_error(CI_I8, 2, CI_I16, msg, sizeof msg);
    CI_CHECK_MSG(strstr(msg, "self.size(-1) must be divisible by 2 to view int8 as int16") != NULL, "%s", msg);
    view_error(CI_F64, 0, CI_F32, msg, sizeof msg);
    CI_CHECK_MSG(strstr(msg, "self.dim() cannot be 0 to view float64 as float32") != NULL, "%s", msg);
    view_error(CI_F64, 0, CI_I64, msg, sizeof msg);   /* equal sizes: a 0-d tensor is fine */
    CI_CHECK_MSG(!strcmp(msg, "(accepted)"), "%s", msg);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_bitcast_same_size_bits);
    CI_RUN(test_bitcast_nan_payload_conversion);
    CI_RUN(test_bitcast_different_sizes);
    CI_RUN(test_bitcast_errors);
    return ci_test_done();
}
