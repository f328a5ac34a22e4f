// The function your tiled_dynamic.cu must define. The grader calls it with device pointers it
// allocated and filled: M, N and P are Width x Width matrices of floats in row-major order, Width >= 1.
// Launch your kernel on the default stream.
//
// There is no TILE_WIDTH here: your host code chooses the tile width at run time from the properties of
// the device it runs on (cudaGetDeviceProperties), and the grader runs it on devices whose limits
// differ. Do not define a TILE_WIDTH that the tile width depends on.
#pragma once

void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width);
