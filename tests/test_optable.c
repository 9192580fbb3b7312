/* White-box tests of the op table (CI__OPS in >>ops): a context registers exactly its rows with
   their columns, the prims twins it names agree with their own rows, and hand-checked rows
   keep the outputs, how, dtypes and notes docs/ops.md lists for them, and the use the realize
   heuristics read. Includes the implementation. */
#define CINDUCTOR_IMPLEMENTATION
#include "ci_test.h"

static const ci__ops_row *row_named(const char *name) {
    int i;
    for (i = 0; i < CI__OPS_COUNT; i++)
        if (!strcmp(ci__ops_rows[i].name, name)) return &ci__ops_rows[i];
    return NULL;
}

/* schemas a and b list the same parameters, in any order (a keyword call binds them alike:
   PyTorch's polygamma_ is (self, n), polygamma (n, self)) */
static int same_params(const char *a, const char *b) {
    char pa[16][64], pb[16][64];
    int na = 0, nb = 0, i, j, used[16] = {0};
    const char *s;
    for (s = a; *s && na < 16; na++) {
        size_t k = strcspn(s, ",");
        snprintf(pa[na], sizeof pa[na], "%.*s", (int)k, s);
        s += k;
        while (*s == ',' || *s == ' ') s++;
    }
    for (s = b; *s && nb < 16; nb++) {
        size_t k = strcspn(s, ",");
        snprintf(pb[nb], sizeof pb[nb], "%.*s", (int)k, s);
        s += k;
        while (*s == ',' || *s == ' ') s++;
    }
    if (na != nb) return 0;
    for (i = 0; i < na; i++) {
        for (j = 0; j < nb && (used[j] || strcmp(pa[i], pb[j])); j++) continue;
        if (j == nb) return 0;
        used[j] = 1;
    }
    return 1;
}

/* each row is one registry entry with the row's columns; no entry comes from elsewhere */
CI_TEST(test_context_registers_the_rows) {
    ci_ctx *ctx = NULL;
    int i, n, bad = -1;
    CI_CHECK_EQ_INT(ci_ctx_create(NULL, &ctx), CI_OK);
    n = ci_registry_count(ctx);
    for (i = 0; i < CI__OPS_COUNT && bad < 0; i++) {
        const ci__ops_row *r = &ci__ops_rows[i];
        const ci__opdef *op = ci__lower_reg_get(ctx, r->name);
        if (!op || op->fn != r->fn || op->vop != r->vop || op->extra != r->extra ||
            op->broadcast != r->broadcast || op->promo != r->promo || op->to_bool != r->to_bool ||
            op->nouts != r->nouts || op->use != r->use || strcmp(op->schema, r->schema) ||
            strcmp(op->how, r->how) ||
            strcmp(op->dtypes, r->dtypes) || strcmp(op->note, r->note) ||
            (op->kind == CI__OPK_EXTERN) != (r->run != NULL))
            bad = i;
    }
    ci_ctx_destroy(ctx);
    CI_CHECK_MSG(bad < 0, "row %d (%s) is not registered as written", bad,
                 bad >= 0 ? ci__ops_rows[bad].name : "");
    CI_CHECK_EQ_INT(n, CI__OPS_COUNT);
}

/* a twin is the prims op of the same computation: same schema, lowering and value op, no
   promotion; the aten row promotes (or it would not need a twin of its own) */
CI_TEST(test_prims_twins_agree) {
    int i, twins = 0;
    for (i = 0; i < CI__OPS_COUNT; i++) {
        const ci__ops_row *r = &ci__ops_rows[i], *t;
        if (!r->twin) continue;
        twins++;
        t = row_named(r->twin);
        CI_CHECK_MSG(t != NULL, "%s: twin %s has no row", r->name, r->twin);
        CI_CHECK_MSG(!strncmp(t->name, "prims.", 6) && !strncmp(r->name, "aten.", 5), "%s",
                     r->name);
        CI_CHECK_MSG(t->fn == r->fn && t->vop == r->vop && t->extra == r->extra &&
                     !strcmp(t->schema, r->schema) && t->promo == CI_PROMOTE_NONE && !t->twin,
                     "%s and its twin %s differ", r->name, t->name);
    }
    CI_CHECK(twins > 0);
    CI_CHECK_STR_EQ(row_named("aten.exp")->twin, "prims.exp");
    CI_CHECK_STR_EQ(row_named("aten.bitwise_and")->twin, "prims.bitwise_and");
    CI_CHECK(row_named("aten.add")->twin == NULL);   /* prims.add has no alpha */
}

