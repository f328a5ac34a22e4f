// broken: matmul-naive
// bug: none in the product: a right kernel wrapped in what a source rewriter trips on (<<< in strings, comments and raw strings, a template kernel, >> inside a launch, a launch split over lines)
// class: hostile file content (the CPU backend's rewriter)
// defence: the rewriter reads C++ tokens, or refuses with a message: the grade is the kernel's, or a build failure, never a crash
// expect-pass: small sizes
// expect-pass: not a multiple of the block

#include <vector>
#include "matmul_naive.h"

static const char* kNotALaunch = "K<<<1, 1>>>(x);";  /* nor this: K<<<1, 1>>>(x); */
static const char* kRaw = R"(K<<<"grid", ')'>>>(x); )" R"x()" )x";
// K<<<1, 1>>>(x);  a line comment \
   continued on this line: K<<<2, 2>>>(y);
static const char kQuote = '<';

template <typename T, int Shift>
__global__ void MatrixMulKernel(const T* M, const T* N, T* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    T Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue * T(1 << Shift >> Shift);
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    std::vector<std::vector<int>> unused{{kQuote}};
    (void)kNotALaunch;
    (void)kRaw;
    MatrixMulKernel<float, (8 >> 2)>
        <<<dim3((Width + 15) / 16, (Width + 15) >> 4 << 0 >> 0 ? (Width + 15) / 16 : 1), dim3(16, 16), 0, 0>>>(
            d_M, d_N, d_P, (Width >> 0));
}
