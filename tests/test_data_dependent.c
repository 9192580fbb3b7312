/* Outputs whose size depends on the data (nonzero, masked_select, x[bool_mask]), through the
   C API on both backends: ci_program_output_shape is the upper bound before and after a run,
   ci_program_output_shape_after_run the size each run filled (it changes from run to run with
   the data, 0 and all selected included, also for an output given twice), and any use of such
   a result but as a graph output fails while the graph is built, naming both nodes. A guard
   (aten._assert_async) that nothing reads still fails the run where its condition is false.
   tests/torch/run.py compares the values with PyTorch. */
#include "ci_test.h"

static const ci_backend k_bes[2] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};

/* x: f32[3, 4]; outputs nonzero(x > t), masked_select(x, x > t), x[(x > t).any(1)], nonzero again */
static ci_graph *build(ci_ctx *ctx) {
    int64_t s[2] = {3, 4};
    ci_graph *g = ci_graph_create(ctx);
    ci_tensor x = ci_input(g, "x", CI_F32, 2, s), m, nz, rows;
    ci_arg a[2];
    m = ci_gt(g, x, ci_scalar(g, 0.5));
    a[0] = ci_arg_tensor(m);
    nz = ci_call1(g, "aten.nonzero.default", 1, a, 0, NULL);
    ci_output(g, nz);
    a[0] = ci_arg_tensor(x); a[1] = ci_arg_tensor(m);
    ci_output(g, ci_call1(g, "aten.masked_select.default", 2, a, 0, NULL));
    {
        ci_tensor r = ci_any(g, m, 1, 0);
        a[1] = ci_arg_tensors(&r, 1);
        rows = ci_call1(g, "aten.index.Tensor", 2, a, 0, NULL);
    }
    ci_output(g, rows);
    ci_output(g, nz);
    return g;
}

CI_TEST(test_dd_shapes_after_run) {
    int b;
    for (b = 0; b < 2; b++) {
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        float x[12], sel[12], rows[12];
        int64_t nz[24], nz2[24], sh[CI_MAX_DIMS];
        const void *in[1];
        void *out[4];
        int run, i, ok = 1;
        char why[256] = "";
        ci_ctx_create(NULL, &ctx);
        g = build(ctx);
        memset(&pd, 0, sizeof pd);
        pd.backend = k_bes[b];
        if (ci_compile(g, &pd, &p) != CI_OK) { snprintf(why, sizeof why, "compile: %s", ci_ctx_last_error(ctx)); ok = 0; }
        /* before a run: the upper bounds */
        if (ok) {
            ok = ci_program_output_shape(p, 0, sh) == 2 && sh[0] == 12 && sh[1] == 2 &&
                 ci_program_output_shape_after_run(p, 0, sh) == 2 && sh[0] == 12 && sh[1] == 2 &&
                 ci_program_output_shape(p, 1, sh) == 1 && sh[0] == 12 &&
                 ci_program_output_shape(p, 2, sh) == 2 && sh[0] == 3 && sh[1] == 4 &&
                 ci_program_output_shape_after_run(p, 4, sh) == -1 && ci_program_output_shape_after_run(NULL, 0, sh) == -1;
            if (!ok) snprintf(why, sizeof why, "upper bounds");
        }
        /* three runs: some, none, all selected */
        for (run = 0; run < 3 && ok; run++) {
            int64_t want_n = 0, want_rows = 0, k = 0;
            for (i = 0; i < 12; i++) x[i] = run == 0 ? (float)((i * 7) % 5) * 0.3f : run == 1 ? -1.0f : 2.0f;
            for (i = 0; i < 12; i++) want_n += x[i] > 0.5f;
            for (i = 0; i < 3; i++) want_rows += x[4 * i] > 0.5f || x[4 * i + 1] > 0.5f || x[4 * i + 2] > 0.5f || x[4 * i + 3] > 0.5f;
            in[0] = x; out[0] = nz; out[1] = sel; out[2] = rows; out[3] = nz2;
            if (ci_program_run(p, 1, in, 4, out) != CI_OK) { snprintf(why, sizeof why, "run: %s", ci_ctx_last_error(ctx)); ok = 0; break; }
            ok = ci_program_output_shape_after_run(p, 0, sh) == 2 && sh[0] == want_n && sh[1] == 2 &&
                 ci_program_output_shape_after_run(p, 3, sh) == 2 && sh[0] == want_n &&
                 ci_program_output_shape_after_run(p, 1, sh) == 1 && sh[0] == want_n &&
                 ci_program_output_shape_after_run(p, 2, sh) == 2 && sh[0] == want_rows && sh[1] == 4 &&
                 ci_program_output_shape(p, 1, sh) == 1 && sh[0] == 12;   /* the bound stays */
            if (!ok) { snprintf(why, sizeof why, "run %d: shapes after the run", run); break; }
            for (i = 0; i < 12; i++) if (x[i] > 0.5f) {
                ok &= nz[2 * k] == i / 4 && nz[2 * k + 1] == i % 4 && nz2[2 * k] == i / 4 && sel[k] == x[i];
                k++;
            }
            if (!ok) snprintf(why, sizeof why, "run %d: values", run);
        }
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
        CI_CHECK_MSG(ok, "%s: %s", b ? "interp" : "tcc", why);
    }
}

