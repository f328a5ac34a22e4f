// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Rectangular tiled matmul: M (j x k) times N (k x l) gives P (j x l).
#include "matmul_rect.h"

__global__ void RectMatrixMulKernel(const float* __restrict__ M, const float* __restrict__ N,
                                    float* __restrict__ P, int j, int k, int l)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    // offsets of this thread's first M and N elements; each phase moves them along
    int mBase = Row * k + tx;
    int nBase = ty * l + Col;

    float sum = 0.0f;
    int phases = (k - 1) / TILE_WIDTH + 1;
    for (int ph = 0; ph < phases; ph++) {
        int off = ph * TILE_WIDTH;
        Mds[ty][tx] = (Row < j && off + tx < k) ? M[mBase + off] : 0.0f;
        Nds[ty][tx] = (off + ty < k && Col < l) ? N[nBase + off * l] : 0.0f;
        __syncthreads();
        for (int t = 0; t < TILE_WIDTH; t++)
            sum += Mds[ty][t] * Nds[t][tx];
        __syncthreads();
    }

    if (Row < j) {
        if (Col < l)
            P[Row * l + Col] = sum;
    }
}

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l)
{
    dim3 block(TILE_WIDTH, TILE_WIDTH, 1);
    dim3 grid;
    grid.x = (l + TILE_WIDTH - 1) / TILE_WIDTH;
    grid.y = (j + TILE_WIDTH - 1) / TILE_WIDTH;
    grid.z = 1;
    RectMatrixMulKernel<<<grid, block>>>(d_M, d_N, d_P, j, k, l);
}
