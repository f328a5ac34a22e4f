// Tiled matrix multiplication P = M x N for square Width x Width matrices, any Width >= 1.
// The handout (assignments/matmul-tiled/README.md) explains every step.
#include "matmul_tiled.h"

// Each block computes one TILE_WIDTH x TILE_WIDTH tile of P, one element per thread. The dot products
// advance in phases: in each phase the block copies one tile of M and one tile of N into shared memory,
// then every thread takes TILE_WIDTH steps of its dot product from there instead of from global memory.
__global__ void TiledMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // One pair of tiles per block, visible to all of its threads: each element a thread loads here is
    // read by TILE_WIDTH threads, so global memory is read TILE_WIDTH times less often.
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    // the element of P this thread owns
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    float Pvalue = 0;

    // number of tiles along a row of M, rounded up
    int numPhases = (Width + TILE_WIDTH - 1) / TILE_WIDTH;

    for (int ph = 0; ph < numPhases; ++ph) {
        // M tile: row Row, column ph * TILE_WIDTH + tx
        if (Row < Width && ph * TILE_WIDTH + tx < Width)
            Mds[ty][tx] = M[Row * Width + ph * TILE_WIDTH + tx];
        else
            Mds[ty][tx] = 0.0f;

        // N tile: row ph * TILE_WIDTH + ty, column Col
        if (ph * TILE_WIDTH + ty < Width && Col < Width)
            Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + Col];

        __syncthreads();

        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];

        __syncthreads();
    }

    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid((Width + TILE_WIDTH - 1) / TILE_WIDTH, (Width + TILE_WIDTH - 1) / TILE_WIDTH);

    TiledMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
