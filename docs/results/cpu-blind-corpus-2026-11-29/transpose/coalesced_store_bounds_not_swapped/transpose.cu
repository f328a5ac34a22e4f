// BLIND-BUG: the store of transposeCoalesced tests y + j < rows && x < cols, the bounds of idata, instead of the swapped bounds of odata (cols x rows).
// BLIND-LINE: 43
// Matrix copy and transpose, naive, through a shared tile, and through a padded tile.
#include "transpose.h"

__global__ void copyMatrix(float* odata, const float* idata, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (y + j < rows && x < cols)
            odata[(y + j) * cols + x] = idata[(y + j) * cols + x];
}

__global__ void transposeNaive(float* odata, const float* idata, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (y + j < rows && x < cols)
            odata[x * rows + (y + j)] = idata[(y + j) * cols + x];
}

__global__ void transposeCoalesced(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (y + j < rows && x < cols)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * cols + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (y + j < rows && x < cols)
            odata[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposeNoBankConflicts(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (y + j < rows && x < cols)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * cols + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (y + j < cols && x < rows)
            odata[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

static dim3 tileGrid(int rows, int cols)
{
    return dim3((cols + TILE_DIM - 1) / TILE_DIM, (rows + TILE_DIM - 1) / TILE_DIM);
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
