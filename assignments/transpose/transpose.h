// The functions your transpose.cu must define. The grader calls each with device pointers it allocated
// and filled: idata is a rows x cols matrix of floats in row-major order; odata is rows x cols for the
// copy and cols x rows for the transposes. rows and cols can be any values >= 1, not only multiples of
// TILE_DIM. Launch your kernels on the default stream.
#pragma once

// A block of TILE_DIM x BLOCK_ROWS threads works on one TILE_DIM x TILE_DIM tile, each thread on
// TILE_DIM / BLOCK_ROWS elements of it. The grader also builds your file with other values
// (-DTILE_DIM=16 -DBLOCK_ROWS=4, -DTILE_DIM=32 -DBLOCK_ROWS=32), so write every index in terms of these
// names, never 32 or 8. BLOCK_ROWS must divide TILE_DIM.
#ifndef TILE_DIM
#define TILE_DIM 32
#endif
#ifndef BLOCK_ROWS
#define BLOCK_ROWS 8
#endif

// odata = idata: the fastest a transpose could hope to be.
void copy_matrix(float* d_odata, const float* d_idata, int rows, int cols);

// odata = idata transposed, read row by row and written column by column.
void transpose_naive(float* d_odata, const float* d_idata, int rows, int cols);

// odata = idata transposed through a tile in shared memory, so that both the reads and the writes go
// along rows.
void transpose_coalesced(float* d_odata, const float* d_idata, int rows, int cols);

// The same with the tile padded by one column, so that reading a column of it hits 32 different banks.
void transpose_no_bank_conflicts(float* d_odata, const float* d_idata, int rows, int cols);
