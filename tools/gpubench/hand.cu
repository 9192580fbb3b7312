/* tools/gpubench/hand.cu - hand-written variants of the SUITE's kernels, timed beside the generated
   ones (main.cu): a transpose tile with its loads before the barrier, both mirror tiles a block; a
   warp a layer-norm row; rows summed by 128-512 threads; a column sum split over row parts
   with the last block adding them in order; a bare copy and read for the roofline */
#include "mbhead.h"
struct htab { void *p[5]; };
/* transpose_add, one 32x32 tile a block (block 32x8), direct loads issued before the staging */
template <int PAIRS>
__global__ void __launch_bounds__(256) ta_hoist(htab T, long long n) {
    const float *__restrict__ x = (const float *)T.p[0];
    float *__restrict__ y = (float *)T.p[1];
    __shared__ float ci_t0[32][33];
    for (long long t = blockIdx.x; t < n; t += gridDim.x) {
        unsigned ci_ti, ci_tj;
        if (PAIRS) {
            unsigned ci_tp = t % 16384, ci_tq = ci_tp / 2;
            if (ci_tp >= 16256) ci_ti = ci_tj = ci_tp - 16256;
            else if (ci_tq < 8064) { ci_ti = ci_tq / 63; ci_tj = (ci_ti + 1 + ci_tq % 63) % 128; }
            else { ci_ti = ci_tq - 8064; ci_tj = ci_ti + 64; }
            if (ci_tp < 16256 && ci_tp % 2) { unsigned s = ci_ti; ci_ti = ci_tj; ci_tj = s; }
        } else { ci_ti = t / 128; ci_tj = t % 128; }
        float d[4], s[4];
        #pragma unroll
        for (int k = 0; k < 4; k++) {
            int x1 = ci_tj * 32 + threadIdx.x, x0 = ci_ti * 32 + threadIdx.y + 8 * k;
            d[k] = x[4096 * x0 + x1];
        }
        #pragma unroll
        for (int k = 0; k < 4; k++) {
            int x1 = ci_tj * 32 + threadIdx.y + 8 * k, x0 = ci_ti * 32 + threadIdx.x;
            s[k] = x[x0 + 4096 * x1];
        }
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < 4; k++) ci_t0[threadIdx.y + 8 * k][threadIdx.x] = s[k];
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < 4; k++) {
            int x1 = ci_tj * 32 + threadIdx.x, x0 = ci_ti * 32 + threadIdx.y + 8 * k;
            y[4096 * x0 + x1] = ci_t0[threadIdx.x][threadIdx.y + 8 * k] + d[k];
        }
    }
}
/* both mirror tiles in one block: A = x[I][J], Bm = x[J][I]; y[I][J] = Bm^T + A, y[J][I] = A^T + Bm */
__global__ void __launch_bounds__(256) ta_both(htab T, long long n) {
    const float *__restrict__ x = (const float *)T.p[0];
    float *__restrict__ y = (float *)T.p[1];
    __shared__ float sa[32][33], sb[32][33];
    for (long long t = blockIdx.x; t < n; t += gridDim.x) {
        /* pairs (i <= j): t indexes the upper triangle incl. diagonal, 128*129/2 = 8256 */
        unsigned i = 0, r = (unsigned)t;
        while (r >= 128 - i) { r -= 128 - i; i++; }
        unsigned j = i + r;
        float a[4], b[4];
        #pragma unroll
        for (int k = 0; k < 4; k++) a[k] = x[4096 * (i * 32 + threadIdx.y + 8 * k) + j * 32 + threadIdx.x];
        if (i != j) {
            #pragma unroll
            for (int k = 0; k < 4; k++) b[k] = x[4096 * (j * 32 + threadIdx.y + 8 * k) + i * 32 + threadIdx.x];
        }
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < 4; k++) { sa[threadIdx.y + 8 * k][threadIdx.x] = a[k]; if (i != j) sb[threadIdx.y + 8 * k][threadIdx.x] = b[k]; }
        __syncthreads();
        if (i == j) {
            #pragma unroll
            for (int k = 0; k < 4; k++) y[4096 * (i * 32 + threadIdx.y + 8 * k) + j * 32 + threadIdx.x] = sa[threadIdx.x][threadIdx.y + 8 * k] + a[k];
        } else {
            #pragma unroll
            for (int k = 0; k < 4; k++) {
                y[4096 * (i * 32 + threadIdx.y + 8 * k) + j * 32 + threadIdx.x] = sb[threadIdx.x][threadIdx.y + 8 * k] + a[k];
                y[4096 * (j * 32 + threadIdx.y + 8 * k) + i * 32 + threadIdx.x] = sa[threadIdx.x][threadIdx.y + 8 * k] + b[k];
            }
        }
    }
}
/* layer norm, a warp a row (1024: 8 float4 a thread), double sums, rows a block = blockDim.y */
__global__ void __launch_bounds__(256) ln_warp(htab T, long long n) {
    const float *__restrict__ x = (const float *)T.p[0];
    const float *__restrict__ w = (const float *)T.p[1];
    const float *__restrict__ b = (const float *)T.p[2];
    float *__restrict__ y = (float *)T.p[3];
    for (long long row = (long long)blockIdx.x * blockDim.y + threadIdx.y; row < n; row += (long long)gridDim.x * blockDim.y) {
        float4 v[8];
        #pragma unroll
        for (int k = 0; k < 8; k++) v[k] = *(const float4 *)(x + row * 1024 + 4 * threadIdx.x + 128 * k);
        double s = 0;
        #pragma unroll
        for (int k = 0; k < 8; k++) s += v[k].x, s += v[k].y, s += v[k].z, s += v[k].w;
        for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        float mean = (float)s / 1024.0f;
        double q = 0;
        #pragma unroll
        for (int k = 0; k < 8; k++) {
            float a0 = v[k].x - mean, a1 = v[k].y - mean, a2 = v[k].z - mean, a3 = v[k].w - mean;
            q += a0 * a0; q += a1 * a1; q += a2 * a2; q += a3 * a3;
        }
        for (int o = 16; o; o >>= 1) q += __shfl_xor_sync(0xffffffffu, q, o);
        float rs = 1.0f / sqrtf((float)q / 1024.0f + 1e-5f);
        #pragma unroll
        for (int k = 0; k < 8; k++) {
            float4 ww = *(const float4 *)(w + 4 * threadIdx.x + 128 * k), bb = *(const float4 *)(b + 4 * threadIdx.x + 128 * k), o;
            o.x = (v[k].x - mean) * rs * ww.x + bb.x; o.y = (v[k].y - mean) * rs * ww.y + bb.y;
            o.z = (v[k].z - mean) * rs * ww.z + bb.z; o.w = (v[k].w - mean) * rs * ww.w + bb.w;
            *(float4 *)(y + row * 1024 + 4 * threadIdx.x + 128 * k) = o;
        }
    }
}
/* rowsum 4096 wide, a block of NT threads a row, all its float4 loads in flight */
template <int NT>
__global__ void __launch_bounds__(NT) rowsum_nt(htab T, long long n) {
    const float *__restrict__ x = (const float *)T.p[0];
    float *__restrict__ y = (float *)T.p[1];
    __shared__ double sh[NT / 32];
    for (long long row = blockIdx.x; row < n; row += gridDim.x) {
        float4 v[4096 / 4 / NT];
        #pragma unroll
        for (int k = 0; k < 4096 / 4 / NT; k++) v[k] = *(const float4 *)(x + row * 4096 + 4 * threadIdx.x + 4 * NT * k);
        double s = 0;
        #pragma unroll
        for (int k = 0; k < 4096 / 4 / NT; k++) s += v[k].x, s += v[k].y, s += v[k].z, s += v[k].w;
        for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = s;
        __syncthreads();
        if (threadIdx.x == 0) { double t = 0; for (int w = 0; w < NT / 32; w++) t += sh[w]; y[row] = (float)t; }
        __syncthreads();
    }
}
/* colsum 4096 x 4096 over rows, split: block (32, RY); a thread a float4 of columns (128 a block),
   S parts of 4096 / S rows; partials in double to work; the last block of a column group adds
   the parts in order */
