/* tools/cudaemu.c - the CUDA source >>cuemit writes, run on the CPU against the interpreter

   cudaemu [--cases] [--rejects-skip] [--tf32] [FILE.cig ...]
   cudaemu --source FILE.cig ...   (only prints each graph's CUDA source and its launches)

   No GPU needed. Each graph is compiled for the interpreter and run on seeded random inputs.
   It is also lowered and planned as for --device cuda (the device arena's plan, its arena in
   host memory), and its CUDA source (written for sm_90, as NVRTC would compile it) compiled
   as C++20 by g++ ($CXX) with a stand-in for the CUDA runtime (below: a block's threads run
   as std::threads, one block at a time; __syncthreads is a barrier; a warp's shuffles go
   through shared slots, as do the fragments of its tensor-core steps (mma.sync, computed
   here in f32) and its ldmatrix loads' row addresses; atomics take a lock; the PTX 16-byte store becomes four stores); its
   launches run in order, with the grids and blocks the backend would use and zeroed scratch
   where they take it. Its outputs must equal the interpreter's, floats within the GPU test's
   tolerance (a GPU reduction or product adds in another order). --cases runs the graphs of
   tests/cuda_cases.h (the GPU test's kernel cases), then those with f32 products again with
   ci_compile_desc.tf32 (f32 outputs then within 1e-2: 10-bit inputs). An extern kernel the GPU
   leaves to the host runs here on the same memory, in its turn (what >>cuda does with
   copies); a graph with a pointer table in device memory is skipped, and says why. Last
   line: "N passed, M failed, K skipped". --rejects-skip: a graph one of whose ops refuses its
   operands when it is built (a random graph's op given what PyTorch refuses too,
   tests/random_graph.h: "error: node ...") is skipped, not failed. --tf32: every graph with
   ci_compile_desc.tf32. This checks what the generated code computes, not how fast, and not
   every race a GPU would show: a block's threads run at once, so a missing
   barrier can show, but need not. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#define CINDUCTOR_IMPLEMENTATION
#include "../cinductor.h"
#include "../tests/cuda_cases.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CE_MAX_IO 32

static const char ce_shim[] =
    "#include <barrier>\n#include <mutex>\n#include <thread>\n#include <vector>\n"
    "#include <cstring>\n#include <cmath>\n#include <cstdint>\n"
    "struct dim3 { unsigned x = 1, y = 1, z = 1; };\n"
    "static thread_local dim3 threadIdx;\n"
    "static dim3 blockIdx, blockDim, gridDim;\n"
    "struct alignas(16) float4 { float x, y, z, w; };\n"
    "struct alignas(16) int4 { int x, y, z, w; };\n"
    "struct alignas(16) double2 { double x, y; };\n"
    "#define __global__\n#define __device__\n#define __host__\n"
    "#define __forceinline__ inline\n#define __noinline__\n#define __launch_bounds__(...)\n"
    "#define __restrict__ __restrict\n#define __shared__ static\n"
    "static std::barrier<> *ce_bar;\n"
    "struct ce_warp { std::barrier<> *bar; unsigned char slot[32][16]; unsigned mma[32][6]; };\n"
    "static std::vector<ce_warp> ce_warps;\n"
    "static thread_local int ce_lane, ce_wid;\n"
    "static std::mutex ce_atomic;\n"
    "static inline void __syncthreads() { ce_bar->arrive_and_wait(); }\n"
    "static inline void __threadfence() {}\n"
    "static inline void __threadfence_system() {}\n"
    "template <class T> static T __ldcg(const T *p) { return *p; }\n"
    "template <class T> static T atomicAdd(T *p, T v) {\n"
    "    std::lock_guard<std::mutex> g(ce_atomic); T o = *p; *p = o + v; return o; }\n"
    "template <class T> static T atomicCAS(T *p, T c, T v) {\n"
    "    std::lock_guard<std::mutex> g(ce_atomic); T o = *p; if (o == c) *p = v; return o; }\n"
    "template <class T> static T atomicMax(T *p, T v) {\n"
    "    std::lock_guard<std::mutex> g(ce_atomic); T o = *p; if (v > o) *p = v; return o; }\n"
    "template <class T> static T atomicExch(T *p, T v) {\n"
    "    std::lock_guard<std::mutex> g(ce_atomic); T o = *p; *p = v; return o; }\n"
    "template <class P, class T> static void ce_st4(P *p, T a, T b, T c, T d) {\n"
    "    p[0] = a; p[1] = b; p[2] = c; p[3] = d; }\n"
    "template <class T> static T ce_shfl(T v, int src) {\n"
    "    ce_warp &w = ce_warps[ce_wid];\n"
    "    T r = v;\n"
    "    memcpy(w.slot[ce_lane], &v, sizeof v);\n"
    "    w.bar->arrive_and_wait();\n"
    "    if (src >= 0 && src < 32) memcpy(&r, w.slot[src], sizeof r);\n"
    "    w.bar->arrive_and_wait();\n"
    "    return r;\n"
    "}\n"
    "template <class T> static T __shfl_down_sync(unsigned, T v, int d) {\n"
    "    return ce_shfl(v, ce_lane + d < 32 ? ce_lane + d : ce_lane); }\n"
    "template <class T> static T __shfl_up_sync(unsigned, T v, int d) {\n"
    "    return ce_shfl(v, ce_lane - d >= 0 ? ce_lane - d : ce_lane); }\n"
    "template <class T> static T __shfl_xor_sync(unsigned, T v, int d) {\n"
    "    return ce_shfl(v, ce_lane ^ d); }\n"
    "template <class T> static T __shfl_sync(unsigned, T v, int s) { return ce_shfl(v, s); }\n"
    "static unsigned __ballot_sync(unsigned, int p) {\n"
    "    ce_warp &w = ce_warps[ce_wid];\n"
    "    unsigned r = 0;\n"
    "    w.slot[ce_lane][0] = p != 0;\n"
    "    w.bar->arrive_and_wait();\n"
    "    for (int i = 0; i < 32; i++) r |= (unsigned)w.slot[i][0] << i;\n"
    "    w.bar->arrive_and_wait();\n"
    "    return r;\n"
    "}\n"
    "static int __popc(unsigned v) { return __builtin_popcount(v); }\n";
static const char ce_shim_mma[] =
    /* mma.sync (ci_bmm_tc): the warp's fragments through its slots, each lane's four points
       of D summed in order of k (exact products, f32 sums) */
    "static float ce_half(unsigned h, int kind) {\n"
    "    unsigned u = kind == 2 ? (h & 0xffffu) << 16 : 0;\n"
    "    float f;\n"
    "    if (kind == 1) {\n"
    "        unsigned e = h >> 10 & 31, m = h & 1023, sg = (h & 0x8000u) << 16;\n"
    "        if (e == 31) u = sg | 0x7f800000u | m << 13;\n"
    "        else if (e) u = sg | (e + 112) << 23 | m << 13;\n"
    "        else { f = std::ldexp((float)m, -24); return sg ? -f : f; }\n"
    "    }\n"
    "    std::memcpy(&f, &u, 4);\n"
    "    return f;\n"
    "}\n"
    "static float ce_tf32(unsigned u) { float f; std::memcpy(&f, &u, 4); return f; }\n"
    "static unsigned __float_as_uint(float f) { unsigned u; std::memcpy(&u, &f, 4); return u; }\n"
    /* A(r, k) and B(k, c) of the warp's step: m16n8k16, two 16-bit elements a word (a lane's
       words: rows g, g + 8, then K + 8); m16n8k8 (tf32), a word each (K + 4) */
    "template <int KIND> static float ce_mma_a(ce_warp &w, int r, int k) {\n"
    "    if (KIND == 3) return ce_tf32(w.mma[r % 8 * 4 + k % 4][r / 8 + k / 4 * 2]);\n"
    "    return ce_half(w.mma[r % 8 * 4 + k % 8 / 2][r / 8 + k / 8 * 2] >> k % 2 * 16, KIND);\n"
    "}\n"
    "template <int KIND> static float ce_mma_b(ce_warp &w, int k, int c) {\n"
    "    if (KIND == 3) return ce_tf32(w.mma[c * 4 + k % 4][4 + k / 4]);\n"
    "    return ce_half(w.mma[c * 4 + k % 8 / 2][4 + k / 8] >> k % 2 * 16, KIND);\n"
    "}\n"
    "template <int KIND> static void ce_mma(float *d, const unsigned *a, const unsigned *b) {\n"
    "    ce_warp &w = ce_warps[ce_wid];\n"
    "    std::memcpy(w.mma[ce_lane], a, 16);\n"
    "    std::memcpy(w.mma[ce_lane] + 4, b, 8);\n"
    "    w.bar->arrive_and_wait();\n"
    "    for (int o = 0; o < 4; o++) {\n"
    "        int r = (ce_lane >> 2) + o / 2 * 8, c = 2 * (ce_lane & 3) + o % 2;\n"
    "        float s = d[o];\n"
    "        for (int k = 0; k < (KIND == 3 ? 8 : 16); k++)\n"
    "            s += ce_mma_a<KIND>(w, r, k) * ce_mma_b<KIND>(w, k, c);\n"
    "        d[o] = s;\n"
    "    }\n"
    "    w.bar->arrive_and_wait();\n"
    "}\n"
    /* ldmatrix.x4: each lane's row address through the warp's slots; lane l receives from
       matrix i (rows named by lanes 8i..8i+7) row l / 4, elements 2 (l % 4) and the next */
    "static void ce_ldm4(unsigned *f, const unsigned short *p) {\n"
    "    ce_warp &w = ce_warps[ce_wid];\n"
    "    std::memcpy(w.slot[ce_lane], &p, sizeof p);\n"
    "    w.bar->arrive_and_wait();\n"
    "    for (int i = 0; i < 4; i++) {\n"
    "        const unsigned short *r;\n"
    "        std::memcpy(&r, w.slot[i * 8 + ce_lane / 4], sizeof r);\n"
    "        f[i] = r[2 * (ce_lane % 4)] | (unsigned)r[2 * (ce_lane % 4) + 1] << 16;\n"
    "    }\n"
    "    w.bar->arrive_and_wait();\n"
    "}\n"
    /* ldmatrix.x4.trans: lane l receives from matrix i column l / 4 of rows 2 (l % 4) and
       the next */
    "static void ce_ldm4t(unsigned *f, const unsigned short *p) {\n"
    "    ce_warp &w = ce_warps[ce_wid];\n"
    "    std::memcpy(w.slot[ce_lane], &p, sizeof p);\n"
    "    w.bar->arrive_and_wait();\n"
    "    for (int i = 0; i < 4; i++) {\n"
    "        const unsigned short *r0, *r1;\n"
    "        std::memcpy(&r0, w.slot[i * 8 + ce_lane % 4 * 2], sizeof r0);\n"
    "        std::memcpy(&r1, w.slot[i * 8 + ce_lane % 4 * 2 + 1], sizeof r1);\n"
    "        f[i] = r0[ce_lane / 4] | (unsigned)r1[ce_lane / 4] << 16;\n"
    "    }\n"
    "    w.bar->arrive_and_wait();\n"
    "}\n"
    "#define __CUDA_ARCH__ 900\n"
    /* a vote the emulator cannot take (which threads of a warp reach it): the thread's own
       test, and false for one thread in three, as a warp with a thread outside the interior
       takes the full bodies at its points inside */
    "static unsigned __activemask() { return 0xffffffffu; }\n"
    "static int __all_sync(unsigned, int p) { return p && (ce_lane + blockIdx.x) % 3 != 0; }\n";

