// broken: matmul-naive
// bug: a correct kernel beside a string literal saved in Latin-1 ("café" as the byte 0xe9)
// class: hostile file content (bytes that are data)
// defence: intake refuses bytes that are not UTF-8 inside a literal, with the reason: nvcc refuses them on every machine ("invalid multibyte character sequence"), so the grade does not depend on whether nvcc is installed
// append: latin1-literal
// expect-build-fail: inside a string or character literal, which nvcc refuses
// expect-zero: score

#include "matmul_naive.h"

// One thread per element of P: Row and Col from the block and thread indices, a dot product over k.
__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row < Width && Col < Width) {
        float Pvalue = 0;
        for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
        P[Row * Width + Col] = Pvalue;
    }
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(16, 16);
    dim3 dimGrid((Width + 15) / 16, (Width + 15) / 16);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
