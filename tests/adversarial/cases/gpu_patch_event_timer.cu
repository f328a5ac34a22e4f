// broken: matmul-naive
// bug: defines cudaEventElapsedTime itself, returning 1 microsecond, so that the runner's timer (linked into the same program) reads its time from the student
// class: patching the timer (catalogue 10)
// defence: symbol-check: an extern "C" definition of a CUDA runtime function is refused before anything links (the link would fail on it too: the CUDA runtime is one static object, whose own definition then clashes); the CPU backend has no timer
// backends: cuda
// expect-build-fail: defines cudaEventElapsedTime, which no submission may
// expect-zero: score

#include <cuda_runtime.h>
#include "matmul_naive.h"

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

extern "C" cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t, cudaEvent_t)
{
    *ms = 0.001f;
    return cudaSuccess;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    slow_product(d_M, d_N, d_P, Width);
}
