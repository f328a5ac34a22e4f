// broken: matmul-naive
// bug: kernels move M and N into pinned host memory (cudaMallocHost, which kernels reach), the host multiplies, a kernel moves the product into P: no cudaMemcpy at all
// class: doing the work outside the kernel
// defence: answer-flow: where the harness owns the arrays, memory both the host and kernels reach is host code's route to the answer
// expect-zero: correctness
// expect-text: the answer came from host code: the kernel

#include <cuda_runtime.h>
#include "matmul_naive.h"

__global__ void move(const float* from, float* to, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) to[i] = from[i];
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const int n = Width * Width;
    float *M, *N, *P;
    cudaMallocHost((void**)&M, n * sizeof(float));
    cudaMallocHost((void**)&N, n * sizeof(float));
    cudaMallocHost((void**)&P, n * sizeof(float));
    move<<<(n + 255) / 256, 256>>>(d_M, M, n);
    move<<<(n + 255) / 256, 256>>>(d_N, N, n);
    cudaDeviceSynchronize();
    for (int r = 0; r < Width; ++r)
        for (int c = 0; c < Width; ++c) {
            float sum = 0;
            for (int k = 0; k < Width; ++k) sum += M[r * Width + k] * N[k * Width + c];
            P[r * Width + c] = sum;
        }
    move<<<(n + 255) / 256, 256>>>(P, d_P, n);
    cudaDeviceSynchronize();
    cudaFreeHost(M);
    cudaFreeHost(N);
    cudaFreeHost(P);
}
