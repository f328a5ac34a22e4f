// Vector addition, host code and all: C = A + B for n floats.
// Everything goes through the default stream; the kernel uses a grid-stride loop so it would still be
// right with fewer blocks than elements.
#include <cstdio>
#include <cstdlib>

#include "vector_add.h"

#define CHECK(call) checkCuda((call), __FILE__, __LINE__)

static void checkCuda(cudaError_t status, const char* where, int lineNo)
{
    if (status == cudaSuccess)
        return;
    std::fprintf(stderr, "CUDA failure \"%s\" at %s:%d\n", cudaGetErrorString(status), where, lineNo);
    std::exit(EXIT_FAILURE);
}

__device__ __forceinline__ float addPair(float a, float b)
{
    return a + b;
}

// Grid-stride loop: thread t handles t, t + stride, t + 2*stride, ... below n.
__global__ void vecAddKernel(const float* A, const float* B, float* C, int n)
{
    const int stride = gridDim.x * blockDim.x;
    for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < n; idx += stride)
        C[idx] = addPair(A[idx], B[idx]);
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    const size_t bytes = static_cast<size_t>(n) * sizeof(float);
    float* d_A = nullptr;
    float* d_B = nullptr;
    float* d_C = nullptr;

    CHECK(cudaMalloc(reinterpret_cast<void**>(&d_A), bytes));
    CHECK(cudaMalloc(reinterpret_cast<void**>(&d_B), bytes));
    CHECK(cudaMalloc(reinterpret_cast<void**>(&d_C), bytes));

    const cudaStream_t stream = 0;  // the default stream
    CHECK(cudaMemcpyAsync(d_A, h_A, bytes, cudaMemcpyHostToDevice, stream));
    CHECK(cudaMemcpyAsync(d_B, h_B, bytes, cudaMemcpyHostToDevice, stream));

    // n >= 1, so (n - 1) / BLOCK_SIZE + 1 is the ceiling of n / BLOCK_SIZE
    const dim3 block(BLOCK_SIZE);
    const dim3 grid((n - 1) / BLOCK_SIZE + 1);
    vecAddKernel<<<grid, block, 0, stream>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());

    CHECK(cudaMemcpyAsync(h_C, d_C, bytes, cudaMemcpyDeviceToHost, stream));
    CHECK(cudaStreamSynchronize(stream));

    CHECK(cudaFree(d_C));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_A));
}
