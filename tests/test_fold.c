/* Constant folding: what a graph computes from its constants alone (a weight's transpose, a
   scale applied to it, a reduction of it, its split) is computed once when compiling. Each
   graph here is compiled with folding and with ci_compile_desc.no_fold, on the TCC backend and
   the interpreter, on fresh random constants and inputs: the two programs must give the same
   bits, match a C reference, and the folded one must run fewer kernels. What must stay in every
   run (random ops, guards, writes into a constant, values larger than their constants, a
   constant part that fails, sizes known only at run time) must keep its kernels and its
   behaviour. */
#include "ci_test.h"

#define FOLD_MAX_OUT 4

static char fold_log[1 << 16];

static void fold_log_fn(ci_log_level level, const char *msg, void *user) {
    size_t n = strlen(fold_log);
    (void)level;
    (void)user;
    snprintf(fold_log + n, sizeof fold_log - n, "%s", msg);
}

typedef struct fold_run {
    int nk;                           /* the program's kernels */
    int folded;                       /* values folded, as the debug printout says */
    float *out[FOLD_MAX_OUT];         /* each output (f32), malloc'ed */
    ci_result rc;                     /* compile, then run */
    char err[600];
} fold_run;

static void fold_free(fold_run *r) {
    int i;
    for (i = 0; i < FOLD_MAX_OUT; i++) free(r->out[i]);
    memset(r, 0, sizeof *r);
}

/* compiles .cig text (folding off where no_fold) on backend be and runs it once on the f32
   inputs; outputs are f32 arrays of nel[i] elements */
