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
    // BEGIN SOLUTION
    // STARTER: // TODO: If err is not cudaSuccess, print cudaGetErrorString(err) with file and line,
    // STARTER: //       then exit(EXIT_FAILURE) (README, "When a call fails").
    if (err != cudaSuccess) {
        printf("%s in %s at line %d\n", cudaGetErrorString(err), file, line);
        exit(EXIT_FAILURE);
    }
    // END SOLUTION
}

// One thread per element: thread i adds A[i] and B[i].
__global__ void vecAddKernel(const float* A, const float* B, float* C, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // BEGIN SOLUTION
    // STARTER: // TODO: The last block may run past n: only a thread with i < n writes C[i]
    // STARTER: //       (README, "Covering n with whole blocks").
    if (i < n) C[i] = A[i] + B[i];
    // END SOLUTION
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    float *d_A, *d_B, *d_C;

    // BEGIN SOLUTION
    // STARTER: // TODO: Step 1: allocate size bytes of device memory for each of d_A, d_B and d_C, checking
    // STARTER: //       every cudaMalloc with CHECK (README, "Step 1: allocate").
    CHECK(cudaMalloc((void**)&d_A, size));
    CHECK(cudaMalloc((void**)&d_B, size));
    CHECK(cudaMalloc((void**)&d_C, size));
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Step 2: copy h_A and h_B to the device (README, "Step 2: copy in").
    CHECK(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Step 3: launch vecAddKernel with BLOCK_SIZE threads per block and enough blocks
    // STARTER: //       for all n elements (a ceiling division), then CHECK cudaGetLastError(): a launch
    // STARTER: //       returns nothing, its error waits there (README, "Step 3: launch").
    int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    vecAddKernel<<<blocks, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Step 4: copy d_C back into h_C. cudaMemcpy waits for the kernel before it copies,
    // STARTER: //       and returns only when h_C is filled (README, "Step 4: copy back").
    CHECK(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Step 5: free the three device arrays (README, "Step 5: free").
    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_C));
    // END SOLUTION
}
