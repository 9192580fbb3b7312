/* test_ops_reduce.c - reductions against the reference of tests/ops_cases.h (the runner, the
   seed, the environment: see there): sum, mean, amax, amin, prod, any, all, argmax/argmin,
   max.dim, of views made inside the graph, on the unrolled and the kernel paths, with NaN/inf
   and integer extremes. */
#include "ops_cases.h"

CI_TEST(test_sum) {
    RUNR(R_SUM, CI_F32, S(CI_F32, "7,5"), 0, 0);                 /* all dims -> 0-d */
    RUNR(R_SUM, CI_F32, S(CI_F32, "7,5"), 1, 0);                 /* all dims, keepdim */
    RUNR(R_SUM, CI_F32, S(CI_F32, "3,4,5"), 0, 2, 0, 2);
    RUNR(R_SUM, CI_F32, S(CI_F32, "3,4,5"), 1, 2, 0, 2);
    RUNR(R_SUM, CI_F32, S(CI_F32, "3,4,5"), 0, 1, -1);
    RUNR(R_SUM, CI_F64, S(CI_F64, "3,1023"), 0, 1, 1);
    RUNR_BIG(R_SUM, CI_F32, S(CI_F32, "7,1023"), 0, 1, 1);
    RUNR_BIG(R_SUM, CI_F32, S(CI_F32, "1023,7"), 1, 1, 0);
    RUNR_BIG(R_SUM, CI_F32, S(CI_F32, "1023"), 0, 0);
    RUNR(R_SUM, CI_I64, S(CI_I32, "7,5"), 0, 1, 1);              /* ints sum to i64 */
    RUNR(R_SUM, CI_I64, S(CI_I64, "1023"), 0, 0);
    RUNR(R_SUM, CI_I64, S(CI_BOOL, "7,5"), 0, 1, 0);
    RUNR(R_SUM, CI_I64, RANGE(S(CI_U8, "1023"), 0, 255), 0, 0);
    RUNR(R_SUM, CI_I64, RANGE(S(CI_I8, "1023"), -128, 127), 1, 1, 0);
    RUNR(R_SUM, CI_F32, S(CI_F32, "1"), 0, 1, 0);
    RUNR(R_SUM, CI_F32, S(CI_F32, ""), 0, 0);
    RUNR(R_SUM, CI_F32, S(CI_F32, "0,3"), 0, 1, 0);              /* empty sums are 0 */
    RUNR(R_SUM, CI_F32, S(CI_F32, "0,3"), 0, 1, 1);
    RUNR(R_SUM, CI_F32, S(CI_F32, "0,3"), 0, 0);
    RUNR(R_SUM, CI_I64, S(CI_I32, "0,3"), 1, 1, 0);
}

CI_TEST(test_mean) {
    RUNR(R_MEAN, CI_F32, S(CI_F32, "7,5"), 0, 0);
    RUNR(R_MEAN, CI_F32, S(CI_F32, "3,4,5"), 0, 2, 0, 2);
    RUNR(R_MEAN, CI_F32, S(CI_F32, "3,4,5"), 1, 2, -1, 1);
    RUNR(R_MEAN, CI_F64, S(CI_F64, "3,1023"), 0, 1, 1);
    RUNR_BIG(R_MEAN, CI_F32, S(CI_F32, "1023,7"), 0, 1, 0);
    RUNR(R_MEAN, CI_F32, S(CI_F32, "1,7"), 1, 1, 0);
    RUNR(R_MEAN, CI_F32, S(CI_F32, "0,3"), 0, 1, 0);             /* empty: nan */
    RUNR(R_MEAN, CI_F32, S(CI_F32, "0,3"), 0, 1, 1);
}

