// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Coalesced matmul, written with an unrolled loop, const locals and a single guarded block (valid).
#include "coalescing.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    const unsigned c = threadIdx.x + blockIdx.x * blockDim.x;   // the warp's fast index: a column
    const unsigned r = threadIdx.y + blockIdx.y * blockDim.y;
    if (r < (unsigned)Width && c < (unsigned)Width) {
        float sum = 0.0f;
#pragma unroll 4
        for (int k = 0; k < Width; k++) {
            const float a = M[r * Width + k];
            const float b = N[k * Width + c];
            sum += a * b;
        }
        P[r * Width + c] = sum;
    }
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const int g = Width / BLOCK_WIDTH + (Width % BLOCK_WIDTH ? 1 : 0);
    MatrixMulKernel<<<dim3(g, g), dim3(BLOCK_WIDTH, BLOCK_WIDTH)>>>(d_M, d_N, d_P, Width);
}
