// Matrix copy and transpose, from the naive version to one whose reads and writes are both coalesced and
// whose shared tile has no bank conflicts. idata is rows x cols, any rows and cols >= 1.
// The handout (assignments/transpose/README.md) explains every step.
#include "transpose.h"

// Every kernel here works the same way on idata: a block of TILE_DIM x BLOCK_ROWS threads covers one
// TILE_DIM x TILE_DIM tile, thread (tx, ty) handling column x of the tile's rows ty, ty + BLOCK_ROWS,
// ty + 2 * BLOCK_ROWS, ... The 32 threads of a warp have consecutive threadIdx.x, so they touch 32
// consecutive floats of one row: one coalesced access.

// shared helper for the two shared-memory kernels; the template argument is the length of a
// row of the shared buffer (TILE_DIM, or TILE_DIM + 1 when padded)
template <int LD>
__device__ __forceinline__ void stageAndFlip(float (*sbuf)[LD], float* dst, const float* src, int R, int C)
{
  const int lx = threadIdx.x, ly = threadIdx.y;
  int gc = lx + blockIdx.x * TILE_DIM;
  int gr = ly + blockIdx.y * TILE_DIM;

#pragma unroll
  for (int step = 0; step < TILE_DIM; step += BLOCK_ROWS) {
    if (gc < C && step + gr < R) {
      sbuf[step + ly][lx] = src[gc + (size_t)(step + gr) * C];
    }
  }

  __syncthreads();

  // now in dst coordinates (dst has C rows of R)
  gc = lx + blockIdx.y * TILE_DIM;
  gr = ly + blockIdx.x * TILE_DIM;

#pragma unroll
  for (int step = 0; step < TILE_DIM; step += BLOCK_ROWS) {
    if (gc < R && step + gr < C) {
      dst[gc + (size_t)(step + gr) * R] = sbuf[lx][step + ly];
    }
  }
}

// The naive transpose: the reads go along a row of idata (coalesced), but the writes go down a column
// of odata: the 32 threads of a warp write 32 different rows, 32 memory transactions for 32 floats.
__global__ void transposeNaive(float* odata, const float* idata, int rows, int cols)
{
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;

  if (x >= cols) {
    return;
  }
#pragma unroll
  for (int step = 0; step < TILE_DIM; step += BLOCK_ROWS) {
    if (step + y < rows) {
      odata[step + y + (size_t)x * rows] = idata[x + (size_t)(step + y) * cols];
    }
  }
}

// The copy: what a transpose would cost if memory did not care about the order of the writes.
__global__ void copyMatrix(float* odata, const float* idata, int rows, int cols)
{
  const int gc = threadIdx.x + blockIdx.x * TILE_DIM;
  const int gr = threadIdx.y + blockIdx.y * TILE_DIM;
  // nothing to synchronise here, so out-of-range threads can just leave
  if (gc >= cols) {
    return;
  }

#pragma unroll
  for (int step = 0; step < TILE_DIM; step += BLOCK_ROWS) {
    if (step + gr < rows) {
      odata[gc + (size_t)(step + gr) * cols] = idata[gc + (size_t)(step + gr) * cols];
    }
  }
}

// The same transpose without bank conflicts. Shared memory has 32 banks of 4-byte words, word w in bank
// w % 32. In tile[TILE_DIM][TILE_DIM] with TILE_DIM = 32, a column is 32 words 32 apart: all in one bank,
// so the warp's column read is served one word at a time. One extra column shifts each row by one bank
// and spreads the column over all 32.
__global__ void transposeNoBankConflicts(float* odata, const float* idata, int rows, int cols)
{
  __shared__ float sbuf[TILE_DIM][TILE_DIM + 1];   // padded
  stageAndFlip<TILE_DIM + 1>(sbuf, odata, idata, rows, cols);
}

// The coalesced transpose: the block reads its tile of idata row by row into shared memory, then writes
// the transposed tile to odata row by row, taking each row of the output from a COLUMN of the tile.
// Global memory sees only row accesses; the column access happens in shared memory, where it is cheap.
__global__ void transposeCoalesced(float* odata, const float* idata, int rows, int cols)
{
  __shared__ float sbuf[TILE_DIM][TILE_DIM];
  stageAndFlip<TILE_DIM>(sbuf, odata, idata, rows, cols);
}

// integer division rounded up
static inline int roundUpDiv(int n, int d)
{
  return (n + d - 1) / d;
}

// One block per TILE_DIM x TILE_DIM tile of idata: enough blocks to cover it when rows and cols are not
// multiples of TILE_DIM, so the grid rounds up.
static dim3 tileGrid(int rows, int cols)
{
  return dim3(roundUpDiv(cols, TILE_DIM), roundUpDiv(rows, TILE_DIM));
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
