// broken: matmul-naive
// bug: defines only kit::check_guards, the runner's guard check, to report no damage; the kernel's edge threads write past the end of P
// class: patching the harness by symbol interposition (catalogue 10)
// defence: the runner library's member that defines check_guards is needed for its other functions, so the link fails on the duplicate
// expect-build-fail: multiple definition
// expect-zero: score

#include <string>
#include "kit/array.h"
#include "matmul_naive.h"

namespace kit {
struct GuardedBuffer;
struct GuardDamage {
    std::size_t bytes_before = 0, bytes_after = 0, first_after_offset = 0, last_before_offset = 0;
};
std::string check_guards(const GuardedBuffer&, GuardDamage& damage)
{
    damage = {};
    return {};
}
}  // namespace kit

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) {
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
