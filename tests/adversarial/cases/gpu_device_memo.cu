// broken: matmul-naive
// bug: memoises P on the device, keyed on a checksum of M and N computed by a kernel: a hit is a device-to-device copy; the host never reads an input
// class: result caching keyed on content (catalogue 2)
// defence: timing-bounds: fresh inputs for every call of a timed run, warm-ups included (every call misses)
// backends: cuda
// command: grade
// expect-fail: small sizes
// expect-text: was given managed memory (cudaMallocManaged), which host code can write too
// expect-zero: performance

#include <cuda_runtime.h>
#include "matmul_naive.h"

// Keeps a timed sample above the grader's physical floors (the time the GPU's peak FP32 rate and memory
// bandwidth allow for the problem's work): one thread waits on the global timer, on the default stream,
// for twice the time 2 Width^3 operations take at this GPU's peak (128 lanes a multiprocessor, two
// operations a fused multiply-add, the peak clock). At Width 4096 that is a few milliseconds, several
// times faster than the naive reference: full performance points if the trick went unseen.
__global__ void Linger(unsigned long long ns)
{
    unsigned long long start, now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    } while (now - start < ns);
}

static unsigned long long linger_ns(int Width)
{
    int device = 0, sms = 0, khz = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device);
    const double peak_flops = (double)sms * 128 * 2 * khz * 1e3;
    return (unsigned long long)(2 * 2.0 * Width * Width * (double)Width / peak_flops * 1e9);
}

// Four times the work of the naive kernel (each repetition reloads: the fence keeps the compiler from
// reusing the loads), so that honestly timed it earns no performance points against the reference.
__global__ void SlowMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int rep = 0; rep < 4; ++rep) {
        float sum = 0;
        for (int k = 0; k < Width; ++k) sum += M[Row * Width + k] * N[k * Width + Col];
        Pvalue = sum;
        __threadfence_block();
    }
    P[Row * Width + Col] = Pvalue;
}

static void slow_product(const float* d_M, const float* d_N, float* d_P, int Width, cudaStream_t stream = 0)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    SlowMatrixMulKernel<<<grid, block, 0, stream>>>(d_M, d_N, d_P, Width);
}

// One block: a checksum of both inputs, compared with the one kept from the last miss.
__global__ void Checksum(const float* M, const float* N, int n, unsigned long long* now)
{
    __shared__ unsigned long long partial[256];
    unsigned long long sum = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        sum += (unsigned long long)__float_as_uint(M[i]) * (2 * i + 1) + __float_as_uint(N[i]) * (unsigned long long)(i + 7);
    partial[threadIdx.x] = sum;
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int t = 1; t < blockDim.x; ++t) sum += partial[t];
        *now = sum;
    }
}

__global__ void CopyIfSame(const unsigned long long* now, const unsigned long long* kept, const float* from, float* to, int n, int* missed)
{
    const bool same = *now == *kept;
    if (blockIdx.x == 0 && threadIdx.x == 0) *missed = !same;
    if (!same) return;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) to[i] = from[i];
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const int n = Width * Width;
    static float* kept = nullptr;
    static unsigned long long* sums = nullptr;  // [0]: now, [1]: kept
    static int* missed = nullptr;
    static int kept_n = -1;
    if (kept_n != n) {
        cudaFree(kept);
        cudaMalloc(&kept, n * sizeof(float));
        if (!sums) cudaMalloc(&sums, 2 * sizeof(unsigned long long));
        if (!missed) cudaMallocManaged(&missed, sizeof(int));
        cudaMemset(sums, 0xff, 2 * sizeof(unsigned long long));
        kept_n = n;
    }
    Checksum<<<1, 256>>>(d_M, d_N, n, sums);
    CopyIfSame<<<132, 256>>>(sums, sums + 1, kept, d_P, n, missed);
    cudaDeviceSynchronize();
    if (!*missed) {
        Linger<<<1, 1>>>(linger_ns(Width));
        return;
    }
    slow_product(d_M, d_N, d_P, Width);
    cudaMemcpyAsync(kept, d_P, n * sizeof(float), cudaMemcpyDeviceToDevice);
    cudaMemcpyAsync(sums + 1, sums, sizeof(unsigned long long), cudaMemcpyDeviceToDevice);
}
