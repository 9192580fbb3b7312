/* The CUDA source and NVRTC, where there is no GPU: the SUITE's graphs written as CUDA C and
   compiled to CUBIN for sm_80 and sm_90, the CUBIN cache (a hit, a corrupt file recompiled),
   NVRTC's log in the error, and a graph the GPU cannot run yet refused by name. Skips, saying
   why, where NVRTC is not installed. */
#define CINDUCTOR_IMPLEMENTATION
#include "../cinductor.h"
#include "ci_test.h"
#include "cuda_cases.h"

#include <unistd.h>

static char cache_dir[256];

static const char *rtc_why(void) {
#ifndef CINDUCTOR_NO_CUDA
    return ci__cuda_load_rtc();
#else
    return "built with CINDUCTOR_NO_CUDA";
#endif
}

#ifndef CINDUCTOR_NO_CUDA
static const char *kernel_src =
    "extern \"C\" __global__ void scale(float *y, const float *x, long long n) {\n"
    "    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) y[i] = 2.0f * x[i] + erff(x[i]);\n"
    "}\n";

CI_TEST(test_nvrtc_to_cubin_and_cache) {
    ci_ctx *ctx;
    ci__arena *A;
    ci__err E;
    ci__cuda_bin b;
    const char *why;
    char path[512];
    FILE *f;
    uint64_t key;
    if (rtc_why()) CI_SKIP(rtc_why());
    CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
    memset(&E, 0, sizeof E);
    A = ci__arena_new(ctx, &E);
    why = ci__cuda_compile_n(A, kernel_src, 80, cache_dir, 1, NULL, &b);
    CI_CHECK_MSG(!why, "%s", why);
    CI_CHECK(b.size > 4 && !memcmp(b.data, "\177ELF", 4) && !b.cached);
    why = ci__cuda_compile_n(A, kernel_src, 90, cache_dir, 1, NULL, &b);
    CI_CHECK_MSG(!why && !b.cached && !memcmp(b.data, "\177ELF", 4), "%s", why ? why : "");
    why = ci__cuda_compile_n(A, kernel_src, 90, cache_dir, 1, NULL, &b);   /* from the file */
    CI_CHECK_MSG(!why && b.cached && !memcmp(b.data, "\177ELF", 4), "%s", why ? why : "");
    why = ci__cuda_compile_n(A, kernel_src, 90, "off", 1, NULL, &b);       /* no cache */
    CI_CHECK(!why && !b.cached);
    /* a corrupt file (cut short) is not trusted: compiled again, and the file written again */
    key = ci__cuda_key(kernel_src, 90);
    snprintf(path, sizeof path, "%s/%016llx-sm90.cubin", cache_dir, (unsigned long long)key);
    f = fopen(path, "r+b");
    CI_CHECK(f != NULL);
    if (f) {
        CI_CHECK(ftruncate(fileno(f), 100) == 0);
        fclose(f);
    }
    why = ci__cuda_compile_n(A, kernel_src, 90, cache_dir, 1, NULL, &b);
    CI_CHECK(!why && !b.cached);
    why = ci__cuda_compile_n(A, kernel_src, 90, cache_dir, 1, NULL, &b);
    CI_CHECK(!why && b.cached);
    /* one byte of the image changed (the size and the ELF magic still right): the hash of the
       image catches it */
    f = fopen(path, "r+b");
    CI_CHECK(f != NULL);
    if (f) {
        int c;
        CI_CHECK(fseek(f, -9, SEEK_END) == 0);
        c = fgetc(f);
        CI_CHECK(fseek(f, -9, SEEK_END) == 0);
        fputc(c ^ 0x5a, f);
        fclose(f);
    }
    why = ci__cuda_compile_n(A, kernel_src, 90, cache_dir, 1, NULL, &b);
    CI_CHECK(!why && !b.cached && !memcmp(b.data, "\177ELF", 4));
    why = ci__cuda_compile_n(A, kernel_src, 90, cache_dir, 1, NULL, &b);
    CI_CHECK(!why && b.cached);
    /* a syntax error: NVRTC's log in the message */
    why = ci__cuda_compile_n(A, "extern \"C\" __global__ void k(float *y) { y[0] = nope; }\n",
                             90, "off", 1, NULL, &b);
    CI_CHECK(why != NULL);
    CI_CHECK_CONTAINS(why, "NVRTC (sm_90)");
    CI_CHECK_CONTAINS(why, "nope");
    ci__arena_destroy(A);
    ci_ctx_destroy(ctx);
}
#endif

/* every SUITE graph's CUDA source compiles (CINDUCTOR_CHECK_CUDA in this process) */
CI_TEST(test_suite_cuda_source_compiles) {
    static const char *names[] = {"pointwise_gelu_bias", "softmax_lastdim", "layernorm", "rowsum",
                                  "colsum", "transpose_add", "silu_mul_rmsnorm", "blur3x3_tonemap",
                                  "mlp_b64", "attention_small"};
    int i;
    if (rtc_why()) CI_SKIP(rtc_why());
    setenv("CINDUCTOR_CHECK_CUDA", "90", 1);
    for (i = 0; i < (int)(sizeof names / sizeof names[0]); i++) {
        char path[256], err[512];
        ci_ctx *ctx;
        ci_graph *g;
        ci_program *p = NULL;
        ci_compile_desc pd;
        snprintf(path, sizeof path, "tests/bench/%s.cig", names[i]);
        CI_CHECK_OK(ci_ctx_create(NULL, &ctx));
        g = ci_graph_create(ctx);
        CI_CHECK_MSG(ci_cig_parse_file(g, path, err, sizeof err) == CI_OK, "%s", err);
        memset(&pd, 0, sizeof pd);
        pd.backend = CI_BACKEND_INTERP;   /* the C source is not needed: only the CUDA check */
        CI_CHECK_OK_CTX(ctx, ci_compile(g, &pd, &p));
        ci_program_destroy(p);
        ci_graph_destroy(g);
        ci_ctx_destroy(ctx);
    }
    unsetenv("CINDUCTOR_CHECK_CUDA");
}

#ifndef CINDUCTOR_NO_CUDA
/* a .cig graph compiled for the interpreter (no GPU needed), and the CUDA source >>cuemit
   writes for it (sm_90) with its launches; src stays NULL when a step failed (the check says
   which). cu_src_free frees what was made either way. */
typedef struct cu_src {
    ci_ctx *ctx;
    ci_graph *g;
    ci_program *p;
    const char *src;
    ci__cuda_launch *l;
    int nl;
} cu_src;

/* a backend for the GPU's lowering without a GPU (as tools/cudaemu.c): compiles nothing */
static void *gpu_lower_compile(ci_program *p) {
    (void)p;
    return NULL;
}
static int gpu_lower_run(ci_program *p) {
    (void)p;
    return 1;
}
static const ci__backend gpu_lower = {"gpu lowering", CI_BACKEND_NVRTC, CI_DEVICE_CUDA, 0, NULL,
                                      gpu_lower_compile, gpu_lower_run, NULL};

/* cig's CUDA source as a CPU program's (gpu 0) or as --device cuda lowers the graph (gpu 1:
   convolutions as products, the GPU's sorts) */
/* gpu: 0 the interpreter's lowering, 1 the GPU's, 2 the GPU's with ci_compile_desc.tf32 */
static void cu_src_lower(cu_src *s, const char *cig, int gpu) {
    ci__cuda_target t = {90, 132, 227 * 1024};
    ci_compile_desc pd;
    char err[256];
    memset(s, 0, sizeof *s);
    CI_CHECK_OK(ci_ctx_create(NULL, &s->ctx));
    s->g = ci_graph_create(s->ctx);
    CI_CHECK_MSG(ci_cig_parse(s->g, cig, strlen(cig), "case.cig", NULL, err, sizeof err) == CI_OK,
                 "%s", err);
    memset(&pd, 0, sizeof pd);
    pd.backend = gpu ? CI_BACKEND_NVRTC : CI_BACKEND_INTERP;
    pd.device = gpu ? CI_DEVICE_CUDA : CI_DEVICE_DEFAULT;
    pd.tf32 = gpu == 2;
    if (gpu) CI_CHECK_OK_CTX(s->ctx, ci__public_compile(s->g, &pd, &s->p, NULL, &gpu_lower));
    else CI_CHECK_OK_CTX(s->ctx, ci_compile(s->g, &pd, &s->p));
    if (s->p) s->src = ci__cuemit_source(s->p, &t, &s->l, &s->nl);
}
static void cu_src_make(cu_src *s, const char *cig) { cu_src_lower(s, cig, 0); }

/* s's source compiles with NVRTC for sm_90, where NVRTC is here (i: the case, for the
   message) */
static void cu_src_compiles(const cu_src *s, int i) {
    ci__cuda_bin b;
    const char *why;
    if (rtc_why()) return;
    why = ci__cuda_compile_n(s->p->A, s->src, 90, "off", 1, NULL, &b);
    CI_CHECK_MSG(!why, "case %d: %s", i, why ? why : "");
}

/* how many times s occurs in src */
static int count_of(const char *src, const char *s) {
    int n = 0;
    while ((src = strstr(src, s)) != NULL) {
        n++;
        src += strlen(s);
    }
    return n;
}

