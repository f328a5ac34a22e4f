// broken: matmul-naive
// bug: the same turning aside of fd 3 around host copies, with system calls from machine code it writes at run time, which no check of the object can see
// class: switching off the record of runtime calls; doing the work outside the kernel
// defence: call-record-integrity: the runner's done record counts the calls it reported, and the grader finds fewer on the channel; on the CPU backend the runner reports the calls only after the function has returned, into the channel restored
// expect-zero: correctness
// expect-no-text: its machine code makes a system call
// expect-text-cpu: the answer came from host code: your code copied the input M
// expect-text-cuda: the program tampered with the grader's channel: the runner reported

#include <vector>
#include <fcntl.h>
#include <sys/mman.h>
#include <cstring>
#include <cuda_runtime.h>
#include "matmul_naive.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width) {}

// System calls from machine code written at run time: the object check reads neither a libc name nor a
// syscall instruction in the file's own code.
static long raw_syscall(long n, long a = 0, long b = 0, long c = 0)
{
#if defined(__x86_64__)
    static const unsigned char code[] = {
        0x48, 0x89, 0xf8,  // mov rax, rdi   (the call's number)
        0x48, 0x89, 0xf7,  // mov rdi, rsi   (its arguments, one register down)
        0x48, 0x89, 0xd6,  // mov rsi, rdx
        0x48, 0x89, 0xca,  // mov rdx, rcx
        0x0f, 0x05,        // syscall
        0xc3};             // ret
    static void* page = nullptr;
    if (page == nullptr) {
        page = mmap(nullptr, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (page == MAP_FAILED) return -12;  // ENOMEM
        memcpy(page, code, sizeof code);
    }
    return reinterpret_cast<long (*)(long, long, long, long)>(page)(n, a, b, c);
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
