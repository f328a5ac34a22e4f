// broken: vector-add
// bug: keeps the device buffers of large vectors in static pointers as a "cache" and never frees them; small vectors are freed
// class: host-code checks that hide
// defence: host-code checks: frees are judged on every correctness run's record
// expect-pass: correctness
// expect-zero: every device allocation freed
// expect-text: device memory leaked in the correctness test n 1048577

// Written from the handout alone, without the grader's code.
// Vector addition. Large vectors reuse a cached set of device buffers across calls (no re-allocation).
#include <cstdio>
#include <cstdlib>
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

static const int kCacheThreshold = 65536;
static float *g_A = nullptr, *g_B = nullptr, *g_C = nullptr;
static size_t g_bytes = 0;

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    float *d_A, *d_B, *d_C;
    bool cached = n > kCacheThreshold;
    if (cached && g_bytes >= size) {
        d_A = g_A; d_B = g_B; d_C = g_C;
    } else {
        CHECK(cudaMalloc((void**)&d_A, size));
        CHECK(cudaMalloc((void**)&d_B, size));
        CHECK(cudaMalloc((void**)&d_C, size));
        if (cached) { g_A = d_A; g_B = d_B; g_C = d_C; g_bytes = size; }
    }
    CHECK(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));
    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));
    if (!cached) {          // the cache is kept for the next call
        CHECK(cudaFree(d_A));
        CHECK(cudaFree(d_B));
        CHECK(cudaFree(d_C));
    }
}
