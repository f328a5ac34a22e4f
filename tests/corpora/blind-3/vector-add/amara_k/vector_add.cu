// Vector addition, host code and all: C = A + B for n floats. The kernel is one line of arithmetic; the
// lesson is everything around it, the five steps of every CUDA program (README, "The shape of a CUDA
// program"): allocate device memory, copy the inputs in, launch, copy the result back, free.
#include <cstdio>
#include <cstdlib>

#include "vector_add.h"

// Every CUDA call returns a cudaError_t. CHECK stops the program at the first one that is not
// cudaSuccess, saying what went wrong and where (README, "When a call fails").
#define CHECK(call) checkCuda((call), __FILE__, __LINE__)

static void checkCuda(cudaError_t err, const char* file, int line)
{
    if (err != cudaSuccess) {
        printf("CUDA error: %s in %s at line %d\n", cudaGetErrorString(err), file, line);
        return;
    }
}

// One thread per element: thread i adds A[i] and B[i].
__global__ void vecAddKernel(const float* A, const float* B, float* C, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        C[i] = A[i] + B[i];
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    float *d_A, *d_B, *d_C;

    // Step 1: allocate
    CHECK(cudaMalloc((void**)&d_A, size));
    CHECK(cudaMalloc((void**)&d_B, size));
    CHECK(cudaMalloc((void**)&d_C, size));

    // Step 2: copy in
    CHECK(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));

    // Step 3: launch, enough blocks to cover all n elements
    int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    vecAddKernel<<<blocks, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());

    // Step 4: copy back (cudaMemcpy waits for the kernel)
    CHECK(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));

    // Step 5: free
    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_C));
}
