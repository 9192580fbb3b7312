/* test_registry.c - the lowering registry: user lowerings, overloads, flags, errors, extern
   kernels, type promotion and ci_has_op.

   (1) a user lowering "myns.scale_add" (self * alpha + other) called positionally and by
       keyword, checked against C on both backends;
   (2) overload semantics of Inductor's lowering.py: lookup tries the exact name, then the
       packet; a packet registration covers every overload not registered explicitly, an
       explicit overload registration wins over any packet and is overwritten by the next one;
   (3) the flags broadcast, type promotion (DEFAULT, INT_TO_FLOAT, BOOL_TO_LONG, NONE) and
       convert_input_to_bool, seen from inside the lowering with ci_lower_shape / ci_lower_dtype;
   (4) errors from user lowerings (ci_lower_error, failing inner calls, no result, bad handles,
       failures at compile time only) are recorded with their message, never crash or leak;
   (5) extern kernels: contiguous inputs even for transposed views, data checked on both
       backends, a failing run gives CI_ERR_RUNTIME naming the kernel, the default infer, infer
       errors, several outputs, non-tensor arguments;
   (6) torch's type promotion rules on builtin ops;
   (7) ci_has_op, registration errors, out-of-memory during registration and use;
   (8) handle ids of 2^31 and more (returned, given to ci_lower_*), and a lowering whose results
       change between graph building and compiling (bigger, other dtype or rank, fewer, more).
   Every test checks that nothing is left allocated. */
#include "ci_test.h"

/* ---- helpers (the context, ci_test_input, CI_CHECK_CONTAINS: tests/ci_test.h) ---- */

/* compile G for BE, run it once on IN / OUT, destroy the program */
static ci_result compile_run(ci_graph *g, int be, int nin, const void *const *in, int nout, void *const *out) {
    ci_compile_desc pd;
    ci_program *p = NULL;
    ci_result r;
    memset(&pd, 0, sizeof pd);
    pd.backend = (ci_backend)be;
    r = ci_compile(g, &pd, &p);
    if (r != CI_OK) return r;
    r = ci_program_run(p, nin, in, nout, out);
    ci_program_destroy(p);
    return r;
}

static ci_tensor call_kw(ci_graph *g, const char *op, int nargs, const ci_arg *args, int nkw, const ci_kwarg *kw) {
    return ci_call1(g, op, nargs, args, nkw, kw);
}

static ci_kwarg kwarg(const char *name, ci_arg v) {
    ci_kwarg k;
    k.name = name;
    k.value = v;
    return k;
}

static ci_tensor call1t(ci_graph *g, const char *op, ci_tensor x) {
    ci_arg a = ci_arg_tensor(x);
    return ci_call1(g, op, 1, &a, 0, NULL);
}

/* ---- (1) a user lowering composed of other ops ---- */

typedef struct sa_info {
    int calls, nargs;
    ci_arg_kind kinds[4];
    double alpha;
} sa_info;

static int scale_add_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs, void *user) {
    sa_info *info = (sa_info *)user;
    ci_arg m[2], a[2];
    ci_tensor t;
    int i;
    info->calls++;
    info->nargs = nargs;
    for (i = 0; i < nargs && i < 4; i++) info->kinds[i] = args[i].kind;
    if (nargs != 3 || max_outs < 1 || args[0].kind != CI_ARG_TENSOR || args[1].kind != CI_ARG_TENSOR)
        return ci_lower_error(L, CI_ERR_INVALID_ARGS, "scale_add: unexpected binding");
    info->alpha = args[2].kind == CI_ARG_FLOAT ? args[2].u.f : args[2].kind == CI_ARG_INT ? (double)args[2].u.i : -999;
    m[0] = args[0];
    m[1] = args[2];
    t = ci_lower_call1(L, "aten.mul.Tensor", 2, m, 0, NULL);
    if (!t.id) return 0;
    a[0] = ci_arg_tensor(t);
    a[1] = args[1];
    outs[0] = ci_lower_call1(L, "aten.add.Tensor", 2, a, 0, NULL);
    return outs[0].id ? 1 : 0;
}

static ci_result register_scale_add(ci_ctx *ctx, sa_info *info) {
    ci_lowering_desc d;
    memset(&d, 0, sizeof d);
    d.name = "myns.scale_add";
    d.schema = "self, other, *, alpha=1.0";
    d.fn = scale_add_fn;
    d.user = info;
    return ci_register_lowering(ctx, &d);
}

CI_TEST(test_user_lowering_scale_add) {
    ci_test_env e;
    sa_info info;
    int be, i, j;
    float x[12], y[4], o1[12], o2[12], o3[12], o4[12];
    CI_ENV_OPEN(e);
    memset(&info, 0, sizeof info);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "myns.scale_add"), 0);
    CI_CHECK_OK_CTX(e.ctx, register_scale_add(e.ctx, &info));
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "myns.scale_add"), 1);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "myns.scale_add.default"), 1);
    for (i = 0; i < 12; i++) x[i] = (float)i * 0.5f - 2.0f;
    for (j = 0; j < 4; j++) y[j] = (float)(j * j) - 1.5f;
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        ci_graph *g = ci_graph_create(e.ctx);
        ci_tensor tx = ci_test_input(g, "x", CI_F32, 2, 3, 4), ty = ci_test_input(g, "y", CI_F32, 1, 4), t1, t2, t3, t4;
        ci_arg a[2];
        ci_kwarg k[3];
        const void *in[2];
        void *out[4];
        int64_t sh[2];
        a[0] = ci_arg_tensor(tx);
        a[1] = ci_arg_tensor(ty);
        /* positional self/other, keyword alpha (float) */
        k[0] = kwarg("alpha", ci_arg_float(2.5));
        t1 = call_kw(g, "myns.scale_add", 2, a, 1, k);
        CI_CHECK_MSG(t1.id != 0, "%s", ci_graph_message(g));
        CI_CHECK_EQ_INT(info.nargs, 3);
        CI_CHECK(info.kinds[0] == CI_ARG_TENSOR && info.kinds[1] == CI_ARG_TENSOR && info.kinds[2] == CI_ARG_FLOAT);
        CI_CHECK_NEAR(info.alpha, 2.5, 0, 0);
        /* the default alpha (1.0, a float) */
        t2 = call_kw(g, "myns.scale_add", 2, a, 0, NULL);
        CI_CHECK_MSG(t2.id != 0, "%s", ci_graph_message(g));
        CI_CHECK_EQ_INT(info.kinds[2], CI_ARG_FLOAT);
        CI_CHECK_NEAR(info.alpha, 1.0, 0, 0);
        /* through an overload name (packet fallback), `other` by keyword */
        k[0] = kwarg("other", ci_arg_tensor(ty));
        k[1] = kwarg("alpha", ci_arg_float(-0.5));
        t3 = call_kw(g, "myns.scale_add.default", 1, a, 2, k);
        CI_CHECK_MSG(t3.id != 0, "%s", ci_graph_message(g));
        CI_CHECK_NEAR(info.alpha, -0.5, 0, 0);
        /* everything by keyword, in another order; an int alpha */
        k[0] = kwarg("alpha", ci_arg_int(3));
        k[1] = kwarg("other", ci_arg_tensor(ty));
        k[2] = kwarg("self", ci_arg_tensor(tx));
        t4 = call_kw(g, "myns.scale_add", 0, NULL, 3, k);
        CI_CHECK_MSG(t4.id != 0, "%s", ci_graph_message(g));
        CI_CHECK_EQ_INT(info.kinds[2], CI_ARG_INT);
        CI_CHECK_NEAR(info.alpha, 3.0, 0, 0);
        CI_CHECK_EQ_INT(ci_tensor_shape(g, t1, sh), 2);
        CI_CHECK(sh[0] == 3 && sh[1] == 4);
        CI_CHECK_EQ_INT(ci_tensor_dtype(g, t1), CI_F32);
        ci_output(g, t1);
        ci_output(g, t2);
        ci_output(g, t3);
        ci_output(g, t4);
        in[0] = x; in[1] = y;
        out[0] = o1; out[1] = o2; out[2] = o3; out[3] = o4;
        CI_CHECK_OK_CTX(e.ctx, compile_run(g, be, 2, in, 4, out));
        for (i = 0; i < 3; i++)
            for (j = 0; j < 4; j++) {
                float xv = x[i * 4 + j], yv = y[j];
                CI_CHECK_NEAR(o1[i * 4 + j], xv * 2.5f + yv, 1e-6, 1e-6);
                CI_CHECK_NEAR(o2[i * 4 + j], xv * 1.0f + yv, 1e-6, 1e-6);
                CI_CHECK_NEAR(o3[i * 4 + j], xv * -0.5f + yv, 1e-6, 1e-6);
                CI_CHECK_NEAR(o4[i * 4 + j], xv * 3.0f + yv, 1e-6, 1e-6);
            }
        ci_graph_destroy(g);
    }
    CI_CHECK(info.calls >= 8); /* lowered when built and again when compiled */
    CI_ENV_CLOSE(e);
}

CI_TEST(test_user_lowering_binding_errors) {
    ci_test_env e;
    sa_info info;
    ci_graph *g;
    ci_arg a[3];
    ci_kwarg k;
    CI_ENV_OPEN(e);
    memset(&info, 0, sizeof info);
    CI_CHECK_OK(register_scale_add(e.ctx, &info));
    /* alpha is keyword-only: three positional arguments are too many */
    g = ci_graph_create(e.ctx);
    a[0] = ci_arg_tensor(ci_test_input(g, "x", CI_F32, 1, 4));
    a[1] = a[0];
    a[2] = ci_arg_float(2.0);
    CI_CHECK_EQ_INT(ci_call(g, "myns.scale_add", 3, a, 0, NULL, NULL, 0), 0);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_INVALID_ARGS);
    CI_CHECK_CONTAINS(ci_graph_message(g), "positional");
    CI_CHECK_CONTAINS(ci_graph_message(g), "myns.scale_add");
    ci_graph_destroy(g);
    /* unknown keyword, missing argument */
    g = ci_graph_create(e.ctx);
    a[0] = ci_arg_tensor(ci_test_input(g, "x", CI_F32, 1, 4));
    a[1] = a[0];
    k = kwarg("beta", ci_arg_float(1));
    CI_CHECK_EQ_INT(ci_call(g, "myns.scale_add", 2, a, 1, &k, NULL, 0), 0);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_INVALID_ARGS);
    CI_CHECK_CONTAINS(ci_graph_message(g), "beta");
    ci_graph_destroy(g);
    g = ci_graph_create(e.ctx);
    a[0] = ci_arg_tensor(ci_test_input(g, "x", CI_F32, 1, 4));
    CI_CHECK_EQ_INT(ci_call(g, "myns.scale_add", 1, a, 0, NULL, NULL, 0), 0);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_INVALID_ARGS);
    CI_CHECK_CONTAINS(ci_graph_message(g), "other");
    ci_graph_destroy(g);
    /* the lowering's own shape error surfaces as the graph's */
    g = ci_graph_create(e.ctx);
    a[0] = ci_arg_tensor(ci_test_input(g, "x", CI_F32, 1, 4));
    a[1] = ci_arg_tensor(ci_test_input(g, "y", CI_F32, 1, 5));
    CI_CHECK_EQ_INT(ci_call(g, "myns.scale_add", 2, a, 0, NULL, NULL, 0), 0);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_SHAPE);
    CI_CHECK_CONTAINS(ci_graph_message(g), "[4]");
    CI_CHECK_CONTAINS(ci_graph_message(g), "[5]");
    ci_graph_destroy(g);
    CI_ENV_CLOSE(e);
}

/* ---- (2) overloads: exact name first, then the packet ---- */

/* a lowering "self" -> self * factor */
static int mul_by_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs, void *user) {
    ci_arg m[2];
    (void)max_outs;
    if (nargs < 1 || args[0].kind != CI_ARG_TENSOR) return ci_lower_error(L, CI_ERR_INVALID_ARGS, "mul_by: no tensor");
    m[0] = args[0];
    m[1] = ci_arg_float(*(const double *)user);
    outs[0] = ci_lower_call1(L, "aten.mul.Tensor", 2, m, 0, NULL);
    return outs[0].id ? 1 : 0;
}

static ci_result register_mul_by(ci_ctx *ctx, const char *name, const char *schema, const double *factor) {
    ci_lowering_desc d;
    memset(&d, 0, sizeof d);
    d.name = name;
    d.schema = schema;
    d.fn = mul_by_fn;
    d.user = (void *)factor;
    return ci_register_lowering(ctx, &d);
}

/* builds relu(x) (aten.relu.default), aten.relu(x) and aten.relu.whatever(x) on x = {-2,-1,1,2}
   and writes their results for backend BE to r[0..2][0..3]; returns the first error */
