// broken: matmul-tiled
// bug: calls cuBLAS through dlopen/dlsym with the library's and the function's names built from character literals
// class: calling the library instead of writing the kernel (catalogue 16)
// defence: symbol-check (dlopen read from the compiled object); sandbox (no CUDA toolkit libraries in a run)
// expect-build-fail-nvcc: calls dlopen, which no submission may
// expect-zero: correctness

#include <dlfcn.h>
#include "matmul_tiled.h"

// No identifier or string in this file names cuBLAS: a text scan for "cublas" finds nothing.
static const char kLibrary[] = {'l', 'i', 'b', 'c', 'u', 'b', 'l', 'a', 's', '.', 's', 'o', '.', '1', '2', 0};
static const char kCreate[] = {'c', 'u', 'b', 'l', 'a', 's', 'C', 'r', 'e', 'a', 't', 'e', '_', 'v', '2', 0};
static const char kGemm[] = {'c', 'u', 'b', 'l', 'a', 's', 'S', 'g', 'e', 'm', 'm', '_', 'v', '2', 0};

typedef int (*Create)(void**);
typedef int (*Gemm)(void*, int, int, int, int, int, const float*, const float*, int, const float*, int,
                    const float*, float*, int);

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    void* library = dlopen(kLibrary, RTLD_NOW);
    if (!library) return;
    Create create = (Create)dlsym(library, kCreate);
    Gemm gemm = (Gemm)dlsym(library, kGemm);
    void* handle = nullptr;
    if (!create || !gemm || create(&handle) != 0) return;
    const float one = 1, zero = 0;
    // Row-major P = M N is column-major P^T = N^T M^T: swap the operands.
    gemm(handle, 0, 0, Width, Width, Width, &one, d_N, Width, d_M, Width, &zero, d_P, Width);
}
