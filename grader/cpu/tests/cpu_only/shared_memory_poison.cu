// What the CPU backend promises beyond CUDA: in the CPU conformance build only (a GPU promises none of
// it, and a file cannot ask the preprocessor which backend it is under).
#include "conformance.h"

#include <cmath>

namespace {

// The CPU backend fills every block's shared memory with 0xFF bytes, so an element no thread wrote
// reads as -1 (int) or NaN (float): as wrong as what a GPU leaves there, but the same on every run,
// and never the previous block's values. A GPU promises nothing, so only the CPU build checks this.
__global__ void read_before_write(int* ints_seen, float* floats_seen) {
  __shared__ int counts[32];
  __shared__ float values[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ints_seen[i] = counts[threadIdx.x];
  floats_seen[i] = values[threadIdx.x];
  __syncthreads();
  counts[threadIdx.x] = blockIdx.x;
  values[threadIdx.x] = 1.0f;
}

TEST(SharedMemory, CpuBackendPoisonsEachBlock) {
  const int blocks = 48;
  DeviceBuffer<int> ints(blocks * 32);
  DeviceBuffer<float> floats(blocks * 32);
  read_before_write<<<blocks, 32>>>(ints.get(), floats.get());
  ASSERT_TRUE(launched_and_finished());
  for (int v : ints.download()) ASSERT_EQ(v, -1);
  for (float v : floats.download()) ASSERT_TRUE(std::isnan(v));
}

}  // namespace