CI_TEST(test_amax_amin) {
    static const double nan_rows[] = {1, NAN, 3, -1, 2, 0, NAN, 5, 4, 4, NAN, NAN};
    RUNR(R_MAX, CI_F32, S(CI_F32, "7,5"), 0, 1, 1);
    RUNR(R_MAX, CI_F32, S(CI_F32, "7,5"), 1, 1, 0);
    RUNR(R_MAX, CI_F32, S(CI_F32, "3,4,5"), 0, 2, 0, -1);
    RUNR(R_MAX, CI_F32, S(CI_F32, "3,4,5"), 0, 0);               /* dim=[]: all */
    RUNR(R_MAX, CI_F64, S(CI_F64, "3,1023"), 0, 1, 1);
    RUNR(R_MAX, CI_I32, S(CI_I32, "7,5"), 0, 1, 1);
    RUNR(R_MAX, CI_I64, S(CI_I64, "1023"), 0, 0);
    RUNR(R_MAX, CI_U8, RANGE(S(CI_U8, "9"), 0, 255), 0, 0);
    RUNR(R_MAX, CI_F32, DATA(S(CI_F32, "4,3"), nan_rows, 12), 0, 1, 1);  /* nan propagates */
    RUNR(R_MAX, CI_F32, DATA(S(CI_F32, "4,3"), nan_rows, 12), 0, 1, 0);
    RUNR(R_MAX, CI_F32, S(CI_F32, "0,3"), 0, 1, 1);              /* [0] */
    RUNR(R_MIN, CI_F32, S(CI_F32, "7,5"), 0, 1, 1);
    RUNR(R_MIN, CI_F32, S(CI_F32, "3,4,5"), 1, 2, 0, 1);
    RUNR(R_MIN, CI_F64, S(CI_F64, "1023"), 0, 0);
    RUNR(R_MIN, CI_I32, S(CI_I32, "7,5"), 1, 1, 0);
    RUNR(R_MIN, CI_I8, RANGE(S(CI_I8, "9"), -128, 127), 0, 0);
    RUNR(R_MIN, CI_F32, DATA(S(CI_F32, "4,3"), nan_rows, 12), 0, 1, 1);
    RUNR(R_MIN, CI_F32, S(CI_F32, "0,3"), 0, 1, 1);
}

CI_TEST(test_prod) {
    RUNR(R_PROD, CI_F32, RANGE(S(CI_F32, "7,5"), 0.5, 1.5), 0, 1, 1);
    RUNR(R_PROD, CI_F32, RANGE(S(CI_F32, "7,5"), 0.5, 1.5), 1, 1, 0);
    RUNR(R_PROD, CI_F32, RANGE(S(CI_F32, "7,5"), 0.5, 1.5), 0, 1, NONE_);   /* all -> 0-d */
    RUNR(R_PROD, CI_F64, RANGE(S(CI_F64, "3,1023"), 0.9, 1.1), 0, 1, -1);
    RUNR(R_PROD, CI_I64, RANGE(S(CI_I32, "4,5"), -3, 3), 0, 1, 0);           /* ints -> i64 */
    RUNR(R_PROD, CI_I64, RANGE(S(CI_I64, "9"), -3, 3), 0, 1, NONE_);
    RUNR(R_PROD, CI_I64, S(CI_BOOL, "4,5"), 0, 1, 1);
    RUNR(R_PROD, CI_F32, S(CI_F32, "0,3"), 0, 1, 0);                          /* empty: 1 */
    RUNR(R_PROD, CI_F32, S(CI_F32, "0,3"), 0, 1, 1);
}

CI_TEST(test_any_all) {
    RUNR(R_ANY, CI_BOOL, S(CI_BOOL, "7,5"), 0, 1, 1);
    RUNR(R_ANY, CI_BOOL, RANGE(S(CI_BOOL, "7,5"), 0, 0), 0, 1, NONE_);
    RUNR(R_ANY, CI_BOOL, GRID(S(CI_F32, "7,5"), 0, 1, 1), 1, 1, 0);
    RUNR(R_ANY, CI_BOOL, RANGE(S(CI_I32, "3,4,5"), 0, 1), 0, 1, -1);
    RUNR(R_ANY, CI_BOOL, S(CI_F64, "1023"), 0, 1, NONE_);
    RUNR(R_ANY, CI_BOOL, S(CI_BOOL, "0,3"), 0, 1, 0);            /* empty: false */
    RUNR(R_ANY, CI_U8, RANGE(S(CI_U8, "7,5"), 0, 1), 0, 1, 1);   /* uint8 keeps uint8 (PyTorch) */
    RUNR(R_ALL, CI_BOOL, S(CI_BOOL, "7,5"), 0, 1, 0);
    RUNR(R_ALL, CI_BOOL, RANGE(S(CI_BOOL, "7,5"), 1, 1), 0, 1, NONE_);
    RUNR(R_ALL, CI_BOOL, GRID(S(CI_F32, "7,5"), 0, 4, 1), 1, 1, 1);
    RUNR(R_ALL, CI_BOOL, RANGE(S(CI_I64, "3,4,5"), 0, 6), 0, 1, 1);
    RUNR(R_ALL, CI_BOOL, S(CI_BOOL, "0,3"), 0, 1, 0);            /* empty: true */
    RUNR(R_ALL, CI_BOOL, S(CI_BOOL, "0,3"), 0, 1, NONE_);
    RUNR(R_ALL, CI_U8, RANGE(S(CI_U8, "7,5"), 0, 3), 0, 1, 0);
}

