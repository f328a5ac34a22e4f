// broken: matmul-naive
// bug: launches a kernel that does nothing, then calls the runner's own kit::stop_recording (a call, not a definition: no forbidden symbol) and computes P on the host (M and N copied down, a CPU loop, P copied up), so that the cuda runner's record of runtime calls holds the launch and none of the copies
// class: switching off the record of runtime calls; doing the work outside the kernel
// defence: call-record-integrity: the object check refuses calls into the kit:: namespace; where it cannot run (no nvcc), the CPU runner's count of the calls it reported no longer matches the calls that reached the grader
// expect-build-fail-nvcc: calls kit::stop_recording, which no submission may
// expect-zero: correctness

#include <vector>
#include <cuda_runtime.h>
#include "matmul_naive.h"

namespace kit {
void stop_recording();  // grader/runner/runtime_record.h
}

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width) {}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    MatrixMulKernel<<<1, 1>>>(d_M, d_N, d_P, Width);  // recorded: a kernel was launched
    cudaDeviceSynchronize();
    kit::stop_recording();  // from here on, copies are not reported on the channel
    const size_t n = (size_t)Width * Width;
    std::vector<float> M(n), N(n), P(n);
    cudaMemcpy(M.data(), d_M, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(N.data(), d_N, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int r = 0; r < Width; ++r)
        for (int c = 0; c < Width; ++c) {
            float sum = 0;
            for (int k = 0; k < Width; ++k) sum += M[(size_t)r * Width + k] * N[(size_t)k * Width + c];
            P[(size_t)r * Width + c] = sum;
        }
    cudaMemcpy(d_P, P.data(), n * sizeof(float), cudaMemcpyHostToDevice);
}
