// broken: matmul-naive
// bug: computes P at the first call only; later calls do nothing, counting on the output buffer still holding the answer
// class: result reuse, a no-op kernel on a buffer that already holds the answer (catalogue 5)
// defence: poisoned-outputs: every output is poisoned before every call, and every seed has buffers of its own
// expect-zero: correctness
// expect-text: never written

#include "matmul_naive.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

static void launch(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    MatrixMulKernel<<<grid, block>>>(d_M, d_N, d_P, Width);
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static bool done = false;
    if (done) return;
    done = true;
    launch(d_M, d_N, d_P, Width);
}