CI_TEST(test_argmax_argmin) {
    static const double nan_rows[] = {1, NAN, 3, NAN, -1, 2, 0, 5, 4, 4, NAN, NAN};
    RUNR(R_ARGMAX, CI_I64, RANGE(S(CI_I32, "7,5"), 0, 3), 0, 1, 1);   /* ties: the first */
    RUNR(R_ARGMAX, CI_I64, RANGE(S(CI_I32, "7,5"), 0, 3), 1, 1, 0);
    RUNR(R_ARGMAX, CI_I64, GRID(S(CI_F32, "7,5"), -2, 2, 1), 0, 1, NONE_);  /* flat */
    RUNR(R_ARGMAX, CI_I64, GRID(S(CI_F32, "7,5"), -2, 2, 1), 1, 1, NONE_);  /* flat, keepdim */
    RUNR(R_ARGMAX, CI_I64, S(CI_F32, "3,4,5"), 0, 1, -2);
    RUNR(R_ARGMAX, CI_I64, S(CI_F64, "1023"), 0, 1, 0);
    RUNR(R_ARGMAX, CI_I64, RANGE(S(CI_I64, "1023"), -3, 3), 0, 1, NONE_);
    RUNR(R_ARGMAX, CI_I64, DATA(S(CI_F32, "4,3"), nan_rows, 12), 0, 1, 1);  /* nan is the max */
    RUNR(R_ARGMAX, CI_I64, S(CI_F32, "1"), 0, 1, 0);
    RUNR(R_ARGMIN, CI_I64, RANGE(S(CI_I32, "7,5"), 0, 3), 0, 1, 1);
    RUNR(R_ARGMIN, CI_I64, RANGE(S(CI_I32, "7,5"), 0, 3), 1, 1, -2);
    RUNR(R_ARGMIN, CI_I64, GRID(S(CI_F32, "7,5"), -2, 2, 1), 0, 1, NONE_);
    RUNR(R_ARGMIN, CI_I64, S(CI_F64, "3,1023"), 0, 1, 1);
    RUNR(R_ARGMIN, CI_I64, RANGE(S(CI_U8, "1023"), 0, 255), 0, 1, NONE_);
    RUNR(R_ARGMIN, CI_I64, DATA(S(CI_F32, "4,3"), nan_rows, 12), 0, 1, 1);
}

CI_TEST(test_max_dim) {
    static const double nan_rows[] = {1, NAN, 3, NAN, -1, 2, 0, 5, 4, 4, NAN, NAN};
    MAXDIM(S(CI_F32, "7,5"), 1, 0);
    MAXDIM(S(CI_F32, "7,5"), 0, 1);
    MAXDIM(S(CI_F32, "3,4,5"), -2, 0);
    MAXDIM(RANGE(S(CI_I32, "7,5"), 0, 3), 1, 0);           /* ties: the first index */
    MAXDIM(RANGE(S(CI_I64, "3,1023"), -5, 5), 1, 1);
    MAXDIM(S(CI_F64, "1023"), 0, 0);
    MAXDIM(DATA(S(CI_F32, "4,3"), nan_rows, 12), 1, 0);   /* nan: value nan, its index */
    MAXDIM(S(CI_BOOL, "4,3"), 1, 0);
}

