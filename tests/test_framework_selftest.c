/* The test framework checks itself: passing checks pass, the comparers detect mismatches
   (returning 0 and naming the first bad index) without failing the running test, a failing
   check in a nested run is recorded with its file:line, the counting allocator counts and
   refuses the Nth allocation, and the random fills are deterministic and in range. */
#include "ci_test.h"

CI_TEST(test_checks_pass) {
    CI_CHECK(1 + 1 == 2);
    CI_CHECK_MSG(2 > 1, "%d > %d", 2, 1);
    CI_CHECK_EQ_INT(6 * 7, 42);
    CI_CHECK_NEAR(1.0, 1.0 + 1e-9, 1e-6, 0);
    CI_CHECK_NEAR(100.0, 101.0, 0, 0.02);
    CI_CHECK_NEAR(NAN, NAN, 0, 0);
    CI_CHECK_STR_EQ("abc", "abc");
}

CI_TEST(test_near_rules) {
    CI_CHECK(ci_test_near(1.0, 1.0, 0, 0));
    CI_CHECK(!ci_test_near(1.0, 1.1, 0.05, 0));
    CI_CHECK(ci_test_near(1.0, 1.1, 0.05, 0.1));     /* 0.1 <= 0.05 + 0.1 * 1.1 */
    CI_CHECK(!ci_test_near(NAN, 1.0, 1e9, 1e9));
    CI_CHECK(!ci_test_near(1.0, NAN, 1e9, 1e9));
    CI_CHECK(ci_test_near(INFINITY, INFINITY, 0, 0));
    CI_CHECK(!ci_test_near(INFINITY, -INFINITY, 1e9, 1e9));
    CI_CHECK(!ci_test_near(1e300, INFINITY, 1e9, 1e9));
}

CI_TEST(test_array_mismatch_detected) {
    float want[6] = {0, 1, 2, 3, 4, 5};
    float got[6] = {0, 1, 2, 3.5f, 4, 6};
    double wantd[3] = {1, 2, 3}, gotd[3] = {1, 2, 3};
    int64_t wi[3] = {1, 2, 3}, gi[3] = {1, 2, (int64_t)1 << 60};
    char why[256];
    CI_CHECK(ci_test_allclose_f32(want, want, 6, 0, 0, why, sizeof why));
    CI_CHECK_STR_EQ(why, "");
    CI_CHECK(!ci_test_allclose_f32(got, want, 6, 1e-5, 1e-5, why, sizeof why));
    CI_CHECK_MSG(strstr(why, "index 3:") != NULL, "message lacks the first index: %s", why);
    CI_CHECK_MSG(strstr(why, "got 3.5") != NULL && strstr(why, "want 3") != NULL,
                 "message lacks the values: %s", why);
    CI_CHECK_MSG(strstr(why, "2 of 6") != NULL, "message lacks the count: %s", why);
    CI_CHECK(ci_test_allclose_f32(got, want, 6, 1.0, 0, why, sizeof why));
    CI_CHECK(!ci_test_allclose_f32(got, want, 6, 0.9, 0, NULL, 0)); /* no message buffer */
    CI_CHECK(ci_test_allclose_f64(gotd, wantd, 3, 0, 0, why, sizeof why));
    gotd[0] = 1.5;
    CI_CHECK(!ci_test_allclose_f64(gotd, wantd, 3, 0.1, 0, why, sizeof why));
    CI_CHECK_MSG(strstr(why, "index 0:") != NULL, "%s", why);
    CI_CHECK(ci_test_allclose(CI_F32, want, want, 6, 0, 0, why, sizeof why));
    CI_CHECK(!ci_test_allclose(CI_F32, got, want, 6, 0, 0, why, sizeof why));
    /* int64 compared exactly, not through double (1 << 60 and 3 differ either way) */
    CI_CHECK(!ci_test_allclose(CI_I64, gi, wi, 3, 1e30, 1e30, why, sizeof why));
    CI_CHECK_MSG(strstr(why, "index 2:") != NULL, "%s", why);
    CI_CHECK(ci_test_allclose(CI_I64, wi, wi, 3, 0, 0, why, sizeof why));
    CI_CHECK(!ci_test_allclose(CI_DTYPE_INVALID, wi, wi, 3, 0, 0, why, sizeof why)); /* unsupported */
    CI_CHECK_NEAR(ci_test_max_abs_diff_f32(got, want, 6), 1.0, 0, 0);
    CI_CHECK(!ci_test_failed()); /* the comparers failed nothing */
}

/* A failing check inside a nested call is recorded with its file:line and stops the test. */
static int deliberate_reached_end;
static void deliberate_failure(void) {
    float a[2] = {1, 2}, b[2] = {1, 3};
    CI_CHECK_ARRAY_NEAR_F32(a, b, 2, 1e-6, 0);
    deliberate_reached_end = 1;
}
static void deliberate_skip(void) { CI_SKIP("no reason"); }

