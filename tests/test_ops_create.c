/* test_ops_create.c - creation ops against the reference of tests/ops_cases.h (the runner, the
   seed, the environment: see there): full, zeros, ones, zeros_like, ones_like, arange. */
#include "ops_cases.h"

CI_TEST(test_full) {
    CREATE(K_FULL, CI_F32, 1, 2.5, 2, 3, 4);             /* default dtype f32 */
    CREATE(K_FULL, CI_F64, 0, -1.25, 1, 1023);
    CREATE(K_FULL, CI_I32, 0, 7, 2, 7, 1);
    CREATE(K_FULL, CI_I64, 0, -3, 0);                    /* 0-d */
    CREATE(K_FULL, CI_BOOL, 0, 1, 2, 2, 2);
    CREATE(K_FULL, CI_U8, 0, 200, 1, 5);
    CREATE(K_FULL, CI_F32, 0, 1.5, 2, 0, 3);
}

CI_TEST(test_zeros_ones) {
    CREATE(K_ZEROS, CI_F32, 1, 0, 2, 3, 4);
    CREATE(K_ZEROS, CI_I64, 0, 0, 1, 1023);
    CREATE(K_ZEROS, CI_BOOL, 0, 0, 2, 7, 5);
    CREATE(K_ZEROS, CI_F32, 0, 0, 2, 0, 3);
    CREATE(K_ONES, CI_F32, 1, 0, 2, 7, 1);
    CREATE(K_ONES, CI_F64, 0, 0, 0);
    CREATE(K_ONES, CI_I32, 0, 0, 3, 2, 3, 4);
    CREATE(K_ONES, CI_BOOL, 0, 0, 1, 9);
    CREATE(K_ONES, CI_I8, 0, 0, 1, 9);
}

/* zeros_like / ones_like keep the dtype and shape (c->kind 1: of a transposed view) */
static void b_like(ci_graph *g, const ci_tensor *t, const tcase *c) {
    ci_tensor x = c->kind ? ci_t(g, t[0]) : t[0];
    ci_output(g, c->d[0] != 0 ? ci_ones_like(g, x) : ci_zeros_like(g, x));
}
static int r_like(const arr *in, arr *out, const tcase *c) {
    size_t k;
    arr x = c->kind ? ar_transpose(in[0], 0, 1) : in[0];
    out[0] = ar_new(x.dt, x.ndim, x.shape);
    for (k = 0; k < out[0].n; k++) out[0].v[k] = c->d[0];
    return 1;
}
#define LIKE(one, x, tr) do { tcase c_ = mk1(one ? "ones_like" : "zeros_like", x, b_like, r_like, x.dt); c_.d[0] = one; c_.kind = tr; RUN(c_); } while (0)

CI_TEST(test_zeros_ones_like) {
    LIKE(0, S(CI_F32, "7,5"), 0);
    LIKE(0, S(CI_I32, "1023"), 0);
    LIKE(0, S(CI_BOOL, "3,4"), 1);
    LIKE(0, S(CI_F64, ""), 0);
    LIKE(1, S(CI_F32, "7,5"), 1);
    LIKE(1, S(CI_I64, "9"), 0);
    LIKE(1, S(CI_BOOL, "3,4"), 0);
    LIKE(1, S(CI_U8, "3,4"), 0);
    LIKE(1, S(CI_F32, "0,3"), 0);
}

CI_TEST(test_arange) {
    ARANGE(CI_I64, 1, 0, 10, 1);                          /* ints -> i64 */
    ARANGE(CI_I64, 1, 0, 1023, 1);
    ARANGE(CI_I64, 1, 10, 0, -3);                         /* negative step */
    ARANGE(CI_I64, 1, -5, 6, 4);
    ARANGE(CI_F32, 1, 0.5, 5, 0.5);                       /* floats -> f32 */
    ARANGE(CI_F32, 1, 1, -1, -0.25);
    ARANGE(CI_F32, 1, 2.5, -2.5, -1);
    ARANGE(CI_F64, 0, 0, 5, 1);
    ARANGE(CI_F32, 0, 0, 10, 3);
    ARANGE(CI_I32, 0, 10, -10, -7);
    ARANGE(CI_I64, 1, 5, 5, 1);                           /* empty */
}

int main(int argc, char **argv) {
    ops_init(argc, argv, "test_ops_create");
    CI_RUN(test_full);
    CI_RUN(test_zeros_ones);
    CI_RUN(test_zeros_ones_like);
    CI_RUN(test_arange);
    return ci_test_done();
}
