// broken: matmul-naive
// bug: computes (slowly) during the first 300 ms after its first call at a size, then only copies the last answer it kept for that size: correctness runs are short, timing runs are not
// class: a time-dependent fake; gaming the stopping rule (catalogue 14)
// defence: a later test of a size the same runner has served (the full-mantissa group repeats sizes) finds its kept answer wrong, and performance is scored only for a kernel that passes every correctness test; behind that, timing-bounds: fresh inputs for every timed call and the outputs of every timed sample spot-checked
// backends: cuda
// command: grade
// expect-pass: small sizes
// expect-zero: performance
// expect-text: elements wrong

#include <chrono>
#include <map>
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

// One answer kept per size, each with the time of its size's first call: a grader may serve several
// tests, of several sizes, from one process.
struct Kept {
    std::chrono::steady_clock::time_point first_call;
    float* answer;
};

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static std::map<int, Kept> kept;
    const size_t bytes = (size_t)Width * Width * sizeof(float);
    auto it = kept.find(Width);
    if (it == kept.end()) {
        it = kept.emplace(Width, Kept{std::chrono::steady_clock::now(), nullptr}).first;
        cudaMalloc(&it->second.answer, bytes);
    }
    if (std::chrono::steady_clock::now() - it->second.first_call < std::chrono::milliseconds(300)) {
        slow_product(d_M, d_N, d_P, Width);
        cudaMemcpyAsync(it->second.answer, d_P, bytes, cudaMemcpyDeviceToDevice);
        return;
    }
    cudaMemcpyAsync(d_P, it->second.answer, bytes, cudaMemcpyDeviceToDevice);
    Linger<<<1, 1>>>(linger_ns(Width));
}
