// The memory half of the CUDA runtime API: allocations (device_memory.h holds them), copies, memset
// and symbol copies, with the checks CUDA makes and the record of each call (call_record.h).
//
// Copies follow what CUDA 13.0 does with unified addressing (measured on an H100, driver 580): a
// host-to-device copy needs a destination the GPU can reach (device, managed or pinned memory),
// device-to-host a source it can reach, device-to-device both, and anything else fails with
// cudaErrorInvalidValue; host-to-host and default copies take any pointers, the driver working out
// where they point. A range that runs past the end of an allocation, and a freed pointer, are
// cudaErrorInvalidValue too. The copy itself runs with the device regions it touches opened.
#include <algorithm>
#include <atomic>
#include <cstring>

#include <kitcpu/device_memory.h>
#include <kitcpu/runtime_api.h>
#include <kitcpu/virtual_device.h>

#include "call_record.h"
#include "device_memory.h"

namespace kitcpu::detail {
namespace {

bool valid_kind(cudaMemcpyKind kind) { return kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault; }

// What a pointer given to a copy points into.
struct Side {
  std::optional<Region> region;  // a live region, or a freed one (region->freed)
  std::size_t offset = 0;

  explicit Side(const void* pointer) : region(find_region(pointer, /*include_freed=*/true)) {
    if (region) offset = static_cast<std::size_t>(offset_in(*region, pointer));
  }
  // The GPU can reach it: any live allocation (pinned host memory included) or adopted region.
  bool reachable() const { return region && !region->freed; }
  // It is the GPU's memory, for the effective kind of a copy.
  bool on_device() const { return reachable() && region->kind != RegionKind::pinned; }
  // A pointer in a red zone before the data has a huge offset here, as its unsigned difference.
  bool fits(std::size_t count) const {
    return !region || (!region->freed && offset <= region->size && count <= region->size - offset);
  }
};

cudaError_t check_copy(const Side& dst, const Side& src, std::size_t count, cudaMemcpyKind kind) {
  if ((dst.region && dst.region->freed) || (src.region && src.region->freed)) return cudaErrorInvalidValue;
  const bool dst_needs_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  const bool src_needs_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  if ((dst_needs_device && !dst.reachable()) || (src_needs_device && !src.reachable())) return cudaErrorInvalidValue;
  if (!dst.fits(count) || !src.fits(count)) return cudaErrorInvalidValue;
  return cudaSuccess;
}

const char* effective_kind(bool src_on_device, bool dst_on_device) {
  if (src_on_device) return dst_on_device ? "device-to-device" : "device-to-host";
  return dst_on_device ? "host-to-device" : "host-to-host";
}

std::atomic<CopyObserver> copy_observer{nullptr};

// What the runner's observer says of a copy that just moved its bytes (kitcpu/runtime_calls.h).
CopyNote observed(void* dst, const void* src, std::size_t count, bool synchronous) {
  const CopyObserver observer = copy_observer.load();
  if (observer == nullptr) return {};
  const MemoryReference from = memory_reference(src), to = memory_reference(dst);
  return observer(CopySeen{dst, src, count, from, to, synchronous});
}

cudaError_t copy(const char* name, void* dst, const void* src, std::size_t count, cudaMemcpyKind kind, int stream,
                 const void* caller) {
  const Side to(dst);
  const Side from(src);
  cudaError_t result = cudaSuccess;
  if (!valid_kind(kind)) {
    result = cudaErrorInvalidMemcpyDirection;
  } else if (count > 0 && (dst == nullptr || src == nullptr)) {
    result = cudaErrorInvalidValue;
  } else if (count > 0) {
    result = check_copy(to, from, count, kind);
  }
  CopyNote note;
  if (result == cudaSuccess && count > 0) {
    const DeviceMemoryAccess access(dst, count, src, count);
    std::memmove(dst, src, count);
    note = observed(dst, src, count, stream < 0);
  }
  if (recording_calls()) {
    RuntimeCall call;
    call.call = name;
    call.requested_kind = kind_name(kind);
    call.effective_kind = effective_kind(from.on_device(), to.on_device());
    call.src = memory_reference(src);
    call.dst = memory_reference(dst);
    call.bytes = count;
    call.stream = stream;
    call.copy = note.copy;
    call.carried = std::move(note.carried);
    record_call(std::move(call), result, caller);
  }
  return record_error(result);
}

cudaError_t set(const char* name, void* ptr, int value, std::size_t count, int stream, const void* caller) {
  const Side target(ptr);
  cudaError_t result = cudaSuccess;
  if (count > 0 && (ptr == nullptr || !target.reachable() || !target.fits(count))) result = cudaErrorInvalidValue;
  if (result == cudaSuccess && count > 0) {
    const DeviceMemoryAccess access(ptr, count);
    std::memset(ptr, value, count);
  }
  if (recording_calls()) {
    RuntimeCall call;
    call.call = name;
    call.dst = memory_reference(ptr);
    call.bytes = count;
    call.value = value;
    call.stream = stream;
    record_call(std::move(call), result, caller);
  }
  return record_error(result);
}

// The allocation a grader asked to fail (kitcpu::fail_device_allocation): how many device allocations
// are left before it, 0 when none is to fail.
std::atomic<int> allocations_before_failure{0};

bool injected_failure(RegionKind kind) {
  if (kind != RegionKind::device && kind != RegionKind::managed) return false;
  int left = allocations_before_failure.load();
  while (left > 0 && !allocations_before_failure.compare_exchange_weak(left, left - 1)) {
  }
  return left == 1;
}

cudaError_t allocate(const char* name, void** ptr, std::size_t size, RegionKind kind, const void* caller) {
  Region region;
  region.id = -1;
  cudaError_t result = cudaErrorMemoryAllocation;
  if (injected_failure(kind)) {
    // As a GPU out of memory does: no pointer, and the error is the last error too.
    if (ptr != nullptr) *ptr = nullptr;
    record_error(result);
  } else {
    result = allocate_region(ptr, size, kind, caller, &region);
  }
  if (recording_calls()) {
    RuntimeCall call;
    call.call = name;
    call.bytes = size;
    call.allocation = result == cudaSuccess && size > 0 ? region.id : -1;
    record_call(std::move(call), result, caller);
  } else if (result == cudaSuccess && size > 0) {
    note_unrecorded_allocation(name, region.id, size);
  }
  return result;
}

cudaError_t release(const char* name, void* ptr, const void* caller) {
  Region region;
  region.id = -1;
  const cudaError_t result = free_region(ptr, &region);
  if (recording_calls()) {
    RuntimeCall call;
    call.call = name;
    call.allocation = region.id;
    call.bytes = region.id >= 0 ? region.size : 0;
    record_call(std::move(call), result, caller);
  } else if (result == cudaSuccess && region.id >= 0) {
    note_unrecorded_release(region.id);
  }
  return result;
}

}  // namespace

cudaError_t copy_symbol(void* symbol, std::size_t symbol_size, const void* src, std::size_t count, std::size_t offset,
                        cudaMemcpyKind kind, bool to_symbol, const void* caller) {
  if (caller == nullptr) caller = __builtin_return_address(0);
  const Side other(src);
  cudaError_t result = cudaSuccess;
  if (!valid_kind(kind)) {
    result = cudaErrorInvalidMemcpyDirection;
  } else if (offset > symbol_size || count > symbol_size - offset) {
    result = cudaErrorInvalidValue;
  } else if (count > 0 && (src == nullptr || (other.region && other.region->freed) || !other.fits(count))) {
    result = cudaErrorInvalidValue;
  }
  MemoryReference variable;
  variable.memory = "symbol";
  variable.offset = static_cast<std::int64_t>(offset);
  CopyNote note;
  if (result == cudaSuccess && count > 0) {
    char* target = static_cast<char*>(symbol) + offset;
    const DeviceMemoryAccess access(src, count);
    if (to_symbol) {
      std::memcpy(target, src, count);
    } else {
      std::memcpy(const_cast<void*>(src), target, count);
    }
    if (const CopyObserver observer = copy_observer.load()) {
      const MemoryReference other_end = memory_reference(src);
      note = to_symbol ? observer(CopySeen{target, src, count, other_end, variable, true})
                       : observer(CopySeen{const_cast<void*>(src), target, count, variable, other_end, true});
    }
  }
  if (recording_calls()) {
    RuntimeCall call;
    call.call = to_symbol ? "cudaMemcpyToSymbol" : "cudaMemcpyFromSymbol";
    call.requested_kind = kind_name(kind);
    (to_symbol ? call.dst : call.src) = variable;
    (to_symbol ? call.src : call.dst) = memory_reference(src);
    call.effective_kind = to_symbol ? effective_kind(other.on_device(), true) : effective_kind(true, other.on_device());
    call.bytes = count;
    call.copy = note.copy;
    call.carried = std::move(note.carried);
    record_call(std::move(call), result, caller);
  }
  return record_error(result);
}

}  // namespace kitcpu::detail

