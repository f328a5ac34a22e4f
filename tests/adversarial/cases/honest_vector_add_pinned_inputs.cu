// broken: vector-add
// bug: none: a correct file whose inputs go to the device from pinned host buffers (cudaMallocHost), as a faster copy would
// class: honest work the checks must not refuse
// defence: answer-flow: copies from pinned memory are the host's, as inputs are; the output is a kernel's, copied back into C
// expect-pass: correctness
// expect-pass: technique
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "vector_add.h"

#define CHECK(call) checkCuda((call), __FILE__, __LINE__)

static void checkCuda(cudaError_t err, const char* file, int line)
{
    if (err != cudaSuccess) {
        printf("%s in %s at line %d\n", cudaGetErrorString(err), file, line);
        exit(EXIT_FAILURE);
    }
}

__global__ void vecAddKernel(const float* A, const float* B, float* C, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) C[i] = A[i] + B[i];
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    float *p_A, *p_B, *d_A, *d_B, *d_C;
    CHECK(cudaMallocHost((void**)&p_A, size));
    CHECK(cudaMallocHost((void**)&p_B, size));
    memcpy(p_A, h_A, size);
    memcpy(p_B, h_B, size);
    CHECK(cudaMalloc((void**)&d_A, size));
    CHECK(cudaMalloc((void**)&d_B, size));
    CHECK(cudaMalloc((void**)&d_C, size));
    CHECK(cudaMemcpy(d_A, p_A, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, p_B, size, cudaMemcpyHostToDevice));
    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_C));
    CHECK(cudaFreeHost(p_A));
    CHECK(cudaFreeHost(p_B));
}
