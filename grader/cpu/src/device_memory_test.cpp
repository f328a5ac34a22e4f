// Device memory is closed to host code except inside kernels and the runtime's own copies, copies check
// their kind as CUDA does, and adopted memory behaves like cudaMalloc'ed memory.
#include "device_memory.h"

#include "device_array_names.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <kitcpu/device_memory.h>
#include <kitcpu/run_protocol.h>
#include <kitcpu/runtime_api.h>

namespace kitcpu::detail {
namespace {

// A cudaMalloc'ed buffer, freed at the end of the test.
struct DeviceBuffer {
  explicit DeviceBuffer(std::size_t n) : bytes(n) { EXPECT_EQ(cudaMalloc(&pointer, n), cudaSuccess); }
  ~DeviceBuffer() { cudaFree(pointer); }
  char* get() const { return static_cast<char*>(pointer); }
  void* pointer = nullptr;
  std::size_t bytes;
};

TEST(DeviceMemory, ClosedToHostCodeOutsideTheRuntimesAccesses) {
  DeviceBuffer buffer(1000);
  ASSERT_NE(buffer.get(), nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(buffer.get()) % 256, 0u);
  EXPECT_TRUE(is_closed_device_memory(buffer.get()));
  EXPECT_TRUE(is_closed_device_memory(buffer.get() + 999));
  {
    const DeviceMemoryAccess copy(buffer.get() + 10, 4);
    EXPECT_FALSE(is_closed_device_memory(buffer.get()));
    buffer.get()[999] = 7;  // open: no fault
  }
  EXPECT_TRUE(is_closed_device_memory(buffer.get()));
}

TEST(DeviceMemory, ALaunchOpensEverythingAndACopyInsideItClosesNothing) {
  DeviceBuffer a(64);
  DeviceBuffer b(64);
  {
    const DeviceMemoryAccess launch = DeviceMemoryAccess::all();
    EXPECT_FALSE(is_closed_device_memory(a.get()));
    EXPECT_FALSE(is_closed_device_memory(b.get()));
    { const DeviceMemoryAccess copy(a.get(), 64, b.get(), 64); }
    EXPECT_FALSE(is_closed_device_memory(a.get()));
    a.get()[0] = b.get()[0];
  }
  EXPECT_TRUE(is_closed_device_memory(a.get()));
  EXPECT_TRUE(is_closed_device_memory(b.get()));
}

TEST(DeviceMemory, ManagedAndPinnedMemoryStayOpenToHostCode) {
  void* managed = nullptr;
  void* pinned = nullptr;
  ASSERT_EQ(cudaMallocManaged(&managed, 100), cudaSuccess);
  ASSERT_EQ(cudaMallocHost(&pinned, 100), cudaSuccess);
  EXPECT_FALSE(is_closed_device_memory(managed));
  EXPECT_FALSE(is_closed_device_memory(pinned));
  static_cast<char*>(managed)[99] = 1;
  static_cast<char*>(pinned)[99] = 1;
  EXPECT_EQ(cudaFree(managed), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(pinned), cudaSuccess);
}

TEST(DeviceMemory, FreedMemoryIsNamedAsFreed) {
  void* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 5000), cudaSuccess);
  const std::optional<Region> live = find_region(p);
  ASSERT_TRUE(live.has_value());
  ASSERT_EQ(cudaFree(p), cudaSuccess);
  EXPECT_FALSE(find_region(p).has_value());
  const std::optional<Region> freed = find_region(p, /*include_freed=*/true);
  ASSERT_TRUE(freed.has_value());
  EXPECT_TRUE(freed->freed);
  EXPECT_EQ(freed->id, live->id);
  EXPECT_TRUE(is_closed_device_memory(p));
  EXPECT_EQ(cudaFree(p), cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST(DeviceMemory, AddressesPastTheEndAreInTheRegion) {
  DeviceBuffer buffer(1000);
  const std::optional<Region> past_end = find_region(buffer.get() + 1000);
  ASSERT_TRUE(past_end.has_value());
  EXPECT_EQ(offset_in(*past_end, buffer.get() + 1000), 1000);
  EXPECT_TRUE(is_closed_device_memory(buffer.get() + 1000));
  EXPECT_EQ(cudaMemcpy(buffer.get() + 1000, buffer.get(), 1, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
  cudaGetLastError();
}

// What CUDA 13.0 answered on an H100 (driver 580) for each pairing of kind and pointers.
TEST(DeviceMemory, CopiesCheckTheirKindAsCudaDoes) {
  DeviceBuffer device(256);
  DeviceBuffer other(256);
  std::vector<char> host(256, 5), host2(256, 0);
  EXPECT_EQ(cudaMemcpy(host2.data(), host.data(), 16, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host2.data(), host.data(), 16, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host2.data(), host.data(), 16, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host.data(), device.get(), 16, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(device.get(), host.data(), 16, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host2.data(), host.data(), 16, cudaMemcpyHostToHost), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(host2.data(), host.data(), 16, cudaMemcpyDefault), cudaSuccess);
  // A kind that calls device memory host memory still copies: the driver works out where it points.
  EXPECT_EQ(cudaMemcpy(device.get(), host.data(), 16, cudaMemcpyHostToHost), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(other.get(), device.get(), 16, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(host2.data(), other.get(), 16, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host2.data(), other.get(), 16, cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(host2[15], 5);
  // Ranges: within one allocation only.
  EXPECT_EQ(cudaMemcpy(device.get() + 250, host.data(), 16, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host.data(), device.get() + 250, 16, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(device.get(), host.data(), 16, static_cast<cudaMemcpyKind>(7)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpy(device.get(), host.data(), 0, cudaMemcpyDeviceToHost), cudaSuccess);
  cudaGetLastError();
}

TEST(DeviceMemory, MemsetNeedsMemoryTheGpuReaches) {
  DeviceBuffer device(100);
  std::vector<char> host(100);
  EXPECT_EQ(cudaMemset(device.get(), 1, 100), cudaSuccess);
  EXPECT_EQ(cudaMemset(host.data(), 1, 100), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemset(device.get() + 50, 1, 51), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host.data(), device.get(), 100, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(host[99], 1);
  cudaGetLastError();
}

TEST(DeviceMemory, AdoptedMemoryIsDeviceMemoryUntilReleased) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  auto* base = static_cast<char*>(mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(base, MAP_FAILED);
  EXPECT_EQ(adopt_device_memory(base + 1, page), -1);
  EXPECT_EQ(adopt_device_memory(nullptr, page), -1);
  const int first = adopt_device_memory(base, page);
  ASSERT_GE(first, 0);
  EXPECT_EQ(adopt_device_memory(base + page, 100), first + 1);
  EXPECT_EQ(adopt_device_memory(base, page), -1);  // adopted already
  EXPECT_TRUE(is_closed_device_memory(base));
  EXPECT_TRUE(is_closed_device_memory(base + page + 200));  // the rest of the last page is protected too
  const std::optional<Region> region = find_region(base + 8);
  ASSERT_TRUE(region.has_value());
  EXPECT_EQ(region->kind, RegionKind::adopted);
  EXPECT_EQ(region->id, first);

  const char text[] = "input";
  EXPECT_EQ(cudaMemcpy(base, text, sizeof text, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(base + page, base, sizeof text, cudaMemcpyDeviceToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(base + page, text, 101, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(base), cudaErrorInvalidValue);
  cudaGetLastError();

  EXPECT_TRUE(release_device_memory(base));
  EXPECT_FALSE(release_device_memory(base));
  EXPECT_FALSE(is_closed_device_memory(base));
  EXPECT_STREQ(base, "input");  // host memory again
  EXPECT_TRUE(release_device_memory(base + page));
  EXPECT_STREQ(base + page, "input");
  munmap(base, 2 * page);
}

// A runner that serves case after case releases each case's arena before it adopts the next: every
// arena is then the same region as the first, and nothing named in an old arena describes the new one.
TEST(DeviceMemory, ARegionAdoptedAfterAReleaseIsNamedAfresh) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  auto* base = static_cast<char*>(mmap(nullptr, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(base, MAP_FAILED);
  const int first = adopt_device_memory(base, page);
  ASSERT_GE(first, 0);
  name_device_array({base, "M", 4, {2, 8}, true});
  EXPECT_EQ(named_element_at(reinterpret_cast<std::uintptr_t>(base) + 40).text, "M[1][2]");
  EXPECT_EQ(read_only_ranges().size(), 1u);

  ASSERT_TRUE(release_device_memory(base));
  EXPECT_EQ(named_element_at(reinterpret_cast<std::uintptr_t>(base) + 40).text, "");
  EXPECT_TRUE(read_only_ranges().empty());  // a store to the next case's output is not a store to M
  EXPECT_EQ(adopt_device_memory(base, page), first);
  EXPECT_TRUE(release_device_memory(base));
  munmap(base, page);
}

TEST(DeviceMemory, AllocationsAreNumberedFromZeroAgainOnlyWhenNoneIsLive) {
  ASSERT_EQ(allocated_bytes(), 0u) << "an earlier test left device memory allocated";
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_EQ(cudaMalloc(&a, 64), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&b, 64), cudaSuccess);
  ASSERT_EQ(cudaFree(a), cudaSuccess);
  restart_allocation_numbers();  // b is still live: its number must stay its own
  void* c = nullptr;
  ASSERT_EQ(cudaMalloc(&c, 64), cudaSuccess);
  EXPECT_EQ(find_region(c)->id, find_region(b)->id + 1);

  ASSERT_EQ(cudaFree(b), cudaSuccess);
  ASSERT_EQ(cudaFree(c), cudaSuccess);
  restart_allocation_numbers();
  void* d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 64), cudaSuccess);
  EXPECT_EQ(find_region(d)->id, 0);
  ASSERT_EQ(cudaFree(d), cudaSuccess);
}

TEST(DeviceMemoryDeathTest, HostCodeReadingDeviceMemoryIsFatal) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        void* p = nullptr;
        cudaMalloc(&p, 64);
        volatile char c = static_cast<volatile char*>(p)[3];
        (void)c;
      },
      ::testing::ExitedWithCode(kFatalDiagnosticExitCode),
      "host-access-to-device-memory.*host code reads device memory: device allocation [0-9]+ \\(64 bytes");
}

}  // namespace
}  // namespace kitcpu::detail