void kitcpu::observe_copies(CopyObserver observer) { detail::copy_observer.store(observer); }

void kitcpu::fail_device_allocation(int nth) { detail::allocations_before_failure.store(nth > 0 ? nth : 0); }

using kitcpu::detail::RegionKind;
using kitcpu::detail::record_error;

cudaError_t cudaMalloc(void** ptr, std::size_t size) {
  return kitcpu::detail::allocate("cudaMalloc", ptr, size, RegionKind::device, __builtin_return_address(0));
}
cudaError_t cudaMallocManaged(void** ptr, std::size_t size, unsigned int) {
  return kitcpu::detail::allocate("cudaMallocManaged", ptr, size, RegionKind::managed, __builtin_return_address(0));
}
cudaError_t cudaMallocHost(void** ptr, std::size_t size) {
  return kitcpu::detail::allocate("cudaMallocHost", ptr, size, RegionKind::pinned, __builtin_return_address(0));
}
cudaError_t cudaHostAlloc(void** ptr, std::size_t size, unsigned int) {
  return kitcpu::detail::allocate("cudaHostAlloc", ptr, size, RegionKind::pinned, __builtin_return_address(0));
}
cudaError_t cudaFree(void* ptr) { return kitcpu::detail::release("cudaFree", ptr, __builtin_return_address(0)); }
cudaError_t cudaFreeHost(void* ptr) {
  return kitcpu::detail::release("cudaFreeHost", ptr, __builtin_return_address(0));
}

cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind) {
  return kitcpu::detail::copy("cudaMemcpy", dst, src, count, kind, -1, __builtin_return_address(0));
}

cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind, cudaStream_t stream) {
  return kitcpu::detail::copy("cudaMemcpyAsync", dst, src, count, kind, kitcpu::detail::stream_id(stream),
                              __builtin_return_address(0));
}

cudaError_t cudaMemset(void* ptr, int value, std::size_t count) {
  return kitcpu::detail::set("cudaMemset", ptr, value, count, -1, __builtin_return_address(0));
}

cudaError_t cudaMemsetAsync(void* ptr, int value, std::size_t count, cudaStream_t stream) {
  return kitcpu::detail::set("cudaMemsetAsync", ptr, value, count, kitcpu::detail::stream_id(stream),
                             __builtin_return_address(0));
}

cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, std::size_t count, std::size_t offset,
                               cudaMemcpyKind kind) {
  if (symbol == nullptr) return record_error(cudaErrorInvalidSymbol);
  return kitcpu::detail::copy_symbol(const_cast<void*>(symbol), offset + count, src, count, offset, kind, true,
                                     __builtin_return_address(0));
}

cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, std::size_t count, std::size_t offset,
                                 cudaMemcpyKind kind) {
  if (symbol == nullptr) return record_error(cudaErrorInvalidSymbol);
  return kitcpu::detail::copy_symbol(const_cast<void*>(symbol), offset + count, dst, count, offset, kind, false,
                                     __builtin_return_address(0));
}

cudaError_t cudaMemGetInfo(std::size_t* free_bytes, std::size_t* total_bytes) {
  if (free_bytes == nullptr || total_bytes == nullptr) return record_error(cudaErrorInvalidValue);
  const std::size_t total = kitcpu::current_virtual_device().global_memory;
  *total_bytes = total;
  *free_bytes = total - std::min(total, kitcpu::detail::allocated_bytes());
  return cudaSuccess;
}