template <int RY, int S>
__global__ void __launch_bounds__(32 * RY) colsum_split(htab T, long long n) {
    const float *__restrict__ x = (const float *)T.p[0];
    float *__restrict__ y = (float *)T.p[1];
    double *part = (double *)T.p[2];
    unsigned *cnt = (unsigned *)T.p[3];
    __shared__ double sh[RY][32][4];
    __shared__ int last;
    int cg = blockIdx.x % 32, p = blockIdx.x / 32;
    int col = cg * 128 + 4 * threadIdx.x;
    double a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    int r0 = p * (4096 / S), r1 = r0 + 4096 / S;
    #pragma unroll 8
    for (int r = r0 + threadIdx.y; r < r1; r += RY) {
        float4 v = *(const float4 *)(x + (long long)r * 4096 + col);
        a0 += v.x; a1 += v.y; a2 += v.z; a3 += v.w;
    }
    sh[threadIdx.y][threadIdx.x][0] = a0; sh[threadIdx.y][threadIdx.x][1] = a1;
    sh[threadIdx.y][threadIdx.x][2] = a2; sh[threadIdx.y][threadIdx.x][3] = a3;
    __syncthreads();
    if (threadIdx.y < 4) {
        double s = 0;
        for (int w = 0; w < RY; w++) s += sh[w][threadIdx.x][threadIdx.y];
        if (S == 1) { y[col + threadIdx.y] = (float)s; return; }
        part[(size_t)p * 4096 + col + threadIdx.y] = s;
    }
    if (S == 1) return;
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) last = atomicAdd(&cnt[cg], 1u) == S - 1;
    __syncthreads();
    if (!last) return;
    __threadfence();
    if (threadIdx.y < 4) {
        double s = 0;
        for (int q = 0; q < S; q++) s += ((volatile double *)part)[(size_t)q * 4096 + col + threadIdx.y];
        y[col + threadIdx.y] = (float)s;
    }
    if (threadIdx.x == 0 && threadIdx.y == 0) cnt[cg] = 0;
}
__global__ void empty_k(htab T, long long n) {}
/* a float4 copy-plus-one, a grid of G blocks looping */
__global__ void __launch_bounds__(256) addone_v4(htab T, long long n) {
    const float4 *__restrict__ x = (const float4 *)T.p[0];
    float4 *__restrict__ y = (float4 *)T.p[1];
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += (long long)gridDim.x * blockDim.x) {
        float4 v = x[i]; v.x += 1; v.y += 1; v.z += 1; v.w += 1; y[i] = v;
    }
}
/* a read-only float4 sum (one result a thread written, so nothing is dead) */
__global__ void __launch_bounds__(256) read_v4(htab T, long long n) {
    const float4 *__restrict__ x = (const float4 *)T.p[0];
    float *__restrict__ y = (float *)T.p[1];
    float s = 0;
    #pragma unroll 4
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += (long long)gridDim.x * blockDim.x) {
        float4 v = x[i]; s += v.x + v.y + v.z + v.w;
    }
    if (s == 12345.f) y[0] = s;
}
/* blur3x3_tonemap on img [3, 2048, 2048]: a thread 4 neighbouring columns (one float4 of each row
   and one point either side) of R rows; 128 threads along a row (4 blocks a row), grid 3 *
   (2048 / R) * 4; 32-bit indices. ORDER 0: the rows' horizontal sums shared down the strip;
   1: the 9 taps summed in the generated kernel's order (row-major), so only the loads differ */
