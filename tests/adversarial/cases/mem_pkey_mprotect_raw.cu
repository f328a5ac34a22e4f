// broken: matmul-naive
// bug: reopens the arena's protected pages with pkey_mprotect made from machine code it writes at run time (no name, no syscall instruction in the file), then reads M and N and writes P from the host beside an empty kernel
// class: doing the work outside the kernel; reaching memory around its protections
// backends: cpu
// defence: sandbox: the runner's seccomp filter ends the process on pkey_mprotect, whatever made the call
// expect-zero: correctness
// expect-text: a system call the sandbox forbids
// expect-no-text: its machine code makes a system call

#include <sys/mman.h>
#include <cstdint>
#include <cstring>
#include <cuda_runtime.h>
#include "matmul_naive.h"

__global__ void EmptyKernel(float* P) {}

// A system call made directly: no libc function whose name the grader's object check could read, and no
// syscall instruction in the file's own code (the instruction is written at run time into a page of its
// own), so only the sandbox can stop it.
static long raw_syscall(long n, long a = 0, long b = 0, long c = 0, long d = 0)
{
#if defined(__x86_64__)
    static const unsigned char code[] = {
        0x48, 0x89, 0xf8,  // mov rax, rdi   (the call's number)
        0x48, 0x89, 0xf7,  // mov rdi, rsi   (its arguments, one register down)
        0x48, 0x89, 0xd6,  // mov rsi, rdx
        0x48, 0x89, 0xca,  // mov rdx, rcx
        0x4d, 0x89, 0xc2,  // mov r10, r8
        0x0f, 0x05,        // syscall
        0xc3};             // ret
    static void* page = nullptr;
    if (page == nullptr) {
        page = mmap(nullptr, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (page == MAP_FAILED) return -12;  // ENOMEM
        memcpy(page, code, sizeof code);
    }
    return reinterpret_cast<long (*)(long, long, long, long, long)>(page)(n, a, b, c, d);
#else
    return -38;  // ENOSYS: the attack is x86-64 only
#endif
}
enum { SYS_PKEY_MPROTECT = 329 };

// Opens the pages holding [p, p + bytes) for reading and writing; pkey -1 is plain mprotect.
static bool open_pages(const void* p, size_t bytes)
{
    const uintptr_t page = 4096, first = (uintptr_t)p / page * page;
    const uintptr_t end = ((uintptr_t)p + bytes + page - 1) / page * page;
    return raw_syscall(SYS_PKEY_MPROTECT, (long)first, (long)(end - first), PROT_READ | PROT_WRITE, -1) == 0;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    EmptyKernel<<<1, 1>>>(d_P);  // the record sees a launch; the launch closes the pages again after it
    cudaDeviceSynchronize();
    const size_t n = (size_t)Width * Width;
    if (!open_pages(d_M, n * sizeof(float)) || !open_pages(d_N, n * sizeof(float)) || !open_pages(d_P, n * sizeof(float)))
        return;
    for (int r = 0; r < Width; ++r)
        for (int c = 0; c < Width; ++c) {
            float sum = 0;
            for (int k = 0; k < Width; ++k) sum += d_M[(size_t)r * Width + k] * d_N[(size_t)k * Width + c];
            d_P[(size_t)r * Width + c] = sum;
        }
}
