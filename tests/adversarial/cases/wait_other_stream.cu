// broken: vector-add
// bug: the copy back is a cudaMemcpyAsync on one stream, "waited for" by synchronising another stream and an event recorded before the copy
// class: host code that checks nothing
// defence: waits-cover-stream: a wait counts only if it covers the copy's stream (that stream, the device, or an event recorded after the copy on it)
// expect-fail: technique
// expect-text: the copy back is not waited for

#include <cstdio>
#include <cstdlib>
#include <cstring>

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
    cudaStream_t stream, other;
    cudaEvent_t before;
    CHECK(cudaStreamCreate(&stream));
    CHECK(cudaStreamCreate(&other));
    CHECK(cudaEventCreate(&before));
    CHECK(cudaMalloc((void**)&d_A, size));
    CHECK(cudaMalloc((void**)&d_B, size));
    CHECK(cudaMalloc((void**)&d_C, size));
    CHECK(cudaMemcpyAsync(d_A, h_A, size, cudaMemcpyHostToDevice, stream));
    CHECK(cudaMemcpyAsync(d_B, h_B, size, cudaMemcpyHostToDevice, stream));
    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE, 0, stream>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(before, stream));
    CHECK(cudaMemcpyAsync(h_C, d_C, size, cudaMemcpyDeviceToHost, stream));
    CHECK(cudaStreamSynchronize(other));
    CHECK(cudaEventSynchronize(before));
    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_C));
    CHECK(cudaStreamDestroy(stream));
    CHECK(cudaStreamDestroy(other));
    CHECK(cudaEventDestroy(before));
}