template <int R, int ORDER>
__global__ void __launch_bounds__(128) blur_v4(htab T, long long n) {
    const float *__restrict__ x = (const float *)T.p[0];
    float *__restrict__ y = (float *)T.p[1];
    unsigned b = blockIdx.x, cq = b % 4, strip = b / 4 % (2048 / R), ch = b / 4 / (2048 / R);
    int c = (int)(cq * 512 + 4 * threadIdx.x), r0 = (int)(strip * R);
    const float *p = x + ch * 4194304u;
    float e[R + 2][6];
    #pragma unroll
    for (int k = 0; k < R + 2; k++) {
        int r = r0 - 1 + k;
        float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
        float l = 0.f, rr = 0.f;
        if (r >= 0 && r < 2048) {
            v = *(const float4 *)(p + r * 2048 + c);
            if (c > 0) l = p[r * 2048 + c - 1];
            if (c + 4 < 2048) rr = p[r * 2048 + c + 4];
        }
        e[k][0] = l; e[k][1] = v.x; e[k][2] = v.y; e[k][3] = v.z; e[k][4] = v.w; e[k][5] = rr;
    }
    #pragma unroll
    for (int k = 0; k < R; k++) {
        float o[4];
        #pragma unroll
        for (int j = 0; j < 4; j++) {
            float s = 0.f;
            if (ORDER) {
                #pragma unroll
                for (int a = 0; a < 3; a++)
                    #pragma unroll
                    for (int d = 0; d < 3; d++) s = (a | d) ? s + e[k + a][j + d] : e[k][j];
            } else {
                float h[3];
                #pragma unroll
                for (int a = 0; a < 3; a++) h[a] = e[k + a][j] + e[k + a][j + 1] + e[k + a][j + 2];
                s = h[0] + h[1] + h[2];
            }
            s = s / 9.f;
            s = s / (fabsf(s) + 1.f);
            o[j] = fminf(fmaxf(s, 0.f), 1.f);
        }
        *(float4 *)(y + ch * 4194304u + (r0 + k) * 2048 + c) = make_float4(o[0], o[1], o[2], o[3]);
    }
}
/* rowsum 4096 wide, a warp a row (WR rows a block): 4 steps of 8 float4 loads in flight a
   thread, double sums, shuffles alone (no barrier) */
