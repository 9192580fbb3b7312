/* tools/gpubench/main.cu - the SUITE's generated kernels (gen.cu, from gen.py) and hand-written
   variants of them (hand.cu) timed side by side on the GPU, with the device copy and a bare
   read and write for the roofline: each launch between CUDA events after 256 MB written (L2
   flushed, the GPU busy when the first event is recorded, as cinductor bench and PyTorch's
   side time), inputs and outputs taking turns over copies larger than L2, the median of 50
   after 10; ROUNDS passes over the list
   (default 3), each row its per-round medians and the GB/s of their median; a second argument
   keeps the cases whose name contains it ("mma": the tensor-core product's check and speed
   alone). A developer's
   tool for the lent machine (nvcc): it measures kernels, it checks nothing. */
#include "mbhead.h"
struct Case {
    const char *name;
    const void *fn;
    unsigned grid, bx, by;
    long long n;
    std::vector<size_t> in, out;
    int work;
};
#include "gen.cu"
#include "hand.cu"
#define CK(x) do { cudaError_t e_ = (x); if (e_) { printf("%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)
static int nsm;
__global__ void fill_k(float *d, size_t nf, unsigned seed) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < nf; i += (size_t)gridDim.x * blockDim.x)
        d[i] = (float)(((unsigned)i * 2654435761u + seed) % 1000) / 500.f - 1.f;
}
static float *fill(size_t nf) {
    static unsigned seed = 1;
    float *d; CK(cudaMalloc(&d, nf * 4 + 64));
    fill_k<<<1024, 256>>>(d, nf, seed++ * 7919u);
    CK(cudaDeviceSynchronize()); return d;
}
static double bytes_of(const Case &c) { double b = 0; for (auto s : c.in) b += 4.0 * s; for (auto s : c.out) b += 4.0 * s; return b; }
static float run_case(const Case &c, int reps, float *out_first = NULL) {
    double per = bytes_of(c);
    int nb = (int)(300e6 / per) + 1; if (nb > 8) nb = 8; if (nb < 2) nb = 2;
    std::vector<htab> tabs(nb);
    static void *work = NULL; if (!work) { CK(cudaMalloc(&work, 64 << 20)); CK(cudaMemset(work, 0, 64 << 20)); }
    for (int k = 0; k < nb; k++) {
        int j = 0;
        for (auto s : c.in) tabs[k].p[j++] = fill(s);
        for (auto s : c.out) tabs[k].p[j++] = fill(s);
        while (j < 5) tabs[k].p[j++] = c.work ? (j == c.in.size() + c.out.size() + 1 ? (void *)((char *)work + (32 << 20)) : work) : work;
    }
    cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    std::vector<float> ts;
    static void *flush = NULL; if (!flush) CK(cudaMalloc(&flush, 256 << 20));
    for (int r = 0; r < reps + 10; r++) {
        htab &t = tabs[r % nb];
        long long n = c.n;
        void *args[] = { &t, &n };
        CK(cudaMemsetAsync(flush, 0, 256 << 20));   /* as PyTorch's benchmarks, and the GPU
                                                       busy as the timing starts */
        CK(cudaEventRecord(a));
        CK(cudaLaunchKernel(c.fn, dim3(c.grid), dim3(c.bx, c.by), args, 0, 0));
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float ms; CK(cudaEventElapsedTime(&ms, a, b));
        if (r >= 10) ts.push_back(ms);
    }
    CK(cudaGetLastError());
    if (out_first) CK(cudaMemcpy(out_first, tabs[0].p[c.in.size()], 16, cudaMemcpyDeviceToHost));
    for (int k = 0; k < nb; k++) for (size_t j = 0; j < c.in.size() + c.out.size(); j++) cudaFree(tabs[k].p[j]);
    std::sort(ts.begin(), ts.end());
    return ts[ts.size() / 2];
}
__global__ void fill_h(unsigned short *d, size_t n, unsigned seed) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        d[i] = __half_as_ushort(__float2half((float)(((unsigned)i * 2654435761u + seed) % 2001) / 1000.f - 1.f));
}
/* the tensor-core product against the reference (M x K by K x N), then its speed at 4096^3 */
static void mma_check(void) {
    const int M = 192, N = 320, K = 272;
    unsigned short *a, *b; float *c, *r;
    CK(cudaMalloc(&a, (size_t)M * K * 2)); CK(cudaMalloc(&b, (size_t)K * N * 2));
    CK(cudaMalloc(&c, (size_t)M * N * 4)); CK(cudaMalloc(&r, (size_t)M * N * 4));
    fill_h<<<256, 256>>>(a, (size_t)M * K, 11); fill_h<<<256, 256>>>(b, (size_t)K * N, 977);
    CK(cudaMemset(c, 0xff, (size_t)M * N * 4));   /* NaNs where nothing is written */
    mma_f16<<<(M / 64) * (N / 64), 128>>>(a, b, c, M, N, K);
    mm_ref<<<dim3((N + 127) / 128, M), 128>>>(a, b, r, M, N, K);
    CK(cudaDeviceSynchronize());
    std::vector<float> hc((size_t)M * N), hr((size_t)M * N);
    CK(cudaMemcpy(hc.data(), c, hc.size() * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hr.data(), r, hr.size() * 4, cudaMemcpyDeviceToHost));
    double num = 0, den = 0; size_t bad = 0;
    for (size_t i = 0; i < hc.size(); i++) {
        double d = (double)hc[i] - hr[i];
        if (!(hc[i] == hc[i])) bad++;
        num += d * d; den += (double)hr[i] * hr[i];
    }
    printf("# mma_f16 check %dx%dx%d: |C - ref| / |ref| = %.3g, %zu NaN (unwritten)%s\n", M, N, K,
           sqrt(num / den), bad, sqrt(num / den) < 1e-5 && !bad ? "" : "  <-- WRONG");
    CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(c)); CK(cudaFree(r));
    const int S = 4096;
    CK(cudaMalloc(&a, (size_t)S * S * 2)); CK(cudaMalloc(&b, (size_t)S * S * 2));
    CK(cudaMalloc(&c, (size_t)S * S * 4));
    fill_h<<<1024, 256>>>(a, (size_t)S * S, 5); fill_h<<<1024, 256>>>(b, (size_t)S * S, 7);
    cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    std::vector<float> ts;
    for (int i = 0; i < 13; i++) {
        CK(cudaEventRecord(e0));
        mma_f16<<<(S / 64) * (S / 64), 128>>>(a, b, c, S, S, S);
        CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1));
        float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); if (i >= 3) ts.push_back(ms);
    }
    CK(cudaGetLastError());
    std::sort(ts.begin(), ts.end());
    printf("# mma_f16 4096^3: %.3f ms, %.0f TFLOP/s\n", ts[ts.size() / 2],
           2.0 * S * S * S / ts[ts.size() / 2] / 1e9);
    CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(c));
}
int main(int argc, char **argv) {
    cudaDeviceProp pr; CK(cudaGetDeviceProperties(&pr, 0)); nsm = pr.multiProcessorCount;
    printf("# %s, %d SMs, L2 %d MB\n", pr.name, nsm, pr.l2CacheSize >> 20);
    const size_t M16 = 4096 * 4096, M8 = 8192 * 1024, M16b = 8192 * 2048, IMG = 3 * 2048 * 2048;
    std::vector<Case> cs = {
        {"empty", (const void *)empty_k, 1, 32, 1, 1, {}, {1}},
        {"add_one v4 256t all", (const void *)addone_v4, 16384, 256, 1, 16777216, {M16}, {M16}},
        {"add_one v4 256t nsm*8", (const void *)addone_v4, (unsigned)nsm * 8, 256, 1, 16777216, {M16}, {M16}},
        {"read_v4 64MB nsm*8", (const void *)read_v4, (unsigned)nsm * 8, 256, 1, 16777216, {M16}, {1}},
        {"read_v4 64MB nsm*16", (const void *)read_v4, (unsigned)nsm * 16, 256, 1, 16777216, {M16}, {1}},
        {"layernorm warp/row 4 rows", (const void *)ln_warp, 2048, 32, 4, 8192, {M8, 1024, 1024}, {M8}},
        {"layernorm warp/row 8 rows", (const void *)ln_warp, 1024, 32, 8, 8192, {M8, 1024, 1024}, {M8}},
        {"rowsum 512t", (const void *)rowsum_nt<512>, 4096, 512, 1, 4096, {M16}, {4096}},
        {"rowsum 256t", (const void *)rowsum_nt<256>, 4096, 256, 1, 4096, {M16}, {4096}},
        {"rowsum warp/row 4 rows", (const void *)rowsum_warp<4>, 1024, 32, 4, 4096, {M16}, {4096}},
        {"rowsum warp/row 8 rows", (const void *)rowsum_warp<8>, 512, 32, 8, 4096, {M16}, {4096}},
        {"rowsum 128t", (const void *)rowsum_nt<128>, 4096, 128, 1, 4096, {M16}, {4096}},
        {"colsum split v4 RY8 S8", (const void *)colsum_split<8, 8>, 32 * 8, 32, 8, 4096, {M16}, {4096}, 1},
        {"colsum split v4 RY8 S16", (const void *)colsum_split<8, 16>, 32 * 16, 32, 8, 4096, {M16}, {4096}, 1},
        {"colsum split v4 RY16 S16", (const void *)colsum_split<16, 16>, 32 * 16, 32, 16, 4096, {M16}, {4096}, 1},
        {"colsum split v4 RY8 S32", (const void *)colsum_split<8, 32>, 32 * 32, 32, 8, 4096, {M16}, {4096}, 1},
        {"transpose hoist pairs", (const void *)ta_hoist<1>, 16384, 32, 8, 16384, {M16}, {M16}},
        {"transpose hoist plain", (const void *)ta_hoist<0>, 16384, 32, 8, 16384, {M16}, {M16}},
        {"transpose both tiles", (const void *)ta_both, 8256, 32, 8, 8256, {M16}, {M16}},
        {"add_one 32MB (layernorm's bytes)", (const void *)addone_v4, 8192, 256, 1, 8388608, {M8}, {M8}},
        {"blur v4 R1", (const void *)blur_v4<1, 0>, 3 * 2048 * 4, 128, 1, 0, {IMG}, {IMG}},
        {"blur v4 R4", (const void *)blur_v4<4, 0>, 3 * 512 * 4, 128, 1, 0, {IMG}, {IMG}},
        {"blur v4 R8", (const void *)blur_v4<8, 0>, 3 * 256 * 4, 128, 1, 0, {IMG}, {IMG}},
        {"blur v4o R4 (taps in order)", (const void *)blur_v4<4, 1>, 3 * 512 * 4, 128, 1, 0, {IMG}, {IMG}},
    };
    cs.insert(cs.end(), gen_cases.begin(), gen_cases.end());
    int rounds = argc > 1 ? atoi(argv[1]) : 3;
    if (argc > 2 && !strcmp(argv[2], "mma")) { mma_check(); return 0; }
    if (argc > 2) {   /* a name filter (for ncu: one round of the cases it names) */
        std::vector<Case> keep;
        for (auto &c : cs) if (strstr(c.name, argv[2])) keep.push_back(c);
        cs = keep;
    }
    std::vector<std::vector<float>> t(cs.size());
    /* device copy 1 GiB, as bench_side measures it */
    {
        float *x, *y; size_t nb = (size_t)1 << 30; CK(cudaMalloc(&x, nb)); CK(cudaMalloc(&y, nb));
        cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b); std::vector<float> ts;
        for (int i = 0; i < 13; i++) { cudaEventRecord(a); cudaMemcpyAsync(y, x, nb, cudaMemcpyDeviceToDevice); cudaEventRecord(b); cudaEventSynchronize(b); float ms; cudaEventElapsedTime(&ms, a, b); if (i >= 3) ts.push_back(ms); }
        std::sort(ts.begin(), ts.end()); printf("# copy 1 GiB: %.4f ms, %.0f GB/s (85%%: %.0f)\n", ts[5], 2.0 * nb / ts[5] / 1e6, 0.85 * 2.0 * nb / ts[5] / 1e6);
        cudaFree(x); cudaFree(y);
    }
    for (int r = 0; r < rounds; r++)
        for (size_t i = 0; i < cs.size(); i++) t[i].push_back(run_case(cs[i], 50));
    for (size_t i = 0; i < cs.size(); i++) {
        printf("%-30s", cs[i].name);
        std::vector<float> v = t[i];
        for (float x : v) printf(" %.4f", x);
        std::sort(v.begin(), v.end());
        printf("  ms  | %.0f GB/s\n", bytes_of(cs[i]) / v[v.size() / 2] / 1e6);
    }
    return 0;
}