/* values as docs/ops.md listed them before the table (hand-checked against PyTorch's ops) */
CI_TEST(test_hand_checked_rows) {
    static const struct { const char *name; int nouts; const char *how, *dtypes, *note; } want[] = {
        {"aten.add", 1, "lowering", "all", ""},
        {"aten.exp", 1, "lowering", "all; integers and bool compute in f32", ""},
        {"prims.exp", 1, "lowering", "floating", ""},
        {"aten.logical_and", 1, "lowering", "all, taken as bool", ""},
        {"aten.bitwise_left_shift", 1, "lowering", "integer and bool", ""},
        {"prims.iota", 1, "lowering", "integer", ""},
        {"aten.max.dim", 2, "lowering", "all", ""},
        {"aten.var_mean.dim", 2, "lowering", "floating", ""},
        {"aten.native_layer_norm", 3, "decomposition", "floating", ""},
        {"aten.native_batch_norm", 3, "decomposition", "floating",
         "training mode: no running stats (PyTorch writes them in place)"},
        {"aten.max_pool3d_with_indices", 2, "lowering", "all", ""},
        {"aten.adaptive_avg_pool2d", 1, "lowering", "floating", ""},
        {"aten.adaptive_max_pool1d", 2, "lowering", "all", ""},
        {"aten.sort.stable", 2, "decomposition", "all", ""},
        {"aten.kthvalue", 2, "decomposition", "all", ""},
        {"aten.cummin", 2, "lowering", "all", ""},
        {"aten.native_dropout", 2, "lowering", "all", ""},
        {"aten.scatter_reduce_", 1, "scatter", "all; int64 (or int32) indices", ""},
        {"aten.index", 1, "lowering", "all; int64 (or int32) indices",
         "a boolean mask only as the only index (x[mask]); its result only as a graph output"},
        {"aten.nonzero", 1, "extern", "all",
         "size depends on the data: only as a graph output (docs/data-dependent.md)"},
        {"aten.empty_like", 1, "lowering", "all",
         "uninitialised in PyTorch; zeros here, contiguous"},
        {"cinductor.nonzero_3d", 3, "extern", "all", ""},
        {"cinductor.sort", 2, "extern", "all", ""},
        {"aten._upsample_nearest_exact2d.vec", 1, "lowering", "all", ""},
    };
    size_t i;
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        const ci__ops_row *r = row_named(want[i].name);
        CI_CHECK_MSG(r != NULL, "%s has no row", want[i].name);
        CI_CHECK_MSG(r->nouts == want[i].nouts, "%s: nouts %d", r->name, r->nouts);
        CI_CHECK_STR_EQ(r->how, want[i].how);
        CI_CHECK_STR_EQ(r->dtypes, want[i].dtypes);
        CI_CHECK_STR_EQ(r->note, want[i].note);
    }
    CI_CHECK(row_named("cinductor.nonzero")->dd && !row_named("cinductor.sort")->dd);
}

/* the use column: pointwise ops and views (Inductor's is_pointwise_use), everything else not */
CI_TEST(test_use_column) {
    static const struct { const char *name; int use; } want[] = {
        {"aten.add", CI__OPS_USE_P}, {"aten.exp", CI__OPS_USE_P}, {"aten.where", CI__OPS_USE_P},
        {"aten.gelu", CI__OPS_USE_P}, {"aten.cat", CI__OPS_USE_P},
        {"aten.constant_pad_nd", CI__OPS_USE_P}, {"aten.view", CI__OPS_USE_V},
        {"aten.permute", CI__OPS_USE_V}, {"aten.split", CI__OPS_USE_V},
        {"aten.expand_as", CI__OPS_USE_V}, {"aten.reflection_pad2d", CI__OPS_USE__},
        {"aten.sum", CI__OPS_USE__}, {"aten.mm", CI__OPS_USE__}, {"aten.softmax", CI__OPS_USE__},
        {"aten.flip", CI__OPS_USE__}, {"cinductor.sort", CI__OPS_USE__},
    };
    size_t i;
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        const ci__ops_row *r = row_named(want[i].name);
        CI_CHECK_MSG(r != NULL, "%s has no row", want[i].name);
        CI_CHECK_MSG(r->use == want[i].use, "%s: use %d, want %d", r->name, r->use, want[i].use);
    }
}

/* status of OP on one DT tensor, built in a fresh graph */
static ci_result call_on(ci_ctx *ctx, const char *op, ci_dtype dt) {
    static const int64_t shape[1] = {4};
    ci_graph *g = ci_graph_create(ctx);
    ci_arg a;
    ci_result r;
    a = ci_arg_tensor(ci_input(g, "x", dt, 1, shape));
    ci_call1(g, op, 1, &a, 0, NULL);
    r = ci_graph_status(g);
    ci_graph_destroy(g);
    return r;
}

/* the unary rows listed as floating refuse integer tensors (as prims.exp does in PyTorch) and
   take floating ones; the rows that promote or round take integers */
