/* White-box tests of >>ix: the hash-consed index expressions, their simplifier, ranges,
   substitution and C printer. Includes the implementation. */
#define CINDUCTOR_IMPLEMENTATION
#include "ci_test.h"

static ci_ctx *T_ctx;
static ci__arena *T_A;
static ci__ix_tab T_T;
static ci__err T_err;

static void ix_setup(void) {
    ci_ctx_desc d;
    memset(&d, 0, sizeof d);
    ci_ctx_create(&d, &T_ctx);
    memset(&T_err, 0, sizeof T_err);
    T_A = ci__arena_new(T_ctx, NULL);
    memset(&T_T, 0, sizeof T_T);
}
static void ix_teardown(void) {
    ci__arena_destroy(T_A);
    ci_ctx_destroy(T_ctx);
}
#define K(v) ci__ix_const(T_A, &T_T, (v))
#define ADD(a, b) ci__ix_add(T_A, &T_T, (a), (b))
#define SCALE(a, k) ci__ix_scale(T_A, &T_T, (a), (k))
#define FDIV(a, b) ci__ix_fdiv(T_A, &T_T, (a), (b))
#define MOD(a, b) ci__ix_mod(T_A, &T_T, (a), (b))
#define VAR(n) ci__ix_newvar(T_A, &T_T, (n), 0)

static const char *names[] = {"a", "b", "c", "d", "e", "f", "g", "h"};
static const char *vn(int var, void *user) { (void)user; return var < 8 ? names[var] : "?"; }
static const char *print(ci__ix *e) {
    static char buf[512];
    ci__sb sb;
    ci__sb_init(&sb, T_A);
    ci__ix_print(&sb, e, vn, NULL);
    snprintf(buf, sizeof buf, "%s", ci__sb_str(&sb));
    return buf;
}

CI_TEST(test_constant_folding) {
    ix_setup();
    CI_CHECK(ADD(K(3), K(4)) == K(7));
    CI_CHECK(SCALE(K(3), -2) == K(-6));
    CI_CHECK(FDIV(K(-7), K(2)) == K(-4));   /* floor, not truncation */
    CI_CHECK(MOD(K(-7), K(3)) == K(2));     /* Python modulo */
    CI_CHECK(MOD(K(7), K(1)) == K(0));
    CI_CHECK_EQ_INT(K(5)->lo, 5);
    ix_teardown();
}

CI_TEST(test_hash_consing_and_normal_form) {
    ci__ix *x, *y;
    ix_setup();
    x = VAR(10); y = VAR(20);
    CI_CHECK(ADD(x, y) == ADD(y, x));
    CI_CHECK(ADD(ADD(x, K(1)), K(2)) == ADD(x, K(3)));
    CI_CHECK(ADD(x, SCALE(x, -1)) == K(0));
    CI_CHECK(ADD(x, x) == SCALE(x, 2));
    CI_CHECK(SCALE(ADD(x, y), 3) == ADD(SCALE(x, 3), SCALE(y, 3)));
    CI_CHECK(VAR(10) != x);  /* every variable is fresh */
    ix_teardown();
}

CI_TEST(test_ranges) {
    ci__ix *x, *y, *e;
    ix_setup();
    x = VAR(10); y = VAR(4);
    e = ADD(SCALE(x, 4), y);
    CI_CHECK_EQ_INT(e->lo, 0);
    CI_CHECK_EQ_INT(e->hi, 39);
    e = ADD(SCALE(x, -2), K(5));
    CI_CHECK_EQ_INT(e->lo, -13);
    CI_CHECK_EQ_INT(e->hi, 5);
    e = MOD(ADD(x, K(100)), K(7));
    CI_CHECK(e->lo >= 0 && e->hi <= 6);
    ix_teardown();
}

CI_TEST(test_reshape_roundtrip) {
    ci__ix *i0, *i1, *flat;
    ix_setup();
    i0 = VAR(4); i1 = VAR(6);
    flat = ADD(SCALE(i0, 6), i1);
    CI_CHECK(FDIV(flat, K(6)) == i0);
    CI_CHECK(MOD(flat, K(6)) == i1);
    CI_CHECK(MOD(flat, K(24)) == flat);   /* fits: ModularIndexing drops */
    CI_CHECK(FDIV(flat, K(24)) == K(0));
    ix_teardown();
}

