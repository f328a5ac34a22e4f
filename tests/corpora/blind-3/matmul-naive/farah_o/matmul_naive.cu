// Matrix multiplication P = M x N for square Width x Width matrices, one thread per element of P.
// The grid is launched flat (one dimension) and each block works out which 16 x 16 square of P it
// owns from its linear block number; inside a block the threads are still 2-D.
#include "matmul_naive.h"

// Threads per block along x and along y: 16 x 16 = 256 threads per block.
constexpr int BLOCK_WIDTH = 16;

// Dot product of row r of M with column c of N, walking a pointer down the column.
__device__ __forceinline__ float dotRowCol(const float* __restrict__ M, const float* __restrict__ N,
                                           int Width, int r, int c)
{
    const float* mRow = M + (size_t)r * Width;
    const float* nCol = N + c;
    float acc = 0.0f;
    for (int k = 0; k < Width; ++k) {
        acc += mRow[k] * *nCol;
        nCol += Width;
    }
    return acc;
}

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // Linear block number -> (tile column, tile row) of P.
    const int tilesPerRow = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    const int tileCol = blockIdx.x % tilesPerRow;
    const int tileRow = blockIdx.x / tilesPerRow;

    const int c = tileCol * BLOCK_WIDTH + threadIdx.x;
    const int r = tileRow * BLOCK_WIDTH + threadIdx.y;
    if (r >= Width || c >= Width)
        return;

    P[(size_t)r * Width + c] = dotRowCol(M, N, Width, r, c);
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const int tilesPerRow = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    const dim3 threads(BLOCK_WIDTH, BLOCK_WIDTH);
    const dim3 blocks(tilesPerRow * tilesPerRow);  // all tiles, numbered row by row

    MatrixMulKernel<<<blocks, threads>>>(d_M, d_N, d_P, Width);
}
