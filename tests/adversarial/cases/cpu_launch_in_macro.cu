// broken: matmul-naive
// bug: the kernel launch sits in a #define that pastes the kernel's name together with ##, so no launch of MatrixMulKernel appears anywhere in the file for the CPU backend's rewriter to turn into a checked call
// class: hiding a launch from the grader's backend
// defence: cpu-macros: the rewriter rewrites a launch inside a #define where it can name the kernel, and refuses one it cannot (a pasted or stringized name, a half-written launch) with the #define's line, instead of running it unchecked or leaving g++ to fail on '<<<'
// backends: cpu
// expect-build-fail: the CPU backend cannot run this file: a kernel launch inside #define on line
// expect-build-fail: the kernel's name is pasted together with ##
// expect-zero: correctness

// A plain `#define LAUNCH(kernel, ...) kernel<<<grid, block>>>(__VA_ARGS__)` is rewritten inside its body
// and runs with every check: only a kernel name the rewriter cannot read is left to try. nvcc compiles
// this file as it is.
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

#define LAUNCH(which, grid, block, ...) which##Kernel<<<grid, block>>>(__VA_ARGS__)

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    LAUNCH(MatrixMul, grid, block, d_M, d_N, d_P, Width);
}
