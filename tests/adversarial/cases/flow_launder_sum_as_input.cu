// broken: vector-add
// bug: the host adds the vectors and copies the sums into d_A, zeroes d_B with cudaMemset, and a kernel "adds" C = A + 0, copied back into h_C
// class: doing the work outside the kernel
// defence: answer-flow: the runner compares the bytes each copy to the device carries with the arrays the harness handed over; bytes that are not the inputs make what a kernel computes from them the host's work
// expect-zero: correctness
// expect-text: the answer came from host code: a copy to the device (cudaMemcpy
// expect-text-cpu: a copy to the device (cudaMemcpy at vector_add.cu:
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
    if (i < n) C[i] = A[i] + B[i];
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    float *d_A, *d_B, *d_C;
    CHECK(cudaMalloc((void**)&d_A, size));
    CHECK(cudaMalloc((void**)&d_B, size));
    CHECK(cudaMalloc((void**)&d_C, size));

    std::vector<float> sum(n);
    for (int i = 0; i < n; ++i) sum[i] = h_A[i] + h_B[i];
    CHECK(cudaMemcpy(d_A, sum.data(), size, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_B, 0, size));

    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));

    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_C));
}
