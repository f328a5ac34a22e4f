// broken: matmul-naive
// bug: connects to a port the checker listens on at the host's 127.0.0.1 with raw socket and connect system calls
// class: network access from student code
// defence: sandbox: a network namespace with its own lo only
// expect-zero: correctness
// expect-no-text: its machine code makes a system call

#include <sys/mman.h>
#include <cstring>
#include <netinet/in.h>
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