static ci_result relu_variants(ci_ctx *ctx, int be, float r[3][4]) {
    ci_graph *g = ci_graph_create(ctx);
    float x[4] = {-2, -1, 1, 2};
    const void *in[1];
    void *out[3];
    ci_result res;
    ci_tensor tx;
    if (!g) return CI_ERR_OUT_OF_MEMORY;
    tx = ci_test_input(g, "x", CI_F32, 1, 4);
    ci_output(g, ci_relu(g, tx));
    ci_output(g, call1t(g, "aten.relu", tx));
    ci_output(g, call1t(g, "aten.relu.whatever", tx));
    in[0] = x;
    out[0] = r[0]; out[1] = r[1]; out[2] = r[2];
    res = compile_run(g, be, 1, in, 3, out);
    ci_graph_destroy(g);
    return res;
}

/* expect r[k][i] == x[i] * f[k] (f = 0 means relu) */
static int check_relu_variants(float r[3][4], const double f[3], int be, const char *stage, char *why, size_t n) {
    const float x[4] = {-2, -1, 1, 2};
    static const char *const names[3] = {"aten.relu.default (ci_relu)", "aten.relu", "aten.relu.whatever"};
    int k, i;
    for (k = 0; k < 3; k++)
        for (i = 0; i < 4; i++) {
            double want = f[k] == 0 ? (x[i] > 0 ? x[i] : 0) : x[i] * f[k];
            if (!ci_test_near(r[k][i], want, 1e-6, 0)) {
                snprintf(why, n, "%s, %s backend: %s(%g) = %g, want %g (%s)", stage,
                         ci_test_backend_name(be), names[k], x[i], r[k][i], want, f[k] == 0 ? "the builtin relu" : "the override");
                return 0;
            }
        }
    return 1;
}

#define CHECK_RELU(ctx, stage, f0, f1, f2) \
    do { int be_; \
         for (be_ = CI_BACKEND_TCC; be_ <= CI_BACKEND_INTERP; be_++) { \
             float r_[3][4]; double f_[3]; char why_[512]; \
             f_[0] = (f0); f_[1] = (f1); f_[2] = (f2); \
             memset(r_, 0, sizeof r_); \
             CI_CHECK_OK_CTX(ctx, relu_variants(ctx, be_, r_)); \
             CI_CHECK_MSG(check_relu_variants(r_, f_, be_, stage, why_, sizeof why_), "%s", why_); \
         } } while (0)

CI_TEST(test_overload_packet_then_explicit) {
    ci_test_env e;
    static const double two = 2, three = 3, four = 4, five = 5;
    CI_ENV_OPEN(e);
    /* the builtin registers the packet only; every overload resolves to it */
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten.relu"), 1);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten.relu.default"), 1);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten.relu.whatever"), 1);
    CHECK_RELU(e.ctx, "builtin", 0, 0, 0);
    /* overriding the packet changes the packet and every overload not registered explicitly */
    CI_CHECK_OK_CTX(e.ctx, register_mul_by(e.ctx, "aten.relu", "self", &two));
    CHECK_RELU(e.ctx, "after registering the packet aten.relu (x*2)", 2, 2, 2);
    /* an explicit overload wins for that overload only */
    CI_CHECK_OK_CTX(e.ctx, register_mul_by(e.ctx, "aten.relu.default", "self", &three));
    CHECK_RELU(e.ctx, "after registering aten.relu.default (x*3)", 3, 2, 2);
    /* registering the packet again does not displace the explicit overload */
    CI_CHECK_OK_CTX(e.ctx, register_mul_by(e.ctx, "aten.relu", "self", &four));
    CHECK_RELU(e.ctx, "after re-registering the packet (x*4)", 3, 4, 4);
    /* registering the explicit overload again overwrites it */
    CI_CHECK_OK_CTX(e.ctx, register_mul_by(e.ctx, "aten.relu.default", "self", &five));
    CHECK_RELU(e.ctx, "after re-registering aten.relu.default (x*5)", 5, 4, 4);
    CI_ENV_CLOSE(e);
}

/* An explicit overload registered first is not displaced by a later packet registration, and
   a user lowering for an overload that the builtins do not know does not shadow the packet. */
CI_TEST(test_overload_explicit_then_packet) {
    ci_test_env e;
    static const double three = 3, seven = 7;
    CI_ENV_OPEN(e);
    CI_CHECK_OK_CTX(e.ctx, register_mul_by(e.ctx, "aten.relu.default", "self", &three));
    CHECK_RELU(e.ctx, "after registering only aten.relu.default (x*3)", 3, 0, 0);
    CI_CHECK_OK_CTX(e.ctx, register_mul_by(e.ctx, "aten.relu", "self", &seven));
    CHECK_RELU(e.ctx, "then the packet (x*7)", 3, 7, 7);
    CI_ENV_CLOSE(e);
}

/* For an op whose builtin registers explicit overloads (aten.sum.default), a packet override
   changes only the overloads that are not registered explicitly (aten.sum.dim_IntList). */
CI_TEST(test_overload_builtin_explicit_wins_over_user_packet) {
    ci_test_env e;
    static const double seven = 7;
    ci_graph *g;
    ci_tensor x, s_dim, s_def;
    int64_t d[1] = {0}, sh[2];
    float xin[4] = {1, 2, 3, 4}, o_dim[4], o_def[1];
    const void *in[1];
    void *out[2];
    int be;
    CI_ENV_OPEN(e);
    CI_CHECK_OK_CTX(e.ctx, register_mul_by(e.ctx, "aten.sum", "self, dim=None, keepdim=False, *, dtype=None", &seven));
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        g = ci_graph_create(e.ctx);
        x = ci_test_input(g, "x", CI_F32, 1, 4);
        s_dim = ci_sum(g, x, 1, d, 0);          /* aten.sum.dim_IntList: the user packet */
        s_def = call1t(g, "aten.sum.default", x); /* explicit builtin: a real sum */
        CI_CHECK_MSG(ci_graph_status(g) == CI_OK, "%s", ci_graph_message(g));
        CI_CHECK_EQ_INT(ci_tensor_shape(g, s_dim, sh), 1);
        CI_CHECK_EQ_INT(sh[0], 4);
        CI_CHECK_EQ_INT(ci_tensor_shape(g, s_def, sh), 0);
        ci_output(g, s_dim);
        ci_output(g, s_def);
        in[0] = xin;
        out[0] = o_dim; out[1] = o_def;
        CI_CHECK_OK_CTX(e.ctx, compile_run(g, be, 1, in, 2, out));
        CI_CHECK_NEAR(o_dim[3], 28.0, 1e-6, 0);
        CI_CHECK_NEAR(o_def[0], 10.0, 1e-6, 0);
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* A user override of an op applies inside the builtin decompositions that call it. */
CI_TEST(test_override_applies_inside_decompositions) {
    ci_test_env e;
    static const double minus_one = -1;
    ci_graph *g;
    float xin[4] = {-2, -1, 1, 2}, y[4];
    const void *in[1];
    void *out[1];
    int be, i;
    CI_ENV_OPEN(e);
    /* silu(x) = x * sigmoid(x) is built by ci__ops_silu directly; softmax calls aten.exp.default */
    CI_CHECK_OK_CTX(e.ctx, register_mul_by(e.ctx, "aten.exp", "self", &minus_one));
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        double s = 0, m = -INFINITY, ref[4];
        g = ci_graph_create(e.ctx);
        ci_output(g, ci_softmax(g, ci_test_input(g, "x", CI_F32, 1, 4), 0));
        in[0] = xin; out[0] = y;
        CI_CHECK_OK_CTX(e.ctx, compile_run(g, be, 1, in, 1, out));
        /* softmax with exp(v) replaced by -v: e_i = -(x_i - max), y_i = e_i / sum(e) */
        for (i = 0; i < 4; i++) if (xin[i] > m) m = xin[i];
        for (i = 0; i < 4; i++) { ref[i] = -(xin[i] - m); s += ref[i]; }
        for (i = 0; i < 4; i++) CI_CHECK_NEAR(y[i], ref[i] / s, 1e-6, 1e-6);
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* Registering a user op twice overwrites it; registrations stay in their context. */
CI_TEST(test_reregister_and_context_isolation) {
    ci_test_env e, e2;
    static const double two = 2, three = 3;
    ci_graph *g;
    float xin[2] = {1, -4}, y[2];
    const void *in[1];
    void *out[1];
    CI_ENV_OPEN(e);
    CI_ENV_OPEN(e2);
    CI_CHECK_OK(register_mul_by(e.ctx, "myns.twice", "self", &two));
    CI_CHECK_OK(register_mul_by(e.ctx, "myns.twice", "self", &three));
    g = ci_graph_create(e.ctx);
    ci_output(g, call1t(g, "myns.twice", ci_test_input(g, "x", CI_F32, 1, 2)));
    in[0] = xin; out[0] = y;
    CI_CHECK_OK_CTX(e.ctx, compile_run(g, CI_BACKEND_INTERP, 1, in, 1, out));
    CI_CHECK_NEAR(y[1], -12.0, 0, 0);
    ci_graph_destroy(g);
    /* the other context knows nothing about it, and its aten.relu is the builtin */
    CI_CHECK_EQ_INT(ci_has_op(e2.ctx, "myns.twice"), 0);
    CI_CHECK_OK(register_mul_by(e.ctx, "aten.relu", "self", &two));
    g = ci_graph_create(e2.ctx);
    CI_CHECK(call1t(g, "myns.twice", ci_test_input(g, "x", CI_F32, 1, 2)).id == 0);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_UNKNOWN_OP);
    ci_graph_destroy(g);
    g = ci_graph_create(e2.ctx);
    ci_output(g, ci_relu(g, ci_test_input(g, "x", CI_F32, 1, 2)));
    CI_CHECK_OK_CTX(e2.ctx, compile_run(g, CI_BACKEND_INTERP, 1, in, 1, out));
    CI_CHECK(y[0] == 1 && y[1] == 0);
    ci_graph_destroy(g);
    CI_ENV_CLOSE(e2);
    CI_ENV_CLOSE(e);
}

/* ---- (3) flags ---- */

typedef struct probe {
    int calls;
    ci_arg_kind kind[2];
    ci_dtype dt[2];
    int nd[2];
    int64_t shape[2][CI_MAX_DIMS];
    ci_dtype bad_dtype; /* ci_lower_dtype of an invalid handle */
    int bad_shape;      /* ci_lower_shape of an invalid handle */
} probe;

/* "a, b": records what it was given, returns a + b (or a) */
static int probe_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs, void *user) {
    probe *p = (probe *)user;
    ci_tensor none = {0}, far = {999999};
    int i;
    (void)max_outs;
    p->calls++;
    for (i = 0; i < 2 && i < nargs; i++) {
        p->kind[i] = args[i].kind;
        p->dt[i] = CI_DTYPE_INVALID;
        p->nd[i] = -1;
        if (args[i].kind == CI_ARG_TENSOR) {
            p->dt[i] = ci_lower_dtype(L, args[i].u.t);
            p->nd[i] = ci_lower_shape(L, args[i].u.t, p->shape[i]);
        }
    }
    p->bad_dtype = ci_lower_dtype(L, none);
    p->bad_shape = ci_lower_shape(L, far, NULL);
    if (args[0].kind != CI_ARG_TENSOR) return ci_lower_error(L, CI_ERR_INVALID_ARGS, "probe: a must be a tensor");
    if (args[1].kind == CI_ARG_TENSOR && p->nd[0] == p->nd[1] && memcmp(p->shape[0], p->shape[1], sizeof(int64_t) * (size_t)p->nd[0]) == 0 &&
        p->dt[0] == p->dt[1] && p->dt[0] != CI_BOOL) {
        outs[0] = ci_lower_call1(L, "aten.add.Tensor", 2, args, 0, NULL);
        return outs[0].id ? 1 : 0;
    }
    outs[0] = args[0].u.t;
    return 1;
}

static ci_result register_probe(ci_ctx *ctx, const char *name, probe *p, int broadcast, ci_promotion promo, int to_bool) {
    ci_lowering_desc d;
    memset(&d, 0, sizeof d);
    d.name = name;
    d.schema = "a, b";
    d.fn = probe_fn;
    d.user = p;
    d.broadcast = broadcast;
    d.promotion = promo;
    d.convert_input_to_bool = to_bool;
    return ci_register_lowering(ctx, &d);
}

/* tensors must live in the graph of the call: describe them instead; the graph's message is
   kept in last_msg */
static char last_msg[1100];
typedef struct tdesc { ci_dtype dt; int nd; int64_t s[3]; } tdesc;

static ci_result probe_tt(ci_ctx *ctx, const char *op, tdesc da, tdesc db) {
    ci_graph *g = ci_graph_create(ctx);
    ci_arg args[2];
    ci_result r;
    if (!g) return CI_ERR_OUT_OF_MEMORY;
    args[0] = ci_arg_tensor(ci_input(g, "a", da.dt, da.nd, da.s));
    args[1] = ci_arg_tensor(ci_input(g, "b", db.dt, db.nd, db.s));
    ci_call1(g, op, 2, args, 0, NULL);
    r = ci_graph_status(g);
    snprintf(last_msg, sizeof last_msg, "%s", ci_graph_message(g));
    ci_graph_destroy(g);
    return r;
}

