// broken: matmul-tiled
// bug: the tiled kernel, keeping only the top 16 bits of every element it loads into shared memory
// class: precision downgrade (catalogue 12)
// defence: matmul-full-mantissa: a full-mantissa inputs group in the matmul rubrics
// expect-fail: full-mantissa inputs
// expect-pass: multiples of the tile

#include "matmul_tiled.h"

__device__ float bf16(float x) { return __uint_as_float(__float_as_uint(x) & 0xffff0000u); }

__global__ void TiledMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = blockIdx.y * TILE_WIDTH + ty;
    int Col = blockIdx.x * TILE_WIDTH + tx;
    float Pvalue = 0;
    for (int ph = 0; ph < (Width + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
        Mds[ty][tx] = Row < Width && ph * TILE_WIDTH + tx < Width ? bf16(M[Row * Width + ph * TILE_WIDTH + tx]) : 0.0f;
        Nds[ty][tx] = ph * TILE_WIDTH + ty < Width && Col < Width ? bf16(N[(ph * TILE_WIDTH + ty) * Width + Col]) : 0.0f;
        __syncthreads();
        for (int i = 0; i < TILE_WIDTH; ++i) Pvalue += Mds[ty][i] * Nds[i][tx];
        __syncthreads();
    }
    if (Row < Width && Col < Width) P[Row * Width + Col] = Pvalue;
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid((Width + TILE_WIDTH - 1) / TILE_WIDTH, (Width + TILE_WIDTH - 1) / TILE_WIDTH);
    TiledMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
