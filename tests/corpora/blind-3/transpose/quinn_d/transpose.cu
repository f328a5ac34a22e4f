// Matrix copy and transpose, from the naive version to one whose reads and writes are both coalesced and
// whose shared tile has no bank conflicts. idata is rows x cols, any rows and cols >= 1.
// The handout (assignments/transpose/README.md) explains every step.
#include "transpose.h"

// copy: odata = idata, same layout
__global__ void copyMatrix(float* odata, const float* idata, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;   // column
    int y = blockIdx.y * TILE_DIM + threadIdx.y;   // first row

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        int r = y + j;
        if (r < rows && x < cols) {
            int idx = r * cols + x;
            odata[idx] = idata[idx];
        }
    }
}

// naive: read a row of idata, write a column of odata
__global__ void transposeNaive(float* odata, const float* idata, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        int r = y + j;
        if (r < rows && x < cols) {
            odata[x * rows + r] = idata[r * cols + x];
        }
    }
}

// tile in shared memory so both global accesses go along rows
__global__ void transposeCoalesced(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (y + j < rows && x < cols) {
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * cols + x];
        }
    }

    __syncthreads();

    // block (bx, by) of idata is block (by, bx) of odata
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    // odata is cols x rows
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (y + j < cols && x < rows) {
            odata[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
        }
    }
}

// same as transposeCoalesced with a padded tile to avoid bank conflicts
__global__ void transposeNoBankConflicts(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM + 1][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (y + j < rows && x < cols) {
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * cols + x];
        }
    }

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (y + j < cols && x < rows) {
            odata[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
        }
    }
}

// One block per TILE_DIM x TILE_DIM tile of idata: enough blocks to cover it when rows and cols are not
// multiples of TILE_DIM, so the grid rounds up.
static dim3 tileGrid(int rows, int cols)
{
    int gx = (cols + TILE_DIM - 1) / TILE_DIM;
    int gy = (rows + TILE_DIM - 1) / TILE_DIM;
    return dim3(gx, gy);
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
