// broken: matmul-naive
// bug: launches a slow kernel on a non-blocking stream of its own and returns: the timer's events on the default stream do not wait for it
// class: asynchronous work outside the timed region (catalogue 1)
// defence: timing-bounds: a wall-clock bound on every sample (the device is synchronised before a sample ends)
// backends: cuda
// waits-for: timing-bounds
// expect-pass: small sizes
// expect-zero: performance

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
    static cudaStream_t stream = nullptr;
    if (!stream) cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    slow_product(d_M, d_N, d_P, Width, stream);  // not synchronised: the grader's cudaDeviceSynchronize does it
    Linger<<<1, 1>>>();  // what the timer sees
}
