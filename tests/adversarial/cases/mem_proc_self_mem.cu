// broken: matmul-naive
// bug: reads M and N from the arena through /proc/self/mem (the kernel's debugger access ignores the pages' PROT_NONE), computes P on the host and hands it to a kernel through a buffer of its own; every name it calls is plain stdio
// class: doing the work outside the kernel; reading memory around its protections
// backends: cpu
// defence: sandbox: the runner makes itself non-dumpable before it serves, so /proc/self/mem opens for no one, and the seccomp filter ends it if it tries to become dumpable again
// expect-zero: correctness

#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include "matmul_naive.h"

__global__ void CopyKernel(const float* from, float* P, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) P[i] = from[i];
}

// Reads `bytes` at `address` of this process through /proc/self/mem; false when it cannot.
static bool read_own_memory(const void* address, void* into, size_t bytes)
{
    std::FILE* mem = std::fopen("/proc/self/mem", "rb");
    if (mem == nullptr) return false;
    std::setvbuf(mem, nullptr, _IONBF, 0);
    const bool ok = fseeko(mem, (off_t)(size_t)address, SEEK_SET) == 0 && std::fread(into, 1, bytes, mem) == bytes;
    std::fclose(mem);
    return ok;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const size_t n = (size_t)Width * Width;
    std::vector<float> M(n), N(n), P(n);
    if (read_own_memory(d_M, M.data(), n * sizeof(float)) && read_own_memory(d_N, N.data(), n * sizeof(float))) {
        for (int r = 0; r < Width; ++r)
            for (int c = 0; c < Width; ++c) {
                float sum = 0;
                for (int k = 0; k < Width; ++k) sum += M[(size_t)r * Width + k] * N[(size_t)k * Width + c];
                P[(size_t)r * Width + c] = sum;
            }
    }
    // The record sees a copy into a buffer of its own and a kernel that writes P, nothing it refuses.
    float* d_from = nullptr;
    cudaMalloc(&d_from, n * sizeof(float));
    cudaMemcpy(d_from, P.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    CopyKernel<<<(unsigned)((n + 255) / 256), 256>>>(d_from, d_P, (int)n);
    cudaDeviceSynchronize();
    cudaFree(d_from);
}
