// broken: vector-add
// bug: no call's error is checked: when cudaMalloc fails the code carries on with a null pointer
// expect-pass: primes
// expect-fail: technique
// expect-text: fails (the test makes it return cudaErrorMemoryAllocation), your code

// Vector addition with one deliberate bug, described above.

#include <cstdio>
#include <cstdlib>

#include "vector_add.h"

// One thread per element: thread i adds A[i] and B[i].
__global__ void vecAddKernel(const float* A, const float* B, float* C, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) C[i] = A[i] + B[i];
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    float *d_A, *d_B, *d_C;

    cudaMalloc((void**)&d_A, size);
    cudaMalloc((void**)&d_B, size);
    cudaMalloc((void**)&d_C, size);

    cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice);
    cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice);

    int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    vecAddKernel<<<blocks, BLOCK_SIZE>>>(d_A, d_B, d_C, n);

    cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost);

    cudaFree(d_A);
    cudaFree(d_B);
    cudaFree(d_C);
}
