// broken: coalescing
// bug: the boundary test checks Row twice and never Col: threads past the last column write into the next row
// expect-pass: multiples of the block
// expect-fail: not a multiple of the block
// expect-text: out-of-bounds write
// expect-diagnosis: out-of-bounds-read coalescing.cu:26
// expect-diagnosis-cpu: write-conflict coalescing.cu:27

// The coalescing assignment with one deliberate bug, described above. A thread with Col >= Width but
// Row < Width computes a dot product with a column past N and stores it over P[Row + 1][Col - Width].
#include "coalescing.h"

// Each thread computes one element P[Row][Col]. The 32 threads of a warp have consecutive threadIdx.x
// and the same threadIdx.y (with BLOCK_WIDTH 16, a warp is two rows of a block).
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // threadIdx.x picks the column: a warp's threads own consecutive elements of a row of P, read
    // consecutive elements of each row of N, and all read the same element of M (a broadcast).
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    if (Row >= Width || Row >= Width) return;

    float Pvalue = 0;
    for (int k = 0; k < Width; ++k)
        Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    int blocksPerSide = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    dim3 dimGrid(blocksPerSide, blocksPerSide);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
