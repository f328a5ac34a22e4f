// Matrix copy and transpose, from the naive version to one whose reads and writes are both coalesced and
// whose shared tile has no bank conflicts. idata is rows x cols, any rows and cols >= 1.
// The handout (assignments/transpose/README.md) explains every step.
#include "transpose.h"

// Every kernel here works the same way on idata: a block of TILE_DIM x BLOCK_ROWS threads covers one
// TILE_DIM x TILE_DIM tile, thread (tx, ty) handling column x of the tile's rows ty, ty + BLOCK_ROWS,
// ty + 2 * BLOCK_ROWS, ... The 32 threads of a warp have consecutive threadIdx.x, so they touch 32
// consecutive floats of one row: one coalesced access.

// Both tiled kernels do the same thing and differ only in the row pitch of the tile, so the body
// lives here once. PITCH = TILE_DIM (bank conflicts) or TILE_DIM + 1 (padded).
template <int PITCH>
__device__ __forceinline__ void tiled_transpose(float (*tile)[PITCH], float* out, const float* in,
                                                int nr, int nc)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    int col = blockIdx.x * TILE_DIM + tx;
    int row = blockIdx.y * TILE_DIM + ty;

#pragma unroll
    for (int k = 0; k < TILE_DIM; k += BLOCK_ROWS)
        if (row + k < nr && col < nc)
            tile[ty + k][tx] = in[(size_t)(row + k) * nc + col];

    __syncthreads();

    col = blockIdx.y * TILE_DIM + tx;   // column of out (out is nc x nr)
    row = blockIdx.x * TILE_DIM + ty;

#pragma unroll
    for (int k = 0; k < TILE_DIM; k += BLOCK_ROWS)
        if (row + k < nc && col < nr)
            out[(size_t)(row + k) * nr + col] = tile[tx][ty + k];
}

// The copy: what a transpose would cost if memory did not care about the order of the writes.
__global__ void copyMatrix(float* odata, const float* idata, int rows, int cols)
{
    const int col = blockIdx.x * TILE_DIM + threadIdx.x;
    const int row = blockIdx.y * TILE_DIM + threadIdx.y;
    if (col >= cols) return;   // no barrier in this kernel, so returning early is fine

#pragma unroll
    for (int k = 0; k < TILE_DIM; k += BLOCK_ROWS)
        if (row + k < rows)
            odata[(size_t)(row + k) * cols + col] = idata[(size_t)(row + k) * cols + col];
}

// The naive transpose: the reads go along a row of idata (coalesced), but the writes go down a column
// of odata: the 32 threads of a warp write 32 different rows, 32 memory transactions for 32 floats.
__global__ void transposeNaive(float* odata, const float* idata, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    if (x >= cols) return;
#pragma unroll
    for (int k = 0; k < TILE_DIM; k += BLOCK_ROWS)
        if (y + k < rows)
            odata[(size_t)x * rows + y + k] = idata[(size_t)(y + k) * cols + x];
}

// The coalesced transpose: the block reads its tile of idata row by row into shared memory, then writes
// the transposed tile to odata row by row, taking each row of the output from a COLUMN of the tile.
// Global memory sees only row accesses; the column access happens in shared memory, where it is cheap.
__global__ void transposeCoalesced(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    tiled_transpose<TILE_DIM>(tile, odata, idata, rows, cols);
}

// The same transpose without bank conflicts. Shared memory has 32 banks of 4-byte words, word w in bank
// w % 32. In tile[TILE_DIM][TILE_DIM] with TILE_DIM = 32, a column is 32 words 32 apart: all in one bank,
// so the warp's column read is served one word at a time. One extra column shifts each row by one bank
// and spreads the column over all 32.
__global__ void transposeNoBankConflicts(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    tiled_transpose<TILE_DIM + 1>(tile, odata, idata, rows, cols);
}

static inline int ceil_div(int a, int b) { return (a + b - 1) / b; }

// One block per TILE_DIM x TILE_DIM tile of idata: enough blocks to cover it when rows and cols are not
// multiples of TILE_DIM, so the grid rounds up.
static dim3 tileGrid(int rows, int cols)
{
    return dim3(ceil_div(cols, TILE_DIM), ceil_div(rows, TILE_DIM));
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
