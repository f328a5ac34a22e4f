// broken: coalescing
// bug: rounds every element of M and N through __half (__float2half / __half2float): exact on multiples of 1/16, wrong on full-mantissa inputs
// class: precision downgrade (catalogue 12)
// defence: the full-mantissa inputs group
// backends: cuda
// expect-fail: full-mantissa inputs
// expect-pass: multiples of the block

// cuda_fp16.h is not part of the CPU backend, which is why this case runs on a GPU only; the bfloat16
// case (prec_bf16_truncated_inputs.cu) runs everywhere.
#include <cuda_fp16.h>
#include "coalescing.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k)
        Pvalue += __half2float(__float2half(M[Row * Width + k])) * __half2float(__float2half(N[k * Width + Col]));
    P[Row * Width + Col] = Pvalue;
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid((Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
