// broken: vector-add
// bug: the host adds the vectors and copies the sum into d_C; a kernel runs on other buffers; d_C is copied back
// class: doing the work outside the kernel
// defence: answer-flow: the bytes of C were last written by a copy from the host, on both backends (no launch was given d_C)
// expect-zero: correctness
// expect-text: the answer came from host code: C was last written from the host
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

__global__ void vecAddKernel(const float* A, const float* B, float* T, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) T[i] = A[i] + B[i];
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    std::vector<float> sum(n);
    for (int i = 0; i < n; ++i) sum[i] = h_A[i] + h_B[i];
    float *d_A, *d_B, *d_T, *d_C;
    CHECK(cudaMalloc((void**)&d_A, size));
    CHECK(cudaMalloc((void**)&d_B, size));
    CHECK(cudaMalloc((void**)&d_T, size));
    CHECK(cudaMalloc((void**)&d_C, size));
    CHECK(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));
    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_B, d_T, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(d_C, sum.data(), size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_T));
    CHECK(cudaFree(d_C));
}
