// The run's virtual device, as a program sees it: run once per device with KITCPU_DEVICE set (an unset
// variable is the default device), and EXPECTED_DEVICE naming it again for the test: the runtime hides its
// own settings from the program. Every answer must be the table's row, and every limit of the row
// must be enforced: a launch within it runs, one past it is refused as a GPU refuses it.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

namespace {

// What each device must answer, written out here rather than read from the backend's table (a CUDA file
// cannot include the backend's headers): the test checks the table as well as the runtime.
struct Expected {
  const char* key;
  const char* name;
  int major;
  unsigned max_threads_per_block;
  std::size_t shared_memory_per_block;
  std::size_t shared_memory_per_multiprocessor;
  std::size_t reserved_shared_memory_per_block;
  int multiprocessor_count;
  int max_threads_per_multiprocessor;
  int max_blocks_per_multiprocessor;
  int registers_per_block;
  int registers_per_multiprocessor;
};

constexpr Expected kDevices[] = {
    {"cc80", "kit CPU backend (virtual device)", 8, 1024, 48 * 1024, 164 * 1024, 1024, 8, 2048, 32, 65536, 65536},
    {"small-shared", "kit virtual device small-shared", 8, 1024, 1536, 12 * 1024, 0, 8, 2048, 32, 65536, 65536},
    {"threads-256", "kit virtual device threads-256", 8, 256, 48 * 1024, 64 * 1024, 0, 8, 1024, 16, 32768, 32768},
    {"textbook-d", "kit virtual device textbook-d", 2, 512, 16 * 1024, 16 * 1024, 0, 4, 1536, 8, 16384, 16384},
};

const Expected& expected_device() {
  const char* key = std::getenv("EXPECTED_DEVICE");
  for (const Expected& d : kDevices)
    if (std::strcmp(d.key, key ? key : "cc80") == 0) return d;
  std::abort();  // the runtime refuses an unknown key before main
}

__global__ void fill(int* out) { out[blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x] = 1; }

__global__ void touch_shared(int* out, int count) {
  extern __shared__ int scratch[];
  for (int i = threadIdx.x; i < count; i += blockDim.x) scratch[i] = i;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = scratch[count - 1];
}

TEST(VirtualDevice, TheRuntimesSettingsAreHiddenFromTheProgram) {
  EXPECT_EQ(std::getenv("KITCPU_DEVICE"), nullptr);
  // Nor in what the process started with, as /proc shows it.
  std::ifstream in("/proc/self/environ", std::ios::binary);
  const std::string started((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const char* key = std::getenv("EXPECTED_DEVICE");
  if (key != nullptr) EXPECT_EQ(started.find(std::string("KITCPU_DEVICE=") + key), std::string::npos);
}

TEST(VirtualDevice, PropertiesAreTheTablesRow) {
  const Expected& d = expected_device();
  cudaDeviceProp p;
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  EXPECT_STREQ(p.name, d.name);
  EXPECT_EQ(p.major, d.major);
  EXPECT_EQ(p.maxThreadsPerBlock, static_cast<int>(d.max_threads_per_block));
  EXPECT_EQ(p.maxThreadsDim[0], static_cast<int>(d.max_threads_per_block));
  EXPECT_EQ(p.sharedMemPerBlock, d.shared_memory_per_block);
  EXPECT_EQ(p.sharedMemPerMultiprocessor, d.shared_memory_per_multiprocessor);
  EXPECT_EQ(p.multiProcessorCount, d.multiprocessor_count);
  EXPECT_EQ(p.maxThreadsPerMultiProcessor, d.max_threads_per_multiprocessor);
  EXPECT_EQ(p.maxBlocksPerMultiProcessor, d.max_blocks_per_multiprocessor);
  EXPECT_EQ(p.regsPerBlock, d.registers_per_block);
  EXPECT_EQ(p.regsPerMultiprocessor, d.registers_per_multiprocessor);
  EXPECT_EQ(p.warpSize, 32);
}

TEST(VirtualDevice, AttributesAgreeWithProperties) {
  const Expected& d = expected_device();
  int value = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&value, cudaDevAttrMaxThreadsPerBlock, 0), cudaSuccess);
  EXPECT_EQ(value, static_cast<int>(d.max_threads_per_block));
  ASSERT_EQ(cudaDeviceGetAttribute(&value, cudaDevAttrMaxSharedMemoryPerBlock, 0), cudaSuccess);
  EXPECT_EQ(value, static_cast<int>(d.shared_memory_per_block));
  ASSERT_EQ(cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount, 0), cudaSuccess);
  EXPECT_EQ(value, d.multiprocessor_count);
  ASSERT_EQ(cudaDeviceGetAttribute(&value, cudaDevAttrMaxRegistersPerMultiprocessor, 0), cudaSuccess);
  EXPECT_EQ(value, d.registers_per_multiprocessor);
}

TEST(VirtualDevice, TheLargestBlockRunsAndOneThreadMoreIsRefused) {
  const Expected& d = expected_device();
  const unsigned most = d.max_threads_per_block;
  int* out = nullptr;
  ASSERT_EQ(cudaMalloc(&out, 2 * most * sizeof(int)), cudaSuccess);
  fill<<<1, most>>>(out);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  fill<<<1, most + 1>>>(out);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  // The square block a tiled kernel uses: 32x32 only where 1024 threads are allowed.
  fill<<<1, dim3(32, 32)>>>(out);
  EXPECT_EQ(cudaGetLastError(), most >= 1024 ? cudaSuccess : cudaErrorInvalidValue);
  cudaFree(out);
}

TEST(VirtualDevice, DynamicSharedMemoryUpToTheLimitRunsAndOneByteMoreIsRefused) {
  const Expected& d = expected_device();
  int* out = nullptr;
  ASSERT_EQ(cudaMalloc(&out, sizeof(int)), cudaSuccess);
  const int count = static_cast<int>(d.shared_memory_per_block / sizeof(int));
  touch_shared<<<1, 64, count * sizeof(int)>>>(out, count);
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  int got = 0;
  ASSERT_EQ(cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(got, count - 1);
  touch_shared<<<1, 64, d.shared_memory_per_block + 1>>>(out, 1);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  cudaFree(out);
}

TEST(VirtualDevice, OccupancyFollowsTheDevicesLimits) {
  const Expected& d = expected_device();
  int blocks = -1;
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fill, 256, 0), cudaSuccess);
  const int by_threads = d.max_threads_per_multiprocessor / 256;
  const int by_blocks = d.max_blocks_per_multiprocessor;
  const int by_shared = d.reserved_shared_memory_per_block
                            ? static_cast<int>(d.shared_memory_per_multiprocessor / d.reserved_shared_memory_per_block)
                            : by_blocks;
  EXPECT_EQ(blocks, std::min(by_threads, std::min(by_blocks, by_shared)));
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fill, d.max_threads_per_block + 1, 0), cudaSuccess);
  EXPECT_EQ(blocks, 0);
}

}  // namespace