/* the message a graph gets when OP uses nonzero(x) as argument */
static void use_error(const char *op, char *msg, size_t msgsz, ci_result *rc) {
    int64_t s[2] = {3, 4};
    ci_ctx *ctx;
    ci_graph *g;
    ci_tensor x, nz, bad;
    ci_arg a[2];
    ci_program *p = NULL;
    ci_compile_desc pd;
    ci_ctx_create(NULL, &ctx);
    g = ci_graph_create(ctx);
    x = ci_input(g, "x", CI_F32, 2, s);
    a[0] = ci_arg_tensor(x);
    nz = ci_call1(g, "aten.nonzero.default", 1, a, 0, NULL);
    a[0] = ci_arg_tensor(nz);
    a[1] = ci_arg_int(1);
    bad = ci_call1(g, op, 2, a, 0, NULL);
    ci_output(g, nz);
    memset(&pd, 0, sizeof pd);
    *rc = ci_compile(g, &pd, &p);
    snprintf(msg, msgsz, "%s%s", bad.id ? "(accepted) " : "", *rc ? ci_ctx_last_error(ctx) : "");
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

CI_TEST(test_dd_only_as_output) {
    static const char *const ops[3] = {"aten.add.Tensor", "aten.sum.dim_IntList", "aten.select.int"};
    char msg[1024];
    ci_result rc;
    int i;
    for (i = 0; i < 3; i++) {
        use_error(ops[i], msg, sizeof msg, &rc);
        CI_CHECK_MSG(rc == CI_ERR_UNSUPPORTED, "%s: %s", ops[i], ci_result_string(rc));
        CI_CHECK_MSG(strstr(msg, "is the result of node") && strstr(msg, "(aten.nonzero.default), whose size depends on the data") &&
                     strstr(msg, "may only be a graph output") && !strstr(msg, "(accepted)"), "%s: %s", ops[i], msg);
    }
}

/* a guard (aten._assert_async) on sum(x) > 0, whose result nothing reads: the run passes where
   the condition holds and fails, naming the guard, where it does not */
CI_TEST(test_guard_fails_the_run) {
    int b;
    for (b = 0; b < 2; b++) {
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        int64_t s = 5;
        float x[5] = {1, 2, -0.5f, 0, 3}, y[5];
        const void *in[1];
        void *out[1];
        ci_tensor t, c;
        ci_arg a[2];
        int i;
        ci_ctx_create(NULL, &ctx);
        g = ci_graph_create(ctx);
        t = ci_input(g, "x", CI_F32, 1, &s);
        a[0] = ci_arg_tensor(t);
        c = ci_gt(g, ci_call1(g, "aten.sum.default", 1, a, 0, NULL), ci_scalar(g, 0.0));
        a[0] = ci_arg_tensor(c);
        ci_tensor_set_name(g, ci_call1(g, "aten._assert_async.default", 1, a, 0, NULL), "guard");
        a[0] = ci_arg_tensor(t);
        a[1] = ci_arg_float(2.0);
        ci_output(g, ci_call1(g, "aten.mul.Scalar", 2, a, 0, NULL));
        memset(&pd, 0, sizeof pd);
        pd.backend = k_bes[b];
        CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
        in[0] = x;
        out[0] = y;
        if (p) {
            CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, in, 1, out));
            for (i = 0; i < 5; i++) CI_CHECK_NEAR(y[i], 2 * x[i], 0, 0);
            for (i = 0; i < 5; i++) x[i] = -x[i];
            CI_CHECK_EQ_INT(ci_program_run(p, 1, in, 1, out), CI_ERR_RUNTIME);
            CI_CHECK_MSG(strstr(ci_ctx_last_error(ctx), "graph guard failed") &&
                         strstr(ci_ctx_last_error(ctx),
                                "in node guard (aten._assert_async.default)"),
                         "%s", ci_ctx_last_error(ctx));
        }
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
}

