// broken: matmul-naive
// bug: one block of Width x Width threads instead of a grid of 16 x 16 blocks: past Width 32 a block
//      would have more than 1024 threads, and the GPU refuses the launch
// expect-fail: not a multiple of the block
// expect-fail: multiples of the block
// expect-pass: small sizes
// expect-text: a block may have at most 1024
// expect-diagnosis: invalid-launch
// expect-diagnosis-cpu: invalid-launch matmul_naive.cu:43

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
    // One block covers all of P.
    dim3 dimBlock(Width, Width);
    dim3 dimGrid(1, 1);

    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
