// Matrix multiplication P = M x N for square Width x Width matrices, one thread per element of P.
// The handout (assignments/matmul-naive/README.md) explains every step.
#include <cmath>

#include "matmul_naive.h"

// Threads per block along x and along y: 16 x 16 = 256 threads per block.
constexpr int BLOCK_WIDTH = 16;

// Each thread computes one element P[Row][Col]: the dot product of row Row of M with column Col of N.
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    if (Row >= Width || Col >= Width) return;

    float Pvalue = 0;
    for (int k = 0; k < Width; ++k)
        Pvalue += M[Row * Width + k] * N[k * Width + Col];

    P[Row * Width + Col] = Pvalue;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // round up so the partial blocks at the edge are included
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid(std::ceil(Width / BLOCK_WIDTH), std::ceil(Width / BLOCK_WIDTH));

    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