/* _unique2(x, sorted, return_inverse, return_counts): values and counts sized by each run, the
   inverse indices of fixed shape and usable by other ops (here + 1), on both backends */
CI_TEST(test_dd_unique) {
    int b;
    for (b = 0; b < 2; b++) {
        int64_t s[1] = {6}, xs[2][6] = {{5, -1, 5, 7, -1, 5}, {3, 3, 3, 3, 3, 3}};
        int64_t want_v[2][3] = {{-1, 5, 7}, {3}}, want_c[2][3] = {{2, 3, 1}, {6}}, nd[2] = {3, 1};
        int64_t want_i[2][6] = {{2, 1, 2, 3, 1, 2}, {1, 1, 1, 1, 1, 1}};
        int64_t v[6], inv[6], c[6], sh[CI_MAX_DIMS];
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        ci_tensor x, r[3];
        ci_arg a[4];
        const void *in[1];
        void *out[3];
        int run, i, ok = 1;
        char why[256] = "";
        ci_ctx_create(NULL, &ctx);
        g = ci_graph_create(ctx);
        x = ci_input(g, "x", CI_I64, 1, s);
        a[0] = ci_arg_tensor(x);
        a[1] = ci_arg_bool(1);
        a[2] = ci_arg_bool(1);
        a[3] = ci_arg_bool(1);
        if (ci_call(g, "aten._unique2.default", 4, a, 0, NULL, r, 3) != 3) ok = 0;
        ci_output(g, r[0]);
        ci_output(g, ci_add(g, r[1], ci_scalar_int(g, 1)));
        ci_output(g, r[2]);
        memset(&pd, 0, sizeof pd);
        pd.backend = k_bes[b];
        if (!ok || ci_compile(g, &pd, &p) != CI_OK) {
            snprintf(why, sizeof why, "compile: %s", ci_ctx_last_error(ctx));
            ok = 0;
        }
        if (ok) {
            ok = ci_program_output_shape(p, 0, sh) == 1 && sh[0] == 6 &&
                 ci_program_output_shape(p, 1, sh) == 1 && sh[0] == 6 &&
                 ci_program_output_shape(p, 2, sh) == 1 && sh[0] == 6;
            if (!ok) snprintf(why, sizeof why, "upper bounds");
        }
        for (run = 0; run < 2 && ok; run++) {
            in[0] = xs[run]; out[0] = v; out[1] = inv; out[2] = c;
            if (ci_program_run(p, 1, in, 3, out) != CI_OK) {
                snprintf(why, sizeof why, "run: %s", ci_ctx_last_error(ctx));
                ok = 0;
                break;
            }
            ok = ci_program_output_shape_after_run(p, 0, sh) == 1 && sh[0] == nd[run] &&
                 ci_program_output_shape_after_run(p, 1, sh) == 1 && sh[0] == 6 &&
                 ci_program_output_shape_after_run(p, 2, sh) == 1 && sh[0] == nd[run];
            for (i = 0; i < nd[run]; i++) ok &= v[i] == want_v[run][i] && c[i] == want_c[run][i];
            for (i = 0; i < 6; i++) ok &= inv[i] == want_i[run][i];
            if (!ok) snprintf(why, sizeof why, "run %d: shapes or values", run);
        }
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
        CI_CHECK_MSG(ok, "%s: %s", b ? "interp" : "tcc", why);
    }
}

/* _unique2(x, sorted=False, ...) in the order of PyTorch 1.13's hash set, where the zeros
   part: one value in f32 (the first one kept: +0), two in bf16, whose hash is its 16 bits
   (-0 and +0 fall in different buckets, so the set never compares them); both backends */