/* reductions of views made inside the graph */
CI_TEST(test_reduce_views) {
    RUNR_VIEW("T", R_SUM, CI_F32, S(CI_F32, "1023,7"), 0, 1, 1);   /* sum(x.t(), 1) */
    RUNR_VIEW("T", R_SUM, CI_F32, S(CI_F32, "5,7"), 1, 1, 0);
    RUNR_VIEW("T", R_MAX, CI_F32, S(CI_F32, "5,7"), 0, 1, 1);
    RUNR_VIEW("T", R_MEAN, CI_F64, S(CI_F64, "1023,3"), 0, 1, 1);
    RUNR_VIEW("S2", R_MAX, CI_F32, S(CI_F32, "1023"), 0, 0);        /* amax(x[::2]) */
    RUNR_VIEW("S2", R_SUM, CI_I64, S(CI_I32, "7,1023"), 0, 1, 1);
    RUNR_VIEW("S2", R_ARGMAX, CI_I64, S(CI_F32, "7,9"), 0, 1, 1);
    RUNR_VIEW("T", R_ARGMIN, CI_I64, RANGE(S(CI_I32, "5,7"), 0, 2), 0, 1, 1);
    RUNR_VIEW("T", R_ANY, CI_BOOL, RANGE(S(CI_I32, "5,7"), 0, 1), 0, 1, 0);
    RUNR_VIEW("T", R_PROD, CI_F32, RANGE(S(CI_F32, "5,7"), 0.5, 1.5), 0, 1, 1);
}

/* whole-tensor reductions of 65536 elements or more run in two stages (ci__ops_reduce_split):
   partial results over chunks, then their reduction; the same values as the reference */
CI_TEST(test_split_reductions) {
    RUNR_BIG(R_SUM, CI_F32, S(CI_F32, "64,1024"), 0, 0);
    RUNR_BIG(R_SUM, CI_F32, S(CI_F32, "3,7,4096"), 1, 0);             /* keepdim */
    RUNR_BIG(R_SUM, CI_F32, S(CI_F32, "65537"), 0, 0);                /* no divisor: one stage */
    RUNR_BIG(R_MEAN, CI_F64, S(CI_F64, "256,257"), 0, 0);
    RUNR(R_SUM, CI_I64, RANGE(S(CI_I32, "128,1024"), -1000, 1000), 0, 0);
    RUNR(R_SUM, CI_I64, S(CI_BOOL, "256,256"), 0, 0);
    RUNR(R_MAX, CI_F32, S(CI_F32, "64,1024"), 0, 0);
    RUNR(R_MIN, CI_F32, S(CI_F32, "2,65536"), 0, 2, 0, 1);
    RUNR(R_MAX, CI_I64, RANGE(S(CI_I64, "1,65536"), -5, 5), 0, 0);
    RUNR_BIG(R_PROD, CI_F32, RANGE(S(CI_F32, "256,256"), 0.9999, 1.0001), 0, 0);
    RUNR(R_ANY, CI_BOOL, RANGE(S(CI_I32, "256,256"), 0, 0), 0, 1, NONE_);
    RUNR(R_ANY, CI_BOOL, S(CI_BOOL, "256,256"), 0, 1, NONE_);
    RUNR(R_ALL, CI_BOOL, RANGE(S(CI_BOOL, "256,256"), 1, 1), 0, 1, NONE_);
    RUNR(R_ALL, CI_BOOL, S(CI_BOOL, "256,256"), 0, 1, NONE_);
    RUNR_VIEW("T", R_SUM, CI_F32, S(CI_F32, "1024,64"), 0, 0);        /* sum(x.t()) */
    RUNR_VIEW("S2", R_MAX, CI_F32, S(CI_F32, "131072"), 0, 0);        /* amax(x[::2]) */
    RUNR_BIG(R_SUM, CI_F16, RANGE(S(CI_F16, "256,256"), 0, 0.01), 0, 0);   /* f16: one stage */
}

/* reductions big enough (8+ reduced elements) to run as reduction kernels, not unrolled */
static const double nan24[] = {NAN, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, NAN, 7, 8, NAN, 10, 11};
static const double inf24[] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY,
                               -INFINITY, -INFINITY, -INFINITY, -INFINITY,
                               INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY,
                               INFINITY, INFINITY, INFINITY, INFINITY};