static void cu_src_free(cu_src *s) {
    ci_program_destroy(s->p);
    ci_graph_destroy(s->g);
    ci_ctx_destroy(s->ctx);
}

/* the source has a __global__ entry per kernel; an extern kernel has none (it runs on the
   host); torch.special's functions come as text (>>interp's C, the helpers they call first)
   and compile */
CI_TEST(test_cuemit_entries_and_special_functions) {
    static const char *cig = "input x: i64[8, 16]\ninput w: i64[16, 4]\n"
                             "h = aten.mm.default(x, w)\ny = aten.relu.default(h)\noutput y\n";
    static const char *cig2 = "input x: f32[8]\ny = aten.erfinv.default(x)\noutput y\n";
    static const char *cig3 = "input x: f64[8]\ny = aten.special_zeta.other_scalar(x, 2)\n"
                              "z = aten.special_bessel_j0.default(x)\n"
                              "w = aten.special_legendre_polynomial_p.n_scalar(x, 3)\n"
                              "output y, z, w\n";
    cu_src c;
    int i, next = 0;
    cu_src_make(&c, cig);
    if (!c.src) { cu_src_free(&c); return; }
    CI_CHECK_EQ_INT(c.nl, ci_program_num_kernels(c.p));
    for (i = 0; i < c.nl; i++) {
        char want[128];
        next += c.l[i].ext;
        /* an entry bounds its registers by the block it is launched with */
        if (!c.l[i].ext)
            snprintf(want, sizeof want, "__global__ void __launch_bounds__(%u) %s(ci_tab T,",
                     c.l[i].block[0] * c.l[i].block[1], c.l[i].fn);
        else snprintf(want, sizeof want, " %s(void **B, long long n)", c.l[i].fn);
        if (!c.l[i].ext) CI_CHECK_MSG(strstr(c.src, want) != NULL, "%s in\n%s", want, c.src);
        else CI_CHECK_MSG(strstr(c.src, want) == NULL, "%s", c.src);
    }
    CI_CHECK_EQ_INT(next, 1);
    CI_CHECK(strstr(c.src, "int ci_main") == NULL && strstr(c.src, "atomicCAS") == NULL);
    cu_src_free(&c);
    for (i = 0; i < 2; i++) {   /* torch.special's functions, of one and two operands */
        ci__arena *A;
        ci__err E;
        ci__cuda_bin b;
        const char *why;
        cu_src_make(&c, i ? cig3 : cig2);
        if (!c.src) { cu_src_free(&c); return; }
        CI_CHECK_MSG(strstr(c.src, CI__CUEMIT_NOGPU) == NULL, "%s", c.src);
        if (!i) {   /* the f32 one and the f64 one it calls, once each, not inlined (NVRTC
                       took 45 s over a kernel calling 19 of them inlined, 1.5 s so) */
            CI_CHECK_EQ_INT(count_of(c.src, "static float ci_erfinv_f(float y) {"), 1);
            CI_CHECK_EQ_INT(count_of(c.src, "__noinline__ static double ci_erfinv_d(double y) {"),
                            1);
        } else {   /* with the helpers they call, the polynomials' enum */
            CI_CHECK_CONTAINS(c.src, "static double ci_zeta_d(double x, double q) {");
            CI_CHECK_CONTAINS(c.src, "static double ci_jy(double x, int nu, int y) {");
            CI_CHECK_CONTAINS(c.src, "static double ci_legendre_d(double x, double n) {");
            CI_CHECK_CONTAINS(c.src, "enum { CI__INTERP_CHEB_T,");
            CI_CHECK(strstr(c.src, "ci__interp") == NULL && strstr(c.src, "HUGE_VAL") == NULL);
        }
        if (!rtc_why()) {
            memset(&E, 0, sizeof E);
            A = ci__arena_new(c.ctx, &E);
            why = ci__cuda_compile_n(A, c.src, 90, "off", 1, NULL, &b);
            CI_CHECK_MSG(!why, "%s", why);
            ci__arena_destroy(A);
        }
        cu_src_free(&c);
    }
}
#endif

#ifndef CINDUCTOR_NO_CUDA
/* the pointer table: by value in each launch's parameters (struct ci_tab, a slot per buffer
   and the error record) where it fits, in device memory (void **B) where it does not; both
   sources compile */
CI_TEST(test_cuemit_pointer_table) {
    cu_src c;
    char *big = cuda_many_inputs_cig(CUDA_MANY_INPUTS), want[64];
    ci__arena *A;
    ci__err E;
    ci__cuda_bin b;
    const char *why;
    int k;
    CI_CHECK(big != NULL);
    for (k = 0; k < 2 && big; k++) {
        cu_src_make(&c, k ? big : "input x: f32[5, 7]\ny = aten.exp.default(x)\n"
                                  "z = aten.sum.dim_IntList(y, [1])\noutput y, z\n");
        if (!c.src) { cu_src_free(&c); break; }
        snprintf(want, sizeof want, "struct ci_tab { void *p[%d]; };", c.p->nslots + 1);
        if (!k) {
            CI_CHECK_MSG(c.p->nslots + 1 <= CI__CUEMIT_TAB_MAX, "%d slots", c.p->nslots);
            CI_CHECK_CONTAINS(c.src, want);
            CI_CHECK_CONTAINS(c.src, "(ci_tab T, long long n) {\n    void **B = T.p;");
            CI_CHECK(strstr(c.src, "(void **B, long long n)") == NULL);
        } else {
            CI_CHECK_MSG(c.p->nslots + 1 > CI__CUEMIT_TAB_MAX, "%d slots", c.p->nslots);
            CI_CHECK(strstr(c.src, "ci_tab") == NULL);
            CI_CHECK_CONTAINS(c.src, "(void **B, long long n) {");
        }
        if (!rtc_why()) {
            memset(&E, 0, sizeof E);
            A = ci__arena_new(c.ctx, &E);
            why = ci__cuda_compile_n(A, c.src, 90, "off", 1, NULL, &b);
            CI_CHECK_MSG(!why, "%s", why);
            ci__arena_destroy(A);
        }
        cu_src_free(&c);
    }
    free(big);
}

/* unique with sorted=False of a float (PyTorch 1.13's hash order) is an extern kernel on the
   host (copies); a whole tensor's sorted unique, repeat_interleave with output_size and the
   inverse indices' user GPU kernels: no entry for the extern, one each for the others */
CI_TEST(test_cuemit_unique_on_host) {
    static const char *cig = "input x: f32[7, 5]\ninput r: i64[7]\n"
                             "v, i, c = aten._unique2.default(x, True, True, True)\n"
                             "j = aten.add.Tensor(i, 1)\n"
                             "w, k, n = aten._unique2.default(x, False, True, True)\n"
                             "q = aten.repeat_interleave.Tensor(r, output_size=9)\n"
                             "output v, j, c, w, n, q\n";
    cu_src c;
    int i, next = 0;
    cu_src_make(&c, cig);
    if (!c.src) { cu_src_free(&c); return; }
    for (i = 0; i < c.nl; i++) next += c.l[i].ext;
    CI_CHECK_EQ_INT(next, 1);
    CI_CHECK_EQ_INT(c.nl - next, 3);
    cu_src_free(&c);
}
#endif

#ifndef CINDUCTOR_NO_CUDA
/* indices past 2^31 (a tensor of 2.8e9 elements, only compiled) keep 64-bit arithmetic; a
   gather through an index tensor too (the index is data) */
CI_TEST(test_cuemit_wide_indices_stay_64_bit) {
    static const char *cig[] = {
        "input x: f32[70000, 40000]\ny = aten.add.Tensor(x, 1)\noutput y\n",
        "input x: f32[10, 20]\ninput i: i64[5]\ny = aten.index_select.default(x, 0, i)\n"
        "z = aten.add.Tensor(y, 1)\noutput z\n",
        "input x: f32[70, 400]\ny = aten.add.Tensor(x, 1)\noutput y\n"};
    int i;
    for (i = 0; i < 3; i++) {
        cu_src c;
        cu_src_make(&c, cig[i]);
        if (!c.src) { cu_src_free(&c); continue; }
        if (i < 2) {   /* (the loops over a thread's vector groups or a tile's rows aside) */
            const char *f = strstr(c.src, "for (int ");
            while (f && !strncmp(f, "for (int ci_", 12)) f = strstr(f + 1, "for (int ");
            CI_CHECK_MSG(f == NULL, "case %d:\n%s", i, c.src);
        }
        else CI_CHECK_CONTAINS(c.src, "for (unsigned x01 = (unsigned)x0_begin;");
        if (i == 0) CI_CHECK_CONTAINS(c.src, "const long long ci_vi0 = (40000LL*x0 + x1);");
        cu_src_free(&c);
    }
}

/* a 32-bit kernel splits its flat index, and divides an index that is never negative, as
   unsigned (a multiply and a shift, no correction for negative values); a 64-bit one keeps
   long long */
