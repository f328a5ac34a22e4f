// Performance baseline for matmul-rect: the rectangular product P = M x N (M is j x k, N is k x l) with
// one thread per element of P and no shared memory. The grader times it in the same run as a submission
// to score the submission's gain from tiling; it is never given to students as a starting point.
#include "matmul_rect.h"

// 16 x 16 threads per block, the usual size for the naive kernel (independent of TILE_WIDTH).
constexpr int BLOCK_WIDTH = 16;

// Every thread reads a whole row of M and a whole column of N straight from global memory.
__global__ void NaiveRectMatrixMulKernel(const float* M, const float* N, float* P, int j, int k, int l)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;  // 0 .. j-1 inside P
    int Col = blockIdx.x * blockDim.x + threadIdx.x;  // 0 .. l-1 inside P
    if (Row >= j || Col >= l) return;

    float Pvalue = 0;
    for (int i = 0; i < k; ++i)
        Pvalue += M[Row * k + i] * N[i * l + Col];
    P[Row * l + Col] = Pvalue;
}

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid((l + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (j + BLOCK_WIDTH - 1) / BLOCK_WIDTH);
    NaiveRectMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, j, k, l);
}
