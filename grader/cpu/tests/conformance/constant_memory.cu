// __constant__ variables, written from the host with cudaMemcpyToSymbol.
#include "conformance.h"

namespace {

constexpr int MASK_WIDTH = 5;
__constant__ float mask[MASK_WIDTH];
__constant__ int bias;

// A 1D convolution with the mask in constant memory, as in the textbook's constant-memory example.
__global__ void convolve(const float* N, float* P, int width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= width) return;
  float sum = 0;
  for (int j = 0; j < MASK_WIDTH; ++j) {
    int k = i - MASK_WIDTH / 2 + j;
    if (k >= 0 && k < width) sum += N[k] * mask[j];
  }
  P[i] = sum + bias;
}

std::vector<float> convolve_on_host(const std::vector<float>& N, const float* m, int b) {
  int width = static_cast<int>(N.size());
  std::vector<float> P(width);
  for (int i = 0; i < width; ++i) {
    float sum = 0;
    for (int j = 0; j < MASK_WIDTH; ++j) {
      int k = i - MASK_WIDTH / 2 + j;
      if (k >= 0 && k < width) sum += N[k] * m[j];
    }
    P[i] = sum + b;
  }
  return P;
}

TEST(ConstantMemory, MemcpyToSymbolThenRead) {
  const float host_mask[MASK_WIDTH] = {1, 2, 4, 2, 1};
  const int host_bias = 7;
  CUDA_ASSERT(cudaMemcpyToSymbol(mask, host_mask, sizeof(host_mask)));
  CUDA_ASSERT(cudaMemcpyToSymbol(bias, &host_bias, sizeof(int)));
  const int width = 300;
  std::vector<float> N(width);
  for (int i = 0; i < width; ++i) N[i] = static_cast<float>(i % 13);
  DeviceBuffer<float> in(N), out(width);
  convolve<<<(width + 127) / 128, 128>>>(in.get(), out.get(), width);
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), convolve_on_host(N, host_mask, host_bias));
}

// The offset argument writes part of the symbol; the rest keeps its value.
TEST(ConstantMemory, MemcpyToSymbolWithOffset) {
  const float first[MASK_WIDTH] = {1, 1, 1, 1, 1};
  const float tail[2] = {10, 20};
  const int zero = 0;
  CUDA_ASSERT(cudaMemcpyToSymbol(mask, first, sizeof(first)));
  CUDA_ASSERT(cudaMemcpyToSymbol(mask, tail, sizeof(tail), 3 * sizeof(float)));
  CUDA_ASSERT(cudaMemcpyToSymbol(bias, &zero, sizeof(int)));
  const float expected_mask[MASK_WIDTH] = {1, 1, 1, 10, 20};
  std::vector<float> N(64, 1.0f);
  DeviceBuffer<float> in(N), out(N.size());
  convolve<<<1, 64>>>(in.get(), out.get(), 64);
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), convolve_on_host(N, expected_mask, 0));
}

TEST(ConstantMemory, MemcpyFromSymbolReadsBack) {
  const float written[MASK_WIDTH] = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f};
  CUDA_ASSERT(cudaMemcpyToSymbol(mask, written, sizeof(written)));
  float read[MASK_WIDTH] = {};
  CUDA_ASSERT(cudaMemcpyFromSymbol(read, mask, sizeof(read)));
  for (int j = 0; j < MASK_WIDTH; ++j) EXPECT_EQ(read[j], written[j]);
}

}  // namespace
