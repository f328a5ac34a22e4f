// broken: matmul-naive
// bug: defines only kit::report_runtime_call, the runner's reporter of runtime calls, to drop every copy from the record, and computes P on the host (M and N copied down, a CPU loop, P copied up) beside a kernel that does nothing
// class: patching the harness by symbol interposition (catalogue 10)
// defence: symbol-check: a definition in namespace kit is refused (with nvcc); and the runner library's member that defines report_runtime_call is needed for its other functions, so the link fails on the duplicate
// expect-build-fail: kit::report_runtime_call
// expect-build-fail-nvcc: defines kit::report_runtime_call
// expect-zero: score

// The cuda runner's record (grader/runner/runtime_record.cpp) reports each copy through this function; the
// CPU backend keeps a record of its own and the runner's does nothing there. Either way, defining one
// function of a member whose other functions the runner needs links both: "multiple definition".
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include "matmul_naive.h"

namespace kit {
void report_runtime_call(const std::string& json_object)
{
    if (json_object.find("\"launch\"") == std::string::npos) return;  // copies are never reported
}
}  // namespace kit

__global__ void NothingKernel(float*) {}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const size_t n = (size_t)Width * Width;
    std::vector<float> M(n), N(n), P(n, 0.0f);
    cudaMemcpy(M.data(), d_M, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(N.data(), d_N, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int r = 0; r < Width; ++r)
        for (int k = 0; k < Width; ++k)
            for (int c = 0; c < Width; ++c) P[(size_t)r * Width + c] += M[(size_t)r * Width + k] * N[(size_t)k * Width + c];
    NothingKernel<<<1, 1>>>(d_P);
    cudaMemcpy(d_P, P.data(), n * sizeof(float), cudaMemcpyHostToDevice);
}
