// broken: vector-add
// bug: allocates its device buffers in a global constructor, before the grader's record of calls starts, and never frees them; the function itself allocates and frees one scratch buffer
// class: host code that checks nothing
// defence: host-code-every-run: allocations made before the function are reported when the record starts (both backends), so their leak is seen
// expect-pass: correctness
// expect-fail: every device allocation freed
// expect-text: made before the function was called (a global constructor)
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

constexpr size_t kMax = 1 << 21;
static float *d_A, *d_B, *d_C;

// Runs before main: nothing is recorded yet.
static int allocate_early()
{
    CHECK(cudaMalloc((void**)&d_A, kMax * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_B, kMax * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_C, kMax * sizeof(float)));
    return 0;
}
static int early = allocate_early();

__global__ void vecAddKernel(const float* A, const float* B, float* C, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) C[i] = A[i] + B[i];
}

void vector_add(const float* h_A, const float* h_B, float* h_C, int n)
{
    size_t size = n * sizeof(float);
    float* scratch;
    CHECK(cudaMalloc((void**)&scratch, sizeof(float)));
    CHECK(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));
    vecAddKernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_B, d_C, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(scratch));
}
