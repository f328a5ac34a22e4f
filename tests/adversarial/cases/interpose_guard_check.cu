// broken: matmul-naive
// bug: defines the runner's own arena mapping (kit::map_arena, the whole of the runner library's arena member), which maps the grader's arena as the runner would, then puts private memory over the whole pages of P's guard zones, so that the edge threads' writes a page past the end of P never reach the memory the grader reads
// class: patching the harness by symbol interposition (catalogue 10)
// defence: symbol-check: the object's definitions are read too, and one in namespace kit replaces the runner's own code (a static library's member is linked only for symbols still undefined, so defining all of one takes its place without a link error)
// expect-build-fail-nvcc: defines kit::map_arena
// expect-zero-nvcc: correctness

// The guard check itself is the grader's now (it reads the arena after every run), so what is left to
// replace is the runner's code between the grader's memory and the kernel. The plan comes from the
// runner's command line, whose --case names every array's place, decoded with the kit's own function.
// The object check reads nvcc's object: a kit built without nvcc has no defence against a replaced
// definition, and there this file may well pass.
#include <fstream>
#include <iterator>
#include <string>
#include <sys/mman.h>
#include "kit/runner_case.h"
#include "matmul_naive.h"

namespace kit {

unsigned char* map_arena(int fd, std::size_t bytes, std::string* error)
{
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
        *error = "cannot map the arena";
        return nullptr;
    }
    unsigned char* base = (unsigned char*)p;
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    const std::string all((std::istreambuf_iterator<char>(in)), {});
    const std::string flag("--case\0", 7);
    const std::size_t at = all.find(flag);
    if (at == std::string::npos) return base;
    const RunnerCase c = decode_runner_case(all.substr(at + flag.size(), all.find('\0', at + flag.size()) - at - flag.size()));
    const std::size_t page = 4096;
    for (const ArenaArray& a : c.arrays) {
        if (a.input) continue;
        const std::size_t begin = (a.offset + a.spec.bytes() + page - 1) / page * page;
        const std::size_t end = (a.offset + a.spec.bytes() + a.guard_bytes) / page * page;
        if (end > begin)
            mmap(base + begin, end - begin, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    }
    return base;
}

}  // namespace kit

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) {  // the edge threads scribble a page or two past the end of P
        float* stray = (float*)(((unsigned long long)(P + Width * Width) + 8191) & ~4095ull);
        stray[(threadIdx.y * blockDim.x + threadIdx.x) % 64] = 0;
        return;
    }
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    MatrixMulKernel<<<grid, block>>>(d_M, d_N, d_P, Width);
}
