// Matrix multiplication P = M x N for square Width x Width matrices, one thread per element of P.
// The handout (assignments/matmul-naive/README.md) explains every step.
#include "matmul_naive.h"

// Threads per block along x and along y: 16 x 16 = 256 threads per block.
constexpr int BLOCK_WIDTH = 16;

// Each thread computes one element P[Row][Col]: the dot product of row Row of M with column Col of N.
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // TODO: Compute Row and Col, the element of P this thread owns, from blockIdx, blockDim and
    //       threadIdx: the y coordinates give the row, the x coordinates the column
    //       (README, "One thread per element").
    int Row = 0, Col = 0;

    // TODO: The grid has whole blocks, so when Width is not a multiple of BLOCK_WIDTH some threads
    //       fall outside P. Make those threads return before they read or write anything
    //       (README, "Covering P with whole blocks").

    float Pvalue = 0;
    // TODO: Accumulate the dot product of row Row of M and column Col of N into Pvalue. The
    //       matrices are row-major: element (r, c) of a Width-wide matrix is at r * Width + c
    //       (README, "Row-major layout" and "The matmul mapping").

    // TODO: Store Pvalue into P at (Row, Col), using the same row-major rule.
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // TODO: Blocks of BLOCK_WIDTH x BLOCK_WIDTH threads, and a grid with just enough blocks in x and
    //       in y to give every element of P a thread: the ceiling of Width / BLOCK_WIDTH, in
    //       integer arithmetic (README, "Covering P with whole blocks").
    dim3 dimBlock(1, 1);
    dim3 dimGrid(1, 1);

    // TODO: Launch MatrixMulKernel with dimGrid and dimBlock on the default stream, passing d_M, d_N,
    //       d_P and Width. Do not synchronise or copy anything: the grader does that.
}
