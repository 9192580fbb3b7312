/* cinductor - the command-line tool: run, emit, explain and bench .cig graphs.

   The contract (commands, options, exit codes, the JSON of bench) is the CIG contract (docs/cig.md and docs/cli.md expand it); keep the usage
   text below in step with it. The tool only uses the public API plus the .cig and .npy helpers
   (ci_cig_parse_ex, ci_npy_read_ex, ci_npy_write), so it doubles as an example of the API; the
   one exception is the header's f16/bf16 conversions (ci__cemit_f2h, ci__cemit_f2bf,
   ci__cemit_bf2f), so that a .npy file rounds exactly as the kernels do.

   Exit status: 0 success; 1 a runtime or compile error; 2 bad usage or a bad file. */
/* clock_gettime and mkdir are POSIX, hidden by -std=c99: ask for them before any include */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#define CINDUCTOR_IMPLEMENTATION
#include "../cinductor.h"

#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <math.h>
#include <time.h>
#include <sys/types.h>
#include <sys/stat.h>
#if defined(_WIN32)
#  include <direct.h>
#  define TOOL_MKDIR(p) _mkdir(p)
#  define TOOL_SETENV(k, v) _putenv_s(k, v)
#else
#  define TOOL_MKDIR(p) mkdir(p, 0777)
#  define TOOL_SETENV(k, v) setenv(k, v, 1)
#endif

#define TOOL_EXIT_OK 0
#define TOOL_EXIT_RUNTIME 1
#define TOOL_EXIT_USAGE 2

static const char tool_usage[] =
    "usage:\n"
    "  cinductor run FILE.cig --in NAME=PATH.npy ... --out DIR [--device cpu|cuda]\n"
    "                [--backend tcc|cc|interp|interp-ref] [--threads N]\n"
    "  cinductor emit FILE.cig [--device cpu|cuda] [--backend tcc|cc|interp|interp-ref]\n"
    "  cinductor explain FILE.cig [--device cpu|cuda] [--backend tcc|cc|interp|interp-ref]\n"
    "  cinductor bench FILE.cig [--device cpu|cuda] [--backend tcc|cc|interp|interp-ref] [--threads N]\n"
    "                [--reps N] [--seed N] [--json]\n"
    "  every command also takes --max-read BYTES (default 4G): no file or stream\n"
    "  (FILE.cig, --in files, load() targets) is read past it; and --no-fold: values\n"
    "  computed from constants alone are computed at each run, not once when compiling;\n"
    "  and --tf32 (--device cuda): f32 matrix products on the tensor cores as TF32\n"
    "\n"
    "run      reads each input from a .npy file, runs the graph and writes output i to\n"
    "         DIR/out<i>.npy (DIR is created if needed). bf16 tensors are read from and\n"
    "         written to float32 .npy files (NumPy has no bfloat16).\n"
    "emit     prints the generated C source.\n"
    "explain  prints every stage: graph, IR, kernels, source.\n"
    "bench    runs on seeded random inputs (floats: normal; integers: [0, 10); bool: 0/1),\n"
    "         3 warm-up runs and --reps timed runs (default 20); --json prints one JSON object.\n"
    "         --device cuda times the GPU's kernels (CUDA events; 256 MB written before each\n"
    "         run, as PyTorch's benchmarks flush L2: CINDUCTOR_CUDA_FLUSH), the inputs taking\n"
    "         turns over copies larger than the L2 cache; then the wall clock of runs without.\n"
    "\n"
    "exit status: 0 success, 1 runtime or compile error, 2 bad usage or bad file\n";

typedef struct tool_in_arg { const char *name, *path; int used; } tool_in_arg;

/* one graph input, as the .cig declares it */
typedef struct tool_input {
    char *name;
    ci_dtype dtype;
    int ndim;
    int64_t shape[CI_MAX_DIMS];
    void *data;       /* from ci_npy_read (run) or malloc (bench) */
    size_t nbytes;
} tool_input;

typedef struct tool {
    const char *cmd, *file, *out_dir;
    tool_in_arg *ins;
    int nins;
    ci_device device;
    ci_backend backend;
    int threads, reps, json, reference, no_fold, tf32;
    uint64_t seed, max_read;
    char seen[16][32];      /* options given so far: each at most once, but --in */
    int nseen;
    /* state */
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *prog;
    tool_input *inputs;
    int ninputs, inputs_cap, oom;
    void **outs;
    int nouts;
} tool;

