// broken: vector-add
// bug: frees its buffers and checks its calls only at n = 1000, the size the host-code checks run at; at every other size it leaks and checks nothing
// class: host code that checks nothing
// defence: host-code-every-run: frees are judged on the record of every seed's run in the correctness tests, and injected failures also hit a correctness size
// expect-pass: correctness
// expect-fail: every device allocation freed
// expect-fail: errors checked
// expect-text: device memory leaked in the correctness test
// expect-text: in the correctness test n 1048577 fails
#include <cstdio>
#include <cstdlib>

#include "vector_add.h"

static void checkCuda(cudaError_t err, const char* file, int line)
{
    if (err != cudaSuccess) {
        printf("%s in %s at line %d\n", cudaGetErrorString(err), file, line);
        exit(EXIT_FAILURE);
    }
}

// Only where the checks look.
#define CHECK(call) do { cudaError_t e_ = (call); if (n == 1000) checkCuda(e_, __FILE__, __LINE__); } while (0)

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
    CHECK(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));
    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));
    if (n == 1000) {
        CHECK(cudaFree(d_A));
        CHECK(cudaFree(d_B));
        CHECK(cudaFree(d_C));
    }
}