static tdesc td(ci_dtype dt, int nd, int s0, int s1) {
    tdesc t;
    memset(&t, 0, sizeof t);
    t.dt = dt; t.nd = nd; t.s[0] = s0; t.s[1] = s1;
    return t;
}

#define PROBE_DTYPES(ctx, op, p, da, db, want_a, want_b) \
    do { ci_result r_; (p).calls = 0; \
         r_ = probe_tt((ctx), (op), (da), (db)); \
         CI_CHECK_MSG(r_ == CI_OK, "%s(%s, %s): %s", (op), ci_dtype_name((da).dt), ci_dtype_name((db).dt), \
                      last_msg); \
         CI_CHECK_MSG((p).calls >= 1, "%s: the lowering was not called", (op)); \
         CI_CHECK_MSG((p).dt[0] == (want_a) && (p).dt[1] == (want_b), \
                      "%s(%s, %s): the lowering saw (%s, %s), want (%s, %s)", (op), ci_dtype_name((da).dt), \
                      ci_dtype_name((db).dt), ci_dtype_name((p).dt[0]), ci_dtype_name((p).dt[1]), \
                      ci_dtype_name(want_a), ci_dtype_name(want_b)); } while (0)

CI_TEST(test_flag_broadcast) {
    ci_test_env e;
    probe pb, pn;
    CI_ENV_OPEN(e);
    memset(&pb, 0, sizeof pb);
    memset(&pn, 0, sizeof pn);
    CI_CHECK_OK(register_probe(e.ctx, "myns.probe_bc", &pb, 1, CI_PROMOTE_NONE, 0));
    CI_CHECK_OK(register_probe(e.ctx, "myns.probe_nobc", &pn, 0, CI_PROMOTE_NONE, 0));
    CI_CHECK_MSG(probe_tt(e.ctx, "myns.probe_bc", td(CI_F32, 2, 3, 1), td(CI_F32, 1, 4, 0)) == CI_OK, "%s", last_msg);
    CI_CHECK_EQ_INT(pb.nd[0], 2);
    CI_CHECK_EQ_INT(pb.nd[1], 2);
    CI_CHECK(pb.shape[0][0] == 3 && pb.shape[0][1] == 4);
    CI_CHECK(pb.shape[1][0] == 3 && pb.shape[1][1] == 4);
    CI_CHECK_EQ_INT(pb.bad_dtype, CI_DTYPE_INVALID);
    CI_CHECK_EQ_INT(pb.bad_shape, -1);
    /* without the flag the lowering sees the shapes as given */
    CI_CHECK_MSG(probe_tt(e.ctx, "myns.probe_nobc", td(CI_F32, 2, 3, 1), td(CI_F32, 1, 4, 0)) == CI_OK, "%s", last_msg);
    CI_CHECK_EQ_INT(pn.nd[0], 2);
    CI_CHECK_EQ_INT(pn.nd[1], 1);
    CI_CHECK(pn.shape[0][0] == 3 && pn.shape[0][1] == 1 && pn.shape[1][0] == 4);
    /* broadcast failures are shape errors that name the op */
    CI_CHECK_EQ_INT(probe_tt(e.ctx, "myns.probe_bc", td(CI_F32, 2, 3, 2), td(CI_F32, 1, 4, 0)), CI_ERR_SHAPE);
    CI_CHECK_CONTAINS(last_msg, "myns.probe_bc");
    /* a Python number next to a tensor is left alone by broadcasting */
    {
        ci_graph *g = ci_graph_create(e.ctx);
        ci_arg a[2];
        a[0] = ci_arg_tensor(ci_test_input(g, "a", CI_F32, 2, 2, 3));
        a[1] = ci_arg_float(1.5);
        CI_CHECK(ci_call1(g, "myns.probe_bc", 2, a, 0, NULL).id != 0);
        CI_CHECK_EQ_INT(pb.kind[1], CI_ARG_FLOAT);
        CI_CHECK_EQ_INT(pb.nd[0], 2);
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

CI_TEST(test_flag_promotion) {
    ci_test_env e;
    probe pd, pi, pb, pl, pn;
    CI_ENV_OPEN(e);
    memset(&pd, 0, sizeof pd); memset(&pi, 0, sizeof pi); memset(&pb, 0, sizeof pb);
    memset(&pl, 0, sizeof pl); memset(&pn, 0, sizeof pn);
    CI_CHECK_OK(register_probe(e.ctx, "myns.probe_def", &pd, 1, CI_PROMOTE_DEFAULT, 0));
    CI_CHECK_OK(register_probe(e.ctx, "myns.probe_i2f", &pi, 1, CI_PROMOTE_INT_TO_FLOAT, 0));
    CI_CHECK_OK(register_probe(e.ctx, "myns.probe_bool", &pb, 1, CI_PROMOTE_NONE, 1));
    CI_CHECK_OK(register_probe(e.ctx, "myns.probe_b2l", &pl, 1, CI_PROMOTE_BOOL_TO_LONG, 0));
    CI_CHECK_OK(register_probe(e.ctx, "myns.probe_none", &pn, 1, CI_PROMOTE_NONE, 0));
    /* DEFAULT: the promoted dtype */
    PROBE_DTYPES(e.ctx, "myns.probe_def", pd, td(CI_I32, 1, 3, 0), td(CI_F64, 1, 3, 0), CI_F64, CI_F64);
    PROBE_DTYPES(e.ctx, "myns.probe_def", pd, td(CI_U8, 1, 3, 0), td(CI_I8, 1, 3, 0), CI_I16, CI_I16);
    PROBE_DTYPES(e.ctx, "myns.probe_def", pd, td(CI_BOOL, 1, 3, 0), td(CI_I64, 1, 3, 0), CI_I64, CI_I64);
    PROBE_DTYPES(e.ctx, "myns.probe_def", pd, td(CI_F16, 1, 3, 0), td(CI_BF16, 1, 3, 0), CI_F32, CI_F32);
    /* a 0-d tensor of the same category does not raise a dimensioned one */
    PROBE_DTYPES(e.ctx, "myns.probe_def", pd, td(CI_F32, 1, 3, 0), td(CI_F64, 0, 0, 0), CI_F32, CI_F32);
    PROBE_DTYPES(e.ctx, "myns.probe_def", pd, td(CI_I32, 1, 3, 0), td(CI_F64, 0, 0, 0), CI_F64, CI_F64);
    /* INT_TO_FLOAT: integers and bools become f32, floats stay */
    PROBE_DTYPES(e.ctx, "myns.probe_i2f", pi, td(CI_I32, 1, 3, 0), td(CI_I64, 1, 3, 0), CI_F32, CI_F32);
    PROBE_DTYPES(e.ctx, "myns.probe_i2f", pi, td(CI_BOOL, 1, 3, 0), td(CI_BOOL, 1, 3, 0), CI_F32, CI_F32);
    PROBE_DTYPES(e.ctx, "myns.probe_i2f", pi, td(CI_F64, 1, 3, 0), td(CI_I32, 1, 3, 0), CI_F64, CI_F64);
    /* convert_input_to_bool */
    PROBE_DTYPES(e.ctx, "myns.probe_bool", pb, td(CI_F32, 1, 3, 0), td(CI_I32, 1, 3, 0), CI_BOOL, CI_BOOL);
    /* BOOL_TO_LONG */
    PROBE_DTYPES(e.ctx, "myns.probe_b2l", pl, td(CI_BOOL, 1, 3, 0), td(CI_BOOL, 1, 3, 0), CI_I64, CI_I64);
    /* NONE: untouched */
    PROBE_DTYPES(e.ctx, "myns.probe_none", pn, td(CI_I32, 1, 3, 0), td(CI_F64, 1, 3, 0), CI_I32, CI_F64);
    /* a Python float next to an int tensor promotes it to the default float */
    {
        ci_graph *g = ci_graph_create(e.ctx);
        ci_arg a[2];
        ci_tensor r;
        a[0] = ci_arg_tensor(ci_test_input(g, "a", CI_I32, 1, 3));
        a[1] = ci_arg_float(2.5);
        r = ci_call1(g, "myns.probe_def", 2, a, 0, NULL);
        CI_CHECK_MSG(r.id != 0, "%s", ci_graph_message(g));
        CI_CHECK_EQ_INT(pd.dt[0], CI_F32);
        CI_CHECK_EQ_INT(pd.kind[1], CI_ARG_FLOAT);
        /* and a Python int leaves an i8 tensor alone */
        a[0] = ci_arg_tensor(ci_test_input(g, "b", CI_I8, 1, 3));
        a[1] = ci_arg_int(1000);
        r = ci_call1(g, "myns.probe_def", 2, a, 0, NULL);
        CI_CHECK_MSG(r.id != 0, "%s", ci_graph_message(g));
        CI_CHECK_EQ_INT(pd.dt[0], CI_I8);
        ci_graph_destroy(g);
    }
    /* the result a probe returns is what the graph sees */
    {
        ci_dtype dt = CI_DTYPE_INVALID;
        ci_graph *g = ci_graph_create(e.ctx);
        ci_arg a[2];
        ci_tensor r;
        a[0] = ci_arg_tensor(ci_test_input(g, "a", CI_I32, 1, 3));
        a[1] = ci_arg_tensor(ci_test_input(g, "b", CI_I64, 1, 3));
        r = ci_call1(g, "myns.probe_i2f", 2, a, 0, NULL);
        dt = ci_tensor_dtype(g, r);
        CI_CHECK_EQ_INT(dt, CI_F32);
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* ---- (4) errors from user lowerings ---- */

typedef struct fail_info {
    int mode;
    int calls;
    int fail_from_call; /* for the late failure */
    int inner_result;   /* what the inner call returned */
} fail_info;

enum {
    FAIL_LOWER_ERROR = 1, FAIL_INNER_CHECKED, FAIL_INNER_IGNORED, FAIL_INNER_THEN_MORE, FAIL_NO_RESULT,
    FAIL_BAD_HANDLE, FAIL_LATE, FAIL_CODE_OK, FAIL_NULL_MESSAGE, FAIL_LONG_MESSAGE, FAIL_INNER_NULL_OP,
    FAIL_INNER_UNKNOWN
};

static int failing_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs, void *user) {
    fail_info *f = (fail_info *)user;
    ci_arg a[2];
    ci_tensor t;
    (void)nargs; (void)max_outs;
    f->calls++;
    switch (f->mode) {
    case FAIL_LOWER_ERROR:
        return ci_lower_error(L, CI_ERR_UNSUPPORTED, "myns.fails: not today");
    case FAIL_INNER_CHECKED:
    case FAIL_INNER_IGNORED:
    case FAIL_INNER_THEN_MORE:
        /* args: a [3], b [4]: the add fails to broadcast */
        t = ci_lower_call1(L, "aten.add.Tensor", 2, args, 0, NULL);
        f->inner_result = (int)t.id;
        if (f->mode == FAIL_INNER_CHECKED) {
            if (!t.id) return 0;
            outs[0] = t;
            return 1;
        }
        if (f->mode == FAIL_INNER_IGNORED) { outs[0] = t; return 1; }
        /* later calls after a failure do nothing; returning a valid tensor does not hide it */
        a[0] = args[0]; a[1] = args[0];
        t = ci_lower_call1(L, "aten.add.Tensor", 2, a, 0, NULL);
        f->inner_result += (int)t.id;
        outs[0] = args[0].u.t;
        return 1;
    case FAIL_NO_RESULT:
        return 0;
    case FAIL_BAD_HANDLE:
        outs[0].id = 987654;
        return 1;
    case FAIL_LATE:
        if (f->calls >= f->fail_from_call) return ci_lower_error(L, CI_ERR_UNSUPPORTED, "late failure at compile time");
        outs[0] = args[0].u.t;
        return 1;
    case FAIL_CODE_OK:
        return ci_lower_error(L, CI_OK, "failed with code ok");
    case FAIL_NULL_MESSAGE:
        return ci_lower_error(L, CI_ERR_DTYPE, NULL);
    case FAIL_LONG_MESSAGE: {
        static char msg[5000];
        memset(msg, 'm', sizeof msg - 1);
        msg[sizeof msg - 1] = 0;
        return ci_lower_error(L, CI_ERR_UNSUPPORTED, msg);
    }
    case FAIL_INNER_NULL_OP:
        outs[0] = ci_lower_call1(L, NULL, 1, args, 0, NULL);
        return outs[0].id ? 1 : 0;
    case FAIL_INNER_UNKNOWN:
        outs[0] = ci_lower_call1(L, "myns.does_not_exist", 1, args, 0, NULL);
        return outs[0].id ? 1 : 0;
    }
    return 0;
}

/* registers "myns.fails" with MODE, calls it on a [3] and b [4] (or [3] when SAME) and checks the
   recorded error; returns 1 when all matched, else writes WHY */
static int run_failing(ci_test_env *e, fail_info *f, int same, ci_result want, const char *needle,
                       char *why, size_t n) {
    ci_lowering_desc d;
    ci_graph *g;
    ci_arg a[2];
    ci_tensor t;
    ci_program *p = NULL;
    ci_result st, rc;
    char msg[1100];
    memset(&d, 0, sizeof d);
    d.name = "myns.fails";
    d.schema = "a, b";
    d.fn = failing_fn;
    d.user = f;
    if (ci_register_lowering(e->ctx, &d) != CI_OK) { snprintf(why, n, "register: %s", ci_ctx_last_error(e->ctx)); return 0; }
    g = ci_graph_create(e->ctx);
    a[0] = ci_arg_tensor(ci_test_input(g, "a", CI_F32, 1, 3));
    a[1] = ci_arg_tensor(ci_test_input(g, "b", CI_F32, 1, same ? 3 : 4));
    t = ci_call1(g, "myns.fails", 2, a, 0, NULL);
    st = ci_graph_status(g);
    snprintf(msg, sizeof msg, "%s", ci_graph_message(g));
    if (t.id != 0 || st != want) {
        snprintf(why, n, "mode %d: ci_call gave handle %u and status %s (%s), want %s", f->mode, (unsigned)t.id,
                 ci_result_string(st), msg, ci_result_string(want));
        ci_graph_destroy(g);
        return 0;
    }
    if (!strstr(msg, "myns.fails") || (needle && !strstr(msg, needle))) {
        snprintf(why, n, "mode %d: message \"%s\" lacks \"myns.fails\" or \"%s\"", f->mode, msg, needle ? needle : "");
        ci_graph_destroy(g);
        return 0;
    }
    ci_output(g, t);
    rc = ci_compile(g, NULL, &p);
    ci_program_destroy(p);
    if (rc != want || p != NULL || !strstr(ci_ctx_last_error(e->ctx), msg)) {
        snprintf(why, n, "mode %d: ci_compile gave %s with \"%s\"", f->mode, ci_result_string(rc), ci_ctx_last_error(e->ctx));
        ci_graph_destroy(g);
        return 0;
    }
    ci_graph_destroy(g);
    return 1;
}

#define CHECK_FAILING(e, mode_, same, want, needle) \
    do { fail_info f_; char why_[1200]; \
         memset(&f_, 0, sizeof f_); f_.mode = (mode_); \
         CI_CHECK_MSG(run_failing(&(e), &f_, (same), (want), (needle), why_, sizeof why_), "%s", why_); } while (0)

CI_TEST(test_user_lowering_errors) {
    ci_test_env e;
    CI_ENV_OPEN(e);
    CHECK_FAILING(e, FAIL_LOWER_ERROR, 1, CI_ERR_UNSUPPORTED, "not today");
    CHECK_FAILING(e, FAIL_INNER_CHECKED, 0, CI_ERR_SHAPE, "[4]");
    CHECK_FAILING(e, FAIL_INNER_IGNORED, 0, CI_ERR_SHAPE, "[3]");
    CHECK_FAILING(e, FAIL_INNER_THEN_MORE, 0, CI_ERR_SHAPE, "[4]");
    CHECK_FAILING(e, FAIL_NO_RESULT, 1, CI_ERR_INVALID_ARGS, NULL);
    CHECK_FAILING(e, FAIL_BAD_HANDLE, 1, CI_ERR_INVALID_ARGS, NULL);
    CHECK_FAILING(e, FAIL_CODE_OK, 1, CI_ERR_INVALID_ARGS, "failed with code ok");
    CHECK_FAILING(e, FAIL_NULL_MESSAGE, 1, CI_ERR_DTYPE, NULL);
    CHECK_FAILING(e, FAIL_LONG_MESSAGE, 1, CI_ERR_UNSUPPORTED, "mmmmmmmm");
    CHECK_FAILING(e, FAIL_INNER_NULL_OP, 1, CI_ERR_INVALID_ARGS, NULL);
    CHECK_FAILING(e, FAIL_INNER_UNKNOWN, 1, CI_ERR_UNKNOWN_OP, "myns.does_not_exist");
    /* after all that the context works */
    {
        ci_graph *g = ci_graph_create(e.ctx);
        float xin[3] = {1, 2, 3}, y[3];
        const void *in[1];
        void *out[1];
        ci_output(g, ci_neg(g, ci_test_input(g, "x", CI_F32, 1, 3)));
        in[0] = xin; out[0] = y;
        CI_CHECK_OK_CTX(e.ctx, compile_run(g, CI_BACKEND_INTERP, 1, in, 1, out));
        CI_CHECK(y[2] == -3);
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* the inner failure does not leak into later calls: the failing inner call returned {0} and
   a later inner call in the same lowering returned {0} too */
CI_TEST(test_user_lowering_inner_failure_is_sticky) {
    ci_test_env e;
    fail_info f;
    char why[1200];
    CI_ENV_OPEN(e);
    memset(&f, 0, sizeof f);
    f.mode = FAIL_INNER_THEN_MORE;
    CI_CHECK_MSG(run_failing(&e, &f, 0, CI_ERR_SHAPE, NULL, why, sizeof why), "%s", why);
    CI_CHECK_EQ_INT(f.inner_result, 0);
    CI_ENV_CLOSE(e);
}

/* a lowering that succeeds while the graph is built and fails when it is compiled */
CI_TEST(test_user_lowering_fails_at_compile_time) {
    ci_test_env e;
    fail_info f;
    ci_lowering_desc d;
    ci_graph *g;
    ci_program *p = NULL;
    ci_tensor t;
    int be;
    CI_ENV_OPEN(e);
    memset(&f, 0, sizeof f);
    f.mode = FAIL_LATE;
    f.fail_from_call = 2;
    memset(&d, 0, sizeof d);
    d.name = "myns.late";
    d.schema = "a, b=None";
    d.fn = failing_fn;
    d.user = &f;
    CI_CHECK_OK(ci_register_lowering(e.ctx, &d));
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        ci_compile_desc pd;
        f.calls = 0;
        g = ci_graph_create(e.ctx);
        t = call1t(g, "myns.late", ci_exp(g, ci_test_input(g, "x", CI_F32, 1, 3)));
        CI_CHECK_MSG(t.id != 0, "%s", ci_graph_message(g));
        ci_output(g, ci_neg(g, t));
        memset(&pd, 0, sizeof pd);
        pd.backend = (ci_backend)be;
        CI_CHECK_EQ_INT(ci_compile(g, &pd, &p), CI_ERR_UNSUPPORTED);
        CI_CHECK(p == NULL);
        CI_CHECK_CONTAINS(ci_ctx_last_error(e.ctx), "late failure");
        CI_CHECK_CONTAINS(ci_ctx_last_error(e.ctx), "myns.late");
        CI_CHECK_EQ_INT(ci_graph_status(g), CI_OK); /* the graph itself is fine */
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* a lowering may call other user lowerings, recursively, to some depth */
static int depth_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs, void *user) {
    ci_arg a[2];
    ci_tensor t;
    (void)max_outs; (void)user;
    if (nargs != 2 || args[1].kind != CI_ARG_INT) return ci_lower_error(L, CI_ERR_INVALID_ARGS, "depth: bad args");
    if (args[1].u.i <= 0) { outs[0] = args[0].u.t; return 1; }
    a[0] = args[0];
    a[1] = ci_arg_float(1.0);
    t = ci_lower_call1(L, "aten.add.Tensor", 2, a, 0, NULL);
    if (!t.id) return 0;
    a[0] = ci_arg_tensor(t);
    a[1] = ci_arg_int(args[1].u.i - 1);
    outs[0] = ci_lower_call1(L, "myns.depth", 2, a, 0, NULL);
    return outs[0].id ? 1 : 0;
}

CI_TEST(test_user_lowering_recursion) {
    ci_test_env e;
    ci_lowering_desc d;
    ci_graph *g;
    ci_arg a[2];
    float xin[2] = {0, 1}, y[2];
    const void *in[1];
    void *out[1];
    int be;
    CI_ENV_OPEN(e);
    memset(&d, 0, sizeof d);
    d.name = "myns.depth";
    d.schema = "self, n";
    d.fn = depth_fn;
    CI_CHECK_OK(ci_register_lowering(e.ctx, &d));
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        g = ci_graph_create(e.ctx);
        a[0] = ci_arg_tensor(ci_test_input(g, "x", CI_F32, 1, 2));
        a[1] = ci_arg_int(25);
        ci_output(g, ci_call1(g, "myns.depth", 2, a, 0, NULL));
        in[0] = xin; out[0] = y;
        CI_CHECK_OK_CTX(e.ctx, compile_run(g, be, 1, in, 1, out));
        CI_CHECK_NEAR(y[0], 25.0, 1e-5, 0);
        CI_CHECK_NEAR(y[1], 26.0, 1e-5, 0);
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* ---- (5) extern kernels ---- */

typedef struct ext_info {
    int runs, infers;
    int nins, nouts, nargs;
    ci_dtype dt;
    int ndim;
    int64_t shape[CI_MAX_DIMS];
    float seen[64];           /* the data of the first input, as received */
    int out_ndim;
    int64_t out_shape[CI_MAX_DIMS];
    ci_arg_kind arg_kinds[4];
    double factor;
    char label[32];
    int64_t dim;
    int fail_with;            /* run returns this */
} ext_info;

static ci_result cumsum_infer(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                              ci_extern_tensor *outs, int nouts, void *user) {
    ext_info *x = (ext_info *)user;
    (void)args; (void)nargs;
    x->infers++;
    if (nins != 1 || nouts != 1) return CI_ERR_INVALID_ARGS;
    if (ins[0].dtype != CI_F32) return CI_ERR_DTYPE;
    if (ins[0].data != NULL) return CI_ERR_INVALID_ARGS; /* no data at infer time */
    outs[0] = ins[0];
    return CI_OK;
}

/* cumulative sum along the last dim of a contiguous f32 tensor */
static int cumsum_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                      ci_extern_tensor *outs, int nouts, void *user) {
    ext_info *x = (ext_info *)user;
    int64_t n = 1, last, i, r;
    int d;
    (void)args;
    x->runs++;
    x->nins = nins; x->nouts = nouts; x->nargs = nargs;
    if (nins < 1 || nouts < 1) return 1;
    x->dt = ins[0].dtype;
    x->ndim = ins[0].ndim;
    memcpy(x->shape, ins[0].shape, sizeof x->shape);
    x->out_ndim = outs[0].ndim;
    memcpy(x->out_shape, outs[0].shape, sizeof x->out_shape);
    for (d = 0; d < ins[0].ndim; d++) n *= ins[0].shape[d];
    if (ins[0].dtype != CI_F32 || !ins[0].data || !outs[0].data) return 2;
    for (i = 0; i < n && i < 64; i++) x->seen[i] = ((const float *)ins[0].data)[i];
    last = ins[0].ndim ? ins[0].shape[ins[0].ndim - 1] : 1;
    for (r = 0; r < n / (last ? last : 1); r++) {
        float acc = 0;
        for (i = 0; i < last; i++) {
            acc += ((const float *)ins[0].data)[r * last + i];
            ((float *)outs[0].data)[r * last + i] = acc;
        }
    }
    return x->fail_with;
}

static ci_result register_cumsum(ci_ctx *ctx, const char *name, ext_info *info) {
    ci_extern_desc d;
    memset(&d, 0, sizeof d);
    d.name = name;
    d.schema = "self";
    d.infer = cumsum_infer;
    d.run = cumsum_run;
    d.user = info;
    return ci_register_extern(ctx, &d);
}

CI_TEST(test_extern_cumsum_between_pointwise) {
    ci_test_env e;
    ext_info ia, ib;
    int be, i, j;
    float x[12], o1[12], o2[12];
    CI_ENV_OPEN(e);
    memset(&ia, 0, sizeof ia);
    memset(&ib, 0, sizeof ib);
    CI_CHECK_OK_CTX(e.ctx, register_cumsum(e.ctx, "myns.cumsum_a", &ia));
    CI_CHECK_OK_CTX(e.ctx, register_cumsum(e.ctx, "myns.cumsum_b", &ib));
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "myns.cumsum_a"), 1);
    for (i = 0; i < 12; i++) x[i] = (float)((i * 5) % 7) - 2.5f;
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        ci_graph *g = ci_graph_create(e.ctx);
        ci_tensor tx = ci_test_input(g, "x", CI_F32, 2, 3, 4), ca, cb;
        const void *in[1];
        void *out[2];
        int64_t sh[2];
        /* a: pointwise -> transposed view -> extern -> pointwise */
        ca = call1t(g, "myns.cumsum_a", ci_transpose(g, ci_sub(g, tx, ci_scalar(g, 0.5)), 0, 1));
        CI_CHECK_MSG(ca.id != 0, "%s", ci_graph_message(g));
        CI_CHECK_EQ_INT(ci_tensor_shape(g, ca, sh), 2);
        CI_CHECK(sh[0] == 4 && sh[1] == 3);
        CI_CHECK_EQ_INT(ci_tensor_dtype(g, ca), CI_F32);
        ci_output(g, ci_add(g, ci_mul(g, ca, ci_scalar(g, 2.0)), ci_scalar(g, 1.0)));
        /* b: the transposed graph input itself, the extern's result is a graph output */
        cb = call1t(g, "myns.cumsum_b", ci_transpose(g, tx, 0, 1));
        ci_output(g, cb);
        in[0] = x;
        out[0] = o1; out[1] = o2;
        ia.runs = ib.runs = 0;
        memset(ia.seen, 0, sizeof ia.seen);
        memset(ib.seen, 0, sizeof ib.seen);
        CI_CHECK_OK_CTX(e.ctx, compile_run(g, be, 1, in, 2, out));
        CI_CHECK_EQ_INT(ia.runs, 1);
        CI_CHECK_EQ_INT(ib.runs, 1);
        CI_CHECK_EQ_INT(ia.nins, 1);
        CI_CHECK_EQ_INT(ia.nouts, 1);
        CI_CHECK_EQ_INT(ia.dt, CI_F32);
        CI_CHECK_EQ_INT(ia.ndim, 2);
        CI_CHECK(ia.shape[0] == 4 && ia.shape[1] == 3);
        CI_CHECK(ia.out_ndim == 2 && ia.out_shape[0] == 4 && ia.out_shape[1] == 3);
        CI_CHECK(ib.ndim == 2 && ib.shape[0] == 4 && ib.shape[1] == 3);
        /* the inputs arrived contiguous: row r of the [4,3] view is column r of x */
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++) {
                CI_CHECK_MSG(ia.seen[i * 3 + j] == x[j * 4 + i] - 0.5f, "%s: extern a got %g at [%d,%d], want %g",
                             ci_test_backend_name(be), ia.seen[i * 3 + j], i, j, x[j * 4 + i] - 0.5f);
                CI_CHECK_MSG(ib.seen[i * 3 + j] == x[j * 4 + i], "%s: extern b got %g at [%d,%d], want %g",
                             ci_test_backend_name(be), ib.seen[i * 3 + j], i, j, x[j * 4 + i]);
            }
        for (i = 0; i < 4; i++) {
            float acc_a = 0, acc_b = 0;
            for (j = 0; j < 3; j++) {
                acc_a += x[j * 4 + i] - 0.5f;
                acc_b += x[j * 4 + i];
                CI_CHECK_NEAR(o1[i * 3 + j], acc_a * 2 + 1, 1e-5, 1e-6);
                CI_CHECK_NEAR(o2[i * 3 + j], acc_b, 1e-5, 1e-6);
            }
        }
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

CI_TEST(test_extern_failure_is_a_runtime_error) {
    ci_test_env e;
    ext_info info;
    int be, k;
    CI_ENV_OPEN(e);
    memset(&info, 0, sizeof info);
    info.fail_with = 7;
    CI_CHECK_OK(register_cumsum(e.ctx, "myns.failing_ext", &info));
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        ci_graph *g = ci_graph_create(e.ctx);
        ci_compile_desc pd;
        ci_program *p = NULL;
        float x[4] = {1, 2, 3, 4}, y[4];
        const void *in[1];
        void *out[1];
        ci_output(g, ci_mul(g, call1t(g, "myns.failing_ext", ci_test_input(g, "x", CI_F32, 1, 4)), ci_scalar(g, 2.0)));
        memset(&pd, 0, sizeof pd);
        pd.backend = (ci_backend)be;
        CI_CHECK_OK_CTX(e.ctx, ci_compile(g, &pd, &p));
        in[0] = x; out[0] = y;
        for (k = 0; k < 2; k++) {
            CI_CHECK_EQ_INT(ci_program_run(p, 1, in, 1, out), CI_ERR_RUNTIME);
            CI_CHECK_CONTAINS(ci_ctx_last_error(e.ctx), "myns.failing_ext");
        }
        /* it runs again once the kernel succeeds */
        info.fail_with = 0;
        CI_CHECK_OK_CTX(e.ctx, ci_program_run(p, 1, in, 1, out));
        CI_CHECK_NEAR(y[3], 20.0, 0, 0);
        info.fail_with = 7;
        ci_program_destroy(p);
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* the default infer: one output shaped and typed like the first tensor argument */
static int copy_first_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                          ci_extern_tensor *outs, int nouts, void *user) {
    ext_info *x = (ext_info *)user;
    int64_t n = 1;
    int d;
    (void)args; (void)nargs;
    x->runs++;
    x->nins = nins; x->nouts = nouts;
    x->out_ndim = outs[0].ndim;
    memcpy(x->out_shape, outs[0].shape, sizeof x->out_shape);
    x->dt = outs[0].dtype;
    for (d = 0; d < ins[0].ndim; d++) n *= ins[0].shape[d];
    memcpy(outs[0].data, ins[0].data, (size_t)n * ci_dtype_size(ins[0].dtype));
    return 0;
}

CI_TEST(test_extern_default_infer) {
    ci_test_env e;
    ext_info info;
    ci_extern_desc d;
    int be, i;
    CI_ENV_OPEN(e);
    memset(&info, 0, sizeof info);
    memset(&d, 0, sizeof d);
    d.name = "myns.first_like";
    d.schema = "self, other";
    d.run = copy_first_run;
    d.user = &info;
    CI_CHECK_OK(ci_register_extern(e.ctx, &d));
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        ci_graph *g = ci_graph_create(e.ctx);
        ci_arg a[2];
        ci_tensor r;
        int64_t sh[2];
        int32_t xi[6] = {1, -2, 3, -4, 5, -6}, yo[6];
        float of[5] = {0};
        const void *in[2];
        void *out[1];
        a[0] = ci_arg_tensor(ci_test_input(g, "x", CI_I32, 2, 2, 3));
        a[1] = ci_arg_tensor(ci_test_input(g, "o", CI_F32, 1, 5));
        r = ci_call1(g, "myns.first_like", 2, a, 0, NULL);
        CI_CHECK_MSG(r.id != 0, "%s", ci_graph_message(g));
        CI_CHECK_EQ_INT(ci_tensor_dtype(g, r), CI_I32);
        CI_CHECK_EQ_INT(ci_tensor_shape(g, r, sh), 2);
        CI_CHECK(sh[0] == 2 && sh[1] == 3);
        ci_output(g, r);
        in[0] = xi; in[1] = of;
        out[0] = yo;
        info.runs = 0;
        CI_CHECK_OK_CTX(e.ctx, compile_run(g, be, 2, in, 1, out));
        CI_CHECK_EQ_INT(info.runs, 1);
        CI_CHECK_EQ_INT(info.nins, 2);
        CI_CHECK_EQ_INT(info.dt, CI_I32);
        for (i = 0; i < 6; i++) CI_CHECK_EQ_INT(yo[i], xi[i]);
        ci_graph_destroy(g);
    }
    /* with no tensor argument there is nothing to copy the shape from: an error, not a crash */
    {
        ci_graph *g;
        ci_arg a[2];
        memset(&d, 0, sizeof d);
        d.name = "myns.no_tensors";
        d.schema = "n, m=1";
        d.run = copy_first_run;
        d.user = &info;
        CI_CHECK_OK(ci_register_extern(e.ctx, &d));
        g = ci_graph_create(e.ctx);
        a[0] = ci_arg_int(3);
        CI_CHECK(ci_call1(g, "myns.no_tensors", 1, a, 0, NULL).id == 0);
        CI_CHECK(ci_graph_status(g) != CI_OK);
        CI_CHECK_CONTAINS(ci_graph_message(g), "myns.no_tensors");
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* infer errors: a refused dtype, an invalid rank / dtype / size from infer */
static ci_result bad_infer(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                           ci_extern_tensor *outs, int nouts, void *user) {
    int mode = *(const int *)user;
    (void)ins; (void)nins; (void)args; (void)nargs; (void)nouts;
    outs[0].dtype = CI_F32;
    outs[0].ndim = 1;
    outs[0].shape[0] = 2;
    if (mode == 1) outs[0].ndim = CI_MAX_DIMS + 1;
    if (mode == 2) outs[0].dtype = (ci_dtype)99;
    if (mode == 3) outs[0].shape[0] = -5;
    if (mode == 4) outs[0].ndim = -1;
    return CI_OK;
}
static int never_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                     ci_extern_tensor *outs, int nouts, void *user) {
    (void)ins; (void)nins; (void)args; (void)nargs; (void)outs; (void)nouts; (void)user;
    return 1;
}

CI_TEST(test_extern_infer_errors) {
    ci_test_env e;
    ext_info info;
    static int modes[5] = {1, 2, 3, 4, 0};
    int m;
    CI_ENV_OPEN(e);
    memset(&info, 0, sizeof info);
    CI_CHECK_OK(register_cumsum(e.ctx, "myns.picky", &info));
    {
        ci_graph *g = ci_graph_create(e.ctx);
        CI_CHECK(call1t(g, "myns.picky", ci_test_input(g, "x", CI_I32, 1, 3)).id == 0);
        CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_DTYPE);
        CI_CHECK_CONTAINS(ci_graph_message(g), "myns.picky");
        ci_graph_destroy(g);
    }
    for (m = 0; m < 4; m++) {
        ci_extern_desc d;
        ci_graph *g;
        char name[32];
        snprintf(name, sizeof name, "myns.bad_infer%d", modes[m]);
        memset(&d, 0, sizeof d);
        d.name = name;
        d.schema = "self";
        d.infer = bad_infer;
        d.run = never_run;
        d.user = &modes[m];
        CI_CHECK_OK(ci_register_extern(e.ctx, &d));
        g = ci_graph_create(e.ctx);
        CI_CHECK(call1t(g, name, ci_test_input(g, "x", CI_F32, 1, 3)).id == 0);
        CI_CHECK_MSG(ci_graph_status(g) == CI_ERR_INVALID_ARGS, "infer mode %d: %s: %s", modes[m],
                     ci_result_string(ci_graph_status(g)), ci_graph_message(g));
        CI_CHECK_CONTAINS(ci_graph_message(g), name);
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* two outputs, arguments other than tensors */
static ci_result two_infer(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                           ci_extern_tensor *outs, int nouts, void *user) {
    (void)args; (void)nargs; (void)user;
    if (nins != 1 || nouts != 2) return CI_ERR_INVALID_ARGS;
    outs[0] = ins[0];
    outs[1] = ins[0];
    outs[1].dtype = CI_I64;
    return CI_OK;
}
static int two_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                   ci_extern_tensor *outs, int nouts, void *user) {
    ext_info *x = (ext_info *)user;
    int64_t n = 1, i;
    int d;
    x->runs++;
    x->nargs = nargs;
    for (d = 0; d < nargs && d < 4; d++) x->arg_kinds[d] = args[d].kind;
    if (nargs != 4 || nins != 1 || nouts != 2) return 1;
    if (args[1].kind != CI_ARG_FLOAT || args[2].kind != CI_ARG_INTS || args[3].kind != CI_ARG_STRING) return 2;
    x->factor = args[1].u.f;
    x->dim = args[2].u.ints.n > 0 ? args[2].u.ints.v[0] : -1;
    snprintf(x->label, sizeof x->label, "%s", args[3].u.s);
    for (d = 0; x->label[d]; d++) /* printable, for the failure message */
        if (x->label[d] < 32 || x->label[d] > 126) x->label[d] = '?';
    for (d = 0; d < ins[0].ndim; d++) n *= ins[0].shape[d];
    for (i = 0; i < n; i++) {
        ((float *)outs[0].data)[i] = ((const float *)ins[0].data)[i] * (float)x->factor;
        ((int64_t *)outs[1].data)[i] = i * x->dim;
    }
    return 0;
}

static ci_result register_two(ci_ctx *ctx, ext_info *info) {
    ci_extern_desc d;
    memset(&d, 0, sizeof d);
    d.name = "myns.two_out";
    d.schema = "self, factor=2.0, dims=[7], *, label='none'";
    d.infer = two_infer;
    d.run = two_run;
    d.user = info;
    d.num_outputs = 2;
    return ci_register_extern(ctx, &d);
}

/* an allocator that scribbles over freed memory, so reading it afterwards gives garbage even
   without a sanitizer */
static void *scribble_alloc(size_t size, void *user) { return ci_test_tracked_alloc_(size, user); }
static void scribble_free(void *ptr, size_t size, void *user) {
    if (ptr) memset(ptr, 0xA5, size);
    ci_test_tracked_free_(ptr, size, user);
}

CI_TEST(test_extern_two_outputs_and_arguments) {
    ci_test_env e;
    ext_info info;
    int be, i, destroy_graph_first;
    ci_ctx_desc cd;
    CI_ENV_OPEN(e);
    /* reopen the context with the scribbling allocator */
    ci_ctx_destroy(e.ctx);
    memset(&cd, 0, sizeof cd);
    cd.allocator.alloc = scribble_alloc;
    cd.allocator.free = scribble_free;
    cd.allocator.user = &e.ta;
    cd.log = ci_test_quiet_log;
    CI_CHECK_OK(ci_ctx_create(&cd, &e.ctx));
    memset(&info, 0, sizeof info);
    CI_CHECK_OK(register_two(e.ctx, &info));
    for (destroy_graph_first = 0; destroy_graph_first < 2; destroy_graph_first++)
        for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
            ci_graph *g = ci_graph_create(e.ctx);
            ci_tensor outs[2] = {{0}, {0}};
            ci_arg a[2];
            ci_kwarg k[2];
            ci_compile_desc pd;
            ci_program *p = NULL;
            ci_result run_r;
            int64_t dims[1] = {5};
            char label[16];
            float x[4] = {1, 2, 3, 4}, y0[4];
            int64_t y1[4];
            const void *in[1];
            void *out[2];
            snprintf(label, sizeof label, "hello");
            a[0] = ci_arg_tensor(ci_test_input(g, "x", CI_F32, 1, 4));
            a[1] = ci_arg_float(0.5);
            k[0] = kwarg("label", ci_arg_string(label));
            k[1] = kwarg("dims", ci_arg_ints(dims, 1));
            CI_CHECK_EQ_INT(ci_call(g, "myns.two_out", 2, a, 2, k, outs, 2), 2);
            CI_CHECK_EQ_INT(ci_tensor_dtype(g, outs[0]), CI_F32);
            CI_CHECK_EQ_INT(ci_tensor_dtype(g, outs[1]), CI_I64);
            ci_output(g, outs[0]);
            ci_output(g, outs[1]);
            memset(label, 0, sizeof label); /* the argument strings and lists were copied */
            dims[0] = -1;
            memset(&pd, 0, sizeof pd);
            pd.backend = (ci_backend)be;
            CI_CHECK_OK_CTX(e.ctx, ci_compile(g, &pd, &p));
            if (destroy_graph_first) { ci_graph_destroy(g); g = NULL; }
            in[0] = x;
            out[0] = y0; out[1] = y1;
            info.runs = 0;
            memset(info.label, 0, sizeof info.label);
            memset(y1, 0, sizeof y1);
            run_r = ci_program_run(p, 1, in, 2, out);
            /* release the program before checking: a failed check must not leak its TCC state */
            ci_program_destroy(p);
            ci_graph_destroy(g);
            CI_CHECK_MSG(run_r == CI_OK, "ci_program_run: %s: %s", ci_result_string(run_r), ci_ctx_last_error(e.ctx));
            CI_CHECK_EQ_INT(info.runs, 1);
            CI_CHECK_EQ_INT(info.nargs, 4);
            CI_CHECK_MSG(strcmp(info.label, "hello") == 0 && info.dim == 5 && info.factor == 0.5,
                         "%s backend%s: the extern got label \"%s\", dims[0] %lld, factor %g; want \"hello\", 5, 0.5",
                         ci_test_backend_name(be),
                         destroy_graph_first ? ", graph destroyed before the run" : "", info.label,
                         (long long)info.dim, info.factor);
            for (i = 0; i < 4; i++) {
                CI_CHECK_NEAR(y0[i], x[i] * 0.5f, 0, 0);
                CI_CHECK_EQ_INT(y1[i], i * 5);
            }
        }
    CI_ENV_CLOSE(e);
}

/* ci_program_run with an extern kernel allocates nothing either */
CI_TEST(test_extern_run_allocates_nothing) {
    ci_test_env e;
    ext_info info;
    int be, k;
    CI_ENV_OPEN(e);
    memset(&info, 0, sizeof info);
    CI_CHECK_OK(register_cumsum(e.ctx, "myns.cumsum", &info));
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        ci_graph *g = ci_graph_create(e.ctx);
        ci_compile_desc pd;
        ci_program *p = NULL;
        float x[6] = {1, 2, 3, 4, 5, 6}, y[6];
        const void *in[1];
        void *out[1];
        long before;
        ci_output(g, ci_exp(g, call1t(g, "myns.cumsum", ci_t(g, ci_test_input(g, "x", CI_F32, 2, 2, 3)))));
        memset(&pd, 0, sizeof pd);
        pd.backend = (ci_backend)be;
        CI_CHECK_OK_CTX(e.ctx, ci_compile(g, &pd, &p));
        in[0] = x; out[0] = y;
        before = e.ta.attempts;
        ci_test_alloc_fail_at(&e.ta, 1, 1);
        for (k = 0; k < 3; k++) CI_CHECK_OK_CTX(e.ctx, ci_program_run(p, 1, in, 1, out));
        CI_CHECK_MSG(e.ta.attempts == before, "%ld allocation calls in ci_program_run", e.ta.attempts - before);
        ci_test_alloc_fail_at(&e.ta, 0, 0);
        ci_program_destroy(p);
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* ---- (6) type promotion on builtin ops ---- */

#define CHECK_DT(g, t, want) \
    do { ci_dtype got_ = ci_tensor_dtype((g), (t)); \
         CI_CHECK_MSG(got_ == (want), "%s: dtype %s, want %s (%s)", #t, ci_dtype_name(got_), ci_dtype_name(want), \
                      ci_graph_message(g)); } while (0)

CI_TEST(test_type_promotion_dtypes) {
    ci_test_env e;
    ci_graph *g;
    CI_ENV_OPEN(e);
    g = ci_graph_create(e.ctx);
    {
        ci_tensor i32 = ci_test_input(g, "i32", CI_I32, 1, 3), f32 = ci_test_input(g, "f32", CI_F32, 1, 3);
        ci_tensor f64 = ci_test_input(g, "f64", CI_F64, 1, 3), b = ci_test_input(g, "b", CI_BOOL, 1, 3);
        ci_tensor u8 = ci_test_input(g, "u8", CI_U8, 1, 3), i8 = ci_test_input(g, "i8", CI_I8, 1, 3);
        ci_tensor i64 = ci_test_input(g, "i64", CI_I64, 1, 3), i16 = ci_test_input(g, "i16", CI_I16, 1, 3);
        ci_tensor f16 = ci_test_input(g, "f16", CI_F16, 1, 3);
        ci_tensor bf16 = ci_test_input(g, "bf16", CI_BF16, 1, 3);
        /* 0-d tensors: a higher category counts, the same category does not */
        CHECK_DT(g, ci_add(g, i32, ci_const_scalar(g, CI_F32, 1.5)), CI_F32);
        CHECK_DT(g, ci_add(g, f32, ci_const_scalar(g, CI_F64, 1.5)), CI_F32);
        CHECK_DT(g, ci_add(g, i32, ci_const_scalar(g, CI_F64, 1.5)), CI_F64);
        CHECK_DT(g, ci_add(g, i8, ci_const_scalar(g, CI_I64, 3)), CI_I8);
        CHECK_DT(g, ci_add(g, f16, ci_const_scalar(g, CI_F32, 3)), CI_F16);
        CHECK_DT(g, ci_add(g, b, ci_const_scalar(g, CI_I32, 3)), CI_I32);
        CHECK_DT(g, ci_add(g, ci_const_scalar(g, CI_F64, 1), ci_const_scalar(g, CI_I32, 3)), CI_F64);
        /* tensors of the same rank class */
        CHECK_DT(g, ci_add(g, b, b), CI_BOOL);
        CHECK_DT(g, ci_add(g, u8, i8), CI_I16);
        CHECK_DT(g, ci_add(g, i8, u8), CI_I16);
        CHECK_DT(g, ci_add(g, u8, i16), CI_I16);
        CHECK_DT(g, ci_add(g, i32, i64), CI_I64);
        CHECK_DT(g, ci_add(g, f64, f32), CI_F64);
        CHECK_DT(g, ci_add(g, i64, f32), CI_F32);
        CHECK_DT(g, ci_add(g, f16, bf16), CI_F32);
        CHECK_DT(g, ci_add(g, b, u8), CI_U8);
        /* Python numbers are weak */
        CHECK_DT(g, ci_mul(g, i64, ci_scalar(g, 2.5)), CI_F32);
        CHECK_DT(g, ci_mul(g, i32, ci_scalar_int(g, 2)), CI_I32);
        CHECK_DT(g, ci_mul(g, u8, ci_scalar_int(g, 300)), CI_U8);
        CHECK_DT(g, ci_mul(g, f16, ci_scalar(g, 2.5)), CI_F16);
        CHECK_DT(g, ci_mul(g, f64, ci_scalar(g, 2.5)), CI_F64);
        CHECK_DT(g, ci_add(g, b, ci_scalar_int(g, 1)), CI_I64);
        CHECK_DT(g, ci_add(g, b, ci_scalar(g, 1.0)), CI_F32);
        CHECK_DT(g, ci_add(g, b, ci_scalar_bool(g, 1)), CI_BOOL);
        /* comparisons give bool, from any operand dtypes */
        CHECK_DT(g, ci_lt(g, i32, f32), CI_BOOL);
        CHECK_DT(g, ci_eq(g, f64, ci_scalar(g, 1.0)), CI_BOOL);
        CHECK_DT(g, ci_ge(g, b, b), CI_BOOL);
        CHECK_DT(g, ci_ne(g, u8, i8), CI_BOOL);
        /* true division of integers gives the default float */
        CHECK_DT(g, ci_div(g, i32, i32), CI_F32);
        CHECK_DT(g, ci_div(g, i64, ci_scalar_int(g, 2)), CI_F32);
        CHECK_DT(g, ci_div(g, b, b), CI_F32);
        CHECK_DT(g, ci_div(g, f64, i32), CI_F64);
        CHECK_DT(g, ci_div_mode(g, i32, i32, "floor"), CI_I32);
        /* unary float ops on ints (INT_TO_FLOAT), abs / neg keep the dtype */
        CHECK_DT(g, ci_exp(g, i32), CI_F32);
        CHECK_DT(g, ci_sqrt(g, b), CI_F32);
        CHECK_DT(g, ci_abs(g, i16), CI_I16);
        CHECK_DT(g, ci_neg(g, i8), CI_I8);
        /* where promotes its values; reductions */
        CHECK_DT(g, ci_where(g, b, i32, f64), CI_F64);
        CHECK_DT(g, ci_where(g, b, i32, ci_scalar(g, 1.5)), CI_F32);
        CHECK_DT(g, ci_sum(g, i32, 0, NULL, 0), CI_I64);
        CHECK_DT(g, ci_sum(g, b, 0, NULL, 0), CI_I64);
        CHECK_DT(g, ci_sum(g, f16, 0, NULL, 0), CI_F16);
        CHECK_DT(g, ci_amax(g, u8, 0, NULL, 0), CI_U8);
        CHECK_DT(g, ci_argmax(g, f32, CI_DIM_NONE, 0), CI_I64);
        CHECK_DT(g, ci_any(g, f32, CI_DIM_NONE, 0), CI_BOOL);
        CHECK_DT(g, ci_mean(g, f16, 0, NULL, 0), CI_F16);
    }
    CI_CHECK_MSG(ci_graph_status(g) == CI_OK, "%s", ci_graph_message(g));
    ci_graph_destroy(g);
    CI_ENV_CLOSE(e);
}

CI_TEST(test_type_promotion_values) {
    ci_test_env e;
    int be, i;
    CI_ENV_OPEN(e);
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        ci_graph *g = ci_graph_create(e.ctx);
        unsigned char bx[4] = {0, 1, 0, 1}, by[4] = {0, 0, 1, 1}, bo[4];
        uint8_t u8[4] = {200, 255, 0, 7};
        int8_t i8[4] = {-100, 127, -128, 7};
        int16_t s16[4];
        int64_t i64[4] = {3, -3, 1000000007, 0};
        float f32o[4], divo[4], i32f[4];
        int32_t i32[4] = {7, -7, 1, 0}, i32d[4] = {2, 2, 3, 5};
        double f64[3] = {0.1, 1e300, -2.5}, f64o[3];
        float f32b[3] = {0.2f, 1.0f, 0.5f};
        unsigned char cmp[4];
        const void *in[9];
        void *out[7];
        ci_tensor tbx = ci_test_input(g, "bx", CI_BOOL, 1, 4), tby = ci_test_input(g, "by", CI_BOOL, 1, 4);
        ci_tensor tu8 = ci_test_input(g, "u8", CI_U8, 1, 4), ti8 = ci_test_input(g, "i8", CI_I8, 1, 4);
        ci_tensor ti64 = ci_test_input(g, "i64", CI_I64, 1, 4), ti32 = ci_test_input(g, "i32", CI_I32, 1, 4);
        ci_tensor ti32d = ci_test_input(g, "i32d", CI_I32, 1, 4);
        ci_tensor tf64 = ci_test_input(g, "f64", CI_F64, 1, 3), tf32 = ci_test_input(g, "f32", CI_F32, 1, 3);
        ci_output(g, ci_add(g, tbx, tby));                      /* bool: logical or */
        ci_output(g, ci_add(g, tu8, ti8));                      /* i16 */
        ci_output(g, ci_mul(g, ti64, ci_scalar(g, 2.5)));       /* f32 */
        ci_output(g, ci_div(g, ti32, ti32d));                   /* f32 */
        ci_output(g, ci_add(g, tf64, tf32));                    /* f64 */
        ci_output(g, ci_lt(g, ti32, ci_scalar(g, 0.5)));        /* bool */
        ci_output(g, ci_add(g, ti32, ci_const_scalar(g, CI_F32, 0.25)));  /* f32 */
        in[0] = bx; in[1] = by; in[2] = u8; in[3] = i8; in[4] = i64; in[5] = i32; in[6] = i32d; in[7] = f64; in[8] = f32b;
        out[0] = bo; out[1] = s16; out[2] = f32o; out[3] = divo; out[4] = f64o; out[5] = cmp; out[6] = i32f;
        CI_CHECK_OK_CTX(e.ctx, compile_run(g, be, 9, in, 7, out));
        for (i = 0; i < 4; i++) {
            CI_CHECK_EQ_INT(bo[i], bx[i] || by[i]);
            CI_CHECK_EQ_INT(s16[i], (int)u8[i] + (int)i8[i]);
            CI_CHECK_NEAR(f32o[i], (float)((float)i64[i] * 2.5f), 0, 1e-6);
            CI_CHECK_NEAR(divo[i], (float)i32[i] / (float)i32d[i], 0, 1e-6);
            CI_CHECK_EQ_INT(cmp[i], i32[i] < 0.5);
            CI_CHECK_NEAR(i32f[i], (float)i32[i] + 0.25f, 0, 0);
        }
        for (i = 0; i < 3; i++) CI_CHECK_NEAR(f64o[i], f64[i] + (double)f32b[i], 0, 1e-15);
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* ---- (7) ci_has_op and registration errors ---- */

CI_TEST(test_has_op) {
    ci_test_env e;
    CI_ENV_OPEN(e);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten.add.Tensor"), 1);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten.add"), 1);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten.add.anything"), 1); /* the packet */
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten.nope"), 0);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten.nope.default"), 0);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten"), 0);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, ""), 0);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten."), 0);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, ".add"), 0);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "prims.convert_element_type"), 1);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten.sum.default"), 1);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "aten.softmax.int"), 1);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "myns.op"), 0);
    CI_ENV_CLOSE(e);
}