CI_TEST(test_dd_unique_unsorted_zeros) {
    int b, t;
    for (b = 0; b < 2; b++) {
        for (t = 0; t < 2; t++) {
            const uint16_t xb[5] = {0x0000, 0x8000, 0x3F80, 0x0000, 0x8000};
            const float xf[5] = {0.0f, -0.0f, 1.0f, 0.0f, -0.0f};
            const uint16_t vb[3] = {0x3F80, 0x8000, 0x0000};
            const int64_t ib[5] = {2, 1, 0, 2, 1}, cb[3] = {1, 2, 2};
            const int64_t iff[5] = {1, 1, 0, 1, 1}, cf[2] = {1, 4};
            int64_t s[1] = {5}, inv[5], c[5], sh[CI_MAX_DIMS];
            uint32_t vf[5];
            uint16_t v16[5];
            ci_ctx *ctx;
            ci_graph *g;
            ci_program *p = NULL;
            ci_compile_desc pd;
            ci_tensor r[3];
            ci_arg a[4];
            const void *in[1];
            void *out[3];
            int i, n = t ? 2 : 3, ok = 1;
            char why[256] = "";
            ci_ctx_create(NULL, &ctx);
            g = ci_graph_create(ctx);
            a[0] = ci_arg_tensor(ci_input(g, "x", t ? CI_F32 : CI_BF16, 1, s));
            a[1] = ci_arg_bool(0);
            a[2] = ci_arg_bool(1);
            a[3] = ci_arg_bool(1);
            if (ci_call(g, "aten._unique2.default", 4, a, 0, NULL, r, 3) != 3) ok = 0;
            for (i = 0; i < 3; i++) ci_output(g, r[i]);
            memset(&pd, 0, sizeof pd);
            pd.backend = k_bes[b];
            if (!ok || ci_compile(g, &pd, &p) != CI_OK) {
                snprintf(why, sizeof why, "compile: %s", ci_ctx_last_error(ctx));
                ok = 0;
            }
            in[0] = t ? (const void *)xf : (const void *)xb;
            out[0] = t ? (void *)vf : (void *)v16;
            out[1] = inv;
            out[2] = c;
            if (ok && ci_program_run(p, 1, in, 3, out) != CI_OK) {
                snprintf(why, sizeof why, "run: %s", ci_ctx_last_error(ctx));
                ok = 0;
            }
            if (ok) {
                ok = ci_program_output_shape_after_run(p, 0, sh) == 1 && sh[0] == n;
                for (i = 0; i < n; i++)
                    ok &= t ? vf[i] == (i ? 0u : 0x3F800000u) && c[i] == cf[i]
                            : v16[i] == vb[i] && c[i] == cb[i];
                for (i = 0; i < 5; i++) ok &= inv[i] == (t ? iff[i] : ib[i]);
                if (!ok) snprintf(why, sizeof why, "values");
            }
            ci_program_destroy(p);
            ci_graph_destroy(g);
            ci_ctx_destroy(ctx);
            CI_CHECK_MSG(ok, "%s %s: %s", b ? "interp" : "tcc", t ? "f32" : "bf16", why);
        }
    }
}

/* unique's values used by another op, repeat_interleave.Tensor of repeats the graph does not
   know without output_size, nonzero unbound along dim 0 (along 1 it is nonzero as a tuple),
   bincount of i64 without minlength (no bound) and of u8 (bounded by 256) used by another op:
   refused while the graph is built */
CI_TEST(test_dd_unique_refusals) {
    int64_t s[1] = {6};
    int k;
    for (k = 0; k < 5; k++) {
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        ci_tensor x, r[3];
        ci_arg a[3];
        ci_result rc;
        const char *msg;
        ci_ctx_create(NULL, &ctx);
        g = ci_graph_create(ctx);
        x = ci_input(g, "x", k == 4 ? CI_U8 : CI_I64, 1, s);
        a[0] = ci_arg_tensor(x);
        a[1] = ci_arg_bool(1);
        a[2] = ci_arg_bool(0);
        if (k >= 3) {
            ci_tensor b = ci_call1(g, "aten.bincount.default", 1, a, 0, NULL);
            ci_output(g, k == 4 ? ci_add(g, b, ci_scalar_int(g, 1)) : b);
        } else if (k == 0) {
            ci_call(g, "aten._unique2.default", 3, a, 0, NULL, r, 3);
            ci_output(g, ci_add(g, r[0], ci_scalar(g, 1)));
        } else if (k == 1) {
            ci_output(g, ci_call1(g, "aten.repeat_interleave.Tensor", 1, a, 0, NULL));
        } else {
            a[0] = ci_arg_tensor(ci_call1(g, "aten.nonzero.default", 1, a, 0, NULL));
            a[1] = ci_arg_int(0);
            ci_output(g, ci_call1(g, "aten.unbind.int", 2, a, 0, NULL));
        }
        memset(&pd, 0, sizeof pd);
        rc = ci_compile(g, &pd, &p);
        msg = rc ? ci_ctx_last_error(ctx) : "(accepted)";
        CI_CHECK_MSG(rc == CI_ERR_UNSUPPORTED &&
                     strstr(msg, k == 1 || k == 3 ? "depends on the data with no bound"
                                                  : "may only be a graph output"),
                     "%d: %s", k, msg);
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_dd_shapes_after_run);
    CI_RUN(test_dd_only_as_output);
    CI_RUN(test_guard_fails_the_run);
    CI_RUN(test_dd_unique);
    CI_RUN(test_dd_unique_unsorted_zeros);
    CI_RUN(test_dd_unique_refusals);
    return ci_test_done();
}
