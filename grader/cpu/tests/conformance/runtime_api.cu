// The runtime API the course's host code uses: memory, copies, errors, launch checks, events and the
// device's properties. Only what holds on every CUDA GPU is asserted.
#include "conformance.h"

#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>

namespace {

TEST(RuntimeApi, MallocMemcpyBothWaysAndDeviceToDevice) {
  std::vector<int> host(1000);
  std::iota(host.begin(), host.end(), -500);
  int* a = nullptr;
  int* b = nullptr;
  CUDA_ASSERT(cudaMalloc(&a, host.size() * sizeof(int)));
  CUDA_ASSERT(cudaMalloc((void**)&b, host.size() * sizeof(int)));
  ASSERT_NE(a, nullptr);
  CUDA_ASSERT(cudaMemcpy(a, host.data(), host.size() * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_ASSERT(cudaMemcpy(b, a, host.size() * sizeof(int), cudaMemcpyDeviceToDevice));
  std::vector<int> back(host.size(), 0);
  CUDA_ASSERT(cudaMemcpy(back.data(), b, host.size() * sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT_EQ(back, host);
  CUDA_EXPECT(cudaFree(a));
  CUDA_EXPECT(cudaFree(b));
  CUDA_EXPECT(cudaFree(nullptr));
}

// cudaMemset sets bytes, not elements.
TEST(RuntimeApi, MemsetSetsBytes) {
  DeviceBuffer<int> d(16);
  CUDA_ASSERT(cudaMemset(d.get(), 0x01, 16 * sizeof(int)));
  EXPECT_EQ(d.download(), std::vector<int>(16, 0x01010101));
  CUDA_ASSERT(cudaMemset(d.get(), 0xff, 8 * sizeof(int)));
  std::vector<int> got = d.download();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(got[i], i < 8 ? -1 : 0x01010101) << i;
}

__global__ void add_one(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1;
}

// Work on stream 0 runs in order: memset, copy, kernel, copy back, then one synchronisation.
TEST(RuntimeApi, AsyncOperationsOnStreamZeroRunInOrder) {
  const int n = 777;
  std::vector<int> host(n);
  std::iota(host.begin(), host.end(), 0);
  DeviceBuffer<int> d(n);
  std::vector<int> back(n, -7);
  CUDA_ASSERT(cudaMemsetAsync(d.get(), 0, n * sizeof(int), 0));
  CUDA_ASSERT(cudaMemcpyAsync(d.get(), host.data(), n * sizeof(int), cudaMemcpyHostToDevice, 0));
  add_one<<<(n + 127) / 128, 128>>>(d.get(), n);
  CUDA_ASSERT(cudaMemcpyAsync(back.data(), d.get(), n * sizeof(int), cudaMemcpyDeviceToHost, 0));
  CUDA_ASSERT(cudaStreamSynchronize(0));
  for (int i = 0; i < n; ++i) ASSERT_EQ(back[i], i + 1) << i;
}

TEST(RuntimeApi, AllocationTooLargeFails) {
  void* p = nullptr;
  EXPECT_EQ(cudaMalloc(&p, std::size_t(1) << 60), cudaErrorMemoryAllocation);
  EXPECT_EQ(cudaGetLastError(), cudaErrorMemoryAllocation);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

__global__ void set_flag(int* flag) { *flag = 1; }

// A launch configuration no GPU accepts is reported at the launch. CUDA 12 and earlier answered
// cudaErrorInvalidConfiguration ("invalid configuration argument", the code the textbooks show);
// CUDA 13.0 (runtime and driver 13.0, measured on an H200) answers cudaErrorInvalidValue ("invalid
// argument") for every case below, and so does the CPU backend.
bool is_configuration_error(cudaError_t err) { return err == cudaErrorInvalidValue; }

// Launches the flag kernel with an invalid configuration, and checks that the launch reports it,
// that the kernel did not run, and that the error was not sticky.
void expect_rejected(dim3 grid, dim3 block, std::size_t shared_bytes = 0) {
  DeviceBuffer<int> flag(std::vector<int>{0});
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  set_flag<<<grid, block, shared_bytes>>>(flag.get());
  cudaError_t err = cudaPeekAtLastError();
  EXPECT_TRUE(is_configuration_error(err)) << cudaGetErrorName(err);
  EXPECT_EQ(cudaGetLastError(), err);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(flag.download()[0], 0) << "the kernel ran despite the invalid configuration";
  set_flag<<<1, 1>>>(flag.get());
  EXPECT_TRUE(launched_and_finished());
  EXPECT_EQ(flag.download()[0], 1);
}

TEST(RuntimeApi, TooManyThreadsPerBlock) { expect_rejected(dim3(1), dim3(1025)); }

TEST(RuntimeApi, TooManyThreadsInTwoDimensions) { expect_rejected(dim3(1), dim3(32, 33)); }

TEST(RuntimeApi, BlockZTooLarge) { expect_rejected(dim3(1), dim3(1, 1, 65)); }

TEST(RuntimeApi, GridYTooLarge) { expect_rejected(dim3(1, 65536), dim3(1)); }

TEST(RuntimeApi, ZeroDimension) {
  expect_rejected(dim3(0), dim3(32));
  expect_rejected(dim3(4), dim3(32, 0));
}

TEST(RuntimeApi, TooMuchDynamicSharedMemory) { expect_rejected(dim3(1), dim3(32), 1 << 20); }

TEST(RuntimeApi, PeekDoesNotClearGetDoes) {
  set_flag<<<1, 2048>>>(nullptr);
  cudaError_t err = cudaPeekAtLastError();
  EXPECT_TRUE(is_configuration_error(err)) << cudaGetErrorName(err);
  EXPECT_EQ(cudaPeekAtLastError(), err);
  EXPECT_EQ(cudaGetLastError(), err);
  EXPECT_EQ(cudaPeekAtLastError(), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(RuntimeApi, ErrorNamesAndStrings) {
  EXPECT_STREQ(cudaGetErrorName(cudaSuccess), "cudaSuccess");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorMemoryAllocation), "cudaErrorMemoryAllocation");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorInvalidConfiguration), "cudaErrorInvalidConfiguration");
  EXPECT_STREQ(cudaGetErrorString(cudaSuccess), "no error");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorInvalidConfiguration), "invalid configuration argument");
}

TEST(RuntimeApi, InvalidArgumentsAreRejected) {
  EXPECT_EQ(cudaMalloc(nullptr, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
}

__global__ void busy(float* data, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = data[i];
  for (int r = 0; r < rounds; ++r) v = v * 0.999f + 0.5f;
  data[i] = v;
}

TEST(RuntimeApi, EventsMeasureNonNegativeTime) {
  const int n = 1 << 14;
  DeviceBuffer<float> d(std::vector<float>(n, 1.0f));
  cudaEvent_t start, stop;
  CUDA_ASSERT(cudaEventCreate(&start));
  CUDA_ASSERT(cudaEventCreate(&stop));
  CUDA_ASSERT(cudaEventRecord(start));
  busy<<<n / 256, 256>>>(d.get(), n, 100);
  CUDA_ASSERT(cudaEventRecord(stop, 0));
  CUDA_ASSERT(cudaEventSynchronize(stop));
  float ms = -1;
  CUDA_ASSERT(cudaEventElapsedTime(&ms, start, stop));
  EXPECT_GE(ms, 0.0f);
  CUDA_EXPECT(cudaEventDestroy(start));
  CUDA_EXPECT(cudaEventDestroy(stop));
}

TEST(RuntimeApi, DeviceCountAndCurrentDevice) {
  int count = 0, current = -1;
  CUDA_ASSERT(cudaGetDeviceCount(&count));
  EXPECT_GE(count, 1);
  CUDA_ASSERT(cudaSetDevice(0));
  CUDA_ASSERT(cudaGetDevice(&current));
  EXPECT_EQ(current, 0);
}

TEST(RuntimeApi, DevicePropertiesEveryGpuShares) {
  cudaDeviceProp prop;
  std::memset(&prop, 0, sizeof prop);
  CUDA_ASSERT(cudaGetDeviceProperties(&prop, 0));
  EXPECT_GT(std::strlen(prop.name), 0u);
  EXPECT_EQ(prop.maxThreadsPerBlock, 1024);
  EXPECT_EQ(prop.warpSize, 32);
  EXPECT_EQ(prop.maxThreadsDim[0], 1024);
  EXPECT_EQ(prop.maxThreadsDim[1], 1024);
  EXPECT_EQ(prop.maxThreadsDim[2], 64);
  EXPECT_EQ(prop.maxGridSize[0], 2147483647);
  EXPECT_EQ(prop.maxGridSize[1], 65535);
  EXPECT_EQ(prop.maxGridSize[2], 65535);
  EXPECT_EQ(prop.sharedMemPerBlock, 48u * 1024u);
  EXPECT_EQ(prop.totalConstMem, 64u * 1024u);
  EXPECT_GT(prop.totalGlobalMem, 0u);
  EXPECT_GT(prop.multiProcessorCount, 0);
  EXPECT_GE(prop.maxThreadsPerMultiProcessor, prop.maxThreadsPerBlock);
  EXPECT_GE(prop.major, 1);
}

TEST(RuntimeApi, OccupancyIsPositive) {
  int blocks = 0;
  CUDA_ASSERT(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add_one, 256, 0));
  EXPECT_GT(blocks, 0);
}

}  // namespace
