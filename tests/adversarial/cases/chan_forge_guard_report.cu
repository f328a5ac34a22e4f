// broken: matmul-naive
// bug: a kernel whose edge threads write past the end of P; the function takes the channel over (a copy of fd 3 made with fcntl, fd 3 sent to /dev/null, by system calls from machine code written at run time) so that the runner's own records go nowhere, and sends its own record of a launch and its own "done" for every call, counting that launch, claiming no guard damage and unchanged inputs
// class: forging guard-zone reports on the result channel (catalogue 9)
// defence: grader-held-results: the grader reads the guard zones of the arena itself after every "done"; what a record claims about them is not read
// expect-pass: multiples of the block
// expect-fail: Width 127
// expect-fail: Width 257
// expect-text: past the end of P changed
// expect-no-text: its machine code makes a system call
// expect-no-text: tampered with the grader's channel

// The object check sees no forbidden call, the takeover works (the multiples of the block, where no
// thread strays, pass on forged records alone), and only the arena tells. On the CPU backend sizes up to
// 64 also run under AddressSanitizer, which sees the stray writes whatever the channel says: Width 127
// and 257 are the tests where only the guard zones can tell.
#include <sys/mman.h>
#include <fcntl.h>
#include <cstring>
#include <string>
#include <cuda_runtime.h>
#include "matmul_naive.h"

// System calls from machine code written at run time (as in tamper_output_daemon.cu): libc's fcntl,
// close and write, the kit's own kit::write_record and a syscall instruction in this file are all refused
// by the object check, so the attack on the channel itself takes this way round.
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
enum { SYS_WRITE = 1, SYS_OPEN = 2, SYS_CLOSE = 3, SYS_DUP2 = 33, SYS_FCNTL = 72 };

// One record as the runner frames it (kit/channel.h): a type byte, an 8-byte little-endian length, the
// bytes. False once the channel is gone.
static bool send_record(long fd, char type, const std::string& bytes)
{
    std::string record(1, type);
    for (int b = 0; b < 8; ++b) record += (char)((bytes.size() >> (8 * b)) & 0xff);
    record += bytes;
    for (size_t done = 0; done < record.size();) {
        const long n = raw_syscall(SYS_WRITE, fd, (long)(record.data() + done), (long)(record.size() - done));
        if (n <= 0) return false;
        done += (size_t)n;
    }
    return true;
}

// Takes the channel over: a descriptor of its own on it, and fd 3 pointed at /dev/null, so that the
// runner's true records go nowhere and this function's are the only ones the grader gets.
static long take_the_channel()
{
    const long channel = raw_syscall(SYS_FCNTL, 3, F_DUPFD, 100);
    const long null = raw_syscall(SYS_OPEN, (long)"/dev/null", O_WRONLY);
    raw_syscall(SYS_DUP2, null, 3);
    raw_syscall(SYS_CLOSE, null);
    return channel;
}

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) {  // the edge threads scribble past the end of P
        P[Width * Width + (threadIdx.y * blockDim.x + threadIdx.x) % 64] = 0;
        return;
    }
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // Taken before the launch, so that on both backends the runner's record of it goes to /dev/null too.
    static long channel = -1;
    if (channel < 0) channel = take_the_channel();
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    MatrixMulKernel<<<grid, block>>>(d_M, d_N, d_P, Width);
    cudaDeviceSynchronize();
    // The record of runtime calls the grader wants, and a "done" that counts it.
    send_record(channel, 'J', "{\"type\":\"call\",\"call\":\"launch\",\"kernel\":\"MatrixMulKernel(float const*, "
                              "float const*, float*, int)\",\"grid\":[1,1,1],\"block\":[16,16,1],\"shared_bytes\":0}");
    send_record(channel, 'J', "{\"type\":\"done\",\"status\":\"ok\",\"calls\":1,\"guards\":[],\"inputs_modified\":[]}");
}
