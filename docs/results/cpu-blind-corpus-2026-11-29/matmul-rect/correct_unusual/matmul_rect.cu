// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Rectangular tiled matmul with row pointers, a phase loop over the base index and fused loads (valid).
#include "matmul_rect.h"

__global__ void RectMatrixMulKernel(const float* M, const float* N, float* P, int j, int k, int l)
{
    __shared__ float a_tile[TILE_WIDTH][TILE_WIDTH];
    __shared__ float b_tile[TILE_WIDTH][TILE_WIDTH];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int row = blockIdx.y * TILE_WIDTH + ty;   // row of P, < j
    const int col = blockIdx.x * TILE_WIDTH + tx;   // column of P, < l
    const bool rowOk = row < j;
    const bool colOk = col < l;
    const float* mRow = M + (size_t)(rowOk ? row : 0) * k;

    float sum = 0.0f;
    for (int base = 0; base < k; base += TILE_WIDTH) {
        const int mc = base + tx;
        const int nr = base + ty;
        a_tile[ty][tx] = (rowOk && mc < k) ? mRow[mc] : 0.0f;
        b_tile[ty][tx] = (nr < k && colOk) ? N[(size_t)nr * l + col] : 0.0f;
        __syncthreads();
        for (int t = 0; t < TILE_WIDTH; ++t)
            sum += a_tile[ty][t] * b_tile[t][tx];
        __syncthreads();
    }
    if (rowOk && colOk)
        P[(size_t)row * l + col] = sum;
}

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l)
{
    dim3 grid;
    grid.x = (unsigned)(l / TILE_WIDTH + (l % TILE_WIDTH != 0));
    grid.y = (unsigned)(j / TILE_WIDTH + (j % TILE_WIDTH != 0));
    grid.z = 1;
    RectMatrixMulKernel<<<grid, dim3(TILE_WIDTH, TILE_WIDTH)>>>(d_M, d_N, d_P, j, k, l);
}
