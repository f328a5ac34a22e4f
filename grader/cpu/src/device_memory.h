// The memory the runtime hands out or is given as device memory, and when host code may touch it.
//
// On a GPU, host code that dereferences a cudaMalloc'ed pointer crashes or reads garbage; here device
// memory is host memory, so a student's host loop over d_P[i] would work and could compute the answer
// without a kernel. Every cudaMalloc'ed buffer therefore gets mappings of its own, and its pages are
// PROT_NONE except while a kernel runs (launch.cpp opens all of them) or while the runtime itself
// copies into or out of them (memory_api.cpp opens the ones a copy touches). A host access in between
// faults, and fault_handlers.cpp reports it as host-access-to-device-memory.
//
// Regions, by kind:
//   device   cudaMalloc: own mapping (whole pages, red zones around the data in the asan
//            flavour), protected
//   adopted  memory the runner mapped and handed over (kitcpu/device_memory.h), protected, not freed
//   managed  cudaMallocManaged: host-accessible on a GPU too, so from the heap and never protected
//   pinned   cudaMallocHost, cudaHostAlloc: host memory a GPU can also reach, from the heap
// device, managed and pinned share one sequence of allocation ids (0, 1, ... in allocation order);
// adopted regions have their own (0 for the first adopted).
//
// Freed device regions stay mapped, PROT_NONE, for a while (a bounded quarantine), so that a late
// access is named as a use after free rather than as a wild address.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <kitcpu/runtime_api.h>

namespace kitcpu::detail {

enum class RegionKind { device, adopted, managed, pinned };

struct Region {
  std::uintptr_t begin = 0;
  std::size_t size = 0;  // bytes asked for
  RegionKind kind = RegionKind::device;
  int id = 0;                          // allocation id, or adopted id for adopted regions
  const void* allocated_at = nullptr;  // return address of the allocating call, for messages
  bool freed = false;                  // in the quarantine
};

// cudaMalloc (device), cudaMallocManaged (managed), cudaMallocHost and cudaHostAlloc (pinned). Records
// the error (cudaErrorMemoryAllocation past the virtual device's 8 GiB) and returns it.
cudaError_t allocate_region(void** ptr, std::size_t size, RegionKind kind, const void* caller,
                            Region* allocated = nullptr);
// cudaFree and cudaFreeHost: only the start of a live device, managed or pinned region; what was freed
// goes to `*freed` when given.
cudaError_t free_region(void* ptr, Region* freed = nullptr);

// The runner's memory (kitcpu::adopt_device_memory); -1 when refused.
int adopt_region(void* base, std::size_t bytes);
bool release_adopted_region(void* base);
// kitcpu::restart_allocation_numbers.
void restart_allocation_numbers();

// The live region holding `address`, or the freed one (quarantine) when `include_freed`. For a device or
// adopted region the address may also be outside the bytes asked for but in the pages protected with
// them: the rest of the last page, and in the asan flavour the red zones (offset_in tells).
std::optional<Region> find_region(const void* address, bool include_freed = false);

// Bytes from the start of the region to `address`; negative before it, size or more past its end.
inline std::int64_t offset_in(const Region& region, const void* address) {
  return static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(address) - region.begin);
}

// Whether a fault at `address` in host code is an access to protected device memory: a device or
// adopted region (live or freed) while it is closed.
bool is_closed_device_memory(const void* address);

std::size_t allocated_bytes();

// Every live region (device, adopted, managed, pinned), by address: what a kernel may have written
// (kernel_writes.h).
std::vector<Region> live_regions();

// Opens device memory for the runtime's own accesses; closes it again when destroyed. Counted, so that
// a copy inside an open launch, or two threads' copies of one region, close nothing too early.
class DeviceMemoryAccess {
 public:
  // Every device and adopted region: a kernel may touch any of them.
  static DeviceMemoryAccess all();
  // The regions holding the given ranges (an address outside device memory is ignored).
  DeviceMemoryAccess(const void* a, std::size_t a_bytes, const void* b = nullptr, std::size_t b_bytes = 0);
  ~DeviceMemoryAccess();
  DeviceMemoryAccess(DeviceMemoryAccess&& other) noexcept;
  DeviceMemoryAccess(const DeviceMemoryAccess&) = delete;
  DeviceMemoryAccess& operator=(const DeviceMemoryAccess&) = delete;
  DeviceMemoryAccess& operator=(DeviceMemoryAccess&&) = delete;

 private:
  DeviceMemoryAccess() = default;
  bool all_ = false;
  std::vector<std::uintptr_t> regions_;  // begin of each region opened
};

}  // namespace kitcpu::detail
