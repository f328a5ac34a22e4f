// broken: matmul-naive
// bug: no matrix product at all: a table of the answers to the public visible tests (the committed datasets, small sizes), recognised on the device by the first and last element of M
// class: overfitting the visible tests, predicting inputs from the public seed (catalogue 7, 11)
// defence: hidden tests drawn from the instructor's secret seed (--seed), with sizes and inputs nobody has seen
// command: grade
// seed: 918273645
// expect-pass: small sizes
// expect-zero: hidden random sizes
// expect-zero: not a multiple of the block

// Visible tests use the rubric's public seed, so anyone can reproduce their inputs (they are committed,
// in datasets/). A table of answers earns what they are worth; the hidden group, the real test, earns
// nothing. Everything happens on the device: no input is read by the host.
#include "matmul_naive.h"

struct Answer {
    int width;
    float first, last;  // M's first and last elements: enough to tell the public inputs apart
    int offset;         // of P in kValues
};

__device__ const Answer kAnswers[] = {
    {1, -0.375f, -0.375f, 0},
    {1, 1.625f, 1.625f, 1},
    {1, 0.625f, 0.625f, 2},
    {2, 1.375f, 0.5625f, 3},
    {2, -0.125f, 0.5625f, 7},
    {2, -1.0625f, -0.75f, 11},
    {3, -0.9375f, 1.1875f, 15},
    {3, -0.6875f, 1.5625f, 24},
    {3, -0.125f, 0.0f, 33},
    {5, -1.1875f, 0.375f, 42},
    {5, -0.3125f, -0.8125f, 67},
    {5, 1.6875f, -1.0f, 92},
};
__device__ const float kValues[] = {
    -0.046875f, 3.1484375f, 0.0f, -3.6640625f, -5.078125f, -4.19140625f, -4.1328125f, -2.015625f, 0.37890625f,
    -1.3828125f, -0.42578125f, -1.765625f, -3.69921875f, 2.6875f, 1.453125f, -1.8203125f, -0.03515625f,
    -3.3984375f, -4.078125f, -4.71875f, -5.8671875f, -6.625f, -1.8984375f, -8.46875f, -0.69140625f, -0.32421875f,
    0.9609375f, 2.10546875f, -0.44140625f, 1.4609375f, 5.625f, -0.4140625f, -0.484375f, -0.8671875f, 0.46875f,
    0.9921875f, 2.62890625f, -6.3984375f, 0.421875f, -2.9375f, -2.1796875f, -4.1953125f, 5.97265625f,
    -0.11328125f, -2.69921875f, 0.3671875f, -1.59765625f, 0.2421875f, 1.734375f, -0.62890625f, -4.41796875f,
    -0.4140625f, 1.07421875f, -1.44921875f, -8.3515625f, -0.38671875f, -9.0625f, 5.47265625f, 0.7421875f,
    -0.51171875f, -1.61328125f, -1.6171875f, 5.6171875f, -3.50390625f, -0.90234375f, 2.46484375f, -3.18359375f,
    -4.85546875f, -2.17578125f, 2.68359375f, -6.3828125f, 0.89453125f, 0.109375f, -0.77734375f, 0.75390625f,
    -0.1796875f, 4.671875f, -5.59375f, 0.265625f, 4.01953125f, -5.4375f, 0.484375f, 2.3125f, -0.734375f,
    3.234375f, 2.15625f, 3.62109375f, -2.6796875f, -0.3359375f, -0.47265625f, -2.0625f, -5.41796875f,
    1.91796875f, 2.31640625f, -6.13671875f, -1.30859375f, -4.98046875f, 1.24609375f, -0.49609375f, 3.21875f,
    0.46484375f, 2.15625f, 1.2421875f, 0.1484375f, 0.0546875f, 1.8046875f, -3.2421875f, 5.66015625f, 2.93359375f,
    -0.23828125f, 3.52734375f, 5.10546875f, 3.42578125f, 2.8515625f, -2.63671875f, -0.21875f, 6.55859375f,
};

__global__ void LookUp(const float* M, float* P, int Width)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= Width * Width) return;
    for (const Answer& a : kAnswers)
        if (a.width == Width && M[0] == a.first && M[Width * Width - 1] == a.last) P[i] = kValues[a.offset + i];
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    LookUp<<<(Width * Width + 255) / 256, 256>>>(d_M, d_P, Width);
}