CI_TEST(test_cuemit_unsigned_index_division) {
    static const char *cig[] = {
        "input x: f32[3, 70, 400]\ny = aten.add.Tensor(x, 1)\noutput y\n",
        "input x: f32[6, 10]\nt = aten.t.default(x)\nc = aten.clone.default(t)\n"
        "r = aten.view.default(c, [60])\ny = aten.add.Tensor(r, 1)\noutput y\n",
        "input x: f32[3, 70000, 40000]\ny = aten.add.Tensor(x, 1)\noutput y\n"};
    int i;
    if (rtc_why()) CI_SKIP(rtc_why());
    for (i = 0; i < 3; i++) {
        const char *why;
        ci__cuda_bin b;
        cu_src c;
        cu_src_make(&c, cig[i]);
        if (!c.src) { cu_src_free(&c); continue; }
        if (i == 0) {
            CI_CHECK_CONTAINS(c.src, "for (unsigned xf = (unsigned)x0_begin;");
            CI_CHECK_CONTAINS(c.src, "int x1 = xf / 400 % 70;");
        }
        if (i == 1) CI_CHECK_CONTAINS(c.src, "x[((int)((unsigned)x0 / (unsigned)6) + ");
        if (i == 2) {
            CI_CHECK_CONTAINS(c.src, "for (long long xf = x0_begin;");
            CI_CHECK(strstr(c.src, "(unsigned)") == NULL);
        }
        if (i < 2) {   /* (the 64-bit one is only written: NVRTC takes it as the others) */
            why = ci__cuda_compile_n(c.p->A, c.src, 90, "off", 1, NULL, &b);
            CI_CHECK_MSG(!why, "case %d: %s", i, why ? why : "");
        }
        cu_src_free(&c);
    }
}

/* a cooperative sum over the rows takes 8 points a step into as many accumulators where the
   kernel has fewer than CI__CUEMIT_FEW blocks (512 columns: 16 blocks of 32), else 4 (8192
   columns: 256 blocks); each source compiles */
CI_TEST(test_cuemit_few_blocks_unroll) {
    static const char *cig[] = {
        "input x: f32[2048, 512]\ny = aten.sum.dim_IntList(x, [0])\noutput y\n",
        "input x: f32[2048, 8192]\ny = aten.sum.dim_IntList(x, [0])\noutput y\n"};
    int i;
    if (rtc_why()) CI_SKIP(rtc_why());
    for (i = 0; i < 2; i++) {
        cu_src c;
        cu_src_make(&c, cig[i]);
        if (!c.src) { cu_src_free(&c); continue; }
        CI_CHECK_MSG(c.nl == 1 && c.l[0].grid == (i ? 256u : 16u), "case %d:\n%s", i, c.src);
        CI_CHECK_CONTAINS(c.src, "acc0_3 += ");
        CI_CHECK_MSG((strstr(c.src, "acc0_7 += ") != NULL) == (i == 0), "case %d:\n%s", i, c.src);
        cu_src_compiles(&c, i);
        cu_src_free(&c);
    }
}

/* a masked read, where(mask, load, constant), whose index stays inside its buffer is read
   before the choice, as a temp (ci__cemit_masked_read): a padded window (avg_pool2d, in its
   interior and at its edges) and constant_pad_nd; a cat's choice between two loads and
   grid_sampler's reads through data-dependent indices stay behind their choices. Each source
   compiles. */
CI_TEST(test_cuemit_masked_reads_first) {
    static const char *cig[] = {
        "input img: f32[2, 3, 70, 90]\n"
        "y = aten.avg_pool2d.default(img, [3, 3], [1, 1], [1, 1])\noutput y\n",
        "input x: f32[5, 66, 130]\np = aten.constant_pad_nd.default(x, [2, 1, 0, 3], -1.5)\n"
        "y = aten.mul.Tensor(p, p)\noutput y\n",
        "input a: f32[4, 5]\ninput b: f32[4, 3]\ny = aten.cat.default([a, b], 1)\n"
        "z = aten.mul.Tensor(y, 2)\noutput z\n",
        "input x: f32[1, 2, 8, 8]\ninput g: f32[1, 4, 4, 2]\n"
        "y = aten.grid_sampler_2d.default(x, g, 0, 0, False)\noutput y\n"};
    static const char *buf[] = {"img[", "x[", "a[", "x["};
    int i;
    if (rtc_why()) CI_SKIP(rtc_why());
    for (i = 0; i < (int)(sizeof cig / sizeof *cig); i++) {
        char behind[16], first[16];
        cu_src c;
        cu_src_make(&c, cig[i]);
        if (!c.src) { cu_src_free(&c); continue; }
        snprintf(behind, sizeof behind, "? %s", buf[i]);
        snprintf(first, sizeof first, " = %s", buf[i]);
        if (i < 2) {
            CI_CHECK_MSG(!strstr(c.src, behind), "case %d:\n%s", i, c.src);
            CI_CHECK_MSG(count_of(c.src, first) >= (i == 0 ? 6 : 1), "case %d:\n%s", i, c.src);
        } else CI_CHECK_MSG(strstr(c.src, behind) != NULL, "case %d:\n%s", i, c.src);
        cu_src_compiles(&c, i);
        cu_src_free(&c);
    }
}

/* the cooperative reductions and the tiled kernels: each case's source compiles, and each
   kernel gets the block its loads ask for (the launch's block, and the entry stepping over tx
   points, or over tiles) */