CI_TEST(test_reduce_kernel_edges) {
    RUNR(R_MAX, CI_F32, DATA(S(CI_F32, "2,12"), nan24, 24), 0, 1, 1);      /* nan first / in the middle */
    RUNR(R_MIN, CI_F32, DATA(S(CI_F32, "2,12"), nan24, 24), 1, 1, 1);
    RUNR(R_MAX, CI_F64, DATA(S(CI_F64, "24"), nan24, 24), 0, 0);
    RUNR(R_MAX, CI_F32, DATA(S(CI_F32, "12,2"), nan24, 24), 0, 1, 0);
    RUNR(R_ARGMAX, CI_I64, DATA(S(CI_F32, "2,12"), nan24, 24), 0, 1, 1);
    RUNR(R_ARGMIN, CI_I64, DATA(S(CI_F32, "2,12"), nan24, 24), 0, 1, 1);
    MAXDIM(DATA(S(CI_F32, "2,12"), nan24, 24), 1, 0);
    RUNR(R_MAX, CI_F32, DATA(S(CI_F32, "2,12"), inf24, 24), 0, 1, 1);     /* all -inf / all inf */
    RUNR(R_MIN, CI_F32, DATA(S(CI_F32, "2,12"), inf24, 24), 0, 1, 1);
    RUNR(R_ARGMAX, CI_I64, DATA(S(CI_F32, "2,12"), inf24, 24), 0, 1, 1);
    RUNR(R_ARGMIN, CI_I64, DATA(S(CI_F32, "2,12"), inf24, 24), 0, 1, 1);
    RUNR(R_SUM, CI_F32, DATA(S(CI_F32, "2,12"), nan24, 24), 0, 1, 1);
    /* integer extremes: every value negative for max, positive for min */
    RUNR(R_MAX, CI_I64, RANGE(S(CI_I64, "3,64"), -1099511627776.0, -1099511627000.0), 0, 1, 1);
    RUNR(R_MIN, CI_I64, RANGE(S(CI_I64, "3,64"), 1099511627000.0, 1099511627776.0), 0, 1, 1);
    RUNR(R_MAX, CI_I32, RANGE(S(CI_I32, "64"), -2147483647.0 - 1, -2147483000.0), 0, 0);
    RUNR(R_MIN, CI_I32, RANGE(S(CI_I32, "64"), 2147483000.0, 2147483647.0), 0, 0);
    RUNR(R_MAX, CI_I8, RANGE(S(CI_I8, "5,9"), -128, -100), 0, 1, 1);
    RUNR(R_MIN, CI_U8, RANGE(S(CI_U8, "5,9"), 200, 255), 0, 1, 1);
    RUNR(R_ARGMAX, CI_I64, RANGE(S(CI_I32, "3,64"), -2147483647.0 - 1, -2147483640.0), 0, 1, 1);
    RUNR(R_ARGMIN, CI_I64, RANGE(S(CI_U8, "3,64"), 250, 255), 0, 1, 1);
    MAXDIM(RANGE(S(CI_I8, "5,9"), -128, -120), 1, 0);
    /* bool and small-int sums, any/all, prod through the kernel path */
    RUNR(R_SUM, CI_I64, S(CI_BOOL, "3,1023"), 0, 1, 1);
    RUNR(R_SUM, CI_I64, RANGE(S(CI_I16, "3,64"), -32768, 32767), 1, 1, 1);
    RUNR(R_ANY, CI_BOOL, RANGE(S(CI_I32, "3,9"), 0, 0), 0, 1, 1);
    RUNR(R_ANY, CI_BOOL, GRID(S(CI_F32, "5,9"), 0, 1, 1), 0, 1, 1);
    RUNR(R_ALL, CI_BOOL, RANGE(S(CI_BOOL, "3,9"), 1, 1), 0, 1, 1);
    RUNR(R_ALL, CI_BOOL, GRID(S(CI_F64, "5,9"), 0, 1, 1), 0, 1, 1);
    RUNR(R_ALL, CI_BOOL, RANGE(S(CI_BOOL, "9,3"), 1, 1), 0, 1, 0);
    RUNR(R_PROD, CI_I64, RANGE(S(CI_I64, "3,9"), -3, 3), 0, 1, 1);
    RUNR(R_PROD, CI_I64, S(CI_BOOL, "3,9"), 1, 1, 1);
}

int main(int argc, char **argv) {
    ops_init(argc, argv, "test_ops_reduce");
    CI_RUN(test_sum);
    CI_RUN(test_mean);
    CI_RUN(test_amax_amin);
    CI_RUN(test_prod);
    CI_RUN(test_any_all);
    CI_RUN(test_argmax_argmin);
    CI_RUN(test_max_dim);
    CI_RUN(test_reduce_views);
    CI_RUN(test_split_reductions);
    CI_RUN(test_reduce_kernel_edges);
    return ci_test_done();
}
