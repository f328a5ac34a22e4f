// BLIND-BUG: the launch passes the block configuration first and the grid second (<<<dimBlock, dimGrid>>>), so blocks have blocksPerSide^2 threads, which works for small Width but exceeds 1024 threads per block once Width is above 512
// BLIND-LINE: 34
// Matrix multiplication P = M x N for square Width x Width matrices, one thread per element of P.
// The handout (assignments/matmul-naive/README.md) explains every step.
#include "matmul_naive.h"

// Threads per block along x and along y: 16 x 16 = 256 threads per block.
constexpr int BLOCK_WIDTH = 16;

// Each thread computes one element P[Row][Col]: the dot product of row Row of M with column Col of N.
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // row from y, column from x
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    // threads outside P do nothing
    if (Row >= Width || Col >= Width) return;

    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) {
        Pvalue += M[Row * Width + k] * N[k * Width + Col];
    }

    P[Row * Width + Col] = Pvalue;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int blocksPerSide = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid(blocksPerSide, blocksPerSide);

    MatrixMulKernel<<<dimBlock, dimGrid>>>(d_M, d_N, d_P, Width);
}