/* a launch: the blocks one at a time, a block's threads at once */
static const char ce_launch[] =
    "static void *ce_work;\n"
    "static void ce_run(void (*K)(ci_tab, long long), void **ptrs, long long n, unsigned grid,\n"
    "                   unsigned bx, unsigned by) {\n"
    "    ci_tab t;\n"
    "    unsigned nt = bx * by, nw = (nt + 31) / 32;\n"
    "    memcpy(&t, ptrs, sizeof t);\n"
    "    blockDim.x = bx; blockDim.y = by; gridDim.x = grid;\n"
    "    for (unsigned b = 0; b < grid; b++) {\n"
    "        std::barrier<> bar((std::ptrdiff_t)nt);\n"
    "        std::vector<std::barrier<> *> wb(nw);\n"
    "        std::vector<std::thread> th;\n"
    "        blockIdx.x = b;\n"
    "        ce_bar = &bar;\n"
    "        ce_warps.assign(nw, ce_warp{});\n"
    "        for (unsigned w = 0; w < nw; w++)\n"
    "            ce_warps[w].bar = wb[w] = new std::barrier<>(\n"
    "                (std::ptrdiff_t)(w == nw - 1 && nt % 32 ? nt % 32 : 32));\n"
    "        for (unsigned i = 0; i < nt; i++)\n"
    "            th.emplace_back([=]() {\n"
    "                threadIdx.x = i % bx; threadIdx.y = i / bx;\n"
    "                ce_lane = i % 32; ce_wid = i / 32;\n"
    "                K(t, n);\n"
    "            });\n"
    "        for (auto &x : th) x.join();\n"
    "        for (auto *p : wb) delete p;\n"
    "    }\n"
    "}\n";

