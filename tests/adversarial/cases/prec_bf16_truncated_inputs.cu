// broken: coalescing
// bug: keeps only the top 16 bits of every element of M and N (bfloat16 in a float's clothing): exact on inputs that are multiples of 1/16, wrong on full-mantissa ones
// class: precision downgrade (catalogue 12)
// defence: the full-mantissa inputs group: all 24 significant bits random
// expect-fail: full-mantissa inputs
// expect-pass: multiples of the block
// expect-pass: small sizes

#include "coalescing.h"

__device__ float bf16(float x) { return __uint_as_float(__float_as_uint(x) & 0xffff0000u); }

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += bf16(M[Row * Width + k]) * bf16(N[k * Width + Col]);
    P[Row * Width + Col] = Pvalue;
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid((Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
