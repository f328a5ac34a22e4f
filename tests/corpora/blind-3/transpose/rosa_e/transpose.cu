// Matrix copy and transpose, any rows x cols. The two tiled transposes share one templated device
// routine whose template argument is the tile's padding (0 or 1 extra column); every index goes through
// a small helper, and the loops run over the thread's rows of the tile directly.
#include "transpose.h"

// Offset of element (r, c) in a row-major matrix whose rows are `ld` floats long.
__device__ __forceinline__ int at(int r, int c, int ld)
{
    return r * ld + c;
}

__global__ void copyMatrix(float* odata, const float* idata, int rows, int cols)
{
    const int c = blockIdx.x * TILE_DIM + threadIdx.x;
    const int rowBase = blockIdx.y * TILE_DIM;
    if (c >= cols)
        return;  // no shared memory here, nobody waits for this thread

    for (int dy = threadIdx.y; dy < TILE_DIM; dy += BLOCK_ROWS) {
        const int r = rowBase + dy;
        if (r < rows)
            odata[at(r, c, cols)] = idata[at(r, c, cols)];
    }
}

__global__ void transposeNaive(float* odata, const float* idata, int rows, int cols)
{
    const int c = blockIdx.x * TILE_DIM + threadIdx.x;
    const int rowBase = blockIdx.y * TILE_DIM;
    if (c >= cols)
        return;

    for (int dy = threadIdx.y; dy < TILE_DIM; dy += BLOCK_ROWS) {
        const int r = rowBase + dy;
        if (r < rows)
            odata[at(c, r, rows)] = idata[at(r, c, cols)];
    }
}

// Stage the block's tile of idata in shared memory (rows in, rows out), PAD extra columns per tile row.
template <int PAD>
__device__ __forceinline__ void transposeThroughTile(float* odata, const float* idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + PAD];

    // load: tile row dy <- idata row (inRow0 + dy), columns inCol0 ...
    const int inCol = blockIdx.x * TILE_DIM + threadIdx.x;
    const int inRow0 = blockIdx.y * TILE_DIM;
    for (int dy = threadIdx.y; dy < TILE_DIM; dy += BLOCK_ROWS) {
        const int r = inRow0 + dy;
        if (r < rows && inCol < cols)
            tile[dy][threadIdx.x] = idata[at(r, inCol, cols)];
    }

    __syncthreads();  // every thread gets here: the tests above are per element

    // store: odata is cols x rows; this block's tile lands at block (by, bx)
    const int outCol = blockIdx.y * TILE_DIM + threadIdx.x;
    const int outRow0 = blockIdx.x * TILE_DIM;
    for (int dy = threadIdx.y; dy < TILE_DIM; dy += BLOCK_ROWS) {
        const int r = outRow0 + dy;
        if (r < cols && outCol < rows)
            odata[at(r, outCol, rows)] = tile[threadIdx.x][dy];
    }
}

__global__ void transposeCoalesced(float* odata, const float* idata, int rows, int cols)
{
    transposeThroughTile<0>(odata, idata, rows, cols);
}

__global__ void transposeNoBankConflicts(float* odata, const float* idata, int rows, int cols)
{
    transposeThroughTile<1>(odata, idata, rows, cols);
}

// One block per tile; rows, cols >= 1, so (x - 1) / TILE_DIM + 1 is the ceiling.
static dim3 tileGrid(int rows, int cols)
{
    return dim3((cols - 1) / TILE_DIM + 1, (rows - 1) / TILE_DIM + 1);
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
