// broken: matmul-naive
// bug: a kernel copies M and N into __device__ arrays, cudaMemcpyFromSymbol brings them to the host, the host multiplies, cudaMemcpyToSymbol and a kernel put the product in P
// class: doing the work outside the kernel
// defence: answer-flow: symbol copies are recorded on both backends (wrapped on a GPU): device memory copied to the host is host work
// expect-zero: correctness
// expect-text: the answer came from host code: your code copied device memory

#include <cuda_runtime.h>
#include "matmul_naive.h"

constexpr int kMax = 600 * 600;
__device__ float stageM[kMax], stageN[kMax], stageP[kMax];

__global__ void stage_in(const float* M, const float* N, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { stageM[i] = M[i]; stageN[i] = N[i]; }
}

__global__ void stage_out(float* P, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) P[i] = stageP[i];
}

static float M[kMax], N[kMax], P[kMax];

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const int n = Width * Width;
    if (n > kMax) return;
    stage_in<<<(n + 255) / 256, 256>>>(d_M, d_N, n);
    cudaMemcpyFromSymbol(M, stageM, n * sizeof(float));
    cudaMemcpyFromSymbol(N, stageN, n * sizeof(float));
    for (int r = 0; r < Width; ++r)
        for (int c = 0; c < Width; ++c) {
            float sum = 0;
            for (int k = 0; k < Width; ++k) sum += M[r * Width + k] * N[k * Width + c];
            P[r * Width + c] = sum;
        }
    cudaMemcpyToSymbol(stageP, P, n * sizeof(float));
    stage_out<<<(n + 255) / 256, 256>>>(d_P, n);
}
