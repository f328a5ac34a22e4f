// Matrix multiplication P = M x N for square Width x Width matrices, one thread per element of P.
// The handout (assignments/matmul-naive/README.md) explains every step.
#include "matmul_naive.h"

// Threads per block along x and along y: 16 x 16 = 256 threads per block.
constexpr int BLOCK_WIDTH = 16;

// Each thread computes one element P[Row][Col]: the dot product of row Row of M with column Col of N.
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Compute Row and Col, the element of P this thread owns, from blockIdx, blockDim and
    // STARTER: //       threadIdx: the y coordinates give the row, the x coordinates the column
    // STARTER: //       (README, "One thread per element").
    // STARTER: int Row = 0, Col = 0;
    // y picks the row and x the column, so the threads of a warp (consecutive threadIdx.x) own
    // neighbouring elements of one row of P and read neighbouring elements of each row of N.
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: The grid has whole blocks, so when Width is not a multiple of BLOCK_WIDTH some threads
    // STARTER: //       fall outside P. Make those threads return before they read or write anything
    // STARTER: //       (README, "Covering P with whole blocks").
    // Whole blocks overshoot the edge of P when Width is not a multiple of BLOCK_WIDTH; the extra threads
    // own no element, and leaving now keeps them from reading past M and N or writing past P.
    if (Row >= Width || Col >= Width) return;
    // END SOLUTION

    float Pvalue = 0;
    // BEGIN SOLUTION
    // STARTER: // TODO: Accumulate the dot product of row Row of M and column Col of N into Pvalue. The
    // STARTER: //       matrices are row-major: element (r, c) of a Width-wide matrix is at r * Width + c
    // STARTER: //       (README, "Row-major layout" and "The matmul mapping").
    // Row-major: walking along row Row of M is a step of 1, walking down column Col of N a step of Width.
    for (int k = 0; k < Width; ++k)
        Pvalue += M[Row * Width + k] * N[k * Width + Col];
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Store Pvalue into P at (Row, Col), using the same row-major rule.
    P[Row * Width + Col] = Pvalue;
    // END SOLUTION
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Blocks of BLOCK_WIDTH x BLOCK_WIDTH threads, and a grid with just enough blocks in x and
    // STARTER: //       in y to give every element of P a thread: the ceiling of Width / BLOCK_WIDTH, in
    // STARTER: //       integer arithmetic (README, "Covering P with whole blocks").
    // STARTER: dim3 dimBlock(1, 1);
    // STARTER: dim3 dimGrid(1, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    // Ceiling division: a partly filled block at the edge still needs launching, so round up.
    int blocksPerSide = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    dim3 dimGrid(blocksPerSide, blocksPerSide);
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Launch MatrixMulKernel with dimGrid and dimBlock on the default stream, passing d_M, d_N,
    // STARTER: //       d_P and Width. Do not synchronise or copy anything: the grader does that.
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
    // END SOLUTION
}
