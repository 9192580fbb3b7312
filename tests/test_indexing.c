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
        int64_t bad_hi[3] = {1, 5, 2}, bad_lo[2] = {-6, 0}, huge[1] = {INT64_MAX}, ok[4] = {4, -5, -1, 0};
        float out[12];
        char msg[512];
        CI_CHECK_EQ_INT(run_index_select(bes[b], bad_hi, 3, out, msg, sizeof msg), CI_ERR_RUNTIME);
        CI_CHECK_MSG(strstr(msg, "out of range") != NULL, "message: %s", msg);
        CI_CHECK_EQ_INT(run_index_select(bes[b], bad_lo, 2, out, msg, sizeof msg), CI_ERR_RUNTIME);
        CI_CHECK_EQ_INT(run_index_select(bes[b], huge, 1, out, msg, sizeof msg), CI_ERR_RUNTIME);
        CI_CHECK_EQ_INT(run_index_select(bes[b], ok, 4, out, msg, sizeof msg), CI_OK);
        /* rows 4, 0 (= -5), 4 (= -1), 0 */
        CI_CHECK_NEAR(out[0], 12, 0, 0);
        CI_CHECK_NEAR(out[3], 0, 0, 0);
        CI_CHECK_NEAR(out[8], 14, 0, 0);
        CI_CHECK_NEAR(out[10], 1, 0, 0);
    }
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_out_of_range_index_is_a_runtime_error);
    return ci_test_done();
}
