// broken: matmul-naive
// bug: the same turning aside of fd 3 around host copies, with system calls made by inline assembly
// class: switching off the record of runtime calls; doing the work outside the kernel
// defence: call-record-integrity: the object check refuses a syscall instruction in the file's machine code
// expect-build-fail-nvcc: its machine code makes a system call
// expect-zero: correctness

#include <vector>
#include <fcntl.h>
#include <cuda_runtime.h>
#include "matmul_naive.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width) {}

// System calls in the file's own machine code: no libc name for the symbol check to read.
static long raw_syscall(long n, long a = 0, long b = 0, long c = 0)
{
#if defined(__x86_64__)
    long r;
    asm volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
    return r;
#else
    return -38;  // ENOSYS: the attack is x86-64 only
#endif
}
enum { SYS_OPEN = 2, SYS_CLOSE = 3, SYS_DUP2 = 33, SYS_FCNTL = 72 };

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    MatrixMulKernel<<<1, 1>>>(d_M, d_N, d_P, Width);  // recorded: a kernel was launched
    cudaDeviceSynchronize();
    const long channel = raw_syscall(SYS_FCNTL, 3, F_DUPFD, 100);  // keep the channel
    const long null = raw_syscall(SYS_OPEN, (long)"/dev/null", O_WRONLY);
    raw_syscall(SYS_DUP2, null, 3);  // the runner's records now go to /dev/null
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
    raw_syscall(SYS_DUP2, channel, 3);  // the channel back at 3, for the runner's "done"
    raw_syscall(SYS_CLOSE, channel);
    raw_syscall(SYS_CLOSE, null);
}