/* f16 and bf16 arrays compare through their own decoders: exact values, ulps, inf, NaN */
CI_TEST(test_half_arrays) {
    static const uint16_t h[6] = {0x3C00, 0xC000, 0x0001, 0x7C00, 0x3555, 0x7E00};
    static const uint16_t b[3] = {0x3F80, 0xC040, 0x7F80};
    uint16_t h2[6];
    char why[256];
    int ok;
    CI_CHECK(ci_test_f16_(h[0]) == 1.0 && ci_test_f16_(h[1]) == -2.0);
    CI_CHECK(ci_test_f16_(h[2]) == ldexp(1.0, -24) && isinf(ci_test_f16_(h[3])));
    CI_CHECK(fabs(ci_test_f16_(h[4]) - 1.0 / 3) < 1e-3 && isnan(ci_test_f16_(h[5])));
    CI_CHECK(ci_test_bf16_(b[0]) == 1.0 && ci_test_bf16_(b[1]) == -3.0 && isinf(ci_test_bf16_(b[2])));
    memcpy(h2, h, sizeof h);
    CI_CHECK(ci_test_allclose(CI_F16, h2, h, 6, 0, 0, why, sizeof why));
    h2[4] = 0x3556;   /* one ulp */
    CI_CHECK(ci_test_allclose(CI_F16, h2, h, 6, 0, 1e-3, why, sizeof why));
    ok = ci_test_allclose(CI_F16, h2, h, 6, 0, 1e-5, why, sizeof why);
    CI_CHECK_MSG(!ok && strstr(why, "index 4"), "%s", why);
}

CI_TEST(test_failure_recorded) {
    ci_test_state saved = ci_test_g;
    int failed, skipped;
    char msg[sizeof ci_test_g.msg];
    deliberate_reached_end = 0;
    deliberate_failure();
    failed = ci_test_g.failed;
    memcpy(msg, ci_test_g.msg, sizeof msg);
    ci_test_g = saved;
    CI_CHECK(failed);
    CI_CHECK(!deliberate_reached_end);
    CI_CHECK_MSG(strstr(msg, "test_framework_selftest.c:") != NULL, "no file:line in: %s", msg);
    CI_CHECK_MSG(strstr(msg, "index 1:") != NULL, "no index in: %s", msg);
    deliberate_skip();
    skipped = ci_test_g.skipped;
    memcpy(msg, ci_test_g.msg, sizeof msg);
    ci_test_g = saved;
    CI_CHECK(skipped);
    CI_CHECK_STR_EQ(msg, "no reason");
}

CI_TEST(test_counting_allocator) {
    ci_test_alloc ta;
    ci_allocator al;
    void *p, *q;
    int i;
    ci_test_alloc_init(&ta);
    al = ci_test_alloc_allocator(&ta);
    p = al.alloc(100, al.user);
    q = al.alloc(28, al.user);
    CI_CHECK(p && q);
    CI_CHECK_EQ_INT((uintptr_t)p % 16, 0);
    memset(p, 0xab, 100);
    CI_CHECK_EQ_INT(ta.live_blocks, 2);
    CI_CHECK_EQ_INT(ta.live_bytes, 128);
    al.free(p, 100, al.user);
    CI_CHECK_EQ_INT(ta.live_bytes, 28);
    CI_CHECK_EQ_INT(ta.peak_bytes, 128);
    al.free(q, 27, al.user); /* wrong size */
    CI_CHECK_EQ_INT(ta.bad_frees, 1);
    CI_CHECK_EQ_INT(ta.live_blocks, 0);
    CI_CHECK_EQ_INT(ta.live_bytes, 0);
    al.free(NULL, 0, al.user);
    CI_CHECK_EQ_INT(ta.total_frees, 2);

    /* the 3rd allocation from now fails, only that one */
    ci_test_alloc_fail_at(&ta, 3, 0);
    for (i = 1; i <= 5; i++) {
        p = al.alloc(8, al.user);
        CI_CHECK_MSG((p == NULL) == (i == 3), "allocation %d: %p", i, p);
        al.free(p, 8, al.user);
    }
    CI_CHECK_EQ_INT(ta.failed, 1);
    /* from the 2nd on, all fail */
    ci_test_alloc_fail_at(&ta, 2, 1);
    for (i = 1; i <= 4; i++) {
        p = al.alloc(8, al.user);
        CI_CHECK_MSG((p == NULL) == (i >= 2), "allocation %d: %p", i, p);
        al.free(p, 8, al.user);
    }
    ci_test_alloc_fail_at(&ta, 0, 0);
    p = al.alloc(8, al.user);
    CI_CHECK(p != NULL);
    al.free(p, 8, al.user);
    CI_CHECK_EQ_INT(ta.live_blocks, 0);
    CI_CHECK_EQ_INT(ta.bad_frees, 1);
}

