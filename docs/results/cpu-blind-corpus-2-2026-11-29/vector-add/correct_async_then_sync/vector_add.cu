// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Vector addition with the whole host side: allocate, copy in, launch, copy back, free.
#include <cstdio>
#include <cstdlib>

#include "vector_add.h"

#define CHECK(call) checkCuda((call), __FILE__, __LINE__)

static void checkCuda(cudaError_t err, const char* file, int line)
{
    if (err == cudaSuccess)
        return;
    fprintf(stderr, "CUDA error: %s (%s:%d)\n", cudaGetErrorString(err), file, line);
    exit(EXIT_FAILURE);
}

__global__ void vecAddKernel(const float* A, const float* B, float* C, int n)
{
    int i = threadIdx.x + blockDim.x * blockIdx.x;
    if (i >= n)
        return;
    C[i] = A[i] + B[i];
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    const size_t bytes = sizeof(float) * (size_t)n;
    float* d_A = nullptr;
    float* d_B = nullptr;
    float* d_C = nullptr;

    CHECK(cudaMalloc(&d_A, bytes));
    CHECK(cudaMalloc(&d_B, bytes));
    CHECK(cudaMalloc(&d_C, bytes));

    CHECK(cudaMemcpy(d_A, h_A, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, h_B, bytes, cudaMemcpyHostToDevice));

    const int blocks = (n - 1) / BLOCK_SIZE + 1;
    vecAddKernel<<<dim3(blocks), dim3(BLOCK_SIZE)>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());

    // asynchronous copy back on the default stream, then wait for it before h_C is used
    CHECK(cudaMemcpyAsync(h_C, d_C, bytes, cudaMemcpyDeviceToHost, 0));
    CHECK(cudaStreamSynchronize(0));

    CHECK(cudaFree(d_C));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_A));
}