/* c * (a // c) + a % c folds to a (a flattened index taken apart and put together); other
   coefficients do not, and every form evaluates as the naive floor division and modulo */
CI_TEST(test_divmod_recombines) {
    ci__ix *x, *y, *a, *e, *f, *g;
    int64_t vals[64] = {0}, xv, yv, want;
    ix_setup();
    x = VAR(4096); y = VAR(100);
    a = ADD(SCALE(x, 3), ADD(y, K(-50)));   /* negative too */
    e = ADD(SCALE(FDIV(a, K(4096)), 4096), MOD(a, K(4096)));
    CI_CHECK(e == a);
    CI_CHECK(ADD(ADD(SCALE(FDIV(a, K(7)), 14), SCALE(MOD(a, K(7)), 2)), K(1)) ==
             ADD(SCALE(a, 2), K(1)));
    f = ADD(SCALE(FDIV(a, K(7)), 6), MOD(a, K(7)));   /* 6 is not 7: stays */
    CI_CHECK(f != a);
    g = ADD(SCALE(FDIV(a, K(7)), 7), MOD(a, K(5)));   /* other divisors: stays */
    CI_CHECK(g != a);
    for (xv = 0; xv < 4096; xv += 37)
        for (yv = 0; yv < 100; yv += 13) {
            int64_t av = 3 * xv + yv - 50, q = av >= 0 ? av / 7 : -((-av + 6) / 7);
            vals[x->var] = xv;
            vals[y->var] = yv;
            want = 6 * q + (av - 7 * q);
            CI_CHECK_EQ_INT(ci__ix_eval(f, vals), want);
            CI_CHECK_EQ_INT(ci__ix_eval(e, vals), av);
        }
    ix_teardown();
}

CI_TEST(test_floordiv_rules) {
    ci__ix *x, *y;
    ix_setup();
    x = VAR(100); y = VAR(8);
    CI_CHECK(FDIV(ADD(SCALE(x, 4), K(2)), K(2)) == ADD(SCALE(x, 2), K(1)));
    CI_CHECK(FDIV(y, K(8)) == K(0));
    CI_CHECK(MOD(y, K(8)) == y);
    CI_CHECK(FDIV(FDIV(x, K(2)), K(3)) == FDIV(x, K(6)));
    CI_CHECK(MOD(SCALE(x, 4), K(8)) == SCALE(MOD(x, K(2)), 4));
    CI_CHECK(FDIV(ADD(SCALE(x, 8), y), K(8)) == x);   /* the remainder folds away */
    CI_CHECK(FDIV(x, K(1)) == x);
    ix_teardown();
}

