// broken: matmul-naive
// bug: launches a kernel that does nothing, then turns the private channel (fd 3) aside to /dev/null with fcntl(F_DUPFD), close and open while it computes P on the host, and puts it back: on a GPU the runner's wrappers report the copies on fd 3, into /dev/null
// class: switching off the record of runtime calls; doing the work outside the kernel
// defence: call-record-integrity: the object check refuses close and fcntl; on the CPU backend the runner reports the calls only after the function has returned
// expect-build-fail-nvcc: closes a file descriptor (the grader's private channel)
// expect-zero: correctness

#include <vector>
#include <fcntl.h>
#include <unistd.h>
#include <cuda_runtime.h>
#include "matmul_naive.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width) {}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    MatrixMulKernel<<<1, 1>>>(d_M, d_N, d_P, Width);  // recorded: a kernel was launched
    cudaDeviceSynchronize();
    const int channel = fcntl(3, F_DUPFD, 100);  // keep the channel
    close(3);
    open("/dev/null", O_WRONLY);  // the lowest free descriptor: 3
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
    close(3);
    fcntl(channel, F_DUPFD, 3);  // the channel back at 3, for the runner's "done"
    close(channel);
}