static void fold_cig(fold_run *r, const char *text, ci_backend be, int no_fold, uint64_t seed,
                     int nin, const float *const *in, int nout, const size_t *nel) {
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc d;
    void *outs[FOLD_MAX_OUT];
    ci_ctx_desc cd;
    const char *said;
    int i;
    memset(r, 0, sizeof *r);
    memset(&cd, 0, sizeof cd);
    cd.log = fold_log_fn;
    fold_log[0] = 0;
    ci_ctx_create(&cd, &ctx);
    g = ci_graph_create(ctx);
    r->rc = ci_cig_parse(g, text, strlen(text), "fold.cig", NULL, r->err, sizeof r->err);
    memset(&d, 0, sizeof d);
    d.backend = be;
    d.no_fold = no_fold;
    d.seed = seed;
    d.debug = CI_DEBUG_IR;
    if (r->rc == CI_OK) {
        r->rc = ci_compile(g, &d, &p);
        if (r->rc != CI_OK) snprintf(r->err, sizeof r->err, "%s", ci_ctx_last_error(ctx));
    }
    said = strstr(fold_log, "constant folding: ");
    if (said) r->folded = atoi(said + strlen("constant folding: "));
    if (r->rc == CI_OK) {
        r->nk = ci_program_num_kernels(p);
        for (i = 0; i < nout; i++) {
            r->out[i] = (float *)calloc(nel[i] ? nel[i] : 1, sizeof(float));
            outs[i] = r->out[i];
        }
        r->rc = ci_program_run(p, nin, (const void *const *)in, nout, outs);
        if (r->rc != CI_OK) snprintf(r->err, sizeof r->err, "%s", ci_ctx_last_error(ctx));
    }
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

/* "[[a, b], [c, d]]" for a rows x cols array (rows 0: a 1-d list) */
static void fold_list(char *s, size_t cap, const float *v, int rows, int cols) {
    size_t n = 0;
    int i, j, nr = rows ? rows : 1;
    if (rows) n += (size_t)snprintf(s + n, cap - n, "[");
    for (i = 0; i < nr; i++) {
        n += (size_t)snprintf(s + n, cap - n, "%s[", i ? ", " : "");
        for (j = 0; j < cols; j++)
            n += (size_t)snprintf(s + n, cap - n, "%s%.9g", j ? ", " : "", (double)v[i * cols + j]);
        n += (size_t)snprintf(s + n, cap - n, "]");
    }
    if (rows) snprintf(s + n, cap - n, "]");
}

static int fold_same_bits(const float *a, const float *b, size_t n) {
    return n == 0 || memcmp(a, b, n * sizeof(float)) == 0;
}

static const ci_backend fold_backends[2] = {CI_BACKEND_TCC, CI_BACKEND_INTERP};

/* a linear layer whose weight is transposed and scaled per output (as a batch norm folded into
   it), a sum of the weight added to the input, and the weight's last split piece as a scale:
   all folded; x has 1, 7 and 0 rows */
CI_TEST(test_fold_weight_layouts) {
    static const int rowss[3] = {1, 7, 0};
    ci_test_rng rng = ci_test_rng_make(20261127);
    float w[35], b[7], s[7], x[35];
    char wl[600], bl[200], sl[200], text[2000];
    int ri, bi, i, j, k;
    for (ri = 0; ri < 3; ri++) for (bi = 0; bi < 2; bi++) {
        int n = rowss[ri];
        size_t nel[3];
        const float *in[1];
        float want0[49], want1[35], want2[35];
        double sum = 0;
        fold_run f, u;
        ci_test_fill_normal_f32(w, 35, &rng);
        ci_test_fill_normal_f32(b, 7, &rng);
        ci_test_fill_normal_f32(s, 7, &rng);
        ci_test_fill_normal_f32(x, 35, &rng);
        fold_list(wl, sizeof wl, w, 7, 5);
        fold_list(bl, sizeof bl, b, 0, 7);
        fold_list(sl, sizeof sl, s, 0, 7);
        snprintf(text, sizeof text,
                 "input x: f32[%d, 5]\n"
                 "const w: f32[7, 5] = %s\n"
                 "const b: f32[7] = %s\n"
                 "const s: f32[7] = %s\n"
                 "wt = aten.t(w)\n"
                 "ws = aten.mul.Tensor(wt, s)\n"
                 "y = aten.addmm(b, x, ws)\n"
                 "r = aten.relu(y)\n"
                 "m = aten.sum(w)\n"
                 "xm = aten.add.Tensor(x, m)\n"
                 "p0, p1, p2 = aten.split.Tensor(w, 3)\n"
                 "xp = aten.mul.Tensor(x, p2)\n"
                 "output r, xm, xp\n",
                 n, wl, bl, sl);
        for (i = 0; i < 35; i++) sum += w[i];
        for (i = 0; i < n; i++) {
            for (j = 0; j < 7; j++) {
                double acc = b[j];
                for (k = 0; k < 5; k++) acc += (double)x[i * 5 + k] * w[j * 5 + k] * s[j];
                want0[i * 7 + j] = acc > 0 ? (float)acc : 0.0f;
            }
            for (k = 0; k < 5; k++) {
                want1[i * 5 + k] = (float)(x[i * 5 + k] + sum);
                want2[i * 5 + k] = x[i * 5 + k] * w[30 + k];
            }
        }
        nel[0] = (size_t)n * 7; nel[1] = nel[2] = (size_t)n * 5;
        in[0] = x;
        fold_cig(&f, text, fold_backends[bi], 0, 0, 1, in, 3, nel);
        fold_cig(&u, text, fold_backends[bi], 1, 0, 1, in, 3, nel);
        CI_CHECK_MSG(f.rc == CI_OK && u.rc == CI_OK, "rows %d backend %d: %s %s", n, bi, f.err,
                     u.err);
        if (f.rc == CI_OK && u.rc == CI_OK) {
            /* ws, m and p2 folded (p0 and p1, read by no one, need no value); unfolded, the
               transpose-and-scale copy, the sum and the split run at each run */
            CI_CHECK_MSG(f.folded == 3 && u.folded == 0, "rows %d: %d folded", n, f.folded);
            CI_CHECK_MSG(f.nk <= u.nk, "rows %d: %d kernels folded, %d not", n, f.nk, u.nk);
            for (i = 0; i < 3; i++)
                CI_CHECK_MSG(fold_same_bits(f.out[i], u.out[i], nel[i]), "rows %d output %d", n,
                             i);
            CI_CHECK(ci_test_allclose_f32(f.out[0], want0, nel[0], 1e-5, 1e-5, NULL, 0));
            CI_CHECK(ci_test_allclose_f32(f.out[1], want1, nel[1], 1e-5, 1e-5, NULL, 0));
            CI_CHECK(ci_test_allclose_f32(f.out[2], want2, nel[2], 1e-6, 1e-6, NULL, 0));
        }
        fold_free(&f);
        fold_free(&u);
    }
}

/* a constant part with a random op runs at each run: two seeds, two results */
CI_TEST(test_fold_random_stays) {
    const char *text = "input x: f32[4, 3]\n"
                       "const w: f32[4, 3] = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 0, -1]]\n"
                       "r = aten.rand_like(w)\n"
                       "rw = aten.mul.Tensor(r, w)\n"
                       "y = aten.add.Tensor(rw, x)\n"
                       "output y\n";
    float x[12] = {0};
    const float *in[1];
    size_t nel[1] = {12};
    int bi;
    in[0] = x;
    for (bi = 0; bi < 2; bi++) {
        fold_run a, c, u;
        fold_cig(&a, text, fold_backends[bi], 0, 1, 1, in, 1, nel);
        fold_cig(&c, text, fold_backends[bi], 0, 2, 1, in, 1, nel);
        fold_cig(&u, text, fold_backends[bi], 1, 1, 1, in, 1, nel);
        CI_CHECK_MSG(a.rc == CI_OK && c.rc == CI_OK && u.rc == CI_OK, "%s %s", a.err, u.err);
        if (a.rc == CI_OK && c.rc == CI_OK && u.rc == CI_OK) {
            CI_CHECK_EQ_INT(a.folded, 0);
            CI_CHECK(fold_same_bits(a.out[0], u.out[0], 12));    /* seed 1 both */
            CI_CHECK(!fold_same_bits(a.out[0], c.out[0], 12));   /* seeds 1 and 2 */
        }
        fold_free(&a);
        fold_free(&c);
        fold_free(&u);
    }
}

/* a guard on a constant still fails the run; an index out of range in the constant part fails
   the run with its message as without folding; a value larger than its constants (an outer
   sum) and a data-dependent one stay kernels of the program and compute the right values */
CI_TEST(test_fold_left_to_runs) {
    static const char *const guard = "input x: f32[3]\n"
                                     "const w: f32[3] = [1, 2, 3]\n"
                                     "m = aten.sum(w)\n"
                                     "c = aten.eq.Scalar(m, 7.0)\n"
                                     "ok = aten._assert_async.default(c)\n"
                                     "y = aten.add.Tensor(x, w)\n"
                                     "output y\n";
    static const char *const badidx = "input x: f32[2, 3]\n"
                                      "const w: f32[3, 3] = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]\n"
                                      "const i: i64[2] = [0, 9]\n"
                                      "s = aten.index_select(w, 0, i)\n"
                                      "y = aten.add.Tensor(x, s)\n"
                                      "output y\n";
    static const char *const outer = "input x: f32[3, 3]\n"
                                     "const b: f32[3] = [1, 2, 4]\n"
                                     "c = aten.unsqueeze(b, 1)\n"
                                     "r = aten.unsqueeze(b, 0)\n"
                                     "o = aten.mul.Tensor(c, r)\n"
                                     "y = aten.add.Tensor(x, o)\n"
                                     "output y\n";
    static const char *const dd = "input x: f32[2]\n"
                                  "const w: f32[4] = [0, 2, 3, 0]\n"
                                  "n = aten.nonzero(w)\n"
                                  "y = aten.add.Tensor(x, 1.0)\n"
                                  "output n, y\n";
    float x[9] = {1, -2, 3, 0.5f, 0, 7, -1, 2, 9}, want[9];
    const float *in[1];
    size_t nel[2] = {9, 2};
    int bi, i, j;
    in[0] = x;
    for (bi = 0; bi < 2; bi++) {
        fold_run f, u;
        fold_cig(&f, guard, fold_backends[bi], 0, 0, 1, in, 1, nel);
        CI_CHECK_MSG(f.rc == CI_ERR_RUNTIME && strstr(f.err, "graph guard failed"), "guard: %s",
                     f.err);
        fold_free(&f);
        fold_cig(&f, badidx, fold_backends[bi], 0, 0, 1, in, 1, nel);
        CI_CHECK_MSG(f.rc == CI_ERR_RUNTIME && strstr(f.err, "index 9 is out of bounds"),
                     "index: %s", f.err);
        CI_CHECK_EQ_INT(f.folded, 0);
        fold_free(&f);
        fold_cig(&f, outer, fold_backends[bi], 0, 0, 1, in, 1, nel);
        /* c and r (3 elements each, as b) fold; o (9) does not */
        CI_CHECK_MSG(f.folded == 2 && strstr(fold_log, "2 values (24 bytes)"), "%s", fold_log);
        fold_cig(&u, outer, fold_backends[bi], 1, 0, 1, in, 1, nel);
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) want[i * 3 + j] = x[i * 3 + j] + (float)((1 << i) * (1 << j));
        CI_CHECK_MSG(f.rc == CI_OK && u.rc == CI_OK, "outer: %s", f.err);
        if (f.rc == CI_OK && u.rc == CI_OK) {
            CI_CHECK_EQ_INT(f.nk, u.nk);
            CI_CHECK(fold_same_bits(f.out[0], want, 9));
        }
        fold_free(&f);
        fold_free(&u);
    }
    /* nonzero's result is i64 [n, 1]: read through the C API's output arrays */
    for (bi = 0; bi < 2; bi++) {
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc d;
        char err[300];
        int64_t nz[8] = {0}, shape[CI_MAX_DIMS];
        float y[2];
        void *outs[2];
        int nd = 0;
        memset(&d, 0, sizeof d);
        d.backend = fold_backends[bi];
        ci_ctx_create(NULL, &ctx);
        g = ci_graph_create(ctx);
        CI_CHECK_OK(ci_cig_parse(g, dd, strlen(dd), "dd.cig", NULL, err, sizeof err));
        CI_CHECK_OK_CTX(ctx, ci_compile(g, &d, &p));
        outs[0] = nz; outs[1] = y;
        if (p) {
            CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, (const void *const *)in, 2, outs));
            nd = ci_program_output_shape_after_run(p, 0, shape);
            /* w's nonzero elements: 1 and 2 (its size is known only when it runs) */
            CI_CHECK_MSG(nd == 2 && shape[0] == 2 && shape[1] == 1, "nd %d", nd);
            CI_CHECK(nz[0] == 1 && nz[1] == 2);
            CI_CHECK(y[0] == 2.0f && y[1] == -1.0f);
        }
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
}

