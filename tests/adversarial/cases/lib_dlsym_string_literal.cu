// broken: matmul-tiled
// bug: finds cublasSgemm_v2 with dlsym(RTLD_DEFAULT, ...) behind concatenated string literals, no dlopen at all
// class: calling the library instead of writing the kernel (catalogue 16)
// defence: symbol-check (dlsym); sandbox (no CUDA toolkit libraries in a run)
// expect-build-fail-nvcc: calls dlsym, which no submission may
// expect-zero: correctness

#include <dlfcn.h>
#include "matmul_tiled.h"

typedef int (*Gemm)(void*, int, int, int, int, int, const float*, const float*, int, const float*, int,
                    const float*, float*, int);
typedef int (*Create)(void**);

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    Create create = (Create)dlsym(RTLD_DEFAULT, "cub" "lasCreate_v2");
    Gemm gemm = (Gemm)dlsym(RTLD_DEFAULT, "cub" "lasSgemm_v2");
    void* handle = nullptr;
    if (!create || !gemm || create(&handle) != 0) return;
    const float one = 1, zero = 0;
    gemm(handle, 0, 0, Width, Width, Width, &one, d_N, Width, d_M, Width, &zero, d_P, Width);
}