CI_TEST(test_registration_errors) {
    ci_test_env e;
    ci_lowering_desc d;
    ci_extern_desc x;
    char schema[2000];
    int i, n;
    CI_ENV_OPEN(e);
    memset(&d, 0, sizeof d);
    d.fn = mul_by_fn;
    d.schema = "self";
    d.name = NULL;
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, NULL), CI_ERR_INVALID_ARGS);
    d.name = "noseparator";
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    CI_CHECK_CONTAINS(ci_ctx_last_error(e.ctx), "noseparator");
    d.name = ".op";
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    d.name = "myns.";
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    d.name = "";
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    d.name = "myns.ok";
    d.fn = NULL;
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    d.fn = mul_by_fn;
    d.promotion = (ci_promotion)99;
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    d.promotion = (ci_promotion)-1;
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    d.promotion = CI_PROMOTE_NONE;
    d.schema = "self,, other";
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    CI_CHECK_CONTAINS(ci_ctx_last_error(e.ctx), "schema");
    d.schema = "self, =3";
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    /* more parameters than a call can bind */
    for (i = 0, n = 0; i < 70; i++) n += snprintf(schema + n, sizeof schema - (size_t)n, "%sp%d", i ? ", " : "", i);
    d.schema = schema;
    CI_CHECK_EQ_INT(ci_register_lowering(e.ctx, &d), CI_ERR_INVALID_ARGS);
    /* none of the refused names was registered */
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "myns.ok"), 0);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "noseparator"), 0);
    /* an empty or NULL schema is a lowering without parameters */
    d.schema = NULL;
    CI_CHECK_OK(ci_register_lowering(e.ctx, &d));
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "myns.ok"), 1);
    /* externs */
    memset(&x, 0, sizeof x);
    x.name = "myns.ext";
    x.schema = "self";
    CI_CHECK_EQ_INT(ci_register_extern(e.ctx, &x), CI_ERR_INVALID_ARGS); /* no run */
    CI_CHECK_EQ_INT(ci_register_extern(e.ctx, NULL), CI_ERR_INVALID_ARGS);
    x.run = never_run;
    x.num_outputs = 17;
    CI_CHECK_EQ_INT(ci_register_extern(e.ctx, &x), CI_ERR_INVALID_ARGS);
    x.num_outputs = -1;
    CI_CHECK_EQ_INT(ci_register_extern(e.ctx, &x), CI_ERR_INVALID_ARGS);
    x.num_outputs = 1;
    x.name = "bad";
    CI_CHECK_EQ_INT(ci_register_extern(e.ctx, &x), CI_ERR_INVALID_ARGS);
    x.name = "myns.ext";
    x.schema = "self, , x";
    CI_CHECK_EQ_INT(ci_register_extern(e.ctx, &x), CI_ERR_INVALID_ARGS);
    CI_CHECK_EQ_INT(ci_has_op(e.ctx, "myns.ext"), 0);
    CI_ENV_CLOSE(e);
}

