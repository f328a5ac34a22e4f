// Host memory a kernel may reach on a GPU: pinned memory from cudaMallocHost and cudaHostAlloc (mapped
// into the device's address space through unified virtual addressing) and managed memory. Host memory
// from malloc or the stack is not reachable (the CPU backend's diagnostics tests check that).
#include "conformance.h"

namespace {

__global__ void doubled(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2 * in[i];
}

TEST(HostReachableMemory, PinnedAndManaged) {
  const int n = 300;
  int* pinned_in = nullptr;
  int* mapped_out = nullptr;
  int* managed_out = nullptr;
  CUDA_ASSERT(cudaMallocHost(&pinned_in, n * sizeof(int)));
  CUDA_ASSERT(cudaHostAlloc(&mapped_out, n * sizeof(int), cudaHostAllocMapped));
  CUDA_ASSERT(cudaMallocManaged(&managed_out, n * sizeof(int)));
  for (int i = 0; i < n; ++i) pinned_in[i] = i - 100;
  doubled<<<(n + 127) / 128, 128>>>(pinned_in, mapped_out, n);
  ASSERT_TRUE(launched_and_finished());
  doubled<<<(n + 127) / 128, 128>>>(mapped_out, managed_out, n);
  ASSERT_TRUE(launched_and_finished());
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(mapped_out[i], 2 * (i - 100)) << i;
    ASSERT_EQ(managed_out[i], 4 * (i - 100)) << i;
  }
  CUDA_EXPECT(cudaFreeHost(pinned_in));
  CUDA_EXPECT(cudaFreeHost(mapped_out));
  CUDA_EXPECT(cudaFree(managed_out));
}

// A device pointer one past the end of its buffer is still device memory: the kernel indexes back
// from it.
__global__ void from_the_end(const int* end, int* out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = end[-1 - i];
}

TEST(HostReachableMemory, PointerPastTheEndOfABuffer) {
  const int n = 1024;  // 4096 bytes: the end is the first byte of the next page
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i) host[i] = i;
  DeviceBuffer<int> in(host), out(n);
  from_the_end<<<1, n>>>(in.get() + n, out.get(), n);
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = out.download();
  for (int i = 0; i < n; ++i) ASSERT_EQ(got[i], n - 1 - i) << i;
}

// A __device__ array reached through the pointer cudaGetSymbolAddress gives.
__device__ int table[8];

__global__ void fill_through(int* p) { p[threadIdx.x] = 5 * threadIdx.x; }

TEST(HostReachableMemory, SymbolAddress) {
  int* p = nullptr;
  CUDA_ASSERT(cudaGetSymbolAddress(reinterpret_cast<void**>(&p), table));
  fill_through<<<1, 8>>>(p);
  ASSERT_TRUE(launched_and_finished());
  int got[8] = {};
  CUDA_ASSERT(cudaMemcpyFromSymbol(got, table, sizeof got));
  for (int i = 0; i < 8; ++i) EXPECT_EQ(got[i], 5 * i) << i;
}

}  // namespace
