// broken: vector-add
// bug: the host adds the vectors, copies the sum into d_C, launches a kernel that is given d_C and writes nothing, and copies d_C back
// class: doing the work outside the kernel
// defence: answer-flow: every byte of C must be last written by a kernel; the CPU backend sees that the kernel wrote nothing. On a GPU the record has only the launch's arguments, and a kernel given d_C counts as its writer (docs/launch-record.md), but the bytes the sum's copy carried up are not the inputs (the runner compares them), so what that kernel wrote is the host's there too
// expect-zero-cpu: correctness
// expect-text-cpu: the answer came from host code: C was last written from the host
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

__global__ void vecAddKernel(const float* A, const float* B, float* C, int n) {}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    std::vector<float> sum(n);
    for (int i = 0; i < n; ++i) sum[i] = h_A[i] + h_B[i];
    float *d_A, *d_B, *d_C;
    CHECK(cudaMalloc((void**)&d_A, size));
    CHECK(cudaMalloc((void**)&d_B, size));
    CHECK(cudaMalloc((void**)&d_C, size));
    CHECK(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_C, sum.data(), size, cudaMemcpyHostToDevice));
    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_C));
}
