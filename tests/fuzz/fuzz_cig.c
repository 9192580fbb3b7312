/* fuzz_cig.c - libFuzzer target for the .cig parser (make fuzz).

   Each input is parsed with ci_cig_parse into a fresh graph. Checked:
   - a failure comes with "fuzz.cig:LINE:COL: error: MESSAGE" (the contract of docs/cig.md);
   - a success prints with ci_graph_print_cig, and the print parses again and prints to the
     same text (the round trip). Graphs holding more than FUZZ_CIG_MAX_GRAPH_BYTES (big
     constants) skip the round trip: printing 256 MB of constants is slow, not wrong.
   Anything else (a crash, a sanitizer report, a leak, a timeout) is found by libFuzzer.

   load("x.npy") resolves against a scratch directory holding a.npy (f32[2]) and b.npy
   (i64[2, 3]); inputs with a load( and a '/' or ".." are skipped so that the fuzzer cannot
   make the parser read /dev/zero or any file outside it. The context registers three user
   ops as tests/test_cig.c does: myns.sum_list(tensors), myns.unbind0(self) (one result per
   row) and myns.tag(self, label) (any label).

   Known bugs (tests/test_cig.c, test_bug_*) would stop every run at once; inputs that can
   only fail the round trip through them are not held to it unless FUZZ_CIG_ALL=1 is set:
   input/const names of the form t<N>_<K> (multi-result names collide), names spelled like a
   dtype (the printer writes dtype=f32, the parser reads the tensor), and strings with
   escapes or single quotes (printed unescaped); and an error message of several lines when
   the input has a backslash (a string argument holding \n is echoed as it is). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#ifndef CINDUCTOR_NO_TCC
#define CINDUCTOR_NO_TCC /* the parsers need no compiler */
#endif
#define CINDUCTOR_IMPLEMENTATION
#include "../../cinductor.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FUZZ_CIG_MAX_GRAPH_BYTES ((size_t)64 << 20)

static ci_ctx *g_ctx;
static char g_dir[256];
static size_t g_live;     /* bytes the context's allocator holds */
static int g_all;         /* FUZZ_CIG_ALL=1: hold every input to the round trip */

static void *count_alloc(size_t n, void *user) {
    void *p = malloc(n);
    (void)user;
    if (p) g_live += n;
    return p;
}
static void count_free(void *p, size_t n, void *user) {
    (void)user;
    if (p) g_live -= n;
    free(p);
}

static int sum_list_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs,
                       void *user) {
    ci_tensor acc;
    int i;
    (void)nargs; (void)max_outs; (void)user;
    if (args[0].kind != CI_ARG_TENSORS || args[0].u.tensors.n < 1)
        return ci_lower_error(L, CI_ERR_INVALID_ARGS, "sum_list takes a non-empty tensor list");
    acc = args[0].u.tensors.v[0];
    for (i = 1; i < args[0].u.tensors.n; i++) {
        ci_arg a[2];
        a[0] = ci_arg_tensor(acc);
        a[1] = ci_arg_tensor(args[0].u.tensors.v[i]);
        acc = ci_lower_call1(L, "aten.add.Tensor", 2, a, 0, NULL);
        if (!acc.id) return 0;
    }
    outs[0] = acc;
    return 1;
}

static int unbind0_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs,
                      void *user) {
    int64_t shape[CI_MAX_DIMS], i;
    int nd;
    (void)nargs; (void)user;
    if (args[0].kind != CI_ARG_TENSOR) return ci_lower_error(L, CI_ERR_INVALID_ARGS, "unbind0: self");
    nd = ci_lower_shape(L, args[0].u.t, shape);
    if (nd < 1 || shape[0] < 1 || shape[0] > max_outs)
        return ci_lower_error(L, CI_ERR_SHAPE, "unbind0: bad shape");
    for (i = 0; i < shape[0]; i++) {
        ci_arg a[3];
        a[0] = args[0];
        a[1] = ci_arg_int(0);
        a[2] = ci_arg_int(i);
        outs[i] = ci_lower_call1(L, "aten.select.int", 3, a, 0, NULL);
        if (!outs[i].id) return 0;
    }
    return (int)shape[0];
}

static int tag_fn(ci_lower *L, const ci_arg *args, int nargs, ci_tensor *outs, int max_outs,
                  void *user) {
    (void)nargs; (void)max_outs; (void)user;
    outs[0] = ci_lower_call1(L, "aten.clone.default", 1, args, 0, NULL);
    return outs[0].id ? 1 : 0;
}

static void die(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_cig: %s\n%s\n", what, detail ? detail : "");
    abort();
}

