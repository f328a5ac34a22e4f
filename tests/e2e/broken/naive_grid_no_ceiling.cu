// broken: matmul-naive
// bug: the grid is Width / 16 blocks rounded down, so the last rows and columns of P get no thread
// expect-fail: small sizes
// expect-fail: not a multiple of the block
// expect-pass: multiples of the block
// expect-text: never written
// expect-diagnosis: grid-too-small
// expect-diagnosis-cpu: invalid-launch matmul_naive.cu:43

// Naive matrix multiplication with one deliberate bug, described above.
// For Width < 16 the grid has zero blocks and the launch itself is rejected as an invalid configuration.
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
    int blocksPerSide = Width / BLOCK_WIDTH;
    dim3 dimGrid(blocksPerSide, blocksPerSide);

    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
