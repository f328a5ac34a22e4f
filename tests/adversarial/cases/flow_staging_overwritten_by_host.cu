// broken: vector-add
// bug: copies the inputs up and launches a kernel that writes zeros into d_C, copies d_C into a pinned buffer, then overwrites that buffer with the host's own sums and copies it into h_C
// class: doing the work outside the kernel
// defence: answer-flow: the runner keeps a hash of the bytes each copy from the device delivered, and credits a staged copy only where C holds those bytes exactly when the function returns
// expect-zero: correctness
// expect-text: was never written by a copy from the device
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

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
    if (i < n) C[i] = 0.0f * (A[i] + B[i]);
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    float *d_A, *d_B, *d_C, *p_out;
    CHECK(cudaMalloc((void**)&d_A, size));
    CHECK(cudaMalloc((void**)&d_B, size));
    CHECK(cudaMalloc((void**)&d_C, size));
    CHECK(cudaMallocHost((void**)&p_out, size));
    CHECK(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));

    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(p_out, d_C, size, cudaMemcpyDeviceToHost));

    for (int i = 0; i < n; ++i) p_out[i] = h_A[i] + h_B[i];
    memcpy(h_C, p_out, size);

    CHECK(cudaFreeHost(p_out));
    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_C));
}
