// broken: vector-add
// bug: checks every CUDA call for n <= 4096 only; larger vectors take a second path with no checks at all
// class: host-code checks that hide
// defence: host-code checks: the injected failures come at the check's size and at the correctness tests' largest
// expect-pass: correctness
// expect-zero: errors checked
// expect-text: in the correctness test n 1048577 fails

// Written from the handout alone, without the grader's code.
// Vector addition. Small vectors take the checked path; big ones a lean path without the checks.
#include <cstdio>
#include <cstdlib>
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
    float *d_A, *d_B, *d_C;
    int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    if (n <= 4096) {
        CHECK(cudaMalloc((void**)&d_A, size));
        CHECK(cudaMalloc((void**)&d_B, size));
        CHECK(cudaMalloc((void**)&d_C, size));
        CHECK(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
        CHECK(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));
        vecAddKernel<<<blocks, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));
        CHECK(cudaFree(d_A));
        CHECK(cudaFree(d_B));
        CHECK(cudaFree(d_C));
        return;
    }
    cudaMalloc((void**)&d_A, size);
    cudaMalloc((void**)&d_B, size);
    cudaMalloc((void**)&d_C, size);
    cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice);
    cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice);
    vecAddKernel<<<blocks, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost);
    cudaFree(d_A);
    cudaFree(d_B);
    cudaFree(d_C);
}
