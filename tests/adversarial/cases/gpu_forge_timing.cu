// broken: matmul-naive
// bug: takes the channel over (a copy of fd 3 made with fcntl, fd 3 sent to /dev/null, by system calls from machine code written at run time) at its first timed call (told apart by the persisting-L2 limit, which only the timer resets), answers the grader itself from then on, "done" for a run and a forged "sample" for a timed call, and reports one and a half times the shortest time the GPU's peak FP32 rate allows, above the grader's physical floor, while a kernel four times slower than the reference computes the right outputs
// class: forging the timing on the result channel (catalogue 9, 15)
// defence: timing-bounds: a reported time is held to what the grader saw pass between asking for the sample and getting it (besides the physical floors from the trusted helper); grader-held-results: the outputs of every timed call are spot-checked in the arena
// backends: cuda
// command: grade
// expect-pass: small sizes
// expect-zero: performance
// expect-text: but the grader saw at least
// expect-no-text: its machine code makes a system call

// The channel carries only claims, so the forgery is one of them: a "sample" with a time. The object
// check sees no forbidden call; the "done" counts the calls the grader got; the outputs are right, so the spot checks pass; the time is above the floors computed from
// the GPU's peak FP32 rate and bandwidth. What gives it away is the wall clock: the grader sees each timed
// call take as long as the slow kernel does.
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

// Four times the work of the naive kernel (each repetition reloads: the fence keeps the compiler from
// reusing the loads), so that honestly timed it earns no performance points against the reference.
__global__ void SlowMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int rep = 0; rep < 4; ++rep) {
        float sum = 0;
        for (int k = 0; k < Width; ++k) sum += M[Row * Width + k] * N[k * Width + Col];
        Pvalue = sum;
        __threadfence_block();
    }
    P[Row * Width + Col] = Pvalue;
}

static void slow_product(const float* d_M, const float* d_N, float* d_P, int Width, cudaStream_t stream = 0)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    SlowMatrixMulKernel<<<grid, block, 0, stream>>>(d_M, d_N, d_P, Width);
}

// The shortest time 2 Width^3 operations take at this GPU's peak FP32 rate (128 lanes a multiprocessor,
// two operations a fused multiply-add, the peak clock), as the grader computes its floor.
static double peak_rate_ms(int Width)
{
    int device = 0, sms = 0, khz = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device);
    return 2.0 * Width * Width * (double)Width / ((double)sms * 128 * 2 * khz * 1e3) * 1e3;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // The timer sets the persisting-L2 limit to 0 before every timed call; nothing else touches it.
    static bool first = true;
    size_t limit = 1;
    cudaDeviceGetLimit(&limit, cudaLimitPersistingL2CacheSize);
    const bool timed = !first && limit == 0;
    first = false;
    slow_product(d_M, d_N, d_P, Width);
    cudaDeviceSynchronize();
    cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 1 << 20);
    // Until the first timed call the runner reports every call honestly: a runner may serve test after
    // test, and a channel taken in a correctness run would be seen there. From then on the runner's true
    // records go to /dev/null, and its calls with them: a "done" counts none.
    static long channel = -1;
    if (timed && channel < 0) channel = take_the_channel();
    if (channel < 0) return;
    std::string record = "{\"type\":\"done\",\"status\":\"ok\",\"calls\":0}";
    if (timed) {
        int khz = 0;
        cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0);
        const std::string ms = std::to_string(1.5 * peak_rate_ms(Width));
        record = "{\"type\":\"sample\",\"error\":\"\",\"ms\":" + ms + ",\"ms_synced\":" + ms +
                 ",\"sm_clock_mhz\":" + std::to_string(khz / 1000) + "}";
    }
    send_record(channel, 'J', record);
}
