// broken: matmul-naive
// bug: a detached std::thread launches the kernel after the function has returned
// class: background work outside the call (catalogue 1, 17)
// defence: symbol-check (std::thread); poisoned-outputs: the grader synchronises and reads P right after the call
// expect-build-fail-nvcc: starts a thread that works outside the timed call
// expect-zero: correctness

#include <chrono>
#include <thread>
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

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    std::thread([=] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        launch(d_M, d_N, d_P, Width);
    }).detach();
}
