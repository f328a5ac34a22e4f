// The function your matmul_rect.cu must define: P = M x N where M is j x k, N is k x l and P is j x l,
// all floats in row-major order (M's element (r, c) is at r * k + c). j, k and l are each >= 1 and need
// not be multiples of TILE_WIDTH or equal to each other. Launch your kernel on the default stream.
#pragma once

#ifndef TILE_WIDTH
#define TILE_WIDTH 16
#endif

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l);
