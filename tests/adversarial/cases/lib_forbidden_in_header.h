// The header lib_forbidden_in_header.cu hides its cuBLAS call in (handed in beside it as gemm_helper.h).
#pragma once
#include <cublas_v2.h>

inline void helper_gemm(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static cublasHandle_t handle = nullptr;
    if (!handle) cublasCreate(&handle);
    const float one = 1, zero = 0;
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, Width, Width, Width, &one, d_N, Width, d_M, Width, &zero, d_P, Width);
}
