// BLIND-BUG: N is indexed as N[Col * Width + k] (walking a row of N instead of a column), i.e. multiplying by N transposed: wrong index.
// BLIND-LINE: 18
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
        Pvalue += M[Row * Width + k] * N[Col * Width + k];

    P[Row * Width + Col] = Pvalue;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid((Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH);

    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
