// broken: matmul-naive
// bug: none: a correct file whose comments an editor saved in Latin-1 ("café" as the byte 0xe9), with more bytes that are not UTF-8
// class: honest work (bytes that do not matter)
// defence: intake accepts any bytes inside comments, as nvcc and g++ do; reports quoting a line replace them
// append: latin1-comment
// expect-pass: small sizes
// expect-pass: multiples of the block
// expect-pass: not a multiple of the block
// expect-pass: full-mantissa inputs
// expect-no-text: invalid UTF-8

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
