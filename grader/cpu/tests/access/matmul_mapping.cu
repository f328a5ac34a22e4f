// The coalescing blog post's two matrix multiplications: threadIdx.x on the column of P (coalesced),
// and threadIdx.x on the row (the mapping with x and y swapped). 16x16 blocks: a warp is two rows of
// a block, lanes 0-15 and 16-31. Each access line says, after "access:", what Nsight Compute counts for
// it per request (the swapped kernel's two loads average 8.5 sectors, its store 16, as measured on an
// H200) and, with every block recorded, how many requests Width 64 makes: checked by
// kitcpu_expect_access. Usage: matmul_mapping [Width] [--time [runs]] (default 64); prints a hash of
// each output, so that two builds can be compared, and exits 1 on a wrong result; --time runs each
// kernel `runs` times (default 1) and prints the median time on stderr.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define BLOCK_WIDTH 16

__global__ void matmul_coalesced(const float* M, const float* N, float* P, int Width) {
  int Row = blockIdx.y * blockDim.y + threadIdx.y;
  int Col = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Width && Col < Width) {
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];  // access: load global sectors=2 requests=8192; load global sectors=2 requests=8192
    P[Row * Width + Col] = Pvalue;  // access: store global sectors=4 requests=128
  }
}

__global__ void matmul_swapped(const float* M, const float* N, float* P, int Width) {
  int Col = blockIdx.y * blockDim.y + threadIdx.y;
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Width && Col < Width) {
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];  // access: load global sectors=16 requests=8192; load global sectors=1 requests=8192
    P[Row * Width + Col] = Pvalue;  // access: store global sectors=16 requests=128
  }
}

namespace {

std::uint64_t fnv1a(const std::vector<float>& values) {
  std::uint64_t hash = 1469598103934665603ull;
  const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
  for (std::size_t i = 0; i < values.size() * sizeof(float); ++i) hash = (hash ^ bytes[i]) * 1099511628211ull;
  return hash;
}

}  // namespace

int main(int argc, char** argv) {
  int Width = 64;
  int runs = 1;
  bool timed = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--time") == 0) {
      timed = true;
      if (i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    } else {
      Width = std::atoi(argv[i]);
    }
  }
  if (Width <= 0) return 2;
  const std::size_t n = std::size_t(Width) * Width;
  std::vector<float> M(n), N(n), P(n);
  for (std::size_t i = 0; i < n; ++i) {
    M[i] = float(int(i * 7 % 17) - 8) / 8.0f;
    N[i] = float(int(i * 5 % 13) - 6) / 8.0f;
  }
  float *d_M, *d_N, *d_P;
  cudaMalloc(&d_M, n * sizeof(float));
  cudaMalloc(&d_N, n * sizeof(float));
  cudaMalloc(&d_P, n * sizeof(float));
  cudaMemcpy(d_M, M.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_N, N.data(), n * sizeof(float), cudaMemcpyHostToDevice);

  const dim3 block(BLOCK_WIDTH, BLOCK_WIDTH);
  const dim3 grid((Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH);
  int failures = 0;
  for (int swapped = 0; swapped < 2; ++swapped) {
    std::vector<double> times;
    for (int run = 0; run < runs; ++run) {
      cudaMemset(d_P, 0, n * sizeof(float));
      const auto start = std::chrono::steady_clock::now();
      if (swapped) {
        matmul_swapped<<<grid, block>>>(d_M, d_N, d_P, Width);
      } else {
        matmul_coalesced<<<grid, block>>>(d_M, d_N, d_P, Width);
      }
      cudaDeviceSynchronize();
      times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    const double seconds = times[times.size() / 2];
    cudaMemcpy(P.data(), d_P, n * sizeof(float), cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int r = 0; r < Width; ++r) {
      for (int c = 0; c < Width; ++c) {
        double expected = 0;
        for (int k = 0; k < Width; ++k) expected += double(M[std::size_t(r) * Width + k]) * N[std::size_t(k) * Width + c];
        if (std::fabs(P[std::size_t(r) * Width + c] - expected) > 1e-3 * (1 + std::fabs(expected))) ++wrong;
      }
    }
    failures += wrong != 0;
    const char* name = swapped ? "matmul_swapped" : "matmul_coalesced";
    std::printf("%s: %d wrong, output hash %016llx\n", name, wrong, static_cast<unsigned long long>(fnv1a(P)));
    if (timed) std::fprintf(stderr, "%s: %.6f s\n", name, seconds);
  }
  cudaFree(d_M);
  cudaFree(d_N);
  cudaFree(d_P);
  return failures == 0 ? 0 : 1;
}
