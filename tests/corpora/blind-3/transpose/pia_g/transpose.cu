// Matrix copy and transpose, from the naive version to one whose reads and writes are both coalesced and
// whose shared tile has no bank conflicts. idata is rows x cols, any rows and cols >= 1.
// The handout (assignments/transpose/README.md) explains every step.
#include "transpose.h"

// Every kernel here works the same way on idata: a block of TILE_DIM x BLOCK_ROWS threads covers one
// TILE_DIM x TILE_DIM tile, thread (tx, ty) handling column x of the tile's rows ty, ty + BLOCK_ROWS,
// ty + 2 * BLOCK_ROWS, ... The 32 threads of a warp have consecutive threadIdx.x, so they touch 32
// consecutive floats of one row: one coalesced access.

// The copy: what a transpose would cost if memory did not care about the order of the writes.
__global__ void copyMatrix(float* odata, const float* idata, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (y + j < rows && x < cols)
            odata[(y + j) * cols + x] = idata[(y + j) * cols + x];
    }
}

// The naive transpose: the reads go along a row of idata (coalesced), but the writes go down a column
// of odata: the 32 threads of a warp write 32 different rows, 32 memory transactions for 32 floats.
__global__ void transposeNaive(float* odata, const float* idata, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (y + j < rows && x < cols)
            odata[x * cols + (y + j)] = idata[(y + j) * cols + x];
    }
}

// The coalesced transpose: the block reads its tile of idata row by row into shared memory, then writes
// the transposed tile to odata row by row, taking each row of the output from a COLUMN of the tile.
// Global memory sees only row accesses; the column access happens in shared memory, where it is cheap.
__global__ void transposeCoalesced(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (y + j < rows && x < cols)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * cols + x];
    }

    __syncthreads();

    // transposed block position
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (y + j < cols && x < rows)
            odata[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    }
}

// The same transpose without bank conflicts. Shared memory has 32 banks of 4-byte words, word w in bank
// w % 32. In tile[TILE_DIM][TILE_DIM] with TILE_DIM = 32, a column is 32 words 32 apart: all in one bank,
// so the warp's column read is served one word at a time. One extra column shifts each row by one bank
// and spreads the column over all 32.
__global__ void transposeNoBankConflicts(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (y + j < rows && x < cols)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * cols + x];
    }

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (y + j < cols && x < rows)
            odata[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    }
}

// One block per TILE_DIM x TILE_DIM tile of idata: enough blocks to cover it when rows and cols are not
// multiples of TILE_DIM, so the grid rounds up.
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
