// Matrix multiplication P = M x N for square Width x Width matrices, one thread per element of P.
// The handout (assignments/matmul-naive/README.md) explains every step.
#include "matmul_naive.h"

// Threads per block along x and along y: 16 x 16 = 256 threads per block.
constexpr int BLOCK_WIDTH = 16;

// Each thread computes one element P[Row][Col]: the dot product of row Row of M with column Col of N.
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // y gives the row, x gives the column
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    float Pvalue = 0;
    // dot product of row Row of M and column Col of N (row-major: (r, c) is at r * Width + c)
    for (int k = 0; k < Width; ++k) {
        Pvalue += M[Row * Width + k] * N[k * Width + Col];
    }

    // threads outside P don't store anything
    if (Row < Width && Col < Width) {
        P[Row * Width + Col] = Pvalue;
    }
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int blocksPerSide = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid(blocksPerSide, blocksPerSide);

    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
