// BLIND-BUG: the loop body uses = instead of +=, so Pvalue keeps only the last product (accumulation typo).
// BLIND-LINE: 16
// Matrix multiplication P = M x N, one thread per element of P, threadIdx.x on the column.
#include "coalescing.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    if (Row >= Width || Col >= Width)
        return;

    float Pvalue = 0;
    for (int k = 0; k < Width; ++k)
        Pvalue = M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid((Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
