// broken: matmul-naive
// bug: batches the work: each call launches the kernel for the previous call's arguments, and an atexit handler the last one
// class: cross-call batching, deferred work (catalogue 3, 4)
// defence: poisoned-outputs: the grader synchronises and reads P right after each call
// expect-zero: correctness
// expect-text: never written

#include <cstdlib>
#include <cuda_runtime.h>
#include "matmul_naive.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

static void launch(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    MatrixMulKernel<<<grid, block>>>(d_M, d_N, d_P, Width);
}

struct Call {
    const float *M, *N;
    float* P;
    int Width;
};
static Call pending = {nullptr, nullptr, nullptr, 0};

static void run_pending()
{
    if (pending.P) launch(pending.M, pending.N, pending.P, pending.Width);
    cudaDeviceSynchronize();
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static bool registered = false;
    if (!registered) registered = atexit(run_pending) == 0;
    run_pending();
    pending = {d_M, d_N, d_P, Width};
}
