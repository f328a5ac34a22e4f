// broken: matmul-naive
// bug: computes (slowly) during the first 300 ms of the process, then only copies the last answer it kept: correctness runs are short, timing runs are not
// class: a time-dependent fake; gaming the stopping rule (catalogue 14)
// defence: timing-bounds: fresh inputs for every timed sample, and the outputs of timed runs checked
// backends: cuda
// waits-for: timing-bounds
// expect-pass: small sizes
// expect-zero: performance

#include <chrono>
#include <cuda_runtime.h>
#include "matmul_naive.h"

// Keeps a timed sample above the grader's plausibility floor (the time memory bandwidth allows for the
// bytes the problem moves): about 0.2 ms of one thread waiting on the clock, on the default stream.
__global__ void Linger()
{
    const long long start = clock64();
    while (clock64() - start < 400000) {
    }
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
    static const auto start = std::chrono::steady_clock::now();
    static float* kept = nullptr;
    const size_t bytes = (size_t)Width * Width * sizeof(float);
    if (!kept || std::chrono::steady_clock::now() - start < std::chrono::milliseconds(300)) {
        slow_product(d_M, d_N, d_P, Width);
        if (!kept) cudaMalloc(&kept, bytes);
        cudaMemcpyAsync(kept, d_P, bytes, cudaMemcpyDeviceToDevice);
        return;
    }
    cudaMemcpyAsync(d_P, kept, bytes, cudaMemcpyDeviceToDevice);
    Linger<<<1, 1>>>();
}