static char ce_dir[64];
static int ce_source_only;   /* --source */
static int ce_rejects_skip;  /* --rejects-skip */
static int ce_tf32;          /* --tf32, and --cases' second pass over the products */

/* s with every from replaced by to, malloc'd */
static char *ce_replace(const char *s, const char *from, const char *to) {
    size_t nf = strlen(from), nt = strlen(to), n = 0;
    const char *p;
    char *r, *q;
    for (p = s; (p = strstr(p, from)) != NULL; p += nf) n++;
    r = q = (char *)malloc(strlen(s) + n * (nt > nf ? nt - nf : 0) + 1);
    while ((p = strstr(s, from)) != NULL) {
        memcpy(q, s, (size_t)(p - s));
        q += p - s;
        memcpy(q, to, nt);
        q += nt;
        s = p + nf;
    }
    strcpy(q, s);
    return r;
}

/* the PTX 16-byte stores (>>cuemit's row vectors) as calls of ce_st4, the tensor-core steps
   and ldmatrix loads as calls of ce_mma, ce_ldm4 and ce_ldm4t, cp.async as a copy */
static char *ce_plain(const char *src) {
    static const char *const rw[][2] = {
        {CI__CUEMIT_MMA("m16n8k16", "f16"), "        ce_mma<1>(d, a, b);\n"},
        {CI__CUEMIT_MMA("m16n8k16", "bf16"), "        ce_mma<2>(d, a, b);\n"},
        {CI__CUEMIT_MMA("m16n8k8", "tf32"), "        ce_mma<3>(d, a, b);\n"},
        {CI__CUEMIT_LDM4, "static void ci_ldm4(unsigned *f, const unsigned short *p) {\n"
                          "    ce_ldm4(f, p);\n}\n"},
        {CI__CUEMIT_LDM4T, "static void ci_ldm4t(unsigned *f, const unsigned short *p) {\n"
                           "    ce_ldm4t(f, p);\n}\n"},
        {CI__CUEMIT_TF32, "static unsigned ci_tc_rna(unsigned u) {\n"
                          "    return (u & 0x7f800000u) == 0x7f800000u ? u\n"
                          "                                            : (u + 0x1000u) & 0xffffe000u;\n"
                          "}\n"},
        /* cp.async: copied at once (its waits then have nothing to wait for) */
        {CI__CUEMIT_CPASYNC, "static void ci_cp16(void *d, const void *s) {\n"
                             "    std::memcpy(d, s, 16);\n}\n"
                             "static void ci_cp_commit() {}\n"
                             "template <int N> static void ci_cp_wait() {}\n"},
        {"asm volatile(\"st.v4.f32 [%0], {%1, %2, %3, %4};\" :: ", "ce_st4("},
        {"asm volatile(\"st.v4.b32 [%0], {%1, %2, %3, %4};\" :: ", "ce_st4("},
        {"\"l\"(", "("}, {"\"f\"(", "("}, {"\"r\"(", "("}, {" : \"memory\");", ");"}};
    char *s = (char *)malloc(strlen(src) + 1), *t;
    size_t i;
    strcpy(s, src);
    for (i = 0; i < sizeof rw / sizeof rw[0]; i++) {
        t = ce_replace(s, rw[i][0], rw[i][1]);
        free(s);
        s = t;
    }
    return s;
}

