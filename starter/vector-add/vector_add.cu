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
    // TODO: If err is not cudaSuccess, print cudaGetErrorString(err) with file and line,
    //       then exit(EXIT_FAILURE) (README, "When a call fails").
}

// One thread per element: thread i adds A[i] and B[i].
__global__ void vecAddKernel(const float* A, const float* B, float* C, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // TODO: The last block may run past n: only a thread with i < n writes C[i]
    //       (README, "Covering n with whole blocks").
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    float *d_A, *d_B, *d_C;

    // TODO: Step 1: allocate size bytes of device memory for each of d_A, d_B and d_C, checking
    //       every cudaMalloc with CHECK (README, "Step 1: allocate").

    // TODO: Step 2: copy h_A and h_B to the device (README, "Step 2: copy in").

    // TODO: Step 3: launch vecAddKernel with BLOCK_SIZE threads per block and enough blocks
    //       for all n elements (a ceiling division), then CHECK cudaGetLastError(): a launch
    //       returns nothing, its error waits there (README, "Step 3: launch").

    // TODO: Step 4: copy d_C back into h_C. cudaMemcpy waits for the kernel before it copies,
    //       and returns only when h_C is filled (README, "Step 4: copy back").

    // TODO: Step 5: free the three device arrays (README, "Step 5: free").
}