static int64_t floordiv_(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* a flat index of merged dims taken apart again: (70 x0 + x1) // 2590 is x0 // 37 and
   (70 x0 + x1) % 2590 is 70 (x0 % 37) + x1 where x1 < 70 (a view of [3, 37, 70] as [111, 70]),
   so the view's index folds back into 70 x0 + x1; not where x1 reaches 70. Every form is
   checked against floor division at every point. */
CI_TEST(test_split_merged_dims) {
    ci__ix *x0, *x1, *x2, *x3, *f, *g, *h, *e[8];
    int64_t vals[64] = {0}, a, b;
    int i;
    ix_setup();
    x0 = VAR(111); x1 = VAR(70); x2 = VAR(71); x3 = VAR(67);
    f = ADD(SCALE(x0, 70), x1);
    g = ADD(SCALE(x0, 70), x2);
    h = ADD(ADD(SCALE(x0, 70), x3), K(3));
    e[0] = FDIV(f, K(2590));
    e[1] = MOD(f, K(2590));
    e[2] = ADD(ADD(SCALE(FDIV(f, K(2590)), 2590), SCALE(MOD(FDIV(f, K(70)), K(37)), 70)),
               MOD(f, K(70)));
    e[3] = FDIV(g, K(2590));
    e[4] = MOD(g, K(2590));
    e[5] = FDIV(h, K(2590));
    e[6] = MOD(h, K(2590));
    e[7] = FDIV(ADD(SCALE(x0, -70), x1), K(2590));   /* negative: floor division still */
    CI_CHECK(e[0] == FDIV(x0, K(37)));
    CI_CHECK(e[1] == ADD(SCALE(MOD(x0, K(37)), 70), x1));
    CI_CHECK(e[2] == f);
    CI_CHECK(e[3] != FDIV(x0, K(37)));   /* x2 reaches 70 */
    CI_CHECK(e[5] == FDIV(x0, K(37)));   /* x3 + 3 stays below 70 */
    CI_CHECK(e[6] == ADD(ADD(SCALE(MOD(x0, K(37)), 70), x3), K(3)));
    for (a = 0; a < 111; a++)
        for (b = 0; b < 71; b++) {
            const int64_t fv = 70 * a + b, hv = 70 * a + (b < 67 ? b : 66) + 3, nv = -70 * a + b;
            const int64_t want[8] = {floordiv_(fv, 2590), fv - 2590 * floordiv_(fv, 2590), fv,
                                     floordiv_(fv, 2590), fv - 2590 * floordiv_(fv, 2590),
                                     floordiv_(hv, 2590), hv - 2590 * floordiv_(hv, 2590),
                                     floordiv_(nv, 2590)};
            vals[x0->var] = a;
            vals[x1->var] = b < 70 ? b : 69;
            vals[x2->var] = b;
            vals[x3->var] = b < 67 ? b : 66;
            for (i = 0; i < 8; i++) {
                int64_t w = want[i];
                if (b == 70 && i != 3 && i != 4) continue;   /* (x1's range ends at 69) */
                if (i == 7) w = floordiv_(-70 * a + vals[x1->var], 2590);
                CI_CHECK_MSG(ci__ix_eval(e[i], vals) == w, "form %d at (%lld, %lld): %s gives %lld, "
                             "want %lld", i, (long long)a, (long long)b, print(e[i]),
                             (long long)ci__ix_eval(e[i], vals), (long long)w);
            }
        }
    ix_teardown();
}

CI_TEST(test_printer) {
    ci__ix *a, *b;
    ix_setup();
    a = VAR(4); b = VAR(6);
    CI_CHECK_STR_EQ(print(ADD(SCALE(a, 6), b)), "(6LL*a + b)");
    CI_CHECK_STR_EQ(print(ADD(SCALE(a, -1), K(3))), "(-a + 3LL)");
    CI_CHECK_STR_EQ(print(FDIV(b, K(4))), "(b / 4LL)");
    /* a range reaching below zero needs the floor-division helper */
    CI_CHECK_STR_EQ(print(FDIV(ADD(SCALE(b, -1), K(2)), K(4))), "ci_floordiv_i64((-b + 2LL), 4LL)");
    /* a constant offset moves out of the division when that keeps it non-negative */
    CI_CHECK_STR_EQ(print(FDIV(ADD(b, K(-3)), K(2))), "(((b + 1LL) / 2LL) - 2LL)");
    ix_teardown();
}

CI_TEST(test_substitution) {
    ci__ix *a, *b, *c, *e, *to[2], *from[2];
    ci__ix_smap s;
    int64_t vals[8];
    ix_setup();
    a = VAR(4); b = VAR(6); c = VAR(24);
    e = ADD(SCALE(a, 6), b);
    from[0] = a; from[1] = b;
    to[0] = FDIV(c, K(6)); to[1] = MOD(c, K(6));
    memset(&s, 0, sizeof s);
    s.A = T_A;
    ci__ix_smap_set(&s, a->var, to[0]);
    ci__ix_smap_set(&s, b->var, to[1]);
    (void)from;
    /* 6*(c//6) + c%6 evaluates to c everywhere */
    {
        ci__ix *r = ci__ix_subst(T_A, &T_T, e, &s);
        int64_t v;
        for (v = 0; v < 24; v++) {
            vals[c->var] = v;
            CI_CHECK_EQ_INT(ci__ix_eval(r, vals), v);
        }
    }
    ix_teardown();
}

/* random expressions: the simplified form must evaluate like the naive Python semantics */
typedef struct node { int op; int64_t k; int a, b; } node;
static int64_t naive(const node *ns, int i, const int64_t *vals) {
    const node *n = &ns[i];
    int64_t x, y;
    switch (n->op) {
    case 0: return n->k;
    case 1: return vals[n->k];
    case 2: return naive(ns, n->a, vals) + naive(ns, n->b, vals);
    case 3: return naive(ns, n->a, vals) * n->k;
    case 4: return ci__util_floordiv(naive(ns, n->a, vals), n->k);
    case 5: return ci__util_pymod(naive(ns, n->a, vals), n->k);
    case 6: x = naive(ns, n->a, vals); y = naive(ns, n->b, vals); return x < y ? x : y;
    default: x = naive(ns, n->a, vals); y = naive(ns, n->b, vals); return x > y ? x : y;
    }
}
CI_TEST(test_random_expressions_match_naive_eval) {
    ci_test_rng r = ci_test_rng_make(12345);
    int trial;
    ix_setup();
    for (trial = 0; trial < 300; trial++) {
        node ns[24];
        ci__ix *built[24], *vars[3];
        int64_t sizes[3], vals[64];
        int n = 0, i;
        int64_t p;
        for (i = 0; i < 3; i++) { sizes[i] = ci_test_rng_int(&r, 1, 9); vars[i] = VAR(sizes[i]); }
        for (i = 0; i < 3; i++) { ns[n].op = 1; ns[n].k = vars[i]->var; built[n] = vars[i]; n++; }
        ns[n].op = 0; ns[n].k = ci_test_rng_int(&r, -5, 5); built[n] = K(ns[n].k); n++;
        while (n < 24) {
            int op = (int)ci_test_rng_int(&r, 2, 7), a = (int)ci_test_rng_int(&r, 0, n - 1), b = (int)ci_test_rng_int(&r, 0, n - 1);
            node *nd = &ns[n];
            nd->op = op; nd->a = a; nd->b = b;
            switch (op) {
            case 2: built[n] = ADD(built[a], built[b]); break;
            case 3: nd->k = ci_test_rng_int(&r, -4, 6); built[n] = SCALE(built[a], nd->k); break;
            case 4: nd->k = ci_test_rng_int(&r, 1, 12); built[n] = FDIV(built[a], K(nd->k)); break;
            case 5: nd->k = ci_test_rng_int(&r, 1, 12); built[n] = MOD(built[a], K(nd->k)); break;
            case 6: built[n] = ci__ix_min(T_A, &T_T, built[a], built[b]); break;
            default: built[n] = ci__ix_max(T_A, &T_T, built[a], built[b]); break;
            }
            n++;
        }
        for (p = 0; p < sizes[0] * sizes[1] * sizes[2]; p++) {
            int64_t want, got;
            vals[vars[0]->var] = p % sizes[0];
            vals[vars[1]->var] = (p / sizes[0]) % sizes[1];
            vals[vars[2]->var] = p / (sizes[0] * sizes[1]);
            for (i = 4; i < n; i++) {
                want = naive(ns, i, vals);
                got = ci__ix_eval(built[i], vals);
                CI_CHECK_MSG(want == got, "trial %d node %d op %d: simplified %s gives %lld, want %lld", trial, i, ns[i].op,
                             print(built[i]), (long long)got, (long long)want);
                CI_CHECK_MSG(got >= built[i]->lo && got <= built[i]->hi, "trial %d node %d: %lld outside range [%lld, %lld]",
                             trial, i, (long long)got, (long long)built[i]->lo, (long long)built[i]->hi);
            }
        }
        T_T.nvars = 0;  /* reuse variable numbers; vals has room for 64 */
        if (T_T.n > 100000) { ix_teardown(); ix_setup(); }
    }
    ix_teardown();
}

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    CI_RUN(test_constant_folding);
    CI_RUN(test_hash_consing_and_normal_form);
    CI_RUN(test_ranges);
    CI_RUN(test_reshape_roundtrip);
    CI_RUN(test_divmod_recombines);
    CI_RUN(test_floordiv_rules);
    CI_RUN(test_split_merged_dims);
    CI_RUN(test_printer);
    CI_RUN(test_substitution);
    CI_RUN(test_random_expressions_match_naive_eval);
    return ci_test_done();
}