template <int WR>
__global__ void __launch_bounds__(32 * WR) rowsum_warp(htab T, long long n) {
    const float *__restrict__ x = (const float *)T.p[0];
    float *__restrict__ y = (float *)T.p[1];
    long long row = (long long)blockIdx.x * WR + threadIdx.y;
    if (row >= n) return;
    double s = 0;
    #pragma unroll
    for (int q = 0; q < 4; q++) {
        float4 v[8];
        #pragma unroll
        for (int k = 0; k < 8; k++) v[k] = *(const float4 *)(x + row * 4096 + 1024 * q + 4 * threadIdx.x + 128 * k);
        #pragma unroll
        for (int k = 0; k < 8; k++) s += v[k].x, s += v[k].y, s += v[k].z, s += v[k].w;
    }
    for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if (threadIdx.x == 0) y[row] = (float)s;
}
/* tensor cores (the first step toward ci_bmm's f16/bf16 path): C[M, N] (f32) = A[M, K] x
   B[K, N], both f16 row-major, through mma.sync.m16n8k16 (f32 accumulators); a block of 4
   warps a 64 x 64 tile of C, each warp 32 x 32 (2 x 4 mma tiles of 16 x 8), K 16 at a time
   through shared memory; fragments read from shared memory by the PTX ISA's layout (lane
   g = lane / 4, t = lane % 4: A's a0 (g, 2t..2t+1), a1 (g + 8, ..), a2 (g, 2t + 8 ..), a3
   (g + 8, 2t + 8 ..); B's b0 (k 2t..2t+1, n g), b1 (k 2t + 8 ..); C's c0, c1 (g, 2t..2t+1),
   c2, c3 (g + 8, ..)). M, N multiples of 64, K of 16. mma_check() compares it with mm_ref. */
__device__ __forceinline__ unsigned mma_pack(unsigned short lo, unsigned short hi) {
    return (unsigned)lo | ((unsigned)hi << 16);
}
__global__ void __launch_bounds__(128) mma_f16(const unsigned short *__restrict__ A,
                                               const unsigned short *__restrict__ B,
                                               float *__restrict__ C, int M, int N, int K) {
    __shared__ unsigned short as[64][16 + 8], bs[16][64 + 8];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, g = lane >> 2, t = lane & 3;
    const int tn = N / 64, i0 = blockIdx.x / tn * 64, j0 = blockIdx.x % tn * 64;
    const int wr = (warp >> 1) * 32, wc = (warp & 1) * 32;
    float acc[2][4][4];
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++) acc[a][b][c] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int e = tid; e < 64 * 16; e += 128) {
            as[e / 16][e % 16] = A[(size_t)(i0 + e / 16) * K + k0 + e % 16];
            bs[e / 64][e % 64] = B[(size_t)(k0 + e / 64) * N + j0 + e % 64];
        }
        __syncthreads();
        unsigned fa[2][4], fb[4][2];
        for (int a = 0; a < 2; a++) {
            const int r = wr + a * 16;
            fa[a][0] = mma_pack(as[r + g][2 * t], as[r + g][2 * t + 1]);
            fa[a][1] = mma_pack(as[r + g + 8][2 * t], as[r + g + 8][2 * t + 1]);
            fa[a][2] = mma_pack(as[r + g][2 * t + 8], as[r + g][2 * t + 9]);
            fa[a][3] = mma_pack(as[r + g + 8][2 * t + 8], as[r + g + 8][2 * t + 9]);
        }
        for (int b = 0; b < 4; b++) {
            const int c = wc + b * 8;
            fb[b][0] = mma_pack(bs[2 * t][c + g], bs[2 * t + 1][c + g]);
            fb[b][1] = mma_pack(bs[2 * t + 8][c + g], bs[2 * t + 9][c + g]);
        }
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 4; b++)
                asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                             "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                             "{%0, %1, %2, %3};"
                             : "+f"(acc[a][b][0]), "+f"(acc[a][b][1]), "+f"(acc[a][b][2]),
                               "+f"(acc[a][b][3])
                             : "r"(fa[a][0]), "r"(fa[a][1]), "r"(fa[a][2]), "r"(fa[a][3]),
                               "r"(fb[b][0]), "r"(fb[b][1]));
        __syncthreads();
    }
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 4; b++) {
            const int r = i0 + wr + a * 16 + g, c = j0 + wc + b * 8 + 2 * t;
            C[(size_t)r * N + c] = acc[a][b][0];
            C[(size_t)r * N + c + 1] = acc[a][b][1];
            C[(size_t)(r + 8) * N + c] = acc[a][b][2];
            C[(size_t)(r + 8) * N + c + 1] = acc[a][b][3];
        }
}
/* the reference: a thread an element of C, f32 sums of the f16 products in order */
__global__ void mm_ref(const unsigned short *A, const unsigned short *B, float *C, int M, int N,
                       int K) {
    const int i = blockIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= N) return;
    float s = 0.f;
    for (int k = 0; k < K; k++)
        s += __half2float(__ushort_as_half(A[(size_t)i * K + k])) *
             __half2float(__ushort_as_half(B[(size_t)k * N + j]));
    C[(size_t)i * N + j] = s;
}