static int tool_error(int code, const char *fmt, ...) {
    va_list ap;
    fputs("cinductor: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}

static int tool_usage_error(const char *fmt, const char *arg) {
    fputs("cinductor: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n", stderr);
    fputs(tool_usage, stderr);
    return TOOL_EXIT_USAGE;
}

static double tool_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int tool_parse_int(const char *s, int lo, int *out) {
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > 1 << 24) return 0;
    *out = (int)v;
    return 1;
}

static size_t tool_numel(int ndim, const int64_t *shape) {
    size_t n = 1;
    int i;
    for (i = 0; i < ndim; i++) n *= (size_t)shape[i];
    return n;
}

static void tool_shape_str(char *buf, size_t cap, ci_dtype dt, int ndim, const int64_t *shape) {
    size_t n = (size_t)snprintf(buf, cap, "%s[", ci_dtype_name(dt));
    int i;
    for (i = 0; i < ndim && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, i ? ", %lld" : "%lld", (long long)shape[i]);
    if (n < cap) snprintf(buf + n, cap - n, "]");
}

/* ---- setup shared by all commands ---- */
static void tool_on_input(void *user, int index, const char *name, ci_dtype dt, int ndim,
                          const int64_t *shape) {
    tool *T = (tool *)user;
    tool_input *in;
    (void)index;
    if (T->oom) return;
    if (T->ninputs == T->inputs_cap) {
        int cap = T->inputs_cap ? T->inputs_cap * 2 : 8;
        tool_input *n = (tool_input *)realloc(T->inputs, (size_t)cap * sizeof *n);
        if (!n) { T->oom = 1; return; }
        T->inputs = n;
        T->inputs_cap = cap;
    }
    in = &T->inputs[T->ninputs];
    memset(in, 0, sizeof *in);
    in->name = (char *)malloc(strlen(name) + 1);
    if (!in->name) { T->oom = 1; return; }
    strcpy(in->name, name);
    in->dtype = dt;
    in->ndim = ndim;
    memcpy(in->shape, shape, (size_t)ndim * sizeof *shape);
    T->ninputs++;
}

static void tool_log_stdout(ci_log_level level, const char *msg, void *user) {
    size_t n = strlen(msg);
    (void)level;
    (void)user;
    fwrite(msg, 1, n, stdout);
    if (!n || msg[n - 1] != '\n') fputc('\n', stdout);
}

/* BYTES, or BYTES with a suffix K, M or G (powers of 1024); at least 1 */
static int tool_parse_bytes(const char *s, uint64_t *out) {
    uint64_t v = 0, mul = 1;
    const char *p = s;
    if (*p < '0' || *p > '9') return 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (UINT64_MAX - 9) / 10) return 0;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (*p == 'K' || *p == 'k') mul = 1024;
    else if (*p == 'M' || *p == 'm') mul = 1024 * 1024;
    else if (*p == 'G' || *p == 'g') mul = 1024 * 1024 * 1024;
    else if (*p) return 0;
    if (*p && p[1]) return 0;
    if (v == 0 || v > UINT64_MAX / mul) return 0;
    *out = v * mul;
    return 1;
}

/* reads and parses T->file; exit code */
static int tool_load_graph(tool *T, unsigned debug) {
    ci_ctx_desc cd;
    FILE *f;
    char *text = NULL, *dir;
    size_t len = 0, cap = 0, got, dlen = 0, i;
    uint64_t limit = T->max_read ? T->max_read : CI_DEFAULT_MAX_READ;
    static char err[2048];
    ci_result r;
    memset(&cd, 0, sizeof cd);
    cd.num_threads = T->threads;
    cd.max_read = T->max_read;
    cd.debug = debug;
    if (debug) cd.log = tool_log_stdout;
    if (ci_ctx_create(&cd, &T->ctx) != CI_OK)
        return tool_error(TOOL_EXIT_RUNTIME, "cannot create a context");
    T->g = ci_graph_create(T->ctx);
    if (!T->g) return tool_error(TOOL_EXIT_RUNTIME, "out of memory");
    f = fopen(T->file, "rb");
    if (!f) return tool_error(TOOL_EXIT_USAGE, "%s: cannot open: %s", T->file, strerror(errno));
    /* at most limit + 1 bytes: one past the limit says the file is too large; a NUL byte ends
       the read early (the parser refuses it wherever it is: /dev/zero stops at once) */
    for (;;) {
        size_t want;
        if (len == cap) {
            char *n;
            if (cap > SIZE_MAX / 2) n = NULL;
            else n = (char *)realloc(text, cap ? cap * 2 : 65536);
            if (!n) {
                free(text);
                fclose(f);
                return tool_error(TOOL_EXIT_RUNTIME, "out of memory");
            }
            text = n;
            cap = cap ? cap * 2 : 65536;
        }
        want = cap - len;
        if ((uint64_t)want > limit + 1 - len) want = (size_t)(limit + 1 - len);
        got = fread(text + len, 1, want, f);
        len += got;
        if (len > limit) {
            free(text);
            fclose(f);
            return tool_error(TOOL_EXIT_USAGE, "%s: larger than the read limit of %llu bytes "
                              "(--max-read)", T->file, (unsigned long long)limit);
        }
        if (got < want || memchr(text + len - got, 0, got)) break;
    }
    if (ferror(f)) {
        fclose(f);
        free(text);
        return tool_error(TOOL_EXIT_USAGE, "%s: read error", T->file);
    }
    fclose(f);
    for (i = 0; T->file[i]; i++) if (T->file[i] == '/') dlen = i + 1;
    dir = (char *)malloc(dlen + 2);
    if (!dir) { free(text); return tool_error(TOOL_EXIT_RUNTIME, "out of memory"); }
    if (dlen) { memcpy(dir, T->file, dlen); dir[dlen] = 0; }
    else strcpy(dir, ".");
    r = ci_cig_parse_ex(T->g, text, len, T->file, dir, tool_on_input, T, err, sizeof err);
    free(dir);
    free(text);
    if (T->oom) return tool_error(TOOL_EXIT_RUNTIME, "out of memory");
    if (r != CI_OK) {
        fprintf(stderr, "%s\n", err);
        return r == CI_ERR_OUT_OF_MEMORY ? TOOL_EXIT_RUNTIME : TOOL_EXIT_USAGE;
    }
    return TOOL_EXIT_OK;
}