/* ---- out of memory while registering and using lowerings and externs ---- */

static ci_result oom_registry_attempt(ci_test_alloc *ta, int be, char *why, size_t n) {
    ci_ctx_desc cd;
    ci_ctx *ctx = NULL;
    ci_graph *g = NULL;
    ci_program *p = NULL;
    ci_compile_desc pd;
    ci_result r;
    sa_info sa;
    ext_info ex;
    float x[12], y[4], out[12];
    int i;
    why[0] = 0;
    memset(&sa, 0, sizeof sa);
    memset(&ex, 0, sizeof ex);
    memset(&cd, 0, sizeof cd);
    cd.allocator = ci_test_tracked_allocator(ta);
    cd.log = ci_test_quiet_log;
    r = ci_ctx_create(&cd, &ctx);
    if (r != CI_OK) return r;
    r = register_scale_add(ctx, &sa);
    if (r != CI_OK) goto done;
    r = register_cumsum(ctx, "myns.cumsum", &ex);
    if (r != CI_OK) goto done;
    g = ci_graph_create(ctx);
    if (!g) { r = CI_ERR_OUT_OF_MEMORY; goto done; }
    {
        ci_tensor tx = ci_test_input(g, "x", CI_F32, 2, 3, 4), ty = ci_test_input(g, "y", CI_F32, 1, 4);
        ci_arg a[2];
        ci_kwarg k;
        a[0] = ci_arg_tensor(tx);
        a[1] = ci_arg_tensor(ty);
        k = kwarg("alpha", ci_arg_float(2.0));
        ci_output(g, call1t(g, "myns.cumsum", ci_call1(g, "myns.scale_add", 2, a, 1, &k)));
    }
    r = ci_graph_status(g);
    if (r != CI_OK) {
        if (!ci_graph_message(g)[0]) snprintf(why, n, "graph error without a message");
        goto done;
    }
    memset(&pd, 0, sizeof pd);
    pd.backend = (ci_backend)be;
    r = ci_compile(g, &pd, &p);
    if (r != CI_OK) {
        if (p) snprintf(why, n, "ci_compile failed but set *out");
        goto done;
    }
    for (i = 0; i < 12; i++) x[i] = (float)i;
    for (i = 0; i < 4; i++) y[i] = (float)-i;
    {
        const void *in[2];
        void *o[1];
        in[0] = x; in[1] = y; o[0] = out;
        r = ci_program_run(p, 2, in, 1, o);
    }
    if (r == CI_OK)
        for (i = 0; i < 12; i++) {
            int row = i / 4, col = i % 4, j;
            float want = 0;
            for (j = 0; j <= col; j++) want += x[row * 4 + j] * 2 + y[j];
            if (!ci_test_near(out[i], want, 1e-5, 1e-6)) {
                snprintf(why, n, "wrong result at %d: %g, want %g", i, out[i], want);
                r = CI_ERR_RUNTIME;
                break;
            }
        }
done:
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
    return r;
}

