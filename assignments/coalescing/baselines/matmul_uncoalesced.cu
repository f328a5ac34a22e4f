// The kernel the assignment starts from: right results, slow. Its thread mapping puts threadIdx.x on the
// ROW of P, so the 32 threads of a warp own 32 elements of one COLUMN of P. Every access they make
// together is spread over 32 rows: 32 different 32-byte sectors where 4 would do. The grader times it
// beside yours; the handout (assignments/coalescing/README.md) explains the difference.
#include "coalescing.h"

__global__ void UncoalescedMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // x picks the row and y the column: neighbours in a warp are neighbours down a column.
    int Row = blockIdx.x * blockDim.x + threadIdx.x;
    int Col = blockIdx.y * blockDim.y + threadIdx.y;
    if (Row >= Width || Col >= Width) return;

    float Pvalue = 0;
    for (int k = 0; k < Width; ++k)
        Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    int blocksPerSide = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    dim3 dimGrid(blocksPerSide, blocksPerSide);
    UncoalescedMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
