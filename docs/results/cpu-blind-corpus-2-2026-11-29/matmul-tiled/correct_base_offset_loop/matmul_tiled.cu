// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Tiled matrix multiplication P = M x N, any Width >= 1.
#include "matmul_tiled.h"

__global__ void TiledMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    const int Row = by * blockDim.y + ty;
    const int Col = bx * blockDim.x + tx;
    const bool rowOk = Row < Width;
    const bool colOk = Col < Width;

    float Pvalue = 0;
    // walk the tiles by their first column/row instead of by phase number
    for (int base = 0; base < Width; base += TILE_WIDTH) {
        const int mCol = base + tx;
        const int nRow = base + ty;
        Mds[ty][tx] = (rowOk && mCol < Width) ? M[Row * Width + mCol] : 0.0f;
        Nds[ty][tx] = (colOk && nRow < Width) ? N[nRow * Width + Col] : 0.0f;
        __syncthreads();

#pragma unroll
        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }

    if (rowOk && colOk)
        P[Row * Width + Col] = Pvalue;
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const int tiles = Width / TILE_WIDTH + (Width % TILE_WIDTH != 0);
    TiledMatrixMulKernel<<<dim3(tiles, tiles), dim3(TILE_WIDTH, TILE_WIDTH)>>>(d_M, d_N, d_P, Width);
}
