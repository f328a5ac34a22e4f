// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Matrix copy and transpose for any rows x cols. In the two tile kernels the tile is transposed on the
// way INTO shared memory, and read back along its rows.
#include "transpose.h"

__global__ void copyMatrix(float* odata, const float* idata, int rows, int cols)
{
    const int x = blockIdx.x * TILE_DIM + threadIdx.x;
    if (x >= cols) return;   // no barrier in this kernel
    const int yEnd = min(rows, (int)(blockIdx.y + 1) * TILE_DIM);
    for (int r = blockIdx.y * TILE_DIM + threadIdx.y; r < yEnd; r += BLOCK_ROWS)
        odata[r * cols + x] = idata[r * cols + x];
}

__global__ void transposeNaive(float* odata, const float* idata, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    if (x < cols) {
        for (int j = 0; j < TILE_DIM && y + j < rows; j += BLOCK_ROWS)
            odata[x * rows + y + j] = idata[(y + j) * cols + x];
    }
}

__global__ void transposeCoalesced(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int inCol = blockIdx.x * TILE_DIM + threadIdx.x;
    int inRow = blockIdx.y * TILE_DIM + threadIdx.y;

    // store transposed: tile[c][r] holds idata element (r, c) of the block's tile
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (inRow + j < rows && inCol < cols)
            tile[threadIdx.x][threadIdx.y + j] = idata[(inRow + j) * cols + inCol];

    __syncthreads();

    int outCol = blockIdx.y * TILE_DIM + threadIdx.x;   // column of odata (< rows)
    int outRow = blockIdx.x * TILE_DIM + threadIdx.y;   // row of odata (< cols)
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (outRow + j < cols && outCol < rows)
            odata[(outRow + j) * rows + outCol] = tile[threadIdx.y + j][threadIdx.x];
}

__global__ void transposeNoBankConflicts(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    int inCol = blockIdx.x * TILE_DIM + threadIdx.x;
    int inRow = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (inRow + j < rows && inCol < cols)
            tile[threadIdx.x][threadIdx.y + j] = idata[(inRow + j) * cols + inCol];

    __syncthreads();

    int outCol = blockIdx.y * TILE_DIM + threadIdx.x;
    int outRow = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (outRow + j < cols && outCol < rows)
            odata[(outRow + j) * rows + outCol] = tile[threadIdx.y + j][threadIdx.x];
}

static dim3 tileGrid(int rows, int cols)
{
    dim3 g;
    g.x = cols / TILE_DIM + (cols % TILE_DIM ? 1 : 0);
    g.y = rows / TILE_DIM + (rows % TILE_DIM ? 1 : 0);
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
