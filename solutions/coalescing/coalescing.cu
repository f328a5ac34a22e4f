// Matrix multiplication P = M x N, one thread per element of P, with the thread mapping that lets each
// warp read and write memory in a few wide transactions instead of 32 narrow ones.
// The handout (assignments/coalescing/README.md) explains every step; the slow kernel it starts from is
// assignments/coalescing/baselines/matmul_uncoalesced.cu.
#include "coalescing.h"

// Each thread computes one element P[Row][Col]. The 32 threads of a warp have consecutive threadIdx.x
// and the same threadIdx.y (with BLOCK_WIDTH 16, a warp is two rows of a block).
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Compute Row and Col so that the threads of a warp, which differ in threadIdx.x, own
    // STARTER: //       NEIGHBOURING ELEMENTS OF ONE ROW of P: threadIdx.x must pick the column
    // STARTER: //       (README, "Which index goes on threadIdx.x").
    // STARTER: int Row = 0, Col = 0;
    // threadIdx.x picks the column: a warp's threads own consecutive elements of a row of P, read
    // consecutive elements of each row of N, and all read the same element of M (a broadcast).
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Threads outside P (the grid has whole blocks) must return before touching memory.
    if (Row >= Width || Col >= Width) return;
    // END SOLUTION

    float Pvalue = 0;
    // BEGIN SOLUTION
    // STARTER: // TODO: Accumulate row Row of M times column Col of N into Pvalue, then store it in
    // STARTER: //       P[Row][Col]. The matrices are row-major.
    for (int k = 0; k < Width; ++k)
        Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
    // END SOLUTION
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Blocks of BLOCK_WIDTH x BLOCK_WIDTH threads, and the ceiling of Width / BLOCK_WIDTH
    // STARTER: //       blocks in x and in y. Which grid dimension counts columns must agree with your kernel.
    // STARTER: dim3 dimBlock(1, 1);
    // STARTER: dim3 dimGrid(1, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    int blocksPerSide = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    dim3 dimGrid(blocksPerSide, blocksPerSide);
    // END SOLUTION
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