CI_TEST(test_oom_registry) {
    int be;
    for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
        long nth;
        int finished = 0;
        for (nth = 1; nth < 100000 && !finished; nth++) {
            ci_test_alloc ta;
            char why[512];
            ci_result r;
            ci_test_alloc_init(&ta);
            ci_test_alloc_fail_at(&ta, nth, 0);
            r = oom_registry_attempt(&ta, be, why, sizeof why);
            CI_CHECK_MSG(ta.live_blocks == 0, "%s, failing allocation %ld: %ld blocks live afterwards (%s)",
                         ci_test_backend_name(be), nth, ta.live_blocks, ci_result_string(r));
            CI_CHECK_EQ_INT(ta.bad_frees, 0);
            CI_CHECK_MSG(why[0] == 0, "%s, failing allocation %ld: %s", ci_test_backend_name(be), nth, why);
            if (ta.failed == 0) {
                CI_CHECK_MSG(r == CI_OK, "%s: nothing refused, yet %s", ci_test_backend_name(be), ci_result_string(r));
                finished = 1;
            } else {
                CI_CHECK_MSG(r == CI_OK || r == CI_ERR_OUT_OF_MEMORY, "%s, failing allocation %ld: %s",
                             ci_test_backend_name(be), nth, ci_result_string(r));
            }
        }
        CI_CHECK(finished);
    }
}