/* compiles T->g; *ms gets the time spent in ci_compile; exit code */
static int tool_compile(tool *T, double *ms) {
    ci_compile_desc pd;
    ci_result r;
    double t0;
    memset(&pd, 0, sizeof pd);
    pd.device = T->device;
    pd.backend = T->backend;
    pd.reference = T->reference;
    pd.no_fold = T->no_fold;
    pd.tf32 = T->tf32;
    pd.num_threads = T->threads;
    t0 = tool_now_ms();
    r = ci_compile(T->g, &pd, &T->prog);
    if (ms) *ms = tool_now_ms() - t0;
    if (r != CI_OK) {
        const char *m = ci_ctx_last_error(T->ctx);
        T->prog = NULL;
        return tool_error(TOOL_EXIT_RUNTIME, "%s: %s", T->file,
                          m && m[0] ? m : ci_result_string(r));
    }
    return TOOL_EXIT_OK;
}

/* output buffers, shaped by the program */
static int tool_alloc_outputs(tool *T) {
    int i;
    T->nouts = ci_program_num_outputs(T->prog);
    T->outs = (void **)calloc((size_t)(T->nouts ? T->nouts : 1), sizeof(void *));
    if (!T->outs) return tool_error(TOOL_EXIT_RUNTIME, "out of memory");
    for (i = 0; i < T->nouts; i++) {
        int64_t shape[CI_MAX_DIMS];
        int nd = ci_program_output_shape(T->prog, i, shape);
        size_t nb = tool_numel(nd, shape) * ci_dtype_size(ci_program_output_dtype(T->prog, i));
        T->outs[i] = calloc(nb ? nb : 1, 1);
        if (!T->outs[i]) return tool_error(TOOL_EXIT_RUNTIME, "out of memory for output %d", i);
    }
    return TOOL_EXIT_OK;
}

static int tool_run_program(tool *T) {
    const void **in = (const void **)calloc((size_t)(T->ninputs ? T->ninputs : 1), sizeof(void *));
    ci_result r;
    int i;
    if (!in) return tool_error(TOOL_EXIT_RUNTIME, "out of memory");
    for (i = 0; i < T->ninputs; i++) in[i] = T->inputs[i].data;
    r = ci_program_run(T->prog, T->ninputs, in, T->nouts, T->outs);
    free((void *)in);
    if (r != CI_OK) {
        const char *m = ci_ctx_last_error(T->ctx);
        return tool_error(TOOL_EXIT_RUNTIME, "run failed: %s", m && m[0] ? m : ci_result_string(r));
    }
    return TOOL_EXIT_OK;
}

/* mkdir -p */
static int tool_mkdirs(const char *dir) {
    char *p = (char *)malloc(strlen(dir) + 1), *s;
    struct stat st;
    int ok = 1;
    if (!p) return 0;
    strcpy(p, dir);
    for (s = p + 1; ok; s++) {
        if (*s == '/' || *s == 0) {
            char c = *s;
            *s = 0;
            if (TOOL_MKDIR(p) != 0 && errno != EEXIST) ok = 0;
            *s = c;
            if (!c) break;
        }
    }
    free(p);
    return ok && stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
}

