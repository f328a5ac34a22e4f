// broken: matmul-naive
// bug: #ifndef __CUDACC__ around the launch: the kernel runs only where nvcc is not the compiler (the CPU backend)
// class: running different code on the grader's backend than on the GPU
// defence: cpu-macros: the CPU backend refuses a file that tests __CUDACC__
// expect-build-fail-cpu: __CUDACC__
// expect-zero: correctness

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

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
#ifndef __CUDACC__
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    MatrixMulKernel<<<grid, block>>>(d_M, d_N, d_P, Width);
#endif
}
