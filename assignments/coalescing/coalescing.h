// The function your coalescing.cu must define. The grader calls it with device pointers it allocated and
// filled: M, N and P are Width x Width matrices of floats in row-major order. Width can be any value
// >= 1. Launch your kernel on the default stream.
#pragma once

// Threads per block along x and along y. The grader also builds your file with -DBLOCK_WIDTH=8 and
// -DBLOCK_WIDTH=32, so write every index in terms of BLOCK_WIDTH (or blockDim), never 16.
#ifndef BLOCK_WIDTH
#define BLOCK_WIDTH 16
#endif

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width);