/* ---- commands ---- */
static int tool_cmd_run(tool *T) {
    static char err[1024];
    int i, j, rc;
    if ((rc = tool_load_graph(T, 0)) != 0) return rc;
    for (j = 0; j < T->nins; j++) {
        for (i = 0; i < T->ninputs; i++) if (!strcmp(T->inputs[i].name, T->ins[j].name)) break;
        if (i == T->ninputs) {
            fprintf(stderr, "cinductor: error: --in %s: the graph has no input '%s' (inputs:",
                    T->ins[j].name, T->ins[j].name);
            for (i = 0; i < T->ninputs; i++) fprintf(stderr, " %s", T->inputs[i].name);
            fprintf(stderr, ")\n");
            return TOOL_EXIT_USAGE;
        }
        for (i = 0; i < j; i++)
            if (!strcmp(T->ins[i].name, T->ins[j].name))
                return tool_error(TOOL_EXIT_USAGE, "--in %s given twice", T->ins[j].name);
    }
    for (i = 0; i < T->ninputs; i++) {
        tool_input *in = &T->inputs[i];
        ci_dtype dt;
        int nd, k, same;
        int64_t shape[CI_MAX_DIMS];
        char want[256], got[256];
        for (j = 0; j < T->nins; j++) if (!strcmp(T->ins[j].name, in->name)) break;
        if (j == T->nins)
            return tool_error(TOOL_EXIT_USAGE, "input '%s' needs --in %s=FILE.npy", in->name,
                              in->name);
        if (ci_npy_read_ex(T->ins[j].path, T->max_read, &dt, &nd, shape, &in->data, &in->nbytes,
                           err, sizeof err) != CI_OK)
            return tool_error(TOOL_EXIT_USAGE, "%s", err);
        same = nd == in->ndim;
        for (k = 0; same && k < nd; k++) same = shape[k] == in->shape[k];
        if (in->dtype == CI_BF16 && dt == CI_F32 && same) {   /* NumPy has no bfloat16 */
            size_t n = in->nbytes / 4, e;
            for (e = 0; e < n; e++) {
                float f;
                uint16_t h;
                memcpy(&f, (char *)in->data + 4 * e, 4);
                h = ci__cemit_f2bf(f);
                memcpy((char *)in->data + 2 * e, &h, 2);
            }
            in->nbytes = n * 2;
            dt = CI_BF16;
        }
        if (dt != in->dtype || !same) {
            tool_shape_str(want, sizeof want, in->dtype, in->ndim, in->shape);
            tool_shape_str(got, sizeof got, dt, nd, shape);
            return tool_error(TOOL_EXIT_USAGE, "%s holds %s, input '%s' is %s", T->ins[j].path,
                              got, in->name, want);
        }
    }
    if (!tool_mkdirs(T->out_dir))
        return tool_error(TOOL_EXIT_USAGE, "--out %s: cannot create the directory: %s",
                          T->out_dir, strerror(errno));
    if ((rc = tool_compile(T, NULL)) != 0) return rc;
    if ((rc = tool_alloc_outputs(T)) != 0) return rc;
    if ((rc = tool_run_program(T)) != 0) return rc;
    for (i = 0; i < T->nouts; i++) {
        char *path = (char *)malloc(strlen(T->out_dir) + 32);
        int64_t shape[CI_MAX_DIMS];
        /* the size it has after this run: nonzero / masked_select fill only part of their buffer */
        int nd = ci_program_output_shape_after_run(T->prog, i, shape);
        ci_dtype dt = ci_program_output_dtype(T->prog, i);
        void *data = T->outs[i];
        ci_result r;
        if (!path) return tool_error(TOOL_EXIT_RUNTIME, "out of memory");
        sprintf(path, "%s/out%d.npy", T->out_dir, i);
        if (dt == CI_BF16) {   /* written as float32: NumPy has no bfloat16 */
            size_t n = tool_numel(nd, shape), e;
            float *f = (float *)malloc(n ? n * 4 : 1);
            if (!f) { free(path); return tool_error(TOOL_EXIT_RUNTIME, "out of memory"); }
            for (e = 0; e < n; e++) f[e] = ci__cemit_bf2f(((const uint16_t *)data)[e]);
            r = ci_npy_write(path, CI_F32, nd, shape, f, err, sizeof err);
            free(f);
        } else {
            r = ci_npy_write(path, dt, nd, shape, data, err, sizeof err);
        }
        free(path);
        if (r != CI_OK) return tool_error(TOOL_EXIT_RUNTIME, "%s", err);
    }
    return TOOL_EXIT_OK;
}

