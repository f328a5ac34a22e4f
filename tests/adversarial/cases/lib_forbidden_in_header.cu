// broken: matmul-tiled
// bug: hides the cuBLAS call in a header of its own beside the file (gemm_helper.h)
// class: calling the library instead of writing the kernel (catalogue 16)
// defence: intake: only the assignment's fixed file is taken in, so the header never reaches the compiler
// beside: lib_forbidden_in_header.h as gemm_helper.h
// expect-build-fail: gemm_helper.h
// expect-zero: score

#include "matmul_tiled.h"
#include "gemm_helper.h"

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    helper_gemm(d_M, d_N, d_P, Width);
}