static double ce_get(const void *p, ci_dtype dt, size_t k) {
    switch (dt) {
    case CI_F32: return ((const float *)p)[k];
    case CI_F64: return ((const double *)p)[k];
    case CI_I32: return ((const int32_t *)p)[k];
    case CI_I64: return (double)((const int64_t *)p)[k];
    case CI_I16: return ((const int16_t *)p)[k];
    case CI_I8: return ((const int8_t *)p)[k];
    case CI_BOOL: case CI_U8: return ((const unsigned char *)p)[k];
    case CI_F16: return ci__cemit_h2f(((const unsigned short *)p)[k]);
    case CI_BF16: return ci__cemit_bf2f(((const unsigned short *)p)[k]);
    default: return NAN;
    }
}

/* the GPU's lowering without a GPU: a program of this backend is lowered and planned as one
   for --device cuda (L->gpu, the device arena's plan, held here in host memory); its source
   is written by ce_graph */
static void *ce_compile(ci_program *p) { (void)p; return NULL; }
static int ce_norun(ci_program *p) { (void)p; return 1; }
static const ci__backend ce_backend = {"cudaemu", CI_BACKEND_NVRTC, CI_DEVICE_CUDA, 0, NULL,
                                       ce_compile, ce_norun, NULL};

/* one graph (its .cig text; name for the messages): 0 passed, 1 failed, 2 skipped */
static int ce_graph(const char *name, const char *cig, unsigned seed, int must_fail) {
    ci__cuda_target t = {90, 132, 227 * 1024};
    ci__cuda_launch *l;
    ci_ctx *ctx = NULL;
    ci_graph *g;
    ci_program *p = NULL, *q = NULL;
    ci_compile_desc pd;
    char err[512], path[128], so[128], cmd[512], fn[32], want[512] = "";
    void *in[CE_MAX_IO] = {0}, *out[CE_MAX_IO] = {0}, *eout[CE_MAX_IO] = {0}, **ptrs;
    size_t outn[CE_MAX_IO];
    int nl, i, j, nin = 0, nout = 0, res = 0, failed = 0;
    const char *src;
    char *plain;
    void *h;
    FILE *f;
    void (*launch)(void **, long long, unsigned, unsigned, unsigned, void *);
    if (ci_ctx_create(NULL, &ctx) != CI_OK) return 1;
    g = ci_graph_create(ctx);
    if (ci_cig_parse(g, cig, strlen(cig), name, NULL, err, sizeof err) != CI_OK) {
        const int skip = ce_rejects_skip && strstr(err, ": error: node ") != NULL;
        printf("%s %s: %s\n", skip ? "SKIP" : "FAIL", name, err);   /* (an op's own refusal) */
        res = skip ? 2 : 1;
        goto done;
    }
    memset(&pd, 0, sizeof pd);
    pd.backend = CI_BACKEND_INTERP;
    if (ci_compile(g, &pd, &p) != CI_OK) {
        printf("FAIL %s: %s\n", name, ci_ctx_last_error(ctx));
        res = 1;
        goto done;
    }
    pd.device = CI_DEVICE_CUDA;
    pd.backend = CI_BACKEND_NVRTC;
    pd.tf32 = ce_tf32;
    if (ci__public_compile(g, &pd, &q, NULL, &ce_backend) != CI_OK) {
        printf("SKIP %s: the GPU's lowering refuses it: %s\n", name, ci_ctx_last_error(ctx));
        res = 2;
        goto done;
    }
    src = ci__cuemit_source(q, &t, &l, &nl);
    if (ce_source_only) {   /* the source, and each launch as a comment after it */
        fputs(src, stdout);
        for (i = 0; i < nl; i++)
            printf("// launch %s: grid %u, block %u x %u, n %lld, scratch %zu bytes%s\n", l[i].fn,
                   l[i].grid, l[i].block[0], l[i].block[1], l[i].n, l[i].work,
                   l[i].ext ? " (an extern kernel: on the host)" : "");
        goto done;
    }
    if (strstr(src, CI__CUEMIT_NOGPU) || !strstr(src, "struct ci_tab")) {
        printf("SKIP %s: a kernel the GPU cannot run, or a table in device memory\n", name);
        res = 2;
        goto done;
    }
    nin = ci_program_num_inputs(p);
    nout = ci_program_num_outputs(p);
    if (nin > CE_MAX_IO || nout > CE_MAX_IO) { res = 2; goto done; }
    srand(seed);
    for (i = 0; i < nin; i++) {
        int64_t sh[CI_MAX_DIMS];
        int nd = ci_program_input_shape(p, i, sh);
        ci_dtype dt = ci_program_input_dtype(p, i);
        size_t n = 1, k;
        for (j = 0; j < nd; j++) n *= (size_t)sh[j];
        in[i] = calloc(1, n * ci__dtype_tab[dt].size + 16);
        for (k = 0; k < n; k++) {
            double r = (double)rand() / RAND_MAX;
            switch (dt) {
            case CI_F32: ((float *)in[i])[k] = (float)(4 * r - 2); break;
            case CI_F64: ((double *)in[i])[k] = 4 * r - 2; break;
            case CI_F16: ((unsigned short *)in[i])[k] = ci__cemit_f2h((float)(4 * r - 2)); break;
            case CI_BF16: ((unsigned short *)in[i])[k] = ci__cemit_f2bf((float)(4 * r - 2)); break;
            case CI_I64: ((int64_t *)in[i])[k] = (int64_t)(r * 10) - 3; break;
            case CI_I32: ((int32_t *)in[i])[k] = (int32_t)(r * 10) - 3; break;
            case CI_I16: ((int16_t *)in[i])[k] = (int16_t)((int)(r * 10) - 3); break;
            case CI_I8: ((int8_t *)in[i])[k] = (int8_t)((int)(r * 10) - 3); break;
            case CI_U8: ((unsigned char *)in[i])[k] = (unsigned char)(r * 10); break;
            default: ((unsigned char *)in[i])[k] = r < 0.5; break;
            }
        }
    }
    for (i = 0; i < nout; i++) {
        int64_t sh[CI_MAX_DIMS];
        int nd = ci_program_output_shape(p, i, sh);
        size_t bytes;
        outn[i] = 1;
        for (j = 0; j < nd; j++) outn[i] *= (size_t)sh[j];
        bytes = outn[i] * ci__dtype_tab[ci_program_output_dtype(p, i)].size + 16;
        out[i] = calloc(1, bytes);
        eout[i] = calloc(1, bytes);
    }
    if (ci_program_run(p, nin, (const void *const *)in, nout, out) != CI_OK) {
        if (!p->ext_msg[0]) {
            printf("FAIL %s: the interpreter: %s\n", name, ci_ctx_last_error(ctx));
            res = 1;
            goto done;
        }
        snprintf(want, sizeof want, "%s", p->ext_msg);   /* the CUDA source must fail so too */
    }
    if (must_fail && !want[0]) {
        printf("FAIL %s: the interpreter's run did not fail\n", name);
        res = 1;
        goto done;
    }
    /* the pointer table as the GPU program's run fills it, in host memory: the inputs and
       outputs here, the rest (its arena's intermediates, constants, the run-time check
       record) where the program keeps them */
    ptrs = CI__NEWN(q->A, void *, q->nslots + 1);
    memcpy(ptrs, q->B, sizeof(void *) * (size_t)(q->nslots + 1));
    for (i = 0; i < q->L->bufs.n; i++) {
        const ci__buf *b = (const ci__buf *)q->L->bufs.v[i];
        if (b->slot < 0) continue;
        if (b->kind == CI__BUF_INPUT) ptrs[b->slot] = in[b->input_index];
        else if (b->output_index >= 0) ptrs[b->slot] = eout[b->output_index];
    }
    snprintf(path, sizeof path, "%s/k%u.cpp", ce_dir, seed);
    snprintf(so, sizeof so, "%s/k%u.so", ce_dir, seed);
    plain = ce_plain(src);
    f = fopen(path, "w");
    if (!f) { res = 1; free(plain); goto done; }
    fprintf(f, "%s%s\n%s\n%s", ce_shim, ce_shim_mma, plain, ce_launch);
    for (i = 0; i < nl; i++) {   /* (a product's entry takes scratch: through ce_work) */
        char sig[128];
        if (l[i].ext) continue;
        snprintf(sig, sizeof sig, "%s(ci_tab T, long long n, void *work)", l[i].fn);
        fprintf(f, "extern \"C\" void ce_launch%d(void **ptrs, long long n, unsigned grid, "
                "unsigned bx, unsigned by, void *work) {\n    ce_work = work;\n"
                "    ce_run([](ci_tab t, long long m) { %s(t, m%s); }, ptrs, n, grid, bx, by);\n"
                "}\n", i, l[i].fn, strstr(src, sig) ? ", ce_work" : "");
    }
    fclose(f);
    free(plain);
    snprintf(cmd, sizeof cmd, "%s -std=c++20 -O1 -fno-strict-aliasing -w -shared -fPIC -o %s %s -lpthread",
             getenv("CXX") ? getenv("CXX") : "g++", so, path);
    if (system(cmd)) {
        printf("FAIL %s: the C++ compiler rejected the source (%s)\n", name, path);
        res = 1;
        goto done;
    }
    h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!h) { printf("FAIL %s: %s\n", name, dlerror()); res = 1; goto done; }
    for (i = 0; i < nl && !failed; i++) {   /* in order, as the stream runs them; scratch
                                               zeroed; up to the first that fails */
        void *work;
        if (l[i].ext) {   /* an extern kernel on the host: here on the same memory */
            if (ci__rt_extern(q, i, ptrs)) {
                failed = 1;
                if (!want[0] || strcmp(want, q->ext_msg)) {
                    printf("FAIL %s: the extern kernel %s failed: %s\n", name, l[i].fn,
                           q->ext_msg);
                    res = 1;
                }
            }
            continue;
        }
        work = l[i].work ? calloc(1, l[i].work) : NULL;
        snprintf(fn, sizeof fn, "ce_launch%d", i);
        *(void **)&launch = dlsym(h, fn);
        launch(ptrs, l[i].n, l[i].grid, l[i].block[0], l[i].block[1], work);
        if (l[i].sel) {   /* the words >>cuda reads back: a count, a check's */
            long long w[2] = {0, 0};
            if (l[i].n > 0) memcpy(w, work, sizeof(long long) * CI__CUDA_POST_WORDS(l[i].sel));
            if (ci__cuda_post(q, i, l[i].sel, w)) {
                failed = 1;
                if (!want[0] || strcmp(want, q->ext_msg)) {
                    printf("FAIL %s: the CUDA source's run failed: %s\n", name, q->ext_msg);
                    res = 1;
                }
            }
        }
        free(work);
    }
    if (want[0] && !failed) {
        printf("FAIL %s: the interpreter failed (%s), the CUDA source did not\n", name, want);
        res = 1;
    }
    for (i = 0; i < nout && !failed; i++) {   /* the sizes a run filled (data-dependent ones) */
        int64_t a[CI_MAX_DIMS], b[CI_MAX_DIMS];
        int na = ci_program_output_shape_after_run(p, i, a),
            nb = ci_program_output_shape_after_run(q, i, b);
        if (na != nb || memcmp(a, b, sizeof(int64_t) * (size_t)(na > 0 ? na : 0))) {
            printf("FAIL %s: output %d: the interpreter's size after the run %lld, the CUDA "
                   "source's %lld (dim 0)\n", name, i, na > 0 ? (long long)a[0] : -1LL,
                   nb > 0 ? (long long)b[0] : -1LL);
            res = 1;
        }
    }
    for (i = 0; i < nout && !failed; i++) {
        ci_dtype dt = ci_program_output_dtype(p, i);
        size_t k, nbad = 0, first = 0;
        int64_t sh[CI_MAX_DIMS];
        int nd = ci_program_output_shape_after_run(p, i, sh), d;
        /* (a data-dependent output: its first elements, as many as the run gave; the rest
           is left as it was, docs/data-dependent.md) */
        for (d = 0, outn[i] = 1; d < nd; d++) outn[i] *= (size_t)sh[d];
        /* floats as the GPU test compares them: rtol 1e-4 (f64: 1e-9, where the graph has
           no narrower floats; f16 4e-3 and bf16 3e-2, an ulp or two of a sum added in
           another order) and that much of the output's largest magnitude */
        int narrow = strstr(cig, "f32") || strstr(cig, "f16") || strstr(cig, "bf16");
        double big = 1, rtol = dt == CI_F64 && !narrow ? 1e-9
                               : dt == CI_F32 && ce_tf32 ? 1e-2
                               : dt == CI_F32 || dt == CI_F64 ? 1e-4
                               : dt == CI_F16 ? 4e-3 : dt == CI_BF16 ? 3e-2 : 0;
        for (k = 0; k < outn[i]; k++) {
            double a = ce_get(out[i], dt, k);
            if (isfinite(a) && fabs(a) > big) big = fabs(a);
        }
        for (k = 0; k < outn[i]; k++) {
            double a = ce_get(out[i], dt, k), b = ce_get(eout[i], dt, k);
            int same = a == b || (a != a && b != b) || fabs(a - b) <= rtol * (big + fabs(a));
            if (!same && nbad++ == 0) first = k;
        }
        if (nbad) {
            printf("FAIL %s: output %d: %zu of %zu differ; at [%zu] the interpreter %.9g, the "
                   "CUDA source %.9g\n", name, i, nbad, outn[i], first,
                   ce_get(out[i], dt, first), ce_get(eout[i], dt, first));
            res = 1;
        }
    }
    dlclose(h);
    if (!res) {
        printf("PASS %s (%d launch%s)%s%s\n", name, nl, nl == 1 ? "" : "es",
               failed ? ": failed as the interpreter did: " : "", failed ? want : "");
        remove(path);
    }
    remove(so);
