// Helpers shared by the conformance tests. Every test is ordinary CUDA: the same file is compiled by
// nvcc for a GPU and, through the CPU backend's rewriter, by g++ for the CPU; both must pass.
#pragma once

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#define CUDA_ASSERT(call) ASSERT_EQ((call), cudaSuccess) << #call
#define CUDA_EXPECT(call) EXPECT_EQ((call), cudaSuccess) << #call

// A device buffer of n elements that frees itself; copies go through the ordinary runtime API.
template <typename T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t n) : n_(n) { EXPECT_EQ(cudaMalloc(&ptr_, n * sizeof(T)), cudaSuccess); }
  DeviceBuffer(const std::vector<T>& host) : DeviceBuffer(host.size()) { upload(host); }
  ~DeviceBuffer() { cudaFree(ptr_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* get() const { return ptr_; }
  std::size_t size() const { return n_; }
  void upload(const std::vector<T>& host) {
    EXPECT_EQ(cudaMemcpy(ptr_, host.data(), n_ * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  }
  std::vector<T> download() const {
    std::vector<T> host(n_);
    EXPECT_EQ(cudaMemcpy(host.data(), ptr_, n_ * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    return host;
  }

 private:
  T* ptr_ = nullptr;
  std::size_t n_;
};

// Launch errors surface at the launch, execution errors at the next synchronisation: check both.
inline ::testing::AssertionResult launched_and_finished() {
  cudaError_t launch = cudaGetLastError();
  if (launch != cudaSuccess) return ::testing::AssertionFailure() << "launch: " << cudaGetErrorString(launch);
  cudaError_t run = cudaDeviceSynchronize();
  if (run != cudaSuccess) return ::testing::AssertionFailure() << "execution: " << cudaGetErrorString(run);
  return ::testing::AssertionSuccess();
}
