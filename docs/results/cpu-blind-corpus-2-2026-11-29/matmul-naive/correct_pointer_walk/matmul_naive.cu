// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Matrix multiplication P = M x N for square Width x Width matrices, one thread per element of P.
#include "matmul_naive.h"

constexpr int BLOCK_WIDTH = 16;

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    const int Col = threadIdx.x + blockDim.x * blockIdx.x;
    const int Row = threadIdx.y + blockDim.y * blockIdx.y;

    if (Row < Width && Col < Width) {
        const float* mRow = M + Row * Width;   // walks right along row Row of M
        const float* nCol = N + Col;           // walks down column Col of N
        float acc = 0.0f;
        for (int k = Width; k > 0; --k) {
            acc += *mRow * *nCol;
            ++mRow;
            nCol += Width;
        }
        *(P + Row * Width + Col) = acc;
    }
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const unsigned int n = (Width - 1) / BLOCK_WIDTH + 1;
    MatrixMulKernel<<<dim3(n, n, 1), dim3(BLOCK_WIDTH, BLOCK_WIDTH, 1)>>>(d_M, d_N, d_P, Width);
}
