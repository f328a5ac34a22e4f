// __shared__ arrays: one copy per block, declared in kernels or in __device__ functions, static or
// sized by the launch (extern __shared__).
#include "conformance.h"

#include <cmath>
#include <numeric>

namespace {

constexpr int BLOCK = 128;

// Each block reverses its own slice through a shared array: blocks must not share the array.
__global__ void reverse_each_block(const int* in, int* out) {
  __shared__ int slice[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  slice[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = slice[blockDim.x - 1 - threadIdx.x];
}

TEST(SharedMemory, StaticArrayIsPerBlock) {
  const int blocks = 40;
  std::vector<int> host(blocks * BLOCK);
  std::iota(host.begin(), host.end(), 0);
  DeviceBuffer<int> in(host), out(host.size());
  reverse_each_block<<<blocks, BLOCK>>>(in.get(), out.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = out.download();
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < BLOCK; ++t) ASSERT_EQ(got[b * BLOCK + t], b * BLOCK + BLOCK - 1 - t) << b << " " << t;
}

// A value written by one thread is seen by every thread of its block after the barrier (what shared
// memory held before is unspecified, so nothing is assumed about it).
__global__ void broadcast_from_thread_zero(int* out) {
  __shared__ int value;
  if (threadIdx.x == 0) value = 1000 + blockIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = value;
}

TEST(SharedMemory, WriteIsVisibleToOtherThreadsAfterBarrier) {
  const int blocks = 16, threads = 64;
  DeviceBuffer<int> out(blocks * threads);
  broadcast_from_thread_zero<<<blocks, threads>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = out.download();
  for (int i = 0; i < blocks * threads; ++i) ASSERT_EQ(got[i], 1000 + i / threads) << i;
}

// A __shared__ array declared in a __device__ function is still one array per block.
__device__ int block_sum_of_ids() {
  __shared__ int ids[BLOCK];
  ids[threadIdx.x] = threadIdx.x + blockIdx.x;
  __syncthreads();
  int sum = 0;
  for (int k = 0; k < BLOCK; ++k) sum += ids[k];
  __syncthreads();
  return sum;
}

__global__ void sums_through_device_function(int* out) {
  int sum = block_sum_of_ids();
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

TEST(SharedMemory, ArrayInDeviceFunctionIsPerBlock) {
  const int blocks = 12;
  DeviceBuffer<int> out(blocks * BLOCK);
  sums_through_device_function<<<blocks, BLOCK>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = out.download();
  for (int i = 0; i < blocks * BLOCK; ++i) {
    int b = i / BLOCK;
    ASSERT_EQ(got[i], BLOCK * (BLOCK - 1) / 2 + BLOCK * b) << i;
  }
}

// Two-dimensional tiles, padded as in a shared-memory transpose.
__global__ void transpose_tile(const float* in, float* out, int width) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  int tx = blockIdx.y * 16 + threadIdx.x, ty = blockIdx.x * 16 + threadIdx.y;
  out[ty * width + tx] = tile[threadIdx.x][threadIdx.y];
}

TEST(SharedMemory, TwoDimensionalTileTransposes) {
  const int width = 48;
  std::vector<float> host(width * width);
  std::iota(host.begin(), host.end(), 0.0f);
  DeviceBuffer<float> in(host), out(host.size());
  transpose_tile<<<dim3(3, 3), dim3(16, 16)>>>(in.get(), out.get(), width);
  ASSERT_TRUE(launched_and_finished());
  std::vector<float> got = out.download();
  for (int r = 0; r < width; ++r)
    for (int c = 0; c < width; ++c) ASSERT_EQ(got[r * width + c], host[c * width + r]) << r << "," << c;
}

// extern __shared__: the size comes from the third launch parameter.
__global__ void rotate_by_one(const float* in, float* out) {
  extern __shared__ float buffer[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  buffer[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = buffer[(threadIdx.x + 1) % blockDim.x];
}

TEST(SharedMemory, ExternArraySizedByLaunch) {
  for (int threads : {32, 200, 1024}) {
    const int blocks = 3;
    std::vector<float> host(blocks * threads);
    std::iota(host.begin(), host.end(), 0.5f);
    DeviceBuffer<float> in(host), out(host.size());
    rotate_by_one<<<blocks, threads, threads * sizeof(float)>>>(in.get(), out.get());
    ASSERT_TRUE(launched_and_finished());
    std::vector<float> got = out.download();
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < threads; ++t)
        ASSERT_EQ(got[b * threads + t], host[b * threads + (t + 1) % threads]) << threads << " " << t;
  }
}

// One dynamic allocation carved into two arrays of different types, as kernels commonly do.
__global__ void carve_dynamic_shared(int* ints_out, double* doubles_out, int n) {
  extern __shared__ double storage[];
  double* doubles = storage;
  int* ints = reinterpret_cast<int*>(doubles + n);
  doubles[threadIdx.x] = threadIdx.x * 0.25;
  ints[threadIdx.x] = threadIdx.x * 3;
  __syncthreads();
  int other = n - 1 - threadIdx.x;
  doubles_out[threadIdx.x] = doubles[other];
  ints_out[threadIdx.x] = ints[other];
}

TEST(SharedMemory, ExternArrayCarvedIntoTwo) {
  const int n = 96;
  DeviceBuffer<int> ints(n);
  DeviceBuffer<double> doubles(n);
  carve_dynamic_shared<<<1, n, n * (sizeof(double) + sizeof(int))>>>(ints.get(), doubles.get(), n);
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got_ints = ints.download();
  std::vector<double> got_doubles = doubles.download();
  for (int t = 0; t < n; ++t) {
    EXPECT_EQ(got_ints[t], (n - 1 - t) * 3);
    EXPECT_EQ(got_doubles[t], (n - 1 - t) * 0.25);
  }
}

// Static and dynamic shared memory side by side in one kernel.
__global__ void static_and_dynamic(int* out) {
  __shared__ int fixed[32];
  extern __shared__ int dynamic[];
  fixed[threadIdx.x] = threadIdx.x;
  dynamic[threadIdx.x] = 100 * threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = fixed[31 - threadIdx.x] + dynamic[31 - threadIdx.x];
}

TEST(SharedMemory, StaticAndDynamicDoNotOverlap) {
  DeviceBuffer<int> out(32);
  static_and_dynamic<<<1, 32, 32 * sizeof(int)>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = out.download();
  for (int t = 0; t < 32; ++t) EXPECT_EQ(got[t], 101 * (31 - t));
}

}  // namespace