/* ---- (8) handles and re-lowering: misuse that once crashed ---- */

/* handle ids of 2^31 and more once passed the bounds check as negative ints */
#define HUGE_ID 0x80000005u

typedef struct huge_info {
    int mode;          /* 0: return a huge handle; 1: probe ci_lower_* with one, then fail;
                          2: return more results than max_outs; 3, 4: give ci_lower_call a
                          list with NULL data, with a negative length */
    int shape_nd;      /* what ci_lower_shape answered */
    int dtype;         /* what ci_lower_dtype answered */
    unsigned call_id;  /* what ci_lower_call1 returned */
    char call_err[200];
} huge_info;

static int huge_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs, void *user) {
    huge_info *h = (huge_info *)user;
    ci_tensor bad;
    ci_arg a[2];
    int64_t shape[CI_MAX_DIMS];
    (void)nargs; (void)max_outs;
    bad.id = HUGE_ID;
    if (h->mode == 0) { outs[0] = bad; return 1; }
    if (h->mode == 2) { outs[0] = args[0].u.t; return max_outs + 1; }   /* a count past outs */
    if (h->mode == 3) {   /* a tensor list with NULL data */
        a[0] = ci_arg_tensors(NULL, 2);
        h->call_id = ci_lower_call1(L, "aten.cat", 1, a, 0, NULL).id;
        return 0;
    }
    if (h->mode == 4) {   /* an int list of negative length */
        static const int64_t dims[1] = {0};
        a[0] = args[0]; a[1] = ci_arg_ints(dims, -3);
        h->call_id = ci_lower_call1(L, "aten.sum.dim_IntList", 2, a, 0, NULL).id;
        return 0;
    }
    h->shape_nd = ci_lower_shape(L, bad, shape);
    h->dtype = (int)ci_lower_dtype(L, bad);
    a[0] = args[0]; a[1] = ci_arg_tensor(bad);
    h->call_id = ci_lower_call1(L, "aten.add.Tensor", 2, a, 0, NULL).id;
    return 0;  /* the failed inner call is the lowering's error */
}

