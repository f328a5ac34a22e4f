// Matrix multiplication P = M x N, one thread per element of P, with the thread mapping that lets each
// warp read and write memory in a few wide transactions instead of 32 narrow ones.
// The handout (assignments/coalescing/README.md) explains every step; the slow kernel it starts from is
// assignments/coalescing/baselines/matmul_uncoalesced.cu.
#include "coalescing.h"

// Each thread computes one element P[Row][Col]. The 32 threads of a warp have consecutive threadIdx.x
// and the same threadIdx.y (with BLOCK_WIDTH 16, a warp is two rows of a block).
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // TODO: Compute Row and Col so that the threads of a warp, which differ in threadIdx.x, own
    //       NEIGHBOURING ELEMENTS OF ONE ROW of P: threadIdx.x must pick the column
    //       (README, "Which index goes on threadIdx.x").
    int Row = 0, Col = 0;

    // TODO: Threads outside P (the grid has whole blocks) must return before touching memory.

    float Pvalue = 0;
    // TODO: Accumulate row Row of M times column Col of N into Pvalue, then store it in
    //       P[Row][Col]. The matrices are row-major.
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // TODO: Blocks of BLOCK_WIDTH x BLOCK_WIDTH threads, and the ceiling of Width / BLOCK_WIDTH
    //       blocks in x and in y. Which grid dimension counts columns must agree with your kernel.
    dim3 dimBlock(1, 1);
    dim3 dimGrid(1, 1);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
