// broken: vector-add
// bug: a kernel writes zeros into managed memory, the host overwrites it with the sum (no runtime call), and it is copied back
// class: doing the work outside the kernel
// defence: answer-flow: memory the host can write directly (managed, pinned) is never the device's answer
// expect-zero: correctness
// expect-text: which host code can write too
#include <cstdio>
#include <cstdlib>
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

__global__ void vecAddKernel(float* C, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) C[i] = 0;
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    float* m_C;
    CHECK(cudaMallocManaged((void**)&m_C, size));
    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(m_C, n);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; ++i) m_C[i] = h_A[i] + h_B[i];
    CHECK(cudaMemcpy(h_C, m_C, size, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(m_C));
}
