// broken: matmul-naive
// bug: counts calls at the timed size (Width 4096, larger than any correctness size, since a runner serves test after test and a count of all calls would reach the correctness runs): the first three (the timer's warm-up) compute and keep P; later ones, the timed ones, copy the kept P device to device
// class: gaming warm-up, detecting the timed phase by its size and counting calls (catalogue 14); result reuse (catalogue 2, 5)
// defence: timing-bounds: fresh inputs for every call of a timed run, warm-ups included, and the outputs of every timed sample spot-checked at places chosen afterwards
// backends: cuda
// command: grade
// expect-pass: small sizes
// expect-zero: performance
// expect-text: the output of a timed run is wrong

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

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static int calls = 0;
    static float* kept = nullptr;
    const size_t bytes = (size_t)Width * Width * sizeof(float);
    if (Width < 4096) {
        slow_product(d_M, d_N, d_P, Width);
        return;
    }
    if (++calls <= 3 || !kept) {
        slow_product(d_M, d_N, d_P, Width);
        if (!kept) cudaMalloc(&kept, bytes);
        cudaMemcpyAsync(kept, d_P, bytes, cudaMemcpyDeviceToDevice);
        return;
    }
    cudaMemcpyAsync(d_P, kept, bytes, cudaMemcpyDeviceToDevice);
    Linger<<<1, 1>>>(linger_ns(Width));
}
