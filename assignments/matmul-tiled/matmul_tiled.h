// The function your matmul_tiled.cu must define. The grader calls it with device pointers it allocated
// and filled: M, N and P are Width x Width matrices of floats in row-major order. Width can be any value
// >= 1, not only a multiple of TILE_WIDTH. Launch your kernel on the default stream.
#pragma once

// The tile width is a compile-time constant. The grader also builds your file with other values
// (-DTILE_WIDTH=8, -DTILE_WIDTH=32), so write every index in terms of TILE_WIDTH, never 16.
#ifndef TILE_WIDTH
#define TILE_WIDTH 16
#endif

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width);
