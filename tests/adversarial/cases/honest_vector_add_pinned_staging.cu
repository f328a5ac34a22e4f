// broken: vector-add
// bug: none: a correct file that stages every transfer through pinned host buffers (cudaMallocHost): A and B side by side in one, C copied back into another and from there into h_C by plain memcpy, in two chunks
// class: honest work the checks must not refuse
// defence: answer-flow: the runner compares the bytes each copy to the device carries with the harness's arrays (B at offset n of the pinned buffer is B), and finds the bytes each copy from the device delivered in C at the offset its source had in d_C (a staged copy)
// expect-pass: correctness
// expect-pass: technique
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
    int half = n / 2;
    float *d_A, *d_B, *d_C;
    float *p_in, *p_out;    // pinned staging: A and B side by side, then C

    CHECK(cudaMalloc((void**)&d_A, size));
    CHECK(cudaMalloc((void**)&d_B, size));
    CHECK(cudaMalloc((void**)&d_C, size));
    CHECK(cudaMallocHost((void**)&p_in, 2 * size));
    CHECK(cudaMallocHost((void**)&p_out, size));

    memcpy(p_in, h_A, size);
    memcpy(p_in + n, h_B, size);
    CHECK(cudaMemcpy(d_A, p_in, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, p_in + n, size, cudaMemcpyHostToDevice));

    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());

    // Back in two chunks through the same buffer: each lands in h_C where it lay in d_C.
    CHECK(cudaMemcpy(p_out, d_C, half * sizeof(float), cudaMemcpyDeviceToHost));
    memcpy(h_C, p_out, half * sizeof(float));
    CHECK(cudaMemcpy(p_out, d_C + half, (n - half) * sizeof(float), cudaMemcpyDeviceToHost));
    memcpy(h_C + half, p_out, (n - half) * sizeof(float));

    CHECK(cudaFreeHost(p_in));
    CHECK(cudaFreeHost(p_out));
    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_C));
}
