// broken: matmul-naive
// bug: defines the runner's own guarded-buffer functions (kit::allocate ... kit::check_guards), so the linker takes them instead of the runner library's, and they report no guard damage; the kernel's edge threads write past the end of P
// class: patching the harness by symbol interposition (catalogue 10)
// defence: grader-held-results: the grader reads the guard zones itself, from memory the student's process does not control
// waits-for: grader-held-results
// expect-fail: Width 127
// expect-fail: Width 257
// expect-text: out-of-bounds write

// The object check reads only what a file calls (its undefined symbols); this file calls nothing
// forbidden, it defines. A static library member is linked only for a symbol still undefined, so once all
// six functions of guarded_buffer.o are defined here the runner's are never pulled in. On the CPU backend
// sizes up to 64 also run under AddressSanitizer, which sees the stray writes: Width 127 and 257 are
// the tests where only the guard zones can tell.
#include <cstdint>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include "kit/array.h"
#include "matmul_naive.h"

namespace kit {

// The runner's own declarations (grader/runner/guarded_buffer.h), copied: same names, same layout.
struct GuardedBuffer {
    ArraySpec spec;
    std::size_t guard_bytes = 0;
    unsigned char* base = nullptr;
    unsigned char* data = nullptr;
};
struct GuardDamage {
    std::size_t bytes_before = 0, bytes_after = 0, first_after_offset = 0, last_before_offset = 0;
};

std::string allocate(GuardedBuffer& b)
{
    void* p = nullptr;
    cudaMalloc(&p, b.spec.bytes() + 2 * b.guard_bytes + 1);
    b.base = (unsigned char*)p;
    b.data = b.base + b.guard_bytes;
    return {};
}
std::string release(GuardedBuffer& b)
{
    cudaFree(b.base);
    b.base = b.data = nullptr;
    return {};
}
std::string upload(GuardedBuffer& b, const std::vector<unsigned char>& bytes)
{
    cudaMemcpy(b.data, bytes.data(), bytes.size(), cudaMemcpyHostToDevice);
    return {};
}
std::string poison(GuardedBuffer& b, std::uint64_t)
{
    cudaMemset(b.data, 0xff, b.spec.bytes());  // NaN: "never written" where nothing is
    return {};
}
std::string download(const GuardedBuffer& b, std::vector<unsigned char>& bytes)
{
    bytes.resize(b.spec.bytes());
    cudaMemcpy(bytes.data(), b.data, bytes.size(), cudaMemcpyDeviceToHost);
    return {};
}
std::string check_guards(const GuardedBuffer&, GuardDamage& damage)
{
    damage = {};  // nothing to see
    return {};
}

}  // namespace kit

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
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    MatrixMulKernel<<<grid, block>>>(d_M, d_N, d_P, Width);
}