/* the debug printout says what was folded, and the C names the folded value after its node */
CI_TEST(test_fold_debug_says) {
    const char *text = "input x: f32[3, 4]\n"
                       "const w: f32[4, 3] = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 0, -1]]\n"
                       "wt = aten.t(w)\n"
                       "ws = aten.mul.Tensor(wt, 2.0)\n"
                       "y = aten.mul.Tensor(x, ws)\n"
                       "output y\n";
    ci_ctx_desc cd;
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    ci_compile_desc d;
    char err[300];
    memset(&cd, 0, sizeof cd);
    cd.log = fold_log_fn;
    fold_log[0] = 0;
    memset(&d, 0, sizeof d);
    d.debug = CI_DEBUG_IR | CI_DEBUG_SOURCE;
    CI_CHECK_OK(ci_ctx_create(&cd, &ctx));
    g = ci_graph_create(ctx);
    CI_CHECK_OK(ci_cig_parse(g, text, strlen(text), "mm.cig", NULL, err, sizeof err));
    CI_CHECK_OK_CTX(ctx, ci_compile(g, &d, &p));
    CI_CHECK_MSG(strstr(fold_log, "constant folding: 1 value (48 bytes) computed when compiling"),
                 "%s", fold_log);
    CI_CHECK_MSG(strstr(fold_log, "ws: constant folded, aten.mul.Tensor, f32[3, 4]"), "%s",
                 fold_log);
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

/* a user's extern kernel on constants runs at each run (it may read state of its own): never
   folded */
static int fold_ext_runs;

static ci_result fold_ext_infer(const ci_extern_tensor *ins, int nins, const ci_arg *args,
                                int nargs, ci_extern_tensor *outs, int nouts, void *user) {
    (void)nins; (void)args; (void)nargs; (void)nouts; (void)user;
    outs[0] = ins[0];
    return CI_OK;
}

static int fold_ext_run(const ci_extern_tensor *ins, int nins, const ci_arg *args, int nargs,
                        ci_extern_tensor *outs, int nouts, void *user) {
    int64_t i, n = ins[0].shape[0];
    (void)nins; (void)args; (void)nargs; (void)nouts; (void)user;
    fold_ext_runs++;
    for (i = 0; i < n; i++) ((float *)outs[0].data)[i] = ((const float *)ins[0].data)[i] * 3;
    return 0;
}

CI_TEST(test_fold_user_extern_stays) {
    const char *text = "input x: f32[3]\n"
                       "const w: f32[3] = [1, 2, 4]\n"
                       "t = myns.triple(w)\n"
                       "y = aten.add.Tensor(x, t)\n"
                       "output y\n";
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p = NULL;
    ci_extern_desc e;
    char err[300];
    float x[3] = {1, 1, 1}, y[3] = {0};
    const void *in[1];
    void *out[1];
    int r;
    in[0] = x; out[0] = y;
    memset(&e, 0, sizeof e);
    e.name = "myns.triple";
    e.schema = "self";
    e.infer = fold_ext_infer;
    e.run = fold_ext_run;
    ci_ctx_create(NULL, &ctx);
    CI_CHECK_OK_CTX(ctx, ci_register_extern(ctx, &e));
    g = ci_graph_create(ctx);
    CI_CHECK_OK(ci_cig_parse(g, text, strlen(text), "ext.cig", NULL, err, sizeof err));
    fold_ext_runs = 0;
    CI_CHECK_OK_CTX(ctx, ci_compile(g, NULL, &p));
    for (r = 0; p && r < 2; r++) CI_CHECK_OK_CTX(ctx, ci_program_run(p, 1, in, 1, out));
    CI_CHECK_EQ_INT(fold_ext_runs, 2);
    CI_CHECK(y[0] == 4.0f && y[1] == 7.0f && y[2] == 13.0f);
    ci_program_destroy(p);
    ci_graph_destroy(g);
    ci_ctx_destroy(ctx);
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_fold_weight_layouts);
    CI_RUN(test_fold_random_stays);
    CI_RUN(test_fold_left_to_runs);
    CI_RUN(test_fold_user_extern_stays);
    CI_RUN(test_fold_debug_says);
    return ci_test_done();
}
