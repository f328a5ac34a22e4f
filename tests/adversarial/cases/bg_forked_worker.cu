// broken: matmul-naive
// bug: a child process (raw fork system call) launches the kernel after the call returned, and lingers for 20 s
// class: background work outside the call (catalogue 1, 17)
// defence: poisoned-outputs: a child's copy of memory is not the runner's; sandbox: nothing outlives the run
// expect-zero: correctness
// expect-settled: 1
// expect-no-text: its machine code makes a system call

#include <sys/mman.h>
#include <cstring>
#include <time.h>
#include "matmul_naive.h"

// A system call made directly: no libc function whose name the grader's object check could read. The
// check also refuses a syscall instruction in the file's own machine code, so the instruction is written
// at run time into a page of its own; what stops the attack is then the sandbox alone.
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
enum { SYS_WRITE = 1, SYS_OPEN = 2, SYS_CLOSE = 3, SYS_NANOSLEEP = 35, SYS_GETPID = 39, SYS_SOCKET = 41,
       SYS_CONNECT = 42, SYS_FORK = 57, SYS_EXIT = 60, SYS_KILL = 62, SYS_GETPPID = 110, SYS_SETSID = 112 };

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

static void launch(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    MatrixMulKernel<<<grid, block>>>(d_M, d_N, d_P, Width);
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    if (raw_syscall(SYS_FORK) != 0) return;
    struct timespec pause = {0, 50 * 1000 * 1000};
    raw_syscall(SYS_NANOSLEEP, (long)&pause, 0);
    launch(d_M, d_N, d_P, Width);
    pause.tv_sec = 20;
    raw_syscall(SYS_NANOSLEEP, (long)&pause, 0);
    raw_syscall(SYS_EXIT, 0);
}
