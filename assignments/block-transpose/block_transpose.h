// The function your block_transpose.cu must define. The grader calls it with a device pointer it
// allocated and filled: A is A_height rows of A_width floats, row by row, and both are multiples of
// BLOCK_WIDTH. The function transposes each BLOCK_WIDTH x BLOCK_WIDTH tile of A in place: the tiles stay
// where they are, and within each one row r and column c are exchanged. Launch on the default stream.
#pragma once

// Blocks are BLOCK_WIDTH x BLOCK_WIDTH threads, one per element of a tile. The grader builds your file
// with every BLOCK_WIDTH from 1 to 20 (-DBLOCK_WIDTH=1 ... -DBLOCK_WIDTH=20): all of them fit in a block,
// since 20 x 20 = 400 threads is well under the 1024 a block may have.
#ifndef BLOCK_WIDTH
#define BLOCK_WIDTH 16
#endif

void block_transpose(float* A_elements, int A_width, int A_height);
