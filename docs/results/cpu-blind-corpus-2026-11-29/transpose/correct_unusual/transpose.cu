// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Transposes written once as a device template shared by both tiled kernels (an unusual, valid style).
#include "transpose.h"

__global__ void copyMatrix(float* odata, const float* idata, int rows, int cols)
{
    const int x = threadIdx.x + TILE_DIM * blockIdx.x;
    for (int r = TILE_DIM * blockIdx.y + threadIdx.y, end = TILE_DIM * (blockIdx.y + 1); r < end; r += BLOCK_ROWS) {
        if (r >= rows || x >= cols)
            continue;
        const size_t at = (size_t)r * cols + x;
        odata[at] = idata[at];
    }
}

__global__ void transposeNaive(float* odata, const float* idata, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    if (x < cols)
        for (int j = 0; j < TILE_DIM && y + j < rows; j += BLOCK_ROWS)
            odata[(size_t)x * rows + y + j] = idata[(size_t)(y + j) * cols + x];
}

template <int PAD>
__device__ __forceinline__ void tiled_transpose(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + PAD];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int inCol = blockIdx.x * TILE_DIM + tx;
    const int inRow0 = blockIdx.y * TILE_DIM + ty;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (inCol < cols && inRow0 + j < rows)
            tile[ty + j][tx] = idata[(size_t)(inRow0 + j) * cols + inCol];
    __syncthreads();
    const int outCol = blockIdx.y * TILE_DIM + tx;    // a column of odata (< rows)
    const int outRow0 = blockIdx.x * TILE_DIM + ty;   // a row of odata (< cols)
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (outCol < rows && outRow0 + j < cols)
            odata[(size_t)(outRow0 + j) * rows + outCol] = tile[tx][ty + j];
}

__global__ void transposeCoalesced(float* odata, const float* idata, int rows, int cols)
{
    tiled_transpose<0>(odata, idata, rows, cols);
}

__global__ void transposeNoBankConflicts(float* odata, const float* idata, int rows, int cols)
{
    tiled_transpose<1>(odata, idata, rows, cols);
}

static dim3 tileGrid(int rows, int cols)
{
    dim3 g(1, 1, 1);
    g.x = cols / TILE_DIM + (cols % TILE_DIM > 0);
    g.y = rows / TILE_DIM + (rows % TILE_DIM > 0);
    return g;
}

void copy_matrix(float* d_odata, const float* d_idata, int rows, int cols)
{
    dim3 dimBlock(TILE_DIM, BLOCK_ROWS);
    copyMatrix<<<tileGrid(rows, cols), dimBlock>>>(d_odata, d_idata, rows, cols);
}

void transpose_naive(float* d_odata, const float* d_idata, int rows, int cols)
{
    dim3 dimBlock(TILE_DIM, BLOCK_ROWS);
    transposeNaive<<<tileGrid(rows, cols), dimBlock>>>(d_odata, d_idata, rows, cols);
}

void transpose_coalesced(float* d_odata, const float* d_idata, int rows, int cols)
{
    dim3 dimBlock(TILE_DIM, BLOCK_ROWS);
    transposeCoalesced<<<tileGrid(rows, cols), dimBlock>>>(d_odata, d_idata, rows, cols);
}

void transpose_no_bank_conflicts(float* d_odata, const float* d_idata, int rows, int cols)
{
    dim3 dimBlock(TILE_DIM, BLOCK_ROWS);
    transposeNoBankConflicts<<<tileGrid(rows, cols), dimBlock>>>(d_odata, d_idata, rows, cols);
}