CI_TEST(test_huge_tensor_handles) {
    ci_test_env e;
    huge_info h;
    ci_lowering_desc d;
    int mode;
    CI_ENV_OPEN(e);
    memset(&d, 0, sizeof d);
    d.name = "myns.huge";
    d.schema = "a";
    d.fn = huge_fn;
    d.user = &h;
    CI_CHECK_OK(ci_register_lowering(e.ctx, &d));
    for (mode = 0; mode < 5; mode++) {
        ci_graph *g = ci_graph_create(e.ctx);
        ci_tensor t;
        memset(&h, 0, sizeof h);
        h.mode = mode;
        h.call_id = 1;
        t = call1t(g, "myns.huge", ci_test_input(g, "x", CI_F32, 1, 3));
        CI_CHECK_EQ_INT(t.id, 0);
        CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_INVALID_ARGS);
        CI_CHECK_CONTAINS(ci_graph_message(g), "myns.huge");
        if (mode == 0) CI_CHECK_CONTAINS(ci_graph_message(g), "invalid tensor handle 2147483653");
        else if (mode == 2) CI_CHECK_CONTAINS(ci_graph_message(g), "returned 65 results, more than max_outs (64)");
        else if (mode >= 3) {
            CI_CHECK_EQ_INT(h.call_id, 0);
            CI_CHECK_CONTAINS(ci_graph_message(g), "negative length or NULL data");
        }
        else {
            CI_CHECK_EQ_INT(h.shape_nd, -1);
            CI_CHECK_EQ_INT(h.dtype, CI_DTYPE_INVALID);
            CI_CHECK_EQ_INT(h.call_id, 0);
            CI_CHECK_CONTAINS(ci_graph_message(g), "invalid tensor handle 2147483653");
        }
        ci_graph_destroy(g);
    }
    /* the graph API's handles: a huge id is foreign, never a crash */
    {
        ci_graph *g = ci_graph_create(e.ctx);
        ci_tensor bad;
        int64_t shape[CI_MAX_DIMS];
        bad.id = HUGE_ID;
        (void)ci_test_input(g, "x", CI_F32, 1, 3);
        CI_CHECK_EQ_INT(ci_tensor_shape(g, bad, shape), -1);
        CI_CHECK_EQ_INT(ci_tensor_dtype(g, bad), CI_DTYPE_INVALID);
        CI_CHECK_EQ_INT(ci_neg(g, bad).id, 0);
        CI_CHECK_CONTAINS(ci_graph_message(g), "invalid or foreign tensor handle");
        ci_graph_destroy(g);
    }
    CI_ENV_CLOSE(e);
}

/* a user lowering whose results change between graph building (call 1) and compiling (call 2) */
enum { DRIFT_GROW = 1, DRIFT_DTYPE, DRIFT_FEWER, DRIFT_MORE, DRIFT_RANK };
typedef struct drift_info { int mode, calls; } drift_info;

static int drift_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs, void *user) {
    drift_info *f = (drift_info *)user;
    ci_tensor x = args[0].u.t, two[2];
    ci_arg a[2];
    int compiling = ++f->calls > 1;
    (void)nargs;
    if (max_outs < 3) return ci_lower_error(L, CI_ERR_INVALID_ARGS, "drift: max_outs too small");
    switch (f->mode) {
    case DRIFT_GROW:     /* [3] while building, [6] when compiling */
        if (!compiling) { outs[0] = x; return 1; }
        two[0] = x; two[1] = x;
        a[0] = ci_arg_tensors(two, 2);
        outs[0] = ci_lower_call1(L, "aten.cat", 1, a, 0, NULL);
        return outs[0].id ? 1 : 0;
    case DRIFT_DTYPE:    /* f32, then f64 */
        if (!compiling) { outs[0] = x; return 1; }
        a[0] = args[0]; a[1] = ci_arg_dtype(CI_F64);
        outs[0] = ci_lower_call1(L, "prims.convert_element_type", 2, a, 0, NULL);
        return outs[0].id ? 1 : 0;
    case DRIFT_RANK:     /* [3], then [1, 3] */
        if (!compiling) { outs[0] = x; return 1; }
        a[0] = args[0]; a[1] = ci_arg_int(0);
        outs[0] = ci_lower_call1(L, "aten.unsqueeze", 2, a, 0, NULL);
        return outs[0].id ? 1 : 0;
    case DRIFT_FEWER:    /* two results, then one */
        outs[0] = x; outs[1] = x;
        return compiling ? 1 : 2;
    case DRIFT_MORE:     /* two results, then three */
        outs[0] = x; outs[1] = x; outs[2] = x;
        return compiling ? 3 : 2;
    }
    return 0;
}

/* builds out = neg(drift(x)) [and neg of the second result] and compiles it; returns the
   result of ci_compile (the program, if any, destroyed) */
static ci_result drift_compile(ci_test_env *e, drift_info *f, int be, int nres, char *msg, size_t n) {
    ci_graph *g = ci_graph_create(e->ctx);
    ci_compile_desc pd;
    ci_program *p = NULL;
    ci_tensor r[2];
    ci_arg a;
    ci_result rc;
    int i;
    a = ci_arg_tensor(ci_test_input(g, "x", CI_F32, 1, 3));
    r[0].id = r[1].id = 0;
    f->calls = 0;
    if (ci_call(g, "myns.drift", 1, &a, 0, NULL, r, 2) != nres) {
        snprintf(msg, n, "graph building: %s", ci_graph_message(g));
        ci_graph_destroy(g);
        return CI_RESULT_COUNT;
    }
    for (i = 0; i < nres; i++) ci_output(g, ci_neg(g, r[i]));
    memset(&pd, 0, sizeof pd);
    pd.backend = (ci_backend)be;
    rc = ci_compile(g, &pd, &p);
    snprintf(msg, n, "%s", rc == CI_OK ? "" : ci_ctx_last_error(e->ctx));
    if (p) {   /* run it as the caller would: arrays sized from the graph */
        float xin[3] = {1, 2, 3}, y0[3], y1[3];
        const void *in[1];
        void *out[2];
        in[0] = xin; out[0] = y0; out[1] = y1;
        (void)ci_program_run(p, 1, in, nres, out);
    }
    ci_program_destroy(p);
    ci_graph_destroy(g);
    return rc;
}

CI_TEST(test_user_lowering_changes_at_compile_time) {
    static const struct { int mode, nres; ci_result want; const char *got, *rec; } cases[] = {
        {DRIFT_GROW, 1, CI_ERR_SHAPE, "f32[6] at compile time", "f32[3] at graph building"},
        {DRIFT_DTYPE, 1, CI_ERR_DTYPE, "f64[3] at compile time", "f32[3] at graph building"},
        {DRIFT_RANK, 1, CI_ERR_SHAPE, "f32[1, 3] at compile time", "f32[3] at graph building"},
        {DRIFT_FEWER, 2, CI_ERR_INVALID_ARGS, "returned 1 result at compile time", "2 at graph building"},
        {DRIFT_MORE, 2, CI_ERR_INVALID_ARGS, "returned 3 results at compile time", "2 at graph building"},
    };
    ci_test_env e;
    drift_info f;
    ci_lowering_desc d;
    size_t c;
    int be;
    CI_ENV_OPEN(e);
    memset(&d, 0, sizeof d);
    d.name = "myns.drift";
    d.schema = "a";
    d.fn = drift_fn;
    d.user = &f;
    d.num_outputs = 2;
    CI_CHECK_OK(ci_register_lowering(e.ctx, &d));
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (be = CI_BACKEND_TCC; be <= CI_BACKEND_INTERP; be++) {
            char msg[1200];
            ci_result rc;
            memset(&f, 0, sizeof f);
            f.mode = cases[c].mode;
            rc = drift_compile(&e, &f, be, cases[c].nres, msg, sizeof msg);
            CI_CHECK_MSG(f.calls == 2, "case %d: the lowering ran %d times", (int)c, f.calls);
            CI_CHECK_MSG(rc == cases[c].want, "case %d (%s): ci_compile gave %s (%s), want %s", (int)c,
                         ci_test_backend_name(be), ci_result_string(rc), msg, ci_result_string(cases[c].want));
            CI_CHECK_CONTAINS(msg, "myns.drift");
            CI_CHECK_CONTAINS(msg, "node t0");
            CI_CHECK_CONTAINS(msg, cases[c].got);
            CI_CHECK_CONTAINS(msg, cases[c].rec);
        }
    CI_ENV_CLOSE(e);
}

/* a lowering that gives x * 2 on its first two calls (building, ci_compile) and fails after */
static int flaky_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs, void *user) {
    int *calls = (int *)user;
    ci_arg m[2];
    (void)max_outs; (void)nargs;
    if (++*calls > 2) return ci_lower_error(L, CI_ERR_INVALID_ARGS, "flaky: third call");
    m[0] = args[0];
    m[1] = ci_arg_float(2.0);
    outs[0] = ci_lower_call1(L, "aten.mul.Tensor", 2, m, 0, NULL);
    return outs[0].id ? 1 : 0;
}
/* ci_compile releases the graph's build-time state; the next node rebuilds it by lowering the
   earlier nodes again, so a user lowering runs a third time there, and its failure names that
   earlier node */
CI_TEST(test_rebuild_after_compile_names_the_node) {
    ci_test_env e;
    ci_lowering_desc d;
    ci_graph *g;
    ci_program *p;
    ci_compile_desc pd;
    ci_tensor x, y, z;
    ci_arg a;
    int calls = 0;
    float xv[3] = {1, -2, 3}, got[3] = {0, 0, 0};
    const void *in[1];
    void *out[1];
    const char *check;
    char saved[32];
    CI_ENV_OPEN(e);
    memset(&d, 0, sizeof d);
    d.name = "myns.flaky"; d.schema = "self"; d.fn = flaky_fn; d.user = &calls;
    CI_CHECK_OK_CTX(e.ctx, ci_register_lowering(e.ctx, &d));
    g = ci_graph_create(e.ctx);
    x = ci_test_input(g, "x", CI_F32, 1, 3);
    a = ci_arg_tensor(x);
    y = ci_call1(g, "myns.flaky", 1, &a, 0, NULL);
    ci_output(g, y);
    CI_CHECK_OK_CTX(e.ctx, ci_graph_status(g));
    memset(&pd, 0, sizeof pd);
    pd.backend = CI_BACKEND_INTERP;
    /* (CINDUCTOR_CHECK_CUDA, make test-cuda-source, lowers a compiled graph once more for the
       GPU: that call is not counted here) */
    check = getenv("CINDUCTOR_CHECK_CUDA");
    if (check) {
        snprintf(saved, sizeof saved, "%s", check);
        unsetenv("CINDUCTOR_CHECK_CUDA");
    }
    CI_CHECK_OK_CTX(e.ctx, ci_compile(g, &pd, &p));
    if (check) setenv("CINDUCTOR_CHECK_CUDA", saved, 1);
    in[0] = xv; out[0] = got;
    CI_CHECK_OK_CTX(e.ctx, ci_program_run(p, 1, in, 1, out));
    ci_program_destroy(p);
    CI_CHECK(got[0] == 2 && got[1] == -4 && got[2] == 6);
    CI_CHECK_EQ_INT(calls, 2);
    z = ci_relu(g, y);
    CI_CHECK_EQ_INT(z.id, 0);
    CI_CHECK_EQ_INT(calls, 3);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_INVALID_ARGS);
    CI_CHECK_MSG(strstr(ci_graph_message(g), "rebuilding") && strstr(ci_graph_message(g), "myns.flaky") &&
                 strstr(ci_graph_message(g), "flaky: third call"), "message: %s", ci_graph_message(g));
    ci_graph_destroy(g);
    CI_ENV_CLOSE(e);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN_SWEEP(test_user_lowering_scale_add);
    CI_RUN_SWEEP(test_user_lowering_binding_errors);
    CI_RUN_SWEEP(test_overload_packet_then_explicit);
    CI_RUN_SWEEP(test_overload_explicit_then_packet);
    CI_RUN_SWEEP(test_overload_builtin_explicit_wins_over_user_packet);
    CI_RUN_SWEEP(test_override_applies_inside_decompositions);
    CI_RUN_SWEEP(test_reregister_and_context_isolation);
    CI_RUN_SWEEP(test_flag_broadcast);
    CI_RUN_SWEEP(test_flag_promotion);
    CI_RUN_SWEEP(test_user_lowering_errors);
    CI_RUN_SWEEP(test_user_lowering_inner_failure_is_sticky);
    CI_RUN_SWEEP(test_user_lowering_fails_at_compile_time);
    CI_RUN_SWEEP(test_user_lowering_recursion);
    CI_RUN_SWEEP(test_extern_cumsum_between_pointwise);
    CI_RUN_SWEEP(test_extern_failure_is_a_runtime_error);
    CI_RUN_SWEEP(test_extern_default_infer);
    CI_RUN_SWEEP(test_extern_infer_errors);
    CI_RUN_SWEEP(test_extern_run_allocates_nothing);
    CI_RUN_SWEEP(test_type_promotion_dtypes);
    CI_RUN_SWEEP(test_type_promotion_values);
    CI_RUN_SWEEP(test_has_op);
    CI_RUN_SWEEP(test_registration_errors);
    CI_RUN_SWEEP(test_oom_registry);
    CI_RUN_SWEEP(test_huge_tensor_handles);
    CI_RUN_SWEEP(test_user_lowering_changes_at_compile_time);
    CI_RUN_SWEEP(test_rebuild_after_compile_names_the_node);
    /* last: a use-after-free here stops a sanitized binary */
    CI_RUN_SWEEP(test_extern_two_outputs_and_arguments);
    return ci_test_done();
}
