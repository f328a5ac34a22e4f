// broken: matmul-tiled
// bug: calls cublasSgemm_v2, its name pasted together by a macro so that the rubric's forbidden-word scan misses it
// class: calling the library instead of writing the kernel (catalogue 16)
// defence: symbol-check: the compiled object's undefined symbols name the call
// expect-build-fail-nvcc: cublasSgemm_v2: calls cuBLAS
// expect-zero: score

#include "matmul_tiled.h"

#define PASTE(a, b) a##b
#define GEMM PASTE(cubl, asSgemm_v2)
#define CREATE PASTE(cubl, asCreate_v2)

extern "C" int CREATE(void** handle);
extern "C" int GEMM(void* handle, int ta, int tb, int m, int n, int k, const float* alpha, const float* A, int lda,
                    const float* B, int ldb, const float* beta, float* C, int ldc);

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static void* handle = nullptr;
    if (!handle) CREATE(&handle);
    const float one = 1, zero = 0;
    GEMM(handle, 0, 0, Width, Width, Width, &one, d_N, Width, d_M, Width, &zero, d_P, Width);
}
