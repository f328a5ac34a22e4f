// Tiled matrix multiplication P = M x N for square Width x Width matrices, any Width >= 1.
// The handout (assignments/matmul-tiled/README.md) explains every step.
#include "matmul_tiled.h"

__global__ void TiledMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    float Pvalue = 0;

    int numPhases = (Width + TILE_WIDTH - 1) / TILE_WIDTH;

    for (int ph = 0; ph < numPhases; ++ph) {
        int mCol = ph * TILE_WIDTH + tx;
        int nRow = ph * TILE_WIDTH + ty;

        Mds[ty][tx] = (Row < Width && mCol < Width) ? M[Row * Width + mCol] : 0.0f;
        Nds[ty][tx] = (nRow < Width && Col < Width) ? N[nRow * Width + Col] : 0.0f;

        // wait until the whole tile is loaded before using it
        __syncthreads();

        for (int k = 0; k < TILE_WIDTH; ++k) {
            Pvalue += Mds[ty][k] * Nds[k][tx];
        }
    }

    if (Row < Width && Col < Width) {
        P[Row * Width + Col] = Pvalue;
    }
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int numBlocks = (Width + TILE_WIDTH - 1) / TILE_WIDTH;
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid(numBlocks, numBlocks);

    TiledMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
