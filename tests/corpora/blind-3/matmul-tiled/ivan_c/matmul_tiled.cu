// Tiled matrix multiplication P = M x N for square Width x Width matrices, any Width >= 1.
// The kernel is a template on the tile width, the tiles are flat shared arrays indexed by hand, and the
// phase loop walks the shared dimension by element offset (0, TW, 2*TW, ...) instead of by phase number.
#include "matmul_tiled.h"

template <int TW>
__global__ void TiledMatrixMulKernel(const float* __restrict__ M, const float* __restrict__ N,
                                     float* __restrict__ P, int Width)
{
    __shared__ float sM[TW * TW];
    __shared__ float sN[TW * TW];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int row = blockIdx.y * TW + ty;
    const int col = blockIdx.x * TW + tx;
    const int here = ty * TW + tx;  // this thread's slot in both tiles

    float sum = 0.0f;
    for (int base = 0; base < Width; base += TW) {
        const int mCol = base + tx;
        const int nRow = base + ty;
        sM[here] = (row < Width && mCol < Width) ? M[row * Width + mCol] : 0.0f;
        sN[here] = (nRow < Width && col < Width) ? N[nRow * Width + col] : 0.0f;
        __syncthreads();

#pragma unroll
        for (int e = 0; e < TW; ++e)
            sum += sM[ty * TW + e] * sN[e * TW + tx];
        __syncthreads();
    }

    if (row < Width && col < Width)
        P[row * Width + col] = sum;
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const int perSide = (Width - 1) / TILE_WIDTH + 1;  // Width >= 1
    const dim3 block(TILE_WIDTH, TILE_WIDTH);
    const dim3 grid(perSide, perSide);

    TiledMatrixMulKernel<TILE_WIDTH><<<grid, block>>>(d_M, d_N, d_P, Width);
}