done:
    for (i = 0; i < CE_MAX_IO; i++) { free(in[i]); free(out[i]); free(eout[i]); }
    if (p) ci_program_destroy(p);
    if (q) ci_program_destroy(q);
    ci_ctx_destroy(ctx);
    fflush(stdout);
    return res;
}

/* a file's text, malloc'd (NULL: unreadable) */
static char *ce_read(const char *path) {
    FILE *f = fopen(path, "rb");
    char *t;
    long n;
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
        fclose(f);
        return NULL;
    }
    t = (char *)malloc((size_t)n + 1);
    if (t && fread(t, 1, (size_t)n, f) != (size_t)n) { free(t); t = NULL; }
    if (t) t[n] = 0;
    fclose(f);
    return t;
}

int main(int argc, char **argv) {
    int i, n[3] = {0, 0, 0};
    char name[64];
    (void)cuda_many_inputs_cig;   /* (tests/cuda_cases.h's other graph: past CE_MAX_IO inputs) */
    snprintf(ce_dir, sizeof ce_dir, "/tmp/cudaemu.XXXXXX");
    if (!mkdtemp(ce_dir)) { perror("cudaemu: mkdtemp"); return 1; }
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--source")) {
            ce_source_only = 1;
            continue;
        }
        if (!strcmp(argv[i], "--rejects-skip")) {
            ce_rejects_skip = 1;
            continue;
        }
        if (!strcmp(argv[i], "--tf32")) {
            ce_tf32 = 1;
            continue;
        }
        if (!strcmp(argv[i], "--cases")) {
            size_t c;
            for (c = 0; c < sizeof cuda_kernel_cases / sizeof *cuda_kernel_cases; c++) {
                snprintf(name, sizeof name, "cuda_cases.h case %zu", c);
                n[ce_graph(name, cuda_kernel_cases[c], 1000 + (unsigned)c, 0)]++;
            }
            for (c = 0; c < sizeof cuda_kernel_cases / sizeof *cuda_kernel_cases; c++) {
                const char *k = cuda_kernel_cases[c];   /* f32 products again, as TF32 */
                int t = ce_tf32;
                if (!strstr(k, "f32[") || (!strstr(k, ".mm.") && !strstr(k, ".bmm.") &&
                                           !strstr(k, ".linear.")))
                    continue;
                snprintf(name, sizeof name, "cuda_cases.h case %zu (tf32)", c);
                ce_tf32 = 1;
                n[ce_graph(name, k, 1000 + (unsigned)c, 0)]++;
                ce_tf32 = t;
            }
            for (c = 0; c < sizeof cuda_error_cases / sizeof *cuda_error_cases; c++) {
                snprintf(name, sizeof name, "cuda_cases.h error case %zu", c);
                n[ce_graph(name, cuda_error_cases[c], 3000 + (unsigned)c, 1)]++;
            }
        } else {
            char *text = ce_read(argv[i]);
            if (!text) { printf("FAIL %s: cannot read it\n", argv[i]); n[1]++; continue; }
            n[ce_graph(argv[i], text, 2000 + (unsigned)i, 0)]++;
            free(text);
        }
    }
    rmdir(ce_dir);   /* (left, with a failing graph's source in it, where one failed) */
    if (ce_source_only) return n[1] != 0;
    printf("%d passed, %d failed, %d skipped\n", n[0], n[1], n[2]);
    return n[1] != 0;
}
