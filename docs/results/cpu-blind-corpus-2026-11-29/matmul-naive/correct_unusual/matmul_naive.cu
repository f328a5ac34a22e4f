// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Naive matmul with pointer walking and a guarded body instead of an early return (valid, unusual).
#include "matmul_naive.h"

#define BW 16

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    const int Col = threadIdx.x + blockDim.x * blockIdx.x;
    const int Row = threadIdx.y + blockDim.y * blockIdx.y;
    if (Row < Width) {
        if (Col < Width) {
            const float* m = M + (size_t)Row * Width;   // walks right along row Row of M
            const float* n = N + Col;                   // walks down column Col of N
            float acc = 0.0f;
            for (int left = Width; left > 0; --left, n += Width)
                acc += *m++ * *n;
            P[(size_t)Row * Width + Col] = acc;
        }
    }
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const unsigned tiles = (unsigned)((Width - 1) / BW + 1);
    dim3 dimGrid;
    dimGrid.x = tiles;
    dimGrid.y = tiles;
    MatrixMulKernel<<<dimGrid, dim3(BW, BW, 1)>>>(d_M, d_N, d_P, Width);
}