static void cleanup(void) {
    char p[300];
    snprintf(p, sizeof p, "%s/a.npy", g_dir);
    remove(p);
    snprintf(p, sizeof p, "%s/b.npy", g_dir);
    remove(p);
    rmdir(g_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    ci_ctx_desc cd;
    ci_lowering_desc d;
    const char *tmp = getenv("TMPDIR"), *all = getenv("FUZZ_CIG_ALL");
    static const float a[2] = {0.5f, -2};
    static const int64_t b[6] = {1, 2, 3, -4, 5, 6};
    int64_t sa = 2, sb[2] = {2, 3};
    char p[300], err[256];
    (void)argc; (void)argv;
    g_all = all && !strcmp(all, "1");
    snprintf(g_dir, sizeof g_dir, "%s/fuzz_cig.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(g_dir)) die("mkdtemp failed", g_dir);
    atexit(cleanup);
    snprintf(p, sizeof p, "%s/a.npy", g_dir);
    if (ci_npy_write(p, CI_F32, 1, &sa, a, err, sizeof err) != CI_OK) die("npy", err);
    snprintf(p, sizeof p, "%s/b.npy", g_dir);
    if (ci_npy_write(p, CI_I64, 2, sb, b, err, sizeof err) != CI_OK) die("npy", err);
    memset(&cd, 0, sizeof cd);
    cd.allocator.alloc = count_alloc;
    cd.allocator.free = count_free;
    if (ci_ctx_create(&cd, &g_ctx) != CI_OK) die("ci_ctx_create failed", NULL);
    memset(&d, 0, sizeof d);
    d.name = "myns.sum_list";
    d.schema = "tensors";
    d.fn = sum_list_fn;
    if (ci_register_lowering(g_ctx, &d) != CI_OK) die("register", NULL);
    d.name = "myns.unbind0";
    d.schema = "self";
    d.fn = unbind0_fn;
    if (ci_register_lowering(g_ctx, &d) != CI_OK) die("register", NULL);
    d.name = "myns.tag";
    d.schema = "self, label";
    d.fn = tag_fn;
    if (ci_register_lowering(g_ctx, &d) != CI_OK) die("register", NULL);
    return 0;
}

static int contains(const uint8_t *d, size_t n, const char *s) {
    size_t k = strlen(s), i;
    for (i = 0; i + k <= n; i++)
        if (!memcmp(d + i, s, k)) return 1;
    return 0;
}

/* "fuzz.cig:LINE:COL: error: " and a message */
static int well_formed_error(const char *e) {
    const char *p = e;
    if (strncmp(p, "fuzz.cig:", 9)) return 0;
    p += 9;
    if (*p < '1' || *p > '9') return 0;
    while (*p >= '0' && *p <= '9') p++;
    if (*p++ != ':' || *p < '1' || *p > '9') return 0;
    while (*p >= '0' && *p <= '9') p++;
    return !strncmp(p, ": error: ", 9) && p[9] != 0;
}

/* names of `input NAME:` and `const NAME:` lines of a print that run into a known bug */
static int known_bug_names(const char *text) {
    static const char *const dts[] = {"bool", "u8", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"};
    const char *line = text;
    while (line && *line) {
        if (!strncmp(line, "input ", 6) || !strncmp(line, "const ", 6)) {
            const char *n = line + 6, *e = strchr(n, ':');
            size_t len = e ? (size_t)(e - n) : 0, i;
            if (len > 1 && n[0] == 't') {   /* t<N>_<K> */
                i = 1;
                while (i < len && n[i] >= '0' && n[i] <= '9') i++;
                if (i > 1 && i < len && n[i] == '_') {
                    size_t j = i + 1;
                    while (j < len && n[j] >= '0' && n[j] <= '9') j++;
                    if (j == len && j > i + 1) return 1;
                }
            }
            for (i = 0; i < sizeof dts / sizeof dts[0]; i++)
                if (len == strlen(dts[i]) && !memcmp(n, dts[i], len)) return 1;
        }
        line = strchr(line, '\n');
        if (line) line++;
    }
    return 0;
}

static char *print_graph(const ci_graph *g) {
    size_t n = ci_graph_print_cig(g, NULL, 0);
    char *s;
    if (!n) die("ci_graph_print_cig returned 0 for a graph that parsed", ci_graph_message(g));
    s = (char *)malloc(n + 1);
    if (!s) die("out of memory", NULL);
    if (ci_graph_print_cig(g, s, n + 1) != n) die("ci_graph_print_cig: two lengths", NULL);
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char err[4096], err2[4096];
    ci_graph *g, *g2;
    ci_result r;
    char *p1, *p2;
    if (contains(data, size, "load") && (memchr(data, '/', size) || contains(data, size, "..")))
        return 0;
    g = ci_graph_create(g_ctx);
    if (!g) die("ci_graph_create failed", NULL);
    r = ci_cig_parse(g, (const char *)data, size, "fuzz.cig", g_dir, err, sizeof err);
    if (r != CI_OK) {
        if (!well_formed_error(err)) die("an error without FILE:LINE:COL: error: MESSAGE", err);
        /* one line, unless a string argument with an escaped newline is echoed (known bug) */
        if (strchr(err, '\n') && (g_all || !memchr(data, '\\', size))) die("a message of several lines", err);
        ci_graph_destroy(g);
        return 0;
    }
    if (g_live > FUZZ_CIG_MAX_GRAPH_BYTES) {
        ci_graph_destroy(g);
        return 0;
    }
    p1 = print_graph(g);
    g2 = ci_graph_create(g_ctx);
    if (!g2) die("ci_graph_create failed", NULL);
    r = ci_cig_parse(g2, p1, strlen(p1), "fuzz.cig", g_dir, err2, sizeof err2);
    if (g_all || !(known_bug_names(p1) || memchr(data, '\\', size) || memchr(data, '\'', size))) {
        if (r != CI_OK) {
            fprintf(stderr, "the print:\n%s\n", p1);
            die("the print of a graph does not parse", err2);
        }
        p2 = print_graph(g2);
        if (strcmp(p1, p2)) {
            fprintf(stderr, "first print:\n%s\nsecond print:\n%s\n", p1, p2);
            die("print -> parse -> print changed the text", NULL);
        }
        free(p2);
    }
    free(p1);
    ci_graph_destroy(g2);
    ci_graph_destroy(g);
    return 0;
}
