// broken: matmul-naive
// bug: zeroes M and N, so that P = 0 is "right" for whoever checks against the inputs as they are afterwards
// class: mutating the inputs (catalogue 6)
// defence: poisoned-outputs: the grader checks against its own copy of the inputs, and that the inputs are unchanged
// expect-zero: correctness
// expect-text: modified input

#include "matmul_naive.h"

__global__ void Zero(float* M, float* N, float* P, int Width)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < Width * Width) M[i] = N[i] = P[i] = 0;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    Zero<<<(Width * Width + 255) / 256, 256>>>((float*)d_M, (float*)d_N, d_P, Width);
}
