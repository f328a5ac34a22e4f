// broken: matmul-naive
// bug: a kernel 4 times slower than the reference asks for the largest persisting L2 carve-out and a persisting access-policy window over N, at every call, hoping the inputs survive the timer's L2 flush
// class: L2 persistence to defeat the flush (catalogue 13)
// defence: the timing protocol clears the persisting carve-out and the persisting lines before each sample, then flushes L2
// backends: cuda
// command: grade
// expect-pass: small sizes
// expect-zero: performance

// At the rubric's size (Width 4096, 64 MiB per matrix) no L2 holds an input whole; what could persist is
// a part of N, which every block reads. Without the protocol's reset that part would be served from L2 in
// every sample after the first. The kernel's fourfold work leaves no performance points to earn unless
// the trick is worth at least a factor of two.
#include <cuda_runtime.h>
#include "matmul_naive.h"

// Four times the work of the naive kernel (each repetition reloads: the fence keeps the compiler from
// reusing the loads), so that honestly timed it earns no performance points against the reference.
__global__ void SlowMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int rep = 0; rep < 4; ++rep) {
        float sum = 0;
        for (int k = 0; k < Width; ++k) sum += M[Row * Width + k] * N[k * Width + Col];
        Pvalue = sum;
        __threadfence_block();
    }
    P[Row * Width + Col] = Pvalue;
}

static void slow_product(const float* d_M, const float* d_N, float* d_P, int Width, cudaStream_t stream = 0)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    SlowMatrixMulKernel<<<grid, block, 0, stream>>>(d_M, d_N, d_P, Width);
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int device = 0, most = 0, window = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&most, cudaDevAttrMaxPersistingL2CacheSize, device);
    cudaDeviceGetAttribute(&window, cudaDevAttrMaxAccessPolicyWindowSize, device);
    cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, most);
    cudaStreamAttrValue value = {};
    value.accessPolicyWindow.base_ptr = (void*)d_N;
    size_t bytes = (size_t)Width * Width * sizeof(float);
    value.accessPolicyWindow.num_bytes = bytes < (size_t)window ? bytes : (size_t)window;
    value.accessPolicyWindow.hitRatio = 1.0f;
    value.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    value.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    cudaStreamSetAttribute(0, cudaStreamAttributeAccessPolicyWindow, &value);
    slow_product(d_M, d_N, d_P, Width);
}
