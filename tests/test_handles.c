/* White-box tests of graph tensor handles (>>public): a context hands out handle ids in ranges,
   and two graphs of one context never share an id. Reaching the end of the 2^32 ids takes too
   long for a test, so these tests move the context's next id near the end by hand, then check
   that the ids start again from 1 clear of every live graph's, that each graph maps its handles
   back to the right tensors whatever the order of its ranges, and that a context whose live
   graphs would hold every id refuses a new tensor cleanly. Includes the implementation. */
#define CINDUCTOR_IMPLEMENTATION
#include "ci_test.h"

#define TOP ((uint64_t)1 << 32)

/* input i of G has shape [i + 1]: its handle must map back to that shape */
static ci_tensor shaped_input(ci_graph *g, int i) {
    int64_t s[1];
    s[0] = i + 1;
    return ci_input(g, NULL, CI_F32, 1, s);
}

CI_TEST(test_handles_wrap_around_live_graphs) {
    ci_test_alloc ta;
    ci_ctx_desc cd;
    ci_ctx *ctx = NULL;
    ci_graph *gc, *ga, *gb;
    ci_tensor tc[3], tA[40], tb;
    int i;
    memset(&cd, 0, sizeof cd);
    ci_test_alloc_init(&ta);
    cd.allocator = ci_test_tracked_allocator(&ta);
    CI_CHECK_OK(ci_ctx_create(&cd, &ctx));
    gc = ci_graph_create(ctx);              /* takes ids 1..16 */
    for (i = 0; i < 3; i++) tc[i] = shaped_input(gc, i);
    CI_CHECK_EQ_INT(tc[0].id, 1);
    ctx->next_handle = TOP - 16;            /* as if 2^32 - 17 ids had gone to other graphs */
    ga = ci_graph_create(ctx);
    tA[0] = shaped_input(ga, 0);           /* the last range before the end */
    CI_CHECK_EQ_INT(tA[0].id, TOP - 16);
    gb = ci_graph_create(ctx);
    tb = shaped_input(gb, 0);               /* no room left: from 1 again, past gc's 1..16 */
    CI_CHECK_EQ_INT(ctx->handles_wrapped, 1);
    CI_CHECK_EQ_INT(tb.id, 17);
    /* ga grows past its first range: its next one (32 ids) comes after gb's 17..32 */
    for (i = 1; i < 40; i++) tA[i] = shaped_input(ga, i);
    CI_CHECK_EQ_INT(tA[15].id, TOP - 1);
    CI_CHECK_EQ_INT(tA[16].id, 33);
    CI_CHECK_EQ_INT(ga->nhr, 2);
    CI_CHECK(ga->hr[0].base == 33 && ga->hr[1].base == TOP - 16);   /* sorted by base */
    /* every handle maps back to its own tensor, in its own graph only */
    for (i = 0; i < 40; i++) {
        int64_t s[CI_MAX_DIMS];
        CI_CHECK_EQ_INT(ci_tensor_shape(ga, tA[i], s), 1);
        CI_CHECK_MSG(s[0] == i + 1, "ga's tensor %d (handle %u) maps to shape [%lld]", i, (unsigned)tA[i].id, (long long)s[0]);
        CI_CHECK_EQ_INT(ci_tensor_shape(gb, tA[i], NULL), -1);
        CI_CHECK_EQ_INT(ci_tensor_shape(gc, tA[i], NULL), -1);
    }
    for (i = 0; i < 3; i++) {
        CI_CHECK_EQ_INT(ci_tensor_shape(ga, tc[i], NULL), -1);
        CI_CHECK_EQ_INT(ci_tensor_shape(gb, tc[i], NULL), -1);
    }
    CI_CHECK_EQ_INT(ci_tensor_shape(ga, tb, NULL), -1);
    CI_CHECK_EQ_INT(ci_tensor_shape(gc, tb, NULL), -1);
    /* ids just past a range's end, and the largest id, are not tensors */
    {
        ci_tensor t;
        t.id = 33 + 24;   /* in ga's second range, reserved for its tensor 41: none yet */
        CI_CHECK_EQ_INT(ci_tensor_shape(ga, t, NULL), -1);
        t.id = 0xFFFFFFFFu;
        CI_CHECK_EQ_INT(ci_tensor_shape(ga, t, NULL), 1);   /* ga's tensor 16 */
        CI_CHECK_EQ_INT(ci_tensor_shape(gb, t, NULL), -1);
    }
    /* the graphs still build and compile with their handles */
    {
        ci_program *p = NULL;
        float x[16], y[16], other[40];
        const void *in[40];
        void *out[1];
        ci_output(ga, ci_neg(ga, tA[15]));
        CI_CHECK_OK_CTX(ctx, ci_compile(ga, NULL, &p));
        for (i = 0; i < 16; i++) x[i] = (float)i;
        memset(other, 0, sizeof other);
        for (i = 0; i < 40; i++) in[i] = i == 15 ? (const void *)x : (const void *)other;
        out[0] = y;
        CI_CHECK_OK_CTX(ctx, ci_program_run(p, 40, in, 1, out));
        for (i = 0; i < 16; i++) CI_CHECK_NEAR(y[i], -(float)i, 0, 0);
        ci_program_destroy(p);
    }
    ci_graph_destroy(gb);
    ci_graph_destroy(ga);
    ci_graph_destroy(gc);
    ci_ctx_destroy(ctx);
    CI_CHECK_EQ_INT(ta.live_blocks, 0);
    CI_CHECK_EQ_INT(ta.bad_frees, 0);
}

/* when the live graphs hold every id, a new tensor is refused with a message, no crash */
CI_TEST(test_handles_exhausted) {
    ci_ctx *ctx = NULL;
    ci_graph *gc, *g;
    ci_tensor t;
    ci__lower_hrange saved;
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    gc = ci_graph_create(ctx);
    t = shaped_input(gc, 0);
    CI_CHECK(t.id != 0);
    saved = gc->hr[0];
    gc->hr[0].base = 1;                      /* pretend gc holds 1 .. 2^32 - 1 */
    gc->hr[0].size = 0xFFFFFFFFu;
    ctx->next_handle = TOP - 8;
    g = ci_graph_create(ctx);
    t = shaped_input(g, 0);
    CI_CHECK_EQ_INT(t.id, 0);
    CI_CHECK_EQ_INT(ci_graph_status(g), CI_ERR_OUT_OF_MEMORY);
    CI_CHECK_MSG(strstr(ci_graph_message(g), "out of tensor handles") != NULL, "%s", ci_graph_message(g));
    gc->hr[0] = saved;
    ci_graph_destroy(g);
    g = ci_graph_create(ctx);                /* with gc's ids back to 16, there is room again */
    t = shaped_input(g, 0);
    CI_CHECK_EQ_INT(t.id, 17);
    ci_graph_destroy(g);
    ci_graph_destroy(gc);
    ci_ctx_destroy(ctx);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN_SWEEP(test_handles_wrap_around_live_graphs);
    CI_RUN_SWEEP(test_handles_exhausted);
    return ci_test_done();
}
