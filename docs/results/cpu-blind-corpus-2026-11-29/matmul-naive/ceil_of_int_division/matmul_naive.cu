// BLIND-BUG: the grid is ceil(Width / BLOCK_WIDTH) with an integer division inside ceil, which rounds down: wrong grid rounding.
// BLIND-LINE: 26
// Matrix multiplication P = M x N for square Width x Width matrices, one thread per element of P.
#include "matmul_naive.h"

constexpr int BLOCK_WIDTH = 16;

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    if (Row >= Width || Col >= Width)
        return;

    float Pvalue = 0;
    for (int k = 0; k < Width; ++k)
        Pvalue += M[Row * Width + k] * N[k * Width + Col];

    P[Row * Width + Col] = Pvalue;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid(ceil(Width / BLOCK_WIDTH), ceil(Width / BLOCK_WIDTH));

    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