CI_TEST(test_random_fill) {
    ci_test_rng r1 = ci_test_rng_make(42), r2 = ci_test_rng_make(42), r3 = ci_test_rng_make(43);
    float a[4096], b[4096];
    int32_t ints[1000];
    int8_t i8[1000];
    unsigned char bools[256];
    double sum = 0, sumsq = 0, mean, var;
    int i, seen_lo = 0, seen_hi = 0, ntrue = 0;
    ci_test_fill_normal_f32(a, 4096, &r1);
    ci_test_fill_normal_f32(b, 4096, &r2);
    CI_CHECK(memcmp(a, b, sizeof a) == 0);
    ci_test_fill_normal_f32(b, 4096, &r3);
    CI_CHECK(memcmp(a, b, sizeof a) != 0);
    for (i = 0; i < 4096; i++) {
        CI_CHECK(isfinite(a[i]));
        sum += a[i];
        sumsq += (double)a[i] * a[i];
    }
    mean = sum / 4096;
    var = sumsq / 4096 - mean * mean;
    CI_CHECK_NEAR(mean, 0.0, 0.1, 0);
    CI_CHECK_NEAR(var, 1.0, 0.1, 0);
    /* the stream is fixed by the seed, on every platform */
    r1 = ci_test_rng_make(0);
    CI_CHECK(ci_test_rng_next(&r1) != 0);
    ci_test_fill_int_i32(ints, 1000, &r1, -3, 5);
    for (i = 0; i < 1000; i++) {
        CI_CHECK_MSG(ints[i] >= -3 && ints[i] <= 5, "ints[%d] = %d", i, (int)ints[i]);
        seen_lo |= ints[i] == -3;
        seen_hi |= ints[i] == 5;
    }
    CI_CHECK(seen_lo && seen_hi);
    CI_CHECK(ci_test_fill(CI_I8, i8, 1000, &r1, -1000, 1000)); /* clamped to [-128, 127] */
    CI_CHECK(ci_test_fill(CI_BOOL, bools, 256, &r1, 0, 1));
    for (i = 0; i < 256; i++) {
        CI_CHECK(bools[i] <= 1);
        ntrue += bools[i];
    }
    CI_CHECK(ntrue > 64 && ntrue < 192);
    {   /* f16 and bf16: the normal's values rounded (the same draws as f32's) */
        uint16_t h[256], b[256];
        float f[256];
        ci_test_rng r2 = ci_test_rng_make(99), r3 = ci_test_rng_make(99), r4 = ci_test_rng_make(99);
        CI_CHECK(ci_test_fill(CI_F16, h, 256, &r2, 0, 1));
        CI_CHECK(ci_test_fill(CI_BF16, b, 256, &r3, 0, 1));
        CI_CHECK(ci_test_fill(CI_F32, f, 256, &r4, 0, 1));
        for (i = 0; i < 256; i++) {
            uint32_t ub = (uint32_t)b[i] << 16;
            float fb;
            memcpy(&fb, &ub, 4);
            CI_CHECK_MSG(fabs(fb - f[i]) <= fabs(f[i]) / 256, "bf16 %g for %g", fb, f[i]);
            int ok = 1;
            double fh = ci_test_load_(CI_F16, h, (size_t)i, &ok);
            CI_CHECK_MSG(ok && fabs(fh - f[i]) <= fabs(f[i]) / 2048 + 6e-8, "f16 %g for %g", fh,
                         f[i]);
        }
        CI_CHECK_EQ_INT(ci_test_f2h(1.0f), 0x3c00);
        CI_CHECK_EQ_INT(ci_test_f2h(-2.0f), 0xc000);
        CI_CHECK_EQ_INT(ci_test_f2h(65520.0f), 0x7c00);          /* rounds past the largest */
        CI_CHECK_EQ_INT(ci_test_f2h(5.9604644775390625e-08f), 1); /* the least subnormal */
        CI_CHECK_EQ_INT(ci_test_f2h(4e-8f), 1);                     /* over half of it */
        CI_CHECK_EQ_INT(ci_test_f2h(2.98023223876953125e-08f), 0);  /* half: ties to even */
        CI_CHECK_EQ_INT(ci_test_f2h(1.00048828125f), 0x3c00);   /* ties to even: down */
        CI_CHECK_EQ_INT(ci_test_f2h(1.00146484375f), 0x3c02);   /* and up */
        CI_CHECK_EQ_INT(ci_test_f2bf(1.0f), 0x3f80);
    }
    CI_CHECK_EQ_INT(ci_test_rng_int(&r1, 7, 7), 7);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_checks_pass);
    CI_RUN(test_near_rules);
    CI_RUN(test_array_mismatch_detected);
    CI_RUN(test_half_arrays);
    CI_RUN(test_failure_recorded);
    CI_RUN(test_counting_allocator);
    CI_RUN(test_random_fill);
    return ci_test_done();
}
