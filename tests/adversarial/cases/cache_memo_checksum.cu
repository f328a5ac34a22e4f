// broken: matmul-naive
// bug: memoises P keyed on a checksum of M and N copied to the host (static state across calls); a hit uploads the cached P
// class: result caching across calls keyed on content (catalogue 2)
// defence: runtime-record: copying an input to the host, or writing an output from it, fails the test; timing-bounds: fresh inputs for every timed sample
// expect-zero: correctness
// expect-text: the answer came from host code: your code copied the input M

#include <map>
#include <vector>
#include <cuda_runtime.h>
#include "matmul_naive.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

static void launch(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    MatrixMulKernel<<<grid, block>>>(d_M, d_N, d_P, Width);
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static std::map<unsigned long long, std::vector<float>> cache;
    const size_t n = (size_t)Width * Width;
    std::vector<float> M(n), N(n);
    cudaMemcpy(M.data(), d_M, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(N.data(), d_N, n * sizeof(float), cudaMemcpyDeviceToHost);
    unsigned long long key = 1469598103934665603ull;  // FNV-1a over the bytes of both inputs
    for (const std::vector<float>* v : {&M, &N})
        for (size_t i = 0; i < v->size() * sizeof(float); ++i)
            key = (key ^ ((const unsigned char*)v->data())[i]) * 1099511628211ull;
    auto hit = cache.find(key);
    if (hit != cache.end()) {
        cudaMemcpy(d_P, hit->second.data(), n * sizeof(float), cudaMemcpyHostToDevice);
        return;
    }
    launch(d_M, d_N, d_P, Width);
    std::vector<float>& P = cache[key];
    P.resize(n);
    cudaMemcpy(P.data(), d_P, n * sizeof(float), cudaMemcpyDeviceToHost);
}
