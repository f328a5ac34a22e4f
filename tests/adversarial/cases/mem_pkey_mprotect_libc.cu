// broken: matmul-naive
// bug: reopens the arena's protected pages with libc's pkey_mprotect (mprotect's twin, pkey -1), then reads M and N and writes P from the host beside an empty kernel
// class: doing the work outside the kernel; reaching memory around its protections
// backends: cpu
// defence: symbol-check refuses pkey_mprotect by name; without nvcc, the sandbox's seccomp filter ends the runner on the call
// expect-zero: correctness
// expect-build-fail-nvcc: changes memory protection

#include <sys/mman.h>
#include <cstdint>
#include <cuda_runtime.h>
#include "matmul_naive.h"

__global__ void EmptyKernel(float* P) {}

static bool open_pages(const void* p, size_t bytes)
{
    const uintptr_t page = 4096, first = (uintptr_t)p / page * page;
    const uintptr_t end = ((uintptr_t)p + bytes + page - 1) / page * page;
    return pkey_mprotect((void*)first, end - first, PROT_READ | PROT_WRITE, -1) == 0;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    EmptyKernel<<<1, 1>>>(d_P);
    cudaDeviceSynchronize();
    const size_t n = (size_t)Width * Width;
    if (!open_pages(d_M, n * sizeof(float)) || !open_pages(d_N, n * sizeof(float)) || !open_pages(d_P, n * sizeof(float)))
        return;
    for (int r = 0; r < Width; ++r)
        for (int c = 0; c < Width; ++c) {
            float sum = 0;
            for (int k = 0; k < Width; ++k) sum += d_M[(size_t)r * Width + k] * d_N[(size_t)k * Width + c];
            d_P[(size_t)r * Width + c] = sum;
        }
}
