// broken: matmul-naive
// bug: the kernel launch sits in a #define, where the CPU backend's rewriter does not look, so its checks never see the launch
// class: hiding code from the grader's backend
// defence: the CPU build fails today (g++ cannot parse <<< >>>); cpu-macros: it is refused with a message that says why
// backends: cpu
// expect-zero: correctness
// expect-build-fail [cpu-macros]: kernel launch

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

#define LAUNCH(kernel, grid, block, ...) kernel<<<grid, block>>>(__VA_ARGS__)

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    LAUNCH(MatrixMulKernel, grid, block, d_M, d_N, d_P, Width);
}
