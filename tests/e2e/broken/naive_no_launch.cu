// broken: matmul-naive
// bug: the launch line was never written: the grid and blocks are computed, but no kernel runs
// expect-fail: small sizes
// expect-fail: multiples of the block
// expect-text: no kernel was launched
// expect-diagnosis: no-kernel-launched

// Naive matrix multiplication with one deliberate bug, described above.
#include "matmul_naive.h"

// Threads per block along x and along y: 16 x 16 = 256 threads per block.
constexpr int BLOCK_WIDTH = 16;

// Each thread computes one element P[Row][Col]: the dot product of row Row of M with column Col of N.
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // y picks the row and x the column, so the threads of a warp (consecutive threadIdx.x) own
    // neighbouring elements of one row of P and read neighbouring elements of each row of N.
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    // Whole blocks overshoot the edge of P when Width is not a multiple of BLOCK_WIDTH; the extra threads
    // own no element, and leaving now keeps them from reading past M and N or writing past P.
    if (Row >= Width || Col >= Width) return;

    float Pvalue = 0;
    // Row-major: walking along row Row of M is a step of 1, walking down column Col of N a step of Width.
    for (int k = 0; k < Width; ++k)
        Pvalue += M[Row * Width + k] * N[k * Width + Col];

    P[Row * Width + Col] = Pvalue;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    // Ceiling division: a partly filled block at the edge still needs launching, so round up.
    int blocksPerSide = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    dim3 dimGrid(blocksPerSide, blocksPerSide);

    // (the launch of MatrixMulKernel with dimGrid and dimBlock belongs here)
}
