// broken: transpose
// bug: the shared-tile transpose has no bounds checks: edge tiles read and write outside the matrices
// expect-pass: copy
// expect-fail: transpose through a shared tile
// expect-text: out-of-bounds write
// expect-diagnosis: out-of-bounds-read transpose.cu:52
// expect-diagnosis-cpu: out-of-bounds-write transpose.cu:63

// The transposes with one deliberate bug, described above. Sizes that are multiples of TILE_DIM pass;
// the others read past idata and write past odata.
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

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            odata[(y + j) * cols + x] = idata[(y + j) * cols + x];
}

// The naive transpose: the reads go along a row of idata (coalesced), but the writes go down a column
// of odata: the 32 threads of a warp write 32 different rows, 32 memory transactions for 32 floats.
__global__ void transposeNaive(float* odata, const float* idata, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            odata[x * rows + (y + j)] = idata[(y + j) * cols + x];
}

// The coalesced transpose: the block reads its tile of idata row by row into shared memory, then writes
// the transposed tile to odata row by row, taking each row of the output from a COLUMN of the tile.
// Global memory sees only row accesses; the column access happens in shared memory, where it is cheap.
__global__ void transposeCoalesced(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * cols + x];

    // Read-after-write: the writes below read elements of the tile that other threads loaded.
    __syncthreads();

    // The tile's transposed place: a column of odata's tile is a row of this tile, so thread (tx, ty)
    // writes odata along a row while reading the tile down a column.
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
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

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * cols + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols)
            odata[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
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
