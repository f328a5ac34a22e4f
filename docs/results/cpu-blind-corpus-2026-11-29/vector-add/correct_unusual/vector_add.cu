// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Vector addition: a different but valid style (grid-stride loop, async copies with an explicit
// wait, (n - 1) / B + 1 grid).
#include <cstdio>
#include <cstdlib>

#include "vector_add.h"

#define CHECK(call) checkCuda((call), __FILE__, __LINE__)

static void checkCuda(cudaError_t err, const char* file, int line)
{
    if (err == cudaSuccess)
        return;
    fprintf(stderr, "CUDA failure \"%s\" (%s:%d)\n", cudaGetErrorString(err), file, line);
    exit(EXIT_FAILURE);
}

__global__ void vecAddKernel(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        C[i] = A[i] + B[i];
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    const size_t bytes = sizeof(float) * (size_t)n;
    float* d_A = nullptr;
    float* d_B = nullptr;
    float* d_C = nullptr;

    CHECK(cudaMalloc(reinterpret_cast<void**>(&d_A), bytes));
    CHECK(cudaMalloc(reinterpret_cast<void**>(&d_B), bytes));
    CHECK(cudaMalloc(reinterpret_cast<void**>(&d_C), bytes));

    CHECK(cudaMemcpyAsync(d_A, h_A, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpyAsync(d_B, h_B, bytes, cudaMemcpyHostToDevice));

    const int blocks = (n - 1) / BLOCK_SIZE + 1;
    vecAddKernel<<<dim3(blocks), dim3(BLOCK_SIZE)>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());

    CHECK(cudaMemcpyAsync(h_C, d_C, bytes, cudaMemcpyDeviceToHost));
    CHECK(cudaDeviceSynchronize());

    float* all[] = {d_A, d_B, d_C};
    for (float* p : all)
        CHECK(cudaFree(p));
}