CI_TEST(test_floating_rows_refuse_integers) {
    ci_ctx *ctx = NULL;
    int i, nflt = 0, bad = -1;
    CI_CHECK_EQ_INT(ci_ctx_create(NULL, &ctx), CI_OK);
    for (i = 0; i < CI__OPS_COUNT && bad < 0; i++) {
        const ci__ops_row *r = &ci__ops_rows[i];
        if (r->fn != ci__ops_unary || strcmp(r->dtypes, "floating")) continue;
        nflt++;
        if (call_on(ctx, r->name, CI_I32) != CI_ERR_DTYPE || call_on(ctx, r->name, CI_F32) != CI_OK)
            bad = i;
    }
    if (bad < 0 && (call_on(ctx, "aten.exp", CI_I32) != CI_OK ||
                    call_on(ctx, "prims.floor", CI_I32) != CI_OK ||
                    call_on(ctx, "prims.neg", CI_I32) != CI_OK))
        bad = CI__OPS_COUNT;
    ci_ctx_destroy(ctx);
    CI_CHECK_MSG(bad < 0, "row %d (%s)", bad,
                 bad >= 0 && bad < CI__OPS_COUNT ? ci__ops_rows[bad].name : "");
    CI_CHECK(nflt >= 20);   /* the prims math functions */
}

/* an in-place row (ci__ops_inplace) names op_ or op_.overload, and its out-of-place twin (the
   name without the '_') has a row of the same schema (its parameters, in any order), which the
   in-place lowering calls by keyword; the in-place row itself promotes and broadcasts nothing
   (the twin does) */
CI_TEST(test_inplace_rows_have_twins) {
    int i, n = 0;
    for (i = 0; i < CI__OPS_COUNT; i++) {
        const ci__ops_row *r = &ci__ops_rows[i], *t;
        const char *d1, *d2;
        char twin[128];
        size_t k;
        if (r->fn != ci__ops_inplace) continue;
        n++;
        d1 = strchr(r->name, '.');
        d2 = strchr(d1 + 1, '.');
        k = d2 ? (size_t)(d2 - r->name) : strlen(r->name);
        CI_CHECK_MSG(k > 1 && k < sizeof twin && r->name[k - 1] == '_', "%s", r->name);
        memcpy(twin, r->name, k - 1);
        snprintf(twin + k - 1, sizeof twin - (k - 1), "%s", d2 ? d2 : "");
        t = row_named(twin);
        CI_CHECK_MSG(t != NULL, "%s: twin %s has no row", r->name, twin);
        CI_CHECK_MSG(t && same_params(t->schema, r->schema), "%s: schema differs from %s's",
                     r->name, twin);
        CI_CHECK_MSG(r->promo == CI_PROMOTE_NONE && !r->broadcast && !r->to_bool, "%s", r->name);
    }
    CI_CHECK(n >= 100);
    CI_CHECK(row_named("aten.add_.Scalar") && row_named("aten.relu_"));
}

/* add_ writes into self: the result keeps self's dtype (i32 + i64 stays i32), self does not
   broadcast, and a float result does not go into an integer self */
CI_TEST(test_inplace_semantics) {
    static const int64_t s75[2] = {7, 5}, s5[1] = {5};
    ci_ctx *ctx = NULL;
    ci_graph *g;
    ci_arg a[2];
    ci_tensor y;
    CI_CHECK_EQ_INT(ci_ctx_create(NULL, &ctx), CI_OK);
    g = ci_graph_create(ctx);
    a[0] = ci_arg_tensor(ci_input(g, "x", CI_I32, 2, s75));
    a[1] = ci_arg_tensor(ci_input(g, "b", CI_I64, 1, s5));
    y = ci_call1(g, "aten.add_.Tensor", 2, a, 0, NULL);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_OK);
    CI_CHECK_EQ_INT(ci_tensor_dtype(g, y), CI_I32);
    ci_graph_destroy(g);
    g = ci_graph_create(ctx);
    a[0] = ci_arg_tensor(ci_input(g, "x", CI_F32, 1, s5));
    a[1] = ci_arg_tensor(ci_input(g, "b", CI_F32, 2, s75));
    ci_call1(g, "aten.add_.Tensor", 2, a, 0, NULL);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_SHAPE);
    ci_graph_destroy(g);
    g = ci_graph_create(ctx);
    a[0] = ci_arg_tensor(ci_input(g, "x", CI_I64, 1, s5));
    ci_call1(g, "aten.sqrt_.default", 1, a, 0, NULL);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_DTYPE);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_context_registers_the_rows);
    CI_RUN(test_prims_twins_agree);
    CI_RUN(test_hand_checked_rows);
    CI_RUN(test_use_column);
    CI_RUN(test_floating_rows_refuse_integers);
    CI_RUN(test_inplace_rows_have_twins);
    CI_RUN(test_inplace_semantics);
    return ci_test_done();
}
