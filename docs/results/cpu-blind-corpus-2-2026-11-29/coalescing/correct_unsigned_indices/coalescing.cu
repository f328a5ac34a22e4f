// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Coalesced matrix product: threadIdx.x runs along the columns of P.
#include "coalescing.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    const unsigned int col = threadIdx.x + blockIdx.x * BLOCK_WIDTH;
    const unsigned int row = threadIdx.y + blockIdx.y * BLOCK_WIDTH;
    const unsigned int w = Width;

    // unsigned compare: one test per coordinate
    if (col < w && row < w) {
        float sum = 0.0f;
        unsigned int mIdx = row * w;       // start of row `row` of M
        unsigned int nIdx = col;           // top of column `col` of N
        for (unsigned int k = 0; k < w; ++k, ++mIdx, nIdx += w)
            sum += M[mIdx] * N[nIdx];
        P[row * w + col] = sum;
    }
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 threads(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 blocks(Width / BLOCK_WIDTH, Width / BLOCK_WIDTH);
    if (Width % BLOCK_WIDTH) {
        blocks.x += 1;
        blocks.y += 1;
    }
    MatrixMulKernel<<<blocks, threads>>>(d_M, d_N, d_P, Width);
}