CI_TEST(test_cuemit_kernel_shapes) {
    /* case, kernel, block x, block y */
    static const int want[][4] = {{0, 0, 1, 1024}, {1, 0, 1, 32},  {3, 1, 4, 64},
                                  {9, 0, 32, 32},  {10, 0, 8, 64}, {11, 0, 1, 32},
                                  {12, 0, 16, 64}, {14, 0, 1, 1024}, {16, 0, 1, 128},
                                  {18, 0, 32, 8},  {19, 0, 32, 8},  {20, 0, 32, 8},
                                  {21, 0, 32, 8},  {46, 0, 32, 8},  {47, 0, 32, 8},
                                  {48, 0, 32, 8},  {49, 0, 32, 4}, {50, 0, 32, 8},
                                  {56, 0, 32, 8}};
    int i, w;
    if (rtc_why()) CI_SKIP(rtc_why());
    for (i = 0; i < (int)(sizeof cuda_kernel_cases / sizeof *cuda_kernel_cases); i++) {
        const char *src, *why;
        const ci__cuda_launch *l;
        ci__cuda_bin b;
        int nl;
        cu_src c;
        cu_src_make(&c, cuda_kernel_cases[i]);
        if (!c.src) { cu_src_free(&c); continue; }
        src = c.src;
        l = c.l;
        nl = c.nl;
        why = ci__cuda_compile_n(c.p->A, src, 90, "off", 1, NULL, &b);
        CI_CHECK_MSG(!why, "case %d: %s", i, why ? why : "");
        for (w = 0; w < (int)(sizeof want / sizeof *want); w++) {
            char step[64];
            if (want[w][0] != i) continue;
            CI_CHECK_MSG(want[w][1] < nl && l[want[w][1]].block[0] == (unsigned)want[w][2] &&
                             l[want[w][1]].block[1] == (unsigned)want[w][3],
                         "case %d kernel %d: block %u x %u, want %d x %d", i, want[w][1],
                         l[want[w][1]].block[0], l[want[w][1]].block[1], want[w][2], want[w][3]);
            if ((i >= 18 && i <= 48) || i == 56)   /* a tile a block */
                snprintf(step, sizeof step, "t += gridDim.x)");
            else   /* (a warp a point: the block's points along y) */
                snprintf(step, sizeof step, "i += (long long)gridDim.x * %d)",
                         i >= 49 ? (int)l[want[w][1]].block[1] : want[w][2]);
            CI_CHECK_CONTAINS(src, step);
        }
        if (i == 9) CI_CHECK(strstr(src, "__shfl_down_sync") == NULL);   /* a point a lane */
        /* the warps' partials: one barrier, then every thread folds them in order; a barrier
           after the reads only where no other phase combines (case 0: one phase of three
           reductions, 32 warps; case 16: layer_norm's mean, then its variance, 4 warps) */
        if (i == 0 || i == 16)
            CI_CHECK_MSG(count_of(src, "__syncthreads();") == 2, "case %d:\n%s", i, src);
        if (i == 0) CI_CHECK_CONTAINS(src, "for (int w = 1; w < 32; w++) {");
        if (i == 16)
            CI_CHECK_CONTAINS(src, "acc0 = sh_acc0[0][threadIdx.x];\n"
                                   "            for (int w = 1; w < 4; w++) {\n"
                                   "                double o0 = sh_acc0[w][threadIdx.x];");
        if (i == 49 || i == 50) {   /* a warp a point: shuffles, no barrier */
            CI_CHECK_MSG(strstr(src, "__syncthreads") == NULL, "case %d:\n%s", i, src);
            CI_CHECK_CONTAINS(src, "acc0 = __shfl_sync(0xffffffffu, acc0, 0);");
            CI_CHECK_CONTAINS(src, "(B, i + threadIdx.y, i + threadIdx.y + 1);");
        }
        if (i == 49) CI_CHECK_CONTAINS(src, "= __shfl_sync(0xffffffffu, acc_i");   /* argmax's */
        if (i >= 51 && i <= 53) CI_CHECK_CONTAINS(src, ")) {   /* the interior: no padding */");
        if (i >= 51 && i <= 53) CI_CHECK_CONTAINS(src, "if (__all_sync(__activemask(), ");   /* a vote */
        if (i == 53) CI_CHECK_CONTAINS(src, "x3 >= 1 && x3 + 4 - 1 <= 94)) {");   /* all four lanes */
        if (i == 53) CI_CHECK_CONTAINS(src, "*(float4 *)(y + ci_vi) = ci_vs0;");
        if (i == 74 || i == 75) {   /* as --device cuda lowers it: the epilogues in ci_bmm */
            cu_src gl;
            int e, none = 0;
            cu_src_lower(&gl, cuda_kernel_cases[i], 1);
            CI_CHECK(gl.src != NULL);
            if (gl.src && i == 74) {
                /* an epilogue's pointers are plain (it reads what ci_bmm just stored; a
                   const __restrict__ load may take the read-only path), and so is C */
                const char *f = strstr(gl.src, "static void k5_mul("), *end;
                end = f ? strstr(f, "\n}\n") : NULL;
                CI_CHECK(f && end);
                if (f && end) {
                    const char *r = strstr(f, "__restrict__");
                    CI_CHECK_MSG(!r || r > end, "k5_mul: %.*s", (int)(end - f), f);
                }
                CI_CHECK_CONTAINS(gl.src, "T *C, long long M, long long K, long long N,");
                CI_CHECK_CONTAINS(gl.src, "ci_bmm<float, float, 0, 64, 64, k3_relu>(");
                CI_CHECK_CONTAINS(gl.src, "ci_bmm<float, float, 0, 64, 64, k5_mul>(");
                /* (its reads of the product, a view of [3, 37, 70] as [111, 70], simplify
                   to the point's own: ci__ix_split) */
                CI_CHECK_CONTAINS(gl.src, "ci_bmm<float, float, 0, 64, 64, k1_add_tanh>(");
            }
            if (gl.src && i == 75) {
                CI_CHECK_CONTAINS(gl.src,
                                  "ci_bmm<unsigned short, float, 1, 64, 64, k1_sigmoid>(");
                CI_CHECK_CONTAINS(gl.src, "ci_bmm<unsigned short, float, 1, 64, 64, k3_neg>(");
            }
            for (e = 0; gl.src && e < gl.nl; e++)   /* the epilogues' own launches run nothing */
                if (strstr(gl.l[e].fn, "_relu") || strstr(gl.l[e].fn, "_mul") ||
                    strstr(gl.l[e].fn, "_sigmoid") || strstr(gl.l[e].fn, "_neg")) {
                    CI_CHECK_MSG(gl.l[e].n == 0 && gl.l[e].grid == 0, "case %d: %s launched", i,
                                 gl.l[e].fn);
                    none++;
                }
            CI_CHECK(!gl.src || none == 2);
            if (gl.src && i == 74) {   /* explain says who runs an epilogue */
                ci__sb sb;
                ci__sb_init(&sb, gl.p->A);
                ci__dbg_print_ir(gl.p->L, &sb);
                CI_CHECK_CONTAINS(ci__sb_str(&sb), ", then k3_relu at each point of its output "
                                                   "as its threads store it, in the same launch");
            }
            if (gl.src) cu_src_compiles(&gl, i);
            cu_src_free(&gl);
        }
        if (i == 32 || i == 74) {   /* f32 products as TF32 where asked (--tf32) */
            cu_src gl;
            cu_src_lower(&gl, cuda_kernel_cases[i], 2);
            CI_CHECK(gl.src != NULL);
            if (gl.src && i == 32) {
                CI_CHECK_CONTAINS(gl.src, "#if __CUDA_ARCH__ >= 800\n    ci_bmm_tc<float, 3, "
                                          "128, 128, ci_mm_noepi>(");
                CI_CHECK_CONTAINS(gl.src, "#else\n    ci_bmm<float, float, 0, 128, 128, "
                                          "ci_mm_noepi>(");
                CI_CHECK_CONTAINS(gl.src, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 ");
            }
            if (gl.src && i == 74)
                CI_CHECK_CONTAINS(gl.src, "ci_bmm_tc<float, 3, 64, 64, k3_relu>(");
            if (gl.src) cu_src_compiles(&gl, i);
            cu_src_free(&gl);
        }
        if (i == 76 || i == 77) {   /* tensor cores, with the epilogues as --device cuda */
            cu_src gl;
            cu_src_lower(&gl, cuda_kernel_cases[i], 1);
            CI_CHECK(gl.src != NULL);
            if (gl.src && i == 76) {
                CI_CHECK_CONTAINS(gl.src, "ci_bmm_tc<unsigned short, 1, 64, 64, k1_relu>(");
                CI_CHECK_CONTAINS(gl.src, "40LL, n, 8, (unsigned *)work,");
                CI_CHECK_CONTAINS(gl.src, "ci_bmm_tc<unsigned short, 1, 64, 64, ci_mm_noepi>(");
            }
            if (gl.src && i == 77)
                CI_CHECK_CONTAINS(gl.src, "ci_bmm_tc<unsigned short, 2, 64, 64, k1_sigmoid>(");
            if (gl.src) cu_src_compiles(&gl, i);
            cu_src_free(&gl);
        }
        if (i == 53 || i == 73) {   /* as --device cuda lowers it: the interior's windows */
            cu_src gl;
            cu_src_lower(&gl, cuda_kernel_cases[i], 1);
            if (gl.src && i == 53) {   /* three rows: a float4 and a float either side */
                CI_CHECK_CONTAINS(gl.src, "x2 >= 1 && x2 <= 66 && x3 >= 1 && x3 + 4 - 1 <= 94");
                CI_CHECK_CONTAINS(gl.src, "float ci_w2[6];");
                CI_CHECK_CONTAINS(gl.src, "ci_t = *(const float4 *)(img + ci_wi2 + 1);");
                CI_CHECK_CONTAINS(gl.src, "ci_w0[5] = img[ci_wi0 + 5];");
                CI_CHECK(strstr(gl.src, "ci_w3[") == NULL);
            }
            if (gl.src && i == 73) {   /* offsets -3 .. 3: three points, then an aligned int4 */
                CI_CHECK_CONTAINS(gl.src, "int ci_w0[7];");
                CI_CHECK_CONTAINS(gl.src, "ci_t = *(const int4 *)(x + ci_wi0 + 3);");
                CI_CHECK_CONTAINS(gl.src, "ci_w0[2] = x[ci_wi0 + 2];");
            }
            CI_CHECK(gl.src != NULL);
            cu_src_free(&gl);
        }
        if (i == 0) CI_CHECK_CONTAINS(src, "__shfl_down_sync(0xffffffffu, acc_i");
        if (i == 12) CI_CHECK_CONTAINS(src, "acc0_3 += ");   /* four sums in flight */
        /* 32-bit indices in a kernel that does not reduce; 64-bit in a cooperative one */
        if (i == 18)
            CI_CHECK_CONTAINS(src, "for (unsigned t = (unsigned)x0_begin; t < (unsigned)x0_end; "
                                   "t++)");
        if (i == 0) CI_CHECK_CONTAINS(src, "long long rf = ru0;");
        if (i >= 22 && i <= 26) {   /* the products run on the GPU, the integer one on the host */
            int e, next = 0;
            for (e = 0; e < nl; e++) next += l[e].ext;
            CI_CHECK_MSG(next == 0 && strstr(src, "ci_bmm<") != NULL, "case %d", i);
        }
        if (i == 27) CI_CHECK(l[0].ext && strstr(src, "ci_bmm<") == NULL);
        if (i == 25) {   /* f16 and bf16 on tensor cores from sm_80, else on the FMA units */
            CI_CHECK_CONTAINS(src, "#if __CUDA_ARCH__ >= 800\n    ci_bmm_tc<unsigned short, 1, "
                                   "64, 64, ci_mm_noepi>(");
            CI_CHECK_CONTAINS(src, "#if __CUDA_ARCH__ >= 800\n    ci_bmm_tc<unsigned short, 2, "
                                   "64, 64, ci_mm_noepi>(");
            CI_CHECK_CONTAINS(src, "#else\n    ci_bmm<unsigned short, float, 1, 64, 64, "
                                   "ci_mm_noepi>");
            CI_CHECK_CONTAINS(src, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 ");
            /* a step's copies to shared memory do not wait; B's fragments transposed */
            CI_CHECK_CONTAINS(src, "cp.async.cg.shared.global [%0], [%1], 16;");
            CI_CHECK_CONTAINS(src, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 ");
            CI_CHECK_CONTAINS(src, "#define CI_TC_KS 32\n#define CI_TC_NS 2\n");
        }
        if (i == 22 || i == 23 || i == 32)   /* f32 (but where asked) and f64: FMA units */
            CI_CHECK(strstr(src, "ci_bmm_tc<") == NULL);
        if (i == 28) CI_CHECK_CONTAINS(src, "40LL, n, 8, (unsigned *)work,");   /* K in 8 parts */
        if (i == 29) CI_CHECK_CONTAINS(src, "7LL, n, 2, (unsigned *)work,\n        (double *)");
        if (i == 28 || i == 29) CI_CHECK(l[0].work > 0 && l[0].n == (i == 28 ? 8 : 6));
        if (i == 32) CI_CHECK_CONTAINS(src, "ci_bmm<float, float, 0, 128, 128, ci_mm_noepi>");
        if (i == 32) CI_CHECK_CONTAINS(src, "__launch_bounds__(256, 2) ci_cuda_");   /* 2 an SM */
        if (i == 33)
            CI_CHECK_CONTAINS(src, "ci_bmm<unsigned short, float, 1, 128, 128, ci_mm_noepi>");
        if (i == 33)
            CI_CHECK_CONTAINS(src, "ci_bmm_tc<unsigned short, 1, 128, 128, ci_mm_noepi>(");
        if (i == 34) CI_CHECK_CONTAINS(src, "ci_bmm<float, float, 0, 128, 64, ci_mm_noepi>");
        if (i == 34) CI_CHECK_CONTAINS(src, "60LL, n, 8, (unsigned *)work,");
        if (i == 35) CI_CHECK_CONTAINS(src, "ci_bmm<float, float, 0, 64, 128, ci_mm_noepi>");
        if (i == 35) CI_CHECK_CONTAINS(src, "4096LL, n, 4, (unsigned *)work,");
        if (i == 35) CI_CHECK_CONTAINS(src, "1024LL, n, 16, (unsigned *)work,");
        if (i == 36) CI_CHECK_CONTAINS(src, "4095LL, n, 2, (unsigned *)work,");
        if (i == 35)   /* the counters, then 32 tiles x 4 parts of 64 x 128 floats */
            CI_CHECK(l[0].n == 32 * 4 && l[0].work == CI__CUEMIT_MM_COUNTS + 128 * 8192 * 4);
        /* rows kept in registers: a softmax reads x once (6 points a thread, the last slot
           checked); an RMS norm keeps its product and writes it only where it is an output;
           f16 kept as stored; a row too long reads memory in each phase */
        if (i == 38) {
            CI_CHECK_CONTAINS(src, "float ci_r0[6];");
            CI_CHECK_CONTAINS(src, "for (int ci_s = 0; ci_s < 6; ci_s++) {");
            CI_CHECK_CONTAINS(src, "if (rf < 3001LL) {");
            CI_CHECK_MSG(count_of(src, "x[") == 1 && count_of(src, "ci_r0[ci_s]") == 4, "%s", src);
        }
        if (i == 39 || i == 40) CI_CHECK_CONTAINS(src, "ci_r0[ci_s] = v1;");
        if (i == 39) CI_CHECK_MSG(strstr(src, "h[(") == NULL, "%s", src);
        if (i == 40) CI_CHECK_CONTAINS(src, "h[(1111LL*x0 + r0)] = ci_r0[ci_s];");
        if (i == 41) CI_CHECK_CONTAINS(src, "unsigned short ci_r0[6];");
        if (i == 41) CI_CHECK_CONTAINS(src, "float v0 = ci_h2f(ci_r0[ci_s]);");
        if (i == 43) CI_CHECK_CONTAINS(src, "long long ci_r0[5];");
        if (i == 45) CI_CHECK(strstr(src, "ci_s") == NULL && strstr(src, "long long rf = ru2;"));
        /* tiles: a read across the rows staged in shared memory, a warp reading along the
           rows; the other loads (a column broadcast, a where's mask and other choice, x read
           straight) into registers, a thread's 4 rows; every load of the tile issued before
           the first barrier; 2- and 4-byte elements staged as stored */
        if (i == 18 || i == 46 || i == 47 || i == 54 || i == 55) {
            const char *bar = strstr(src, "__syncthreads();");
            const char *last = strstr(src, "ci_s0[ci_k] = x[");
            CI_CHECK_CONTAINS(src, i == 55 ? "__shared__ int ci_t0[32][33];"
                                           : "__shared__ float ci_t0[32][33];");
            CI_CHECK_CONTAINS(src, "ci_t0[threadIdx.y + 8 * ci_k][threadIdx.x] = ci_s0[ci_k];");
            CI_CHECK_CONTAINS(src, "ci_t0[threadIdx.x][threadIdx.y + 8 * ci_r]");
            CI_CHECK(count_of(src, "__syncthreads();") == 2 && strstr(src, "ci_t1") == NULL);
            CI_CHECK_MSG(bar && last && last < bar, "%s", src);
            CI_CHECK_CONTAINS(src, i == 46 ? "ci_d0[ci_k] = b[" : i == 47 ? "ci_d0[ci_k] = c["
                                                                         : "ci_d0[ci_k] = x[");
            CI_CHECK_MSG(strstr(src, "ci_d0[ci_k] = ") < bar, "%s", src);
            CI_CHECK_CONTAINS(src, "ci_d0[ci_r]");
            CI_CHECK_CONTAINS(src, "for (int ci_r = 0; ci_r < 4; ci_r++) {");
            if (i == 47) CI_CHECK_CONTAINS(src, "ci_d1[ci_k] = z[");
            if (i != 47) CI_CHECK(strstr(src, "ci_d1") == NULL);
        }
        /* square tile grids take their tiles in mirror pairs (5 a side: pairs of distance 1
           and 2; 10: and the 5 apart; 2: only those 1 apart); others (3 x 2) in rows */
        if (i == 56)
            CI_CHECK_CONTAINS(src, "if (ci_tp >= 20) ci_ti = ci_tj = ci_tp - 20;\n"
                                   "        else if (ci_tq < 10) { ci_ti = ci_tq / 2; "
                                   "ci_tj = (ci_ti + 1 + ci_tq % 2) % 5; }\n"
                                   "        if (ci_tp < 20 && ci_tp % 2) {");
        if (i == 18) CI_CHECK_CONTAINS(src, "else { ci_ti = ci_tq - 40; ci_tj = ci_ti + 5; }");
        if (i == 55)
            CI_CHECK_CONTAINS(src, "if (ci_tp >= 2) ci_ti = ci_tj = ci_tp - 2;\n"
                                   "        else { ci_ti = ci_tq; ci_tj = ci_ti + 1; }");
        if (i == 19) CI_CHECK_MSG(strstr(src, "ci_tp") == NULL, "case %d: pairs\n%s", i, src);
        if (i == 20) CI_CHECK_CONTAINS(src, "__shared__ double ci_t0[32][33];");
        if (i == 46) CI_CHECK_CONTAINS(src, "ci_d0[ci_k] = b[x0];");
        if (i == 48) CI_CHECK_CONTAINS(src, "__shared__ unsigned short ci_t0[32][33];");
        if (i == 48) CI_CHECK_CONTAINS(src, "__shared__ int ci_t1[32][33];");
        cu_src_free(&c);
    }
}
#endif

#ifndef CINDUCTOR_NO_CUDA
/* a kernel that does not reduce, over a last dim of a multiple of 4 points, reads and writes
   16-byte vectors (a thread's 4 neighbouring points, its lanes); one with an access that
   cannot (a shifted slice, a last dim of 6, 8-byte elements, a gather) keeps a point a lane
   of a warp; each source compiles */
CI_TEST(test_cuemit_vector_kernels) {
    static const char *cig[] = {
        "input x: f32[8, 16]\ninput b: f32[16]\ny = aten.add.Tensor(x, b)\noutput y\n",
        "input x: i32[4, 8]\ny = aten.mul.Tensor(x, 3)\noutput y\n",
        "input x: f32[8, 17]\ny = aten.slice.Tensor(x, 1, 1, 17)\nz = aten.add.Tensor(y, 1)\n"
        "output z\n",
        "input x: f32[8, 6]\ninput b: f32[8, 1]\ny = aten.add.Tensor(x, b)\noutput y\n",
        "input x: f64[8, 16]\ny = aten.add.Tensor(x, 1)\noutput y\n",
        "input x: f32[10, 16]\ninput i: i64[8]\ny = aten.index_select.default(x, 0, i)\n"
        "z = aten.add.Tensor(y, 1)\noutput z\n"};
    int i;
    if (rtc_why()) CI_SKIP(rtc_why());
    for (i = 0; i < (int)(sizeof cig / sizeof *cig); i++) {
        int vec;
        cu_src c;
        cu_src_make(&c, cig[i]);
        if (!c.src) { cu_src_free(&c); continue; }
        vec = strstr(c.src, "4 *)(") != NULL;
        CI_CHECK_MSG(vec == (i < 2), "case %d:\n%s", i, c.src);
        if (i == 0) {   /* x and b as vectors, y written as one; lane 3's point */
            CI_CHECK_CONTAINS(c.src, "ci_vl0 = *(const float4 *)(x + ci_vi0);");
            CI_CHECK_CONTAINS(c.src, "ci_vl1 = *(const float4 *)(b + ci_vi1);");
            CI_CHECK_CONTAINS(c.src, "if (ci_va) *(float4 *)(y + ci_vi) = ci_vs0;");
            CI_CHECK_CONTAINS(c.src, "ci_vs0.w = ");
            CI_CHECK_CONTAINS(c.src, "i += gridDim.x * 2 * w)\n        #pragma unroll\n"
                                     "        for (int ci_g = 0; ci_g < 2 && i + ci_g * w < n;"
                                     " ci_g++)\n            k0_add(B, i + ci_g * w, ");
        }
        if (i == 1) CI_CHECK_CONTAINS(c.src, "*(const int4 *)(x + ci_vi0)");
        cu_src_compiles(&c, i);
        cu_src_free(&c);
    }
}
/* a kernel that keeps its rows (layer_norm, an RMS norm) runs each phase as vectors where the
   row splits into 4 neighbouring points a thread: its loads along the row read 16 bytes, its
   stores write 16 (in PTX), x's kept points are filled from the vector; a row of 1000 (not a
   multiple of 4 points a thread) keeps the block-strided points; each source compiles */
CI_TEST(test_cuemit_row_vectors) {
    static const char *cig[] = {
        "input x: f32[6, 1024]\ninput w: f32[1024]\ninput b: f32[1024]\n"
        "y, m, r = aten.native_layer_norm.default(x, [1024], w, b, 1e-05)\noutput y\n",
        "input a: f32[5, 2048]\ninput w: f32[2048]\nh = aten.silu.default(a)\n"
        "s = aten.pow.Tensor_Scalar(h, 2)\nm = aten.mean.dim(s, [-1], True)\n"
        "e = aten.add.Tensor(m, 1e-6)\nr = aten.rsqrt.default(e)\nt = aten.mul.Tensor(h, r)\n"
        "y = aten.mul.Tensor(t, w)\noutput y\n",
        "input x: f32[6, 1000]\ny = aten._softmax.default(x, -1, False)\noutput y\n"};
    int i;
    if (rtc_why()) CI_SKIP(rtc_why());
    for (i = 0; i < (int)(sizeof cig / sizeof *cig); i++) {
        cu_src c;
        cu_src_make(&c, cig[i]);
        if (!c.src) { cu_src_free(&c); continue; }
        if (i < 2) {
            CI_CHECK_CONTAINS(c.src, "rf = 4 * threadIdx.y + ci_s % 4 + ci_s / 4 * ");
            CI_CHECK_CONTAINS(c.src, "if (ci_va) ci_vl0 = *(const float4 *)(");
            CI_CHECK_CONTAINS(c.src, "asm volatile(\"st.v4.f32 [%0], {%1, %2, %3, %4};\"");
            CI_CHECK_CONTAINS(c.src, "ci_vs0[ci_s % 4] = ");
            CI_CHECK_CONTAINS(c.src, "= (ci_s % 4 == 0 ? ci_vl0.x : ci_s % 4 == 1 ? ci_vl0.y");
        } else {
            CI_CHECK_MSG(!strstr(c.src, "ci_s % 4") && !strstr(c.src, "float4"), "%s", c.src);
            CI_CHECK_CONTAINS(c.src, "ci_r0[ci_s] = x[");
        }
        if (i == 0) CI_CHECK_CONTAINS(c.src, "ci_r0[ci_s] = (ci_s % 4 == 0 ? ci_vl0.x");
        cu_src_compiles(&c, i);
        cu_src_free(&c);
    }
}

/* linear algebra on the GPU, a thread a matrix (>>cuemit's ci__cuemit_lapack_entry): the
   words read back after a run fail it as the host's kernel fails (Cholesky's info at batch
   element 3, eigh's check at 2, lu_solve's pivots; the _ex form's info does not fail); which
   sizes run there (CI__CUEMIT_LA_*: up to 8 on a side, up to 64 with 1024 matrices or more) */
CI_TEST(test_cuemit_linear_algebra_on_the_gpu) {
    static const char *cig =
        "input x: f32[6, 4, 4]\ninput y: f64[5, 3, 3]\ninput b: f32[6, 4, 2]\n"
        "input p: i32[6, 4]\nl = aten.linalg_cholesky.default(x)\n"
        "e, v = aten.linalg_eigh.default(y)\nz = aten.linalg_lu_solve.default(x, p, b)\n"
        "c, ci = aten.linalg_cholesky_ex.default(x)\noutput l, e, z, ci\n";
    static const char *size_cig =
        "input a: f32[1, 9, 9]\ninput b: f32[1024, 17, 17]\ninput c: f32[2000, 65, 65]\n"
        "input d: f32[1, 8, 8]\ninput e: f32[1023, 17, 17]\n"
        "x = aten.linalg_inv.default(a)\ny = aten.linalg_inv.default(b)\n"
        "z = aten.linalg_inv.default(c)\nu = aten.linalg_inv.default(d)\n"
        "v = aten.linalg_inv.default(e)\noutput x, y, z, u, v\n";
    const long long none[2] = {0, 0}, info[2] = {0, (long long)((6ULL - 3) << 32 | 2)},
                    eigh[2] = {5 - 2, 0}, piv[2] = {6 - 1, 0};
    cu_src c;
    int i, la = 0, chol = -1, syev = -1, getrs = -1, chol_ex = -1;
    cu_src_lower(&c, cig, 1);
    if (!c.src) { cu_src_free(&c); return; }
    for (i = 0; i < c.nl; i++) {
        const ci__kernel *k = (const ci__kernel *)c.p->kernels[i]->m.v[0];
        CI_CHECK_MSG(!c.l[i].ext, "launch %d (%s) on the host", i, c.l[i].fn);
        if (k->kind != CI__K_EXTERN) continue;
        la++;
        CI_CHECK(c.l[i].sel == 3 && c.l[i].block[0] == CI__CUEMIT_LA_BLOCK &&
                 c.l[i].work == 2 * sizeof(long long));
        if (!strcmp(k->ext->name, "cinductor.potrf")) {
            if (chol < 0) chol = i;
            else chol_ex = i;
        }
        if (!strcmp(k->ext->name, "cinductor.syev")) syev = i;
        if (!strcmp(k->ext->name, "cinductor.getrs")) getrs = i;
    }
    CI_CHECK(la == 4 && chol >= 0 && syev >= 0 && getrs >= 0 && chol_ex >= 0);
    if (chol < 0 || syev < 0 || getrs < 0 || chol_ex < 0) { cu_src_free(&c); return; }
    CI_CHECK_EQ_INT((int)c.l[chol].n, 6);
    CI_CHECK_CONTAINS(c.src, "ci__lapack_potrf_range(&J, t, t + 1);");
    CI_CHECK_CONTAINS(c.src, "if (!ci__lapack_finite1(ci__lapack_mat(ins[0].data, J.f64, t, 9LL)");
    CI_CHECK_CONTAINS(c.src, "if (!ci__lapack_pivots_ok((const int *)ins[1].data + t * 4LL, 1, "
                             "4LL, J.m)) {");
    for (i = 0; i < c.nl; i++) CI_CHECK_EQ_INT(ci__cuda_post(c.p, i, c.l[i].sel, none), 0);
    CI_CHECK_EQ_INT(ci__cuda_post(c.p, chol, 3, info), 1);
    CI_CHECK_CONTAINS(c.p->ext_msg, "linalg.cholesky: (Batch element 3): The factorization could "
                                    "not be completed because the input is not positive-definite "
                                    "(the leading minor of order 2 is not positive-definite).");
    CI_CHECK_EQ_INT(ci__cuda_post(c.p, chol_ex, 3, info), 0);
    CI_CHECK_EQ_INT(ci__cuda_post(c.p, syev, 3, eigh), 1);
    CI_CHECK_CONTAINS(c.p->ext_msg, "linalg.eigh: (Batch element 2): The algorithm failed to "
                                    "converge because the input matrix is ill-conditioned");
    CI_CHECK_EQ_INT(ci__cuda_post(c.p, getrs, 3, piv), 1);
    CI_CHECK_CONTAINS(c.p->ext_msg, "linalg.lu_solve: Pivots given to lu_solve must all be");
    cu_src_compiles(&c, 0);
    cu_src_free(&c);
    cu_src_lower(&c, size_cig, 1);
    if (!c.src) { cu_src_free(&c); return; }
    {   /* explain says where each runs, and why the host */
        ci__sb sb;
        ci__sb_init(&sb, c.p->A);
        ci__dbg_print_ir(c.p->L, &sb);
        CI_CHECK_CONTAINS(ci__sb_str(&sb), ") -> ");
        CI_CHECK_CONTAINS(ci__sb_str(&sb), ", on the GPU\n");
        CI_CHECK_CONTAINS(ci__sb_str(&sb), ", on the host (its inputs copied from the GPU, its "
                                           "outputs back): the GPU runs it a thread a matrix "
                                           "for matrices up to 8 on a side, or up to 64 with "
                                           "1024 of them or more\n");
    }
    for (i = 0; i < c.nl; i++) {
        const ci__kernel *k = (const ci__kernel *)c.p->kernels[i]->m.v[0];
        int64_t side;
        if (k->kind != CI__K_EXTERN) continue;
        side = k->in_t[0].shape[2];
        CI_CHECK_MSG(c.l[i].ext == (side == 65 || side == 9 || k->in_t[0].shape[0] == 1023),
                     "launch %d (%s, %lld x %lld x %lld) on the %s", i, c.l[i].fn,
                     (long long)k->in_t[0].shape[0], (long long)side, (long long)side,
                     c.l[i].ext ? "host" : "GPU");
    }
    cu_src_free(&c);
}

/* the bytes of s in a CUBIN (an entry's name in its ELF string table) */
static int bin_has(const ci__cuda_bin *b, const char *s) {
    size_t i, n = strlen(s);
    for (i = 0; i + n <= b->size; i++)
        if (!memcmp(b->data + i, s, n)) return 1;
    return 0;
}

/* a sort is a GPU kernel of a row a block (ci_sort): a row of up to CI__CUEMIT_SORT_MAX with
   no scratch, a longer one with a row of indices in each block's scratch after the products'
   counters (runs sorted, then merged; at most CI__CUEMIT_LSORT_BLOCKS blocks); none on the
   host; the source compiles */
CI_TEST(test_cuemit_sort_on_the_gpu) {
    static const char *cig = "input x: f32[3, 2048]\ninput w: f64[2, 2049]\n"
                             "input z: f16[200, 3000]\n"
                             "s, si = aten.sort.default(x, -1, True)\n"
                             "t, ti = aten.sort.default(w)\nu, ui = aten.sort.default(z)\n"
                             "output s, si, t, ti, u, ui\n";
    cu_src c;
    char work[64];
    int i, gpu = 0;
    cu_src_lower(&c, cig, 1);
    if (!c.src) { cu_src_free(&c); return; }
    for (i = 0; i < c.nl; i++) {
        if (!strstr(c.l[i].fn, "sort")) continue;
        CI_CHECK_MSG(!c.l[i].ext, "launch %d (%s) on the host", i, c.l[i].fn);
        gpu++;
        if (c.l[i].n == 3)
            CI_CHECK(c.l[i].grid == 3 && c.l[i].block[0] == CI__CUEMIT_SORT_BLOCK &&
                     !c.l[i].work);
        else if (c.l[i].n == 2)   /* a row's i64 indices a block */
            CI_CHECK(c.l[i].grid == 2 && c.l[i].block[0] == CI__CUEMIT_LSORT_BLOCK &&
                     c.l[i].work == CI__CUEMIT_MM_COUNTS + 2 * 2049 * 8);
        else
            CI_CHECK(c.l[i].n == 200 && c.l[i].grid == CI__CUEMIT_LSORT_BLOCKS &&
                     c.l[i].work == CI__CUEMIT_MM_COUNTS + CI__CUEMIT_LSORT_BLOCKS * 3000 * 8);
    }
    CI_CHECK_EQ_INT(gpu, 3);
    snprintf(work, sizeof work, "n, 2049LL, 0, (char *)work + %d);", CI__CUEMIT_MM_COUNTS);
    CI_CHECK_CONTAINS(c.src, "ci_sort<float, double, 0, 2048>(");
    CI_CHECK_CONTAINS(c.src, "n, 2048LL, 1, (char *)0);");
    CI_CHECK_CONTAINS(c.src, "ci_sort<double, double, 0, 2048>(");
    CI_CHECK_CONTAINS(c.src, work);
    CI_CHECK_CONTAINS(c.src, "ci_sort<unsigned short, double, 1, 2048>(");
    cu_src_compiles(&c, 0);
    cu_src_free(&c);
}

/* a float convolution on the GPU is its product: im2col, one batched product a group, the
   bias; no kernel runs on the host, and the source compiles (a depthwise one, and an integer
   one, are GPU sums of their own: one product in all) */
CI_TEST(test_cuemit_convolution_as_product) {
    static const char *cig = "input x: f32[2, 6, 17, 23]\ninput w: f32[32, 3, 3, 5]\n"
                             "input b: f32[32]\ninput xi: i64[1, 2, 5, 5]\n"
                             "input wi: i64[3, 2, 3, 3]\ninput wd: f32[6, 1, 3, 3]\n"
                             "y = aten.convolution.default(x, w, b, [2, 1], [1, 2], [1, 2], False, "
                             "[0, 0], 2)\n"
                             "yd = aten.convolution.default(x, wd, None, [1, 1], [1, 1], [1, 1], "
                             "False, [0, 0], 6)\n"
                             "yi = aten.convolution.default(xi, wi, None, [1, 1], [0, 0], [1, 1], "
                             "False, [0, 0], 1)\noutput y, yd, yi\n";
    cu_src c;
    int i;
    cu_src_lower(&c, cig, 1);
    if (!c.src) { cu_src_free(&c); return; }
    for (i = 0; i < c.nl; i++)
        CI_CHECK_MSG(!c.l[i].ext, "launch %d (%s) on the host", i, c.l[i].fn);
    CI_CHECK_EQ_INT(count_of(c.src, "ci_bmm<float, float, 0, "), 1);
    CI_CHECK(strstr(c.src, CI__CUEMIT_NOGPU) == NULL);
    if (!rtc_why()) {
        ci__cuda_bin b[8];
        const char *defs[8], *why;
        int prog_of[64], n;
        CI_CHECK(c.nl <= 64);
        n = ci__cuda_programs(c.p->A, c.l, c.nl, defs, prog_of);
        why = ci__cuda_compile_n(c.p->A, c.src, 90, "off", n, defs, b);
        CI_CHECK_MSG(!why, "%s", why ? why : "");
    }
    cu_src_free(&c);
}

/* an integer product on the GPU is a reduction of its own (no extern kernel on the host, no
   call of the float product's template), and its source compiles */
CI_TEST(test_cuemit_integer_product) {
    static const char *cig = "input a: i32[2, 5, 300]\ninput b: i32[2, 300, 7]\n"
                             "input c: u8[9, 70]\ninput d: u8[70, 3]\n"
                             "y = aten.bmm.default(a, b)\nu = aten.matmul.default(c, d)\n"
                             "output y, u\n";
    cu_src c;
    int i;
    cu_src_lower(&c, cig, 1);
    if (!c.src) { cu_src_free(&c); return; }
    CI_CHECK(c.nl == 2);
    for (i = 0; i < c.nl; i++)
        CI_CHECK_MSG(!c.l[i].ext, "launch %d (%s) on the host", i, c.l[i].fn);
    CI_CHECK(strstr(c.src, "ci_bmm<") == NULL);
    CI_CHECK(strstr(c.src, CI__CUEMIT_NOGPU) == NULL);
    cu_src_compiles(&c, 0);
    cu_src_free(&c);
}

/* nonzero, where(c) and boolean-mask indexing on the GPU: each one block of
   CI__CUEMIT_SEL_BLOCK threads running ci_select, its count in its scratch (a masked one's
   positions after it), none on the host; the source compiles */
CI_TEST(test_cuemit_selections_on_the_gpu) {
    static const char *cig = "input x: f32[7, 33]\ninput m: bool[5, 3]\ninput v: f32[5, 3, 4]\n"
                             "input c: i32[4, 6]\nn = aten.nonzero.default(x)\n"
                             "y = aten.index.Tensor(v, [m])\nw0, w1 = aten.where.default(c)\n"
                             "output n, y, w0, w1\n";
    cu_src c;
    int i, sel = 0;
    cu_src_lower(&c, cig, 1);
    if (!c.src) { cu_src_free(&c); return; }
    for (i = 0; i < c.nl; i++) {
        CI_CHECK_MSG(!c.l[i].ext, "launch %d (%s) on the host", i, c.l[i].fn);
        if (!c.l[i].sel) continue;
        sel++;
        CI_CHECK(c.l[i].grid == 1 && c.l[i].block[0] == CI__CUEMIT_SEL_BLOCK);
        CI_CHECK(c.l[i].n == 231 || c.l[i].n == 15 || c.l[i].n == 24);
        CI_CHECK_EQ_INT((int)c.l[i].work, c.l[i].n == 15 ? 8 * 16 : 8);
    }
    CI_CHECK_EQ_INT(sel, 3);
    CI_CHECK_EQ_INT(count_of(c.src, "static void ci_select("), 1);
    CI_CHECK_CONTAINS(c.src, "o0[at * 2 + 1] = r % 33LL;");
    CI_CHECK_CONTAINS(c.src, "o1[at] = r % 6LL;");
    CI_CHECK_CONTAINS(c.src, "y[e] = v[cnt[1 + e / 4LL] * 4LL + e % 4LL];");
    cu_src_compiles(&c, 0);
    cu_src_free(&c);
}

/* unique of a whole tensor (sorted, or consecutive) on the GPU: one ci_unique block each,
   the positions sorted by ci_sort_idx into the workspace; a dim's unique and sorted=False's
   hash order stay on the host; the source compiles */
CI_TEST(test_cuemit_unique_on_the_gpu) {
    static const char *cig = "input x: f32[7, 33]\ninput y: i64[5, 6]\n"
                             "u, ui, uc = aten._unique2.default(x, True, True, True)\n"
                             "w, wi, wc = aten.unique_consecutive.default(y, True, True)\n"
                             "d, di, dc = aten.unique_dim.default(y, 1)\n"
                             "h, hi, hc = aten._unique2.default(x, False, False, False)\n"
                             "output u, ui, uc, w, wi, wc, d, di, dc, h\n";
    static const long long two[2] = {2, 0};
    cu_src c;
    int64_t sh[CI_MAX_DIMS];
    int i, gpu = 0, host = 0, dim = -1;
    cu_src_lower(&c, cig, 1);
    if (!c.src) { cu_src_free(&c); return; }
    for (i = 0; i < c.nl; i++) {
        if (c.l[i].ext) { host++; continue; }
        gpu++;
        CI_CHECK(c.l[i].sel && c.l[i].grid == 1 && c.l[i].work == 8 &&
                 (c.l[i].n == 231 || c.l[i].n == 30 || c.l[i].n == 6));
        if (c.l[i].n == 6) dim = i;
    }
    CI_CHECK(gpu == 3 && host == 1 && dim >= 0);   /* (sorted=False of a float: the host) */
    CI_CHECK_CONTAINS(c.src, "ci_unique<float, double, 0>((const float *)B[");
    CI_CHECK_CONTAINS(c.src, "ci_unique<long long, long long, 0>((const long long *)B[");
    /* y's columns: 6 slices of 5 (a = 5, b = 1), compared in y.transpose(1, 0)'s order */
    CI_CHECK_CONTAINS(c.src, "const long long ex[] = {0, 5LL}, sx[] = {0, 6LL};");
    CI_CHECK_CONTAINS(c.src, "ci_unique_dim<long long, long long, 0>((const long long *)B[");
    CI_CHECK_CONTAINS(c.src, "], 6LL, 5LL, 1LL, ex + 1, sx + 1, 1,\n        1LL, 0, ");
    CI_CHECK_EQ_INT(count_of(c.src, "static void ci_sort_idx("), 1);
    if (dim >= 0) {   /* the count read back: the values' dim 1, the counts' dim 0 */
        CI_CHECK_EQ_INT(ci__cuda_post(c.p, dim, 1, two), 0);
        CI_CHECK(ci_program_output_shape_after_run(c.p, 6, sh) == 2 && sh[0] == 5 && sh[1] == 2);
        CI_CHECK(ci_program_output_shape_after_run(c.p, 8, sh) == 1 && sh[0] == 2);
    }
    cu_src_compiles(&c, 0);
    cu_src_free(&c);
}

/* repeat_interleave with output_size on the GPU: one ci_repeat block, its scratch the sum,
   the negative flag and the starts; after a run >>cuda checks the sum and the flag as the
   host's kernel does (a negative repeat first), with its messages; the source compiles */
CI_TEST(test_cuemit_repeat_interleave_on_the_gpu) {
    static const char *cig = "input r: i64[7]\ninput s: i32[3]\n"
                             "q = aten.repeat_interleave.Tensor(r, output_size=9)\n"
                             "p = aten.repeat_interleave.Tensor(s, output_size=0)\n"
                             "output q, p\n";
    static const long long ok[2] = {9, 0}, less[2] = {8, 0}, neg[2] = {9, 1}, zero[2] = {0, 0};
    cu_src c;
    int i, q = -1, z = -1;
    cu_src_lower(&c, cig, 1);
    if (!c.src) { cu_src_free(&c); return; }
    for (i = 0; i < c.nl; i++) {
        CI_CHECK_MSG(!c.l[i].ext, "launch %d (%s) on the host", i, c.l[i].fn);
        CI_CHECK(c.l[i].sel == 2 && c.l[i].grid == 1);
        if (c.l[i].n == 7) q = i;
        if (c.l[i].n == 3) z = i;
    }
    CI_CHECK(q >= 0 && z >= 0);
    if (q < 0 || z < 0) { cu_src_free(&c); return; }
    CI_CHECK_EQ_INT((int)c.l[q].work, 8 * (2 + 7));
    CI_CHECK_CONTAINS(c.src, "ci_repeat<long long>((const long long *)B[");
    CI_CHECK_CONTAINS(c.src, ", 9LL, (long long *)work);");
    CI_CHECK_CONTAINS(c.src, "ci_repeat<int>((const int *)B[");
    CI_CHECK_EQ_INT(ci__cuda_post(c.p, q, 2, ok), 0);
    CI_CHECK_EQ_INT(ci__cuda_post(c.p, z, 2, zero), 0);
    CI_CHECK_EQ_INT(ci__cuda_post(c.p, q, 2, less), 1);
    CI_CHECK_CONTAINS(c.p->ext_msg, "aten.repeat_interleave: allocated size does not match");
    CI_CHECK_EQ_INT(ci__cuda_post(c.p, z, 2, ok), 1);
    CI_CHECK_EQ_INT(ci__cuda_post(c.p, q, 2, neg), 1);
    CI_CHECK_CONTAINS(c.p->ext_msg, "aten.repeat_interleave: repeats can not be negative");
    cu_src_compiles(&c, 0);
    cu_src_free(&c);
}

/* a graph of two products and a pointwise kernel: three NVRTC programs, each product's entry
   in one of its own, the other entries together (each CUBIN holds only its entries), all
   compiled at once and then from the cache; a graph of no product is one program, its source
   without the parts' guards; only the helpers the kernels call are written */
CI_TEST(test_cuemit_programs_a_product) {
    static const char *cig = "input x: f32[64, 96]\ninput w: f32[96, 80]\ninput v: f32[80, 40]\n"
                             "h = aten.mm.default(x, w)\nr = aten.relu.default(h)\n"
                             "y = aten.mm.default(r, v)\nz = aten.exp.default(y)\noutput z\n";
    static const char *cig2 = "input x: f32[7, 33]\ny = aten.exp.default(x)\n"
                              "z = aten.sin.default(y)\noutput z\n";
    cu_src c;
    const char *defs[8], *why;
    int prog_of[8], n, i, mm = 0;
    ci__cuda_bin b[8];
    cu_src_make(&c, cig);
    if (!c.src) { cu_src_free(&c); return; }
    CI_CHECK_CONTAINS(c.src, "#if !defined(CI_PART) || defined(CI_PART_REST)");
    CI_CHECK(c.nl <= 6);
    n = ci__cuda_programs(c.p->A, c.l, c.nl, defs, prog_of);
    CI_CHECK_EQ_INT(n, 3);
    for (i = 0; i < c.nl; i++) {
        char want[160];
        if (c.l[i].ext) continue;
        CI_CHECK(c.l[i].part >= 0 && prog_of[i] >= 0 && prog_of[i] < n);
        if (c.l[i].part == 0) {
            CI_CHECK(!strcmp(defs[prog_of[i]], "CI_PART_REST"));
            continue;
        }
        mm++;
        snprintf(want, sizeof want, "CI_PART_%s", c.l[i].fn);
        CI_CHECK(!strcmp(defs[prog_of[i]], want));
        snprintf(want, sizeof want, "#if !defined(CI_PART) || defined(CI_PART_%s)", c.l[i].fn);
        CI_CHECK_CONTAINS(c.src, want);
    }
    CI_CHECK_EQ_INT(mm, 2);
    if (rtc_why()) {
        cu_src_free(&c);
        CI_SKIP(rtc_why());
    }
    why = ci__cuda_compile_n(c.p->A, c.src, 90, cache_dir, n, defs, b);
    CI_CHECK_MSG(!why, "%s", why ? why : "");
    for (i = 0; i < c.nl && !why; i++) {
        int j;
        if (c.l[i].ext) continue;
        CI_CHECK(!b[prog_of[i]].cached);
        for (j = 0; j < n; j++)
            CI_CHECK_MSG(bin_has(&b[j], c.l[i].fn) == (j == prog_of[i]), "%s in program %d",
                         c.l[i].fn, j);
    }
    why = ci__cuda_compile_n(c.p->A, c.src, 90, cache_dir, n, defs, b);
    CI_CHECK(!why);
    for (i = 0; i < n && !why; i++) CI_CHECK(b[i].cached && !memcmp(b[i].data, "\177ELF", 4));
    cu_src_free(&c);
    cu_src_make(&c, cig2);
    if (!c.src) { cu_src_free(&c); return; }
    CI_CHECK(strstr(c.src, "CI_PART") == NULL);
    CI_CHECK_EQ_INT(ci__cuda_programs(c.p->A, c.l, c.nl, defs, prog_of), 1);
    CI_CHECK(defs[0] == NULL);
    CI_CHECK_CONTAINS(c.src, "float expf(float);");
    CI_CHECK(strstr(c.src, "erff") == NULL && strstr(c.src, "ci_h2f") == NULL &&
             strstr(c.src, "ci_bmm") == NULL && strstr(c.src, "erfinv") == NULL);
    cu_src_free(&c);
}
#endif

int main(int argc, char **argv) {
    ci_test_init(argc, argv);
    snprintf(cache_dir, sizeof cache_dir, "%s/ci-cubin-%ld",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
#ifndef CINDUCTOR_NO_CUDA
    CI_RUN(test_nvrtc_to_cubin_and_cache);
    CI_RUN(test_cuemit_entries_and_special_functions);
    CI_RUN(test_cuemit_pointer_table);
    CI_RUN(test_cuemit_unique_on_host);
    CI_RUN(test_cuemit_kernel_shapes);
    CI_RUN(test_cuemit_wide_indices_stay_64_bit);
    CI_RUN(test_cuemit_unsigned_index_division);
    CI_RUN(test_cuemit_masked_reads_first);
    CI_RUN(test_cuemit_few_blocks_unroll);
    CI_RUN(test_cuemit_vector_kernels);
    CI_RUN(test_cuemit_row_vectors);
    CI_RUN(test_cuemit_programs_a_product);
    CI_RUN(test_cuemit_convolution_as_product);
    CI_RUN(test_cuemit_sort_on_the_gpu);
    CI_RUN(test_cuemit_integer_product);
    CI_RUN(test_cuemit_selections_on_the_gpu);
    CI_RUN(test_cuemit_unique_on_the_gpu);
    CI_RUN(test_cuemit_repeat_interleave_on_the_gpu);
    CI_RUN(test_cuemit_linear_algebra_on_the_gpu);
#endif
    CI_RUN(test_suite_cuda_source_compiles);
    {   /* the cache directory this test made */
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache_dir);
        if (system(cmd) != 0) printf("note: could not remove %s\n", cache_dir);
    }
    return ci_test_done();
}
