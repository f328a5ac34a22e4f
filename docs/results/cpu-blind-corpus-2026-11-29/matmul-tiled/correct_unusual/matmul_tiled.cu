// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Tiled matmul in a different, valid style: ternary loads, a phase loop over the base column, unrolled
// inner loop, a guarded store.
#include "matmul_tiled.h"

__global__ void TiledMatrixMulKernel(const float* __restrict__ M, const float* __restrict__ N,
                                     float* __restrict__ P, int Width)
{
    __shared__ float As[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Bs[TILE_WIDTH][TILE_WIDTH];

    const int r = blockIdx.y * TILE_WIDTH + threadIdx.y;
    const int c = blockIdx.x * TILE_WIDTH + threadIdx.x;
    float acc = 0.f;

    for (int base = 0; base < Width; base += TILE_WIDTH) {
        const int mc = base + threadIdx.x;   // column of M this thread loads
        const int nr = base + threadIdx.y;   // row of N this thread loads
        As[threadIdx.y][threadIdx.x] = (r < Width && mc < Width) ? M[r * Width + mc] : 0.f;
        Bs[threadIdx.y][threadIdx.x] = (nr < Width && c < Width) ? N[nr * Width + c] : 0.f;
        __syncthreads();
#pragma unroll
        for (int t = 0; t < TILE_WIDTH; ++t)
            acc = fmaf(As[threadIdx.y][t], Bs[t][threadIdx.x], acc);
        __syncthreads();
    }
    if (r < Width && c < Width)
        P[r * Width + c] = acc;
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const int tiles = (Width - 1) / TILE_WIDTH + 1;
    TiledMatrixMulKernel<<<dim3(tiles, tiles, 1), dim3(TILE_WIDTH, TILE_WIDTH, 1)>>>(d_M, d_N, d_P, Width);
}
