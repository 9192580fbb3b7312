/* test_ops_call.c - ops called through ci_call by aten name, with keyword arguments, against
   the reference of tests/ops_cases.h (the runner, the seed, the environment: see there). */
#include "ops_cases.h"

/* c->kind picks the call */
enum { CK_SUM_KW, CK_MEAN_KW, CK_DIV_MODE_KW, CK_GELU_KW, CK_SOFTMAX_DTYPE, CK_CLAMP_KW, CK_ARGMAX_KW,
       CK_TO_DTYPE, CK_CONVERT, CK_MAX_DIM };
static const char *ck_names[] = {"aten.sum.dim_IntList(x, [1], keepdim=True, dtype=f64)",
                                 "aten.mean.dim(x, dim=[0], keepdim=True)",
                                 "aten.div.Tensor_mode(x, y, rounding_mode='floor')",
                                 "aten.gelu(x, approximate='tanh')",
                                 "aten.softmax.int(x, 1, dtype=f64)",
                                 "aten.clamp(x, max=0.5)",
                                 "aten.argmax(x, dim=-1, keepdim=True)",
                                 "aten.to.dtype(x, i32)",
                                 "prims.convert_element_type(x, f64)",
                                 "aten.max.dim(x, 0, keepdim=True)"};
static void b_call(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_arg a[3];
    ci_kwarg k[2];
    ci_tensor o[2] = {{0}, {0}};
    int64_t d1 = 1, d0 = 0;
    a[0] = ci_arg_tensor(t[0]);
    switch (c->kind) {
    case CK_SUM_KW:
        a[1] = ci_arg_ints(&d1, 1);
        k[0].name = "keepdim"; k[0].value = ci_arg_bool(1);
        k[1].name = "dtype"; k[1].value = ci_arg_dtype(CI_F64);
        ci_output(g, ci_call1(g, "aten.sum.dim_IntList", 2, a, 2, k));
        break;
    case CK_MEAN_KW:
        k[0].name = "dim"; k[0].value = ci_arg_ints(&d0, 1);
        k[1].name = "keepdim"; k[1].value = ci_arg_bool(1);
        ci_output(g, ci_call1(g, "aten.mean.dim", 1, a, 2, k));
        break;
    case CK_DIV_MODE_KW:
        a[1] = ci_arg_tensor(t[1]);
        k[0].name = "rounding_mode"; k[0].value = ci_arg_string("floor");
        ci_output(g, ci_call1(g, "aten.div.Tensor_mode", 2, a, 1, k));
        break;
    case CK_GELU_KW:
        k[0].name = "approximate"; k[0].value = ci_arg_string("tanh");
        ci_output(g, ci_call1(g, "aten.gelu", 1, a, 1, k));
        break;
    case CK_SOFTMAX_DTYPE:
        a[1] = ci_arg_int(1);
        k[0].name = "dtype"; k[0].value = ci_arg_dtype(CI_F64);
        ci_output(g, ci_call1(g, "aten.softmax.int", 2, a, 1, k));
        break;
    case CK_CLAMP_KW:
        k[0].name = "max"; k[0].value = ci_arg_float(0.5);
        ci_output(g, ci_call1(g, "aten.clamp", 1, a, 1, k));
        break;
    case CK_ARGMAX_KW:
        k[0].name = "dim"; k[0].value = ci_arg_int(-1);
        k[1].name = "keepdim"; k[1].value = ci_arg_bool(1);
        ci_output(g, ci_call1(g, "aten.argmax", 1, a, 2, k));
        break;
    case CK_TO_DTYPE:
        a[1] = ci_arg_dtype(CI_I32);
        ci_output(g, ci_call1(g, "aten.to.dtype", 2, a, 0, NULL));
        break;
    case CK_CONVERT:
        a[1] = ci_arg_dtype(CI_F64);
        ci_output(g, ci_call1(g, "prims.convert_element_type", 2, a, 0, NULL));
        break;
    default:
        a[1] = ci_arg_int(0);
        k[0].name = "keepdim"; k[0].value = ci_arg_bool(1);
        if (ci_call(g, "aten.max.dim", 2, a, 1, k, o, 2) == 2) { ci_output(g, o[0]); ci_output(g, o[1]); }
        break;
    }
}
static double f_clamp_max05(const double *x, const tcase *c) { (void)c; return isnan(x[0]) ? x[0] : x[0] > 0.5 ? 0.5 : x[0]; }
static int r_call(const arr *in, arr *out, const tcase *c) {
    int64_t d1 = 1, dl = -1;
    switch (c->kind) {
    case CK_SUM_KW: out[0] = ar_reduce(in[0], 1, &d1, 1, R_SUM, CI_F64); return 1;
    case CK_MEAN_KW: out[0] = ar_red1(in[0], 0, 1, R_MEAN, in[0].dt); return 1;
    case CK_DIV_MODE_KW: out[0] = ar_pw2(in[0], in[1], in[0].dt, f_floor_div, c); return 1;
    case CK_GELU_KW: out[0] = ar_pw1(in[0], in[0].dt, f_gelu_tanh, c); return 1;
    case CK_SOFTMAX_DTYPE: out[0] = ar_softmax(ar_cast(in[0], CI_F64), 1, 0); return 1;
    case CK_CLAMP_KW: out[0] = ar_pw1(in[0], in[0].dt, f_clamp_max05, c); return 1;
    case CK_ARGMAX_KW: out[0] = ar_reduce(in[0], 1, &dl, 1, R_ARGMAX, CI_I64); return 1;
    case CK_TO_DTYPE: out[0] = ar_cast(in[0], CI_I32); return 1;
    case CK_CONVERT: out[0] = ar_cast(in[0], CI_F64); return 1;
    default:
        out[0] = ar_red1(in[0], 0, 1, R_MAX, in[0].dt);
        out[1] = ar_red1(in[0], 0, 1, R_ARGMAX, CI_I64);
        return 2;
    }
}
#define CALL(k_, x) do { tcase c_ = mk1(ck_names[k_], x, b_call, r_call, CI_F32); c_.kind = k_; \
    c_.atol = 1e-5; c_.rtol = 1e-5; c_.atol64 = 1e-10; RUN(c_); } while (0)
#define CALL2(k_, x, y) do { tcase c_ = mk2(ck_names[k_], x, y, b_call, r_call, CI_F32); c_.kind = k_; RUN(c_); } while (0)

CI_TEST(test_call_kwargs) {
    CALL(CK_SUM_KW, S(CI_F32, "7,5"));
    CALL(CK_SUM_KW, S(CI_I32, "3,1023"));
    CALL(CK_MEAN_KW, S(CI_F32, "7,5"));
    CALL2(CK_DIV_MODE_KW, RANGE(S(CI_I32, "7,5"), -50, 50), MAG(S(CI_I32, "5"), 1, 7));
    CALL(CK_GELU_KW, S(CI_F32, "7,5"));
    CALL(CK_SOFTMAX_DTYPE, S(CI_F32, "7,5"));
    CALL(CK_CLAMP_KW, S(CI_F32, "7,5"));
    CALL(CK_ARGMAX_KW, RANGE(S(CI_I32, "7,5"), 0, 3));
    CALL(CK_TO_DTYPE, RANGE(S(CI_F64, "7,5"), -100, 100));
    CALL(CK_CONVERT, S(CI_F32, "7,5"));
    CALL(CK_MAX_DIM, S(CI_F32, "7,5"));
}

int main(int argc, char **argv) {
    ops_init(argc, argv, "test_ops_call");
    CI_RUN(test_call_kwargs);
    return ci_test_done();
}
