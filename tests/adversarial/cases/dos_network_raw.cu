// broken: matmul-naive
// bug: connects to a port the checker listens on at the host's 127.0.0.1 with raw socket and connect system calls
// class: network access from student code
// defence: sandbox: a network namespace with its own lo only
// expect-zero: correctness

#include <netinet/in.h>
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
    const long s = raw_syscall(SYS_SOCKET, AF_INET, SOCK_STREAM, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = __builtin_bswap16(@PORT@);
    to.sin_addr.s_addr = __builtin_bswap32(0x7f000001);
    raw_syscall(SYS_CONNECT, s, (long)&to, sizeof to);
    raw_syscall(SYS_CLOSE, s);
}