static int tool_cmd_emit(tool *T) {
    int rc;
    const char *src;
    if ((rc = tool_load_graph(T, 0)) != 0) return rc;
    if ((rc = tool_compile(T, NULL)) != 0) return rc;
    src = ci_program_source(T->prog);
    if (!src || !src[0])
        return tool_error(TOOL_EXIT_RUNTIME, "no generated source: the program runs on the "
                          "interpreter");
    fputs(src, stdout);
    if (src[strlen(src) - 1] != '\n') fputc('\n', stdout);
    return TOOL_EXIT_OK;
}

static int tool_cmd_explain(tool *T) {
    int rc;
    if ((rc = tool_load_graph(T, CI_DEBUG_ALL)) != 0) return rc;
    if ((rc = tool_compile(T, NULL)) != 0) return rc;
    printf("# %s: %d input(s), %d output(s), %d kernel(s), arena %lu bytes\n", T->file,
           ci_program_num_inputs(T->prog), ci_program_num_outputs(T->prog),
           ci_program_num_kernels(T->prog), (unsigned long)ci_program_arena_size(T->prog));
    return TOOL_EXIT_OK;
}

/* xorshift64* and Box-Muller: the same inputs for the same seed on every machine */
static uint64_t tool_rand(uint64_t *s) {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static double tool_uniform(uint64_t *s) {   /* (0, 1] */
    return ((double)(tool_rand(s) >> 11) + 1.0) * (1.0 / 9007199254740992.0);
}

static void tool_fill_random(tool_input *in, uint64_t *s) {
    size_t n = tool_numel(in->ndim, in->shape), i;
    unsigned char *p = (unsigned char *)in->data;
    for (i = 0; i < n; i++) {
        int64_t k = (int64_t)(tool_rand(s) % 10);
        switch (in->dtype) {
        case CI_BOOL: p[i] = (unsigned char)(tool_rand(s) >> 63); break;
        case CI_U8: p[i] = (unsigned char)k; break;
        case CI_I8: { int8_t v = (int8_t)k; memcpy(p + i, &v, 1); break; }
        case CI_I16: { int16_t v = (int16_t)k; memcpy(p + 2 * i, &v, 2); break; }
        case CI_I32: { int32_t v = (int32_t)k; memcpy(p + 4 * i, &v, 4); break; }
        case CI_I64: memcpy(p + 8 * i, &k, 8); break;
        default: {
            double u1 = tool_uniform(s), u2 = tool_uniform(s);
            double z = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
            float f = (float)z;
            uint16_t h;
            if (in->dtype == CI_F64) memcpy(p + 8 * i, &z, 8);
            else if (in->dtype == CI_F32) memcpy(p + 4 * i, &f, 4);
            else {
                h = in->dtype == CI_F16 ? ci__cemit_f2h(f) : ci__cemit_f2bf(f);
                memcpy(p + 2 * i, &h, 2);
            }
            break;
        }
        }
    }
}

static int tool_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* v sorted in place; its median */
static double tool_median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, tool_cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void tool_json_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

/* a CUDA program runs on device copies of the inputs and outputs, made once; the time of a
   run is the GPU's for its kernels (ci_program_last_run_ms, CUDA events), not the copies.
   The runs take turns over several copies of the inputs, together larger than the GPU's L2
   cache (TOOL_COLD_BYTES), so each reads them from memory as a first call would. */
#define TOOL_COLD_BYTES (256ull << 20)
#define TOOL_COLD_SETS 16
static int tool_run_device(tool *T, void **din, void **dout) {
    ci_result r = ci_program_run_device(T->prog, T->ninputs, (const void *const *)din, T->nouts,
                                        dout, NULL);
    if (r != CI_OK) {
        const char *m = ci_ctx_last_error(T->ctx);
        return tool_error(TOOL_EXIT_RUNTIME, "run failed: %s", m && m[0] ? m : ci_result_string(r));
    }
    return TOOL_EXIT_OK;
}

static int tool_cmd_bench(tool *T) {
    int i, rc, cuda, sets = 1, flush, pass;
    void **dev = NULL;
    double compile_ms = 0, *times, *walls, median, best, wall = 0;
    uint64_t s = T->seed ? T->seed : 0x9E3779B97F4A7C15ull;
    uint64_t bytes = 0;
    const char *base, *backend;
    char name[256];
    size_t n;
    if ((rc = tool_load_graph(T, 0)) != 0) return rc;
    for (i = 0; i < T->ninputs; i++) {
        tool_input *in = &T->inputs[i];
        in->nbytes = tool_numel(in->ndim, in->shape) * ci_dtype_size(in->dtype);
        in->data = malloc(in->nbytes ? in->nbytes : 1);
        if (!in->data)
            return tool_error(TOOL_EXIT_RUNTIME, "out of memory for input '%s'", in->name);
        tool_fill_random(in, &s);
        bytes += in->nbytes;
    }
    if ((rc = tool_compile(T, &compile_ms)) != 0) return rc;
    if ((rc = tool_alloc_outputs(T)) != 0) return rc;
    for (i = 0; i < T->nouts; i++) {
        int64_t shape[CI_MAX_DIMS];
        int nd = ci_program_output_shape(T->prog, i, shape);
        bytes += tool_numel(nd, shape) * ci_dtype_size(ci_program_output_dtype(T->prog, i));
    }
    cuda = !strcmp(ci_program_backend(T->prog), "nvrtc");
    if (cuda) {   /* device buffers: the outputs, then each set of inputs (copied once) */
        uint64_t in_bytes = 0;
        for (i = 0; i < T->ninputs; i++) in_bytes += T->inputs[i].nbytes;
        while (sets < TOOL_COLD_SETS && (uint64_t)sets * in_bytes < TOOL_COLD_BYTES) sets++;
        dev = (void **)calloc((size_t)(T->ninputs * sets + T->nouts + 1), sizeof *dev);
        if (!dev) return tool_error(TOOL_EXIT_RUNTIME, "out of memory");
        for (i = 0; i < T->ninputs * sets + T->nouts; i++) {
            size_t nb = i < T->nouts ? 0 : T->inputs[(i - T->nouts) % T->ninputs].nbytes;
            if (i < T->nouts) {
                int64_t shape[CI_MAX_DIMS];
                int nd = ci_program_output_shape(T->prog, i, shape);
                nb = tool_numel(nd, shape) * ci_dtype_size(ci_program_output_dtype(T->prog, i));
            }
            if (ci_cuda_alloc(T->ctx, 0, nb, &dev[i]) != CI_OK ||
                (i >= T->nouts &&
                 ci_cuda_copy_to_device(T->ctx, 0, dev[i],
                                        T->inputs[(i - T->nouts) % T->ninputs].data,
                                        nb) != CI_OK))
                return tool_error(TOOL_EXIT_RUNTIME, "%s", ci_ctx_last_error(T->ctx));
        }
    }
    for (i = 0; i < 3; i++)
        if ((rc = cuda ? tool_run_device(T, dev + T->nouts + T->ninputs * (i % sets), dev)
                       : tool_run_program(T)) != 0)
            return rc;
    times = (double *)malloc((size_t)T->reps * sizeof *times);
    walls = (double *)malloc((size_t)T->reps * sizeof *walls);
    if (!times || !walls) {
        free(times);
        free(walls);
        return tool_error(TOOL_EXIT_RUNTIME, "out of memory");
    }
    /* the GPU: its times with L2 flushed before each run, as PyTorch's benchmarks time (the
       GPU busy as the run starts, so no launch latency in them: CINDUCTOR_CUDA_FLUSH, unless
       the caller set it), then the wall clock of runs without the flush (with the caller's) */
    flush = cuda && !getenv("CINDUCTOR_CUDA_FLUSH");
    if (flush) TOOL_SETENV("CINDUCTOR_CUDA_FLUSH", "256");
    for (pass = 0; pass < 1 + cuda; pass++) {
        if (pass && flush) TOOL_SETENV("CINDUCTOR_CUDA_FLUSH", "0");
        for (i = 0; i < T->reps; i++) {
            double t0 = tool_now_ms();
            rc = cuda ? tool_run_device(T, dev + T->nouts + T->ninputs * (i % sets), dev)
                      : tool_run_program(T);
            walls[i] = tool_now_ms() - t0;
            if (rc != 0) { free(times); free(walls); return rc; }
            if (!pass) times[i] = cuda ? ci_program_last_run_ms(T->prog) : walls[i];
        }
    }
    for (i = 0; cuda && i < T->ninputs * sets + T->nouts; i++)
        (void)ci_cuda_free(T->ctx, 0, dev[i]);
    free(dev);
    median = tool_median(times, T->reps);
    best = times[0];
    /* the caller's view: the wall clock around ci_program_run_device (launches, the error
       record's copy back and the wait), against the GPU's time above (text output only: the
       JSON's keys are CIG.md's contract) */
    wall = tool_median(walls, T->reps);
    free(times);
    free(walls);
    base = strrchr(T->file, '/');
    base = base ? base + 1 : T->file;
    n = strlen(base);
    if (n > 4 && !strcmp(base + n - 4, ".cig")) n -= 4;
    if (n >= sizeof name) n = sizeof name - 1;
    memcpy(name, base, n);
    name[n] = 0;
    backend = ci_program_backend(T->prog);   /* the one ci_compile chose */
    if (T->json) {
        printf("{\"graph\": ");
        tool_json_string(name);
        printf(", \"device\": \"%s\", \"backend\": \"%s\", \"threads\": %d, \"compile_ms\": %.3f, "
               "\"run_ms_median\": %.4f, \"run_ms_min\": %.4f, \"kernels\": %d, "
               "\"bytes_min\": %llu}\n", cuda ? "cuda" : "cpu", backend,
               T->threads ? T->threads : 1, compile_ms, median, best,
               ci_program_num_kernels(T->prog), (unsigned long long)bytes);
    } else {
        printf("%s: %s/%s, %d thread(s): compile %.2f ms, run median %.4f ms (min %.4f ms), "
               "%d kernel(s), %.1f MB moved, %.2f GB/s at the median\n", name, cuda ? "cuda" : "cpu", backend,
               T->threads ? T->threads : 1, compile_ms, median, best,
               ci_program_num_kernels(T->prog), (double)bytes / 1e6,
               median > 0 ? (double)bytes / (median * 1e6) : 0.0);
        if (cuda) printf("  wall clock around each run (the caller's view): median %.4f ms\n", wall);
    }
    return TOOL_EXIT_OK;
}

static void tool_free(tool *T) {
    int i;
    for (i = 0; i < T->ninputs; i++) {
        free(T->inputs[i].name);
        ci_npy_free(T->inputs[i].data);   /* malloc'ed either way */
    }
    free(T->inputs);
    for (i = 0; i < T->nouts; i++) free(T->outs[i]);
    free(T->outs);
    free(T->ins);
    if (T->prog) ci_program_destroy(T->prog);
    if (T->g) ci_graph_destroy(T->g);
    if (T->ctx) ci_ctx_destroy(T->ctx);
}

/* ---- command line ---- */
/* 0 when OPT was given before (every option but --in is given at most once, docs/cli.md) */
static int tool_once(tool *T, const char *opt) {
    int k;
    for (k = 0; k < T->nseen; k++)
        if (!strcmp(T->seen[k], opt)) return 0;
    if (T->nseen < (int)(sizeof T->seen / sizeof T->seen[0])) strcpy(T->seen[T->nseen++], opt);
    return 1;
}
static int tool_parse_args(tool *T, int argc, char **argv) {
    int i;
    T->cmd = argv[1];
    T->reps = 20;
    if (strcmp(T->cmd, "run") && strcmp(T->cmd, "emit") && strcmp(T->cmd, "explain") &&
        strcmp(T->cmd, "bench"))
        return tool_usage_error("unknown command '%s'", T->cmd);
    T->ins = (tool_in_arg *)calloc((size_t)argc, sizeof *T->ins);
    if (!T->ins) return tool_error(TOOL_EXIT_RUNTIME, "out of memory");
    for (i = 2; i < argc; i++) {
        const char *a = argv[i], *val = NULL, *eq;
        char opt[32];
        if (a[0] != '-' || a[1] != '-') {
            if (a[0] == '-' && a[1]) return tool_usage_error("unknown option '%s'", a);
            if (T->file) return tool_usage_error("more than one file ('%s')", a);
            T->file = a;
            continue;
        }
        eq = strchr(a, '=');
        if (eq && (size_t)(eq - a) < sizeof opt) {   /* --opt=value */
            memcpy(opt, a, (size_t)(eq - a));
            opt[eq - a] = 0;
            val = eq + 1;
        } else if (strlen(a) < sizeof opt) {
            strcpy(opt, a);
        } else {
            return tool_usage_error("unknown option '%s'", a);
        }
        if (!strcmp(opt, "--json")) {
            if (val) return tool_usage_error("%s takes no value", opt);
            if (!tool_once(T, opt)) return tool_usage_error("%s given more than once", opt);
            if (strcmp(T->cmd, "bench")) return tool_usage_error("%s is for bench only", opt);
            T->json = 1;
            continue;
        }
        if (!strcmp(opt, "--no-fold")) {
            if (val) return tool_usage_error("%s takes no value", opt);
            if (!tool_once(T, opt)) return tool_usage_error("%s given more than once", opt);
            T->no_fold = 1;
            continue;
        }
        if (!strcmp(opt, "--tf32")) {
            if (val) return tool_usage_error("%s takes no value", opt);
            if (!tool_once(T, opt)) return tool_usage_error("%s given more than once", opt);
            T->tf32 = 1;
            continue;
        }
        if (!strcmp(opt, "--help")) { fputs(tool_usage, stdout); exit(0); }
        if (strcmp(opt, "--in") && strcmp(opt, "--out") && strcmp(opt, "--device") &&
            strcmp(opt, "--backend") && strcmp(opt, "--threads") && strcmp(opt, "--reps") &&
            strcmp(opt, "--seed") && strcmp(opt, "--max-read"))
            return tool_usage_error("unknown option '%s'", a);
        if (strcmp(opt, "--in") && !tool_once(T, opt))
            return tool_usage_error("%s given more than once", opt);
        if (!val) {
            if (i + 1 >= argc) return tool_usage_error("%s needs a value", opt);
            val = argv[++i];
        }
        if (!strcmp(opt, "--in") || !strcmp(opt, "--out")) {
            if (strcmp(T->cmd, "run")) return tool_usage_error("%s is for run only", opt);
            if (!strcmp(opt, "--out")) {
                if (!val[0]) return tool_usage_error("%s needs a directory", opt);
                T->out_dir = val;
            } else {
                const char *e = strchr(val, '=');
                if (!e || e == val || !e[1])
                    return tool_usage_error("--in takes NAME=PATH.npy, not '%s'", val);
                T->ins[T->nins].name = val;
                T->ins[T->nins].path = e + 1;
                *(char *)e = 0;   /* cut NAME at '=' in place: argv strings are writable */
                T->nins++;
            }
        } else if (!strcmp(opt, "--device")) {
            if (!strcmp(val, "cpu")) T->device = CI_DEVICE_CPU;
            else if (!strcmp(val, "cuda")) T->device = CI_DEVICE_CUDA;
            else return tool_usage_error("--device takes cpu or cuda, not '%s'", val);
        } else if (!strcmp(opt, "--backend")) {
            if (!strcmp(val, "tcc")) T->backend = CI_BACKEND_TCC;
            else if (!strcmp(val, "cc")) T->backend = CI_BACKEND_CC;
            else if (!strcmp(val, "interp")) T->backend = CI_BACKEND_INTERP;
            else if (!strcmp(val, "interp-ref")) T->backend = CI_BACKEND_INTERP, T->reference = 1;
            else
                return tool_usage_error("--backend takes tcc, cc, interp or interp-ref, not '%s'",
                                        val);
        } else if (!strcmp(opt, "--max-read")) {
            if (!tool_parse_bytes(val, &T->max_read))
                return tool_usage_error("--max-read takes a byte count (1 or more, with an optional "
                                        "K, M or G), not '%s'", val);
        } else if (!strcmp(opt, "--threads")) {
            if (!tool_parse_int(val, 1, &T->threads))
                return tool_usage_error("--threads takes a positive integer, not '%s'", val);
        } else if (!strcmp(opt, "--reps") || !strcmp(opt, "--seed")) {
            int v;
            if (strcmp(T->cmd, "bench")) return tool_usage_error("%s is for bench only", opt);
            if (!tool_parse_int(val, !strcmp(opt, "--reps"), &v))
                return tool_usage_error("%s takes a positive integer", opt);
            if (!strcmp(opt, "--reps")) T->reps = v;
            else T->seed = (uint64_t)v;
        }
    }
    if (!T->file) return tool_usage_error("%s needs a FILE.cig", T->cmd);
    if (!strcmp(T->cmd, "run") && !T->out_dir) return tool_usage_error("%s needs --out DIR", "run");
    if (T->tf32 && T->device != CI_DEVICE_CUDA)
        return tool_usage_error("%s is for --device cuda (the CPU's f32 products are f32)",
                                "--tf32");
    return TOOL_EXIT_OK;
}

int main(int argc, char **argv) {
    tool T;
    int rc;
    if (argc < 2) {
        fputs(tool_usage, stderr);
        return TOOL_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        fputs(tool_usage, stdout);
        return TOOL_EXIT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("cinductor %s\n", CI_VERSION_STRING);
        return TOOL_EXIT_OK;
    }
    memset(&T, 0, sizeof T);
    rc = tool_parse_args(&T, argc, argv);
    if (rc == TOOL_EXIT_OK) {
        if (!strcmp(T.cmd, "run")) rc = tool_cmd_run(&T);
        else if (!strcmp(T.cmd, "emit")) rc = tool_cmd_emit(&T);
        else if (!strcmp(T.cmd, "explain")) rc = tool_cmd_explain(&T);
        else rc = tool_cmd_bench(&T);
    }
    fflush(stdout);
    tool_free(&T);
    return rc;
}
