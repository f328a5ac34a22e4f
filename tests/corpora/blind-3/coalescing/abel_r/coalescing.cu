// Matrix multiplication P = M x N, one thread per element of P, with the thread mapping that lets each
// warp read and write memory in a few wide transactions instead of 32 narrow ones.
// The handout (assignments/coalescing/README.md) explains every step; the slow kernel it starts from is
// assignments/coalescing/baselines/matmul_uncoalesced.cu.
#include "coalescing.h"

// Each thread computes one element P[Row][Col]. The 32 threads of a warp have consecutive threadIdx.x
// and the same threadIdx.y (with BLOCK_WIDTH 16, a warp is two rows of a block).
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    const int bw = 16;  // threads per block side
    int Col = blockIdx.x * bw + threadIdx.x;  // x -> column
    int Row = blockIdx.y * bw + threadIdx.y;  // y -> row

    if (Row >= Width || Col >= Width)
        return;

    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) {
        Pvalue += M[Row * Width + k] * N[k * Width + Col];
    }
    P[Row * Width + Col] = Pvalue;
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // number of blocks along each side, rounded up
    int nb = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid(nb, nb);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
