// Device memory is host memory. Allocations are tracked so that cudaFree of a pointer that cudaMalloc
// never returned fails as it does on a GPU, instead of corrupting the heap.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include <kitcpu/runtime_api.h>
#include <kitcpu/virtual_device.h>

#include "device_allocations.h"

namespace kitcpu::detail {
namespace {

constexpr std::size_t kAlignment = 256;  // what cudaMalloc guarantees

struct Allocations {
  std::mutex mutex;
  std::unordered_map<void*, std::size_t> sizes;
  std::size_t total = 0;
};

Allocations& allocations() {
  static auto* a = new Allocations();  // outlives static destructors that may still call cudaFree
  return *a;
}

cudaError_t allocate(void** ptr, std::size_t size) {
  if (ptr == nullptr) return record_error(cudaErrorInvalidValue);
  *ptr = nullptr;
  if (size == 0) return cudaSuccess;
  Allocations& a = allocations();
  const std::lock_guard<std::mutex> lock(a.mutex);
  if (size > virtual_device::kGlobalMemory - a.total) return record_error(cudaErrorMemoryAllocation);
  // The exact size, not rounded up: AddressSanitizer then sees the first byte past the end.
  void* p = nullptr;
  if (posix_memalign(&p, kAlignment, size) != 0 || p == nullptr) return record_error(cudaErrorMemoryAllocation);
  a.sizes.emplace(p, size);
  a.total += size;
  *ptr = p;
  return cudaSuccess;
}

cudaError_t release(void* ptr) {
  if (ptr == nullptr) return cudaSuccess;
  Allocations& a = allocations();
  const std::lock_guard<std::mutex> lock(a.mutex);
  const auto it = a.sizes.find(ptr);
  if (it == a.sizes.end()) return record_error(cudaErrorInvalidValue);
  a.total -= it->second;
  a.sizes.erase(it);
  std::free(ptr);
  return cudaSuccess;
}

bool valid_kind(cudaMemcpyKind kind) { return kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault; }

}  // namespace

std::vector<AddressRange> device_allocation_ranges() {
  Allocations& a = allocations();
  std::vector<AddressRange> ranges;
  {
    const std::lock_guard<std::mutex> lock(a.mutex);
    ranges.reserve(a.sizes.size());
    for (const auto& [pointer, size] : a.sizes) {
      const auto begin = reinterpret_cast<std::uintptr_t>(pointer);
      ranges.push_back(AddressRange{begin, begin + size});
    }
  }
  std::sort(ranges.begin(), ranges.end(), [](const AddressRange& x, const AddressRange& y) { return x.begin < y.begin; });
  return ranges;
}

cudaError_t copy_symbol(void* symbol, std::size_t symbol_size, const void* src, std::size_t count,
                        std::size_t offset, cudaMemcpyKind kind, bool to_symbol) {
  if (!valid_kind(kind)) return record_error(cudaErrorInvalidMemcpyDirection);
  if (offset > symbol_size || count > symbol_size - offset) return record_error(cudaErrorInvalidValue);
  if (count == 0) return cudaSuccess;
  if (src == nullptr) return record_error(cudaErrorInvalidValue);
  char* target = static_cast<char*>(symbol) + offset;
  if (to_symbol) {
    std::memcpy(target, src, count);
  } else {
    std::memcpy(const_cast<void*>(src), target, count);
  }
  return cudaSuccess;
}

}  // namespace kitcpu::detail

using kitcpu::detail::record_error;

cudaError_t cudaMalloc(void** ptr, std::size_t size) { return kitcpu::detail::allocate(ptr, size); }
cudaError_t cudaMallocManaged(void** ptr, std::size_t size, unsigned int) { return kitcpu::detail::allocate(ptr, size); }
cudaError_t cudaMallocHost(void** ptr, std::size_t size) { return kitcpu::detail::allocate(ptr, size); }
cudaError_t cudaHostAlloc(void** ptr, std::size_t size, unsigned int) { return kitcpu::detail::allocate(ptr, size); }
cudaError_t cudaFree(void* ptr) { return kitcpu::detail::release(ptr); }
cudaError_t cudaFreeHost(void* ptr) { return kitcpu::detail::release(ptr); }

cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind) {
  if (!kitcpu::detail::valid_kind(kind)) return record_error(cudaErrorInvalidMemcpyDirection);
  if (count == 0) return cudaSuccess;
  if (dst == nullptr || src == nullptr) return record_error(cudaErrorInvalidValue);
  std::memmove(dst, src, count);
  return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpy(dst, src, count, kind);
}

cudaError_t cudaMemset(void* ptr, int value, std::size_t count) {
  if (count == 0) return cudaSuccess;
  if (ptr == nullptr) return record_error(cudaErrorInvalidValue);
  std::memset(ptr, value, count);
  return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void* ptr, int value, std::size_t count, cudaStream_t) {
  return cudaMemset(ptr, value, count);
}

cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, std::size_t count, std::size_t offset,
                               cudaMemcpyKind kind) {
  if (symbol == nullptr) return record_error(cudaErrorInvalidSymbol);
  return kitcpu::detail::copy_symbol(const_cast<void*>(symbol), offset + count, src, count, offset, kind, true);
}

cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, std::size_t count, std::size_t offset,
                                 cudaMemcpyKind kind) {
  if (symbol == nullptr) return record_error(cudaErrorInvalidSymbol);
  return kitcpu::detail::copy_symbol(const_cast<void*>(symbol), offset + count, dst, count, offset, kind, false);
}

cudaError_t cudaMemGetInfo(std::size_t* free_bytes, std::size_t* total_bytes) {
  if (free_bytes == nullptr || total_bytes == nullptr) return record_error(cudaErrorInvalidValue);
  auto& a = kitcpu::detail::allocations();
  const std::lock_guard<std::mutex> lock(a.mutex);
  *total_bytes = kitcpu::virtual_device::kGlobalMemory;
  *free_bytes = kitcpu::virtual_device::kGlobalMemory - a.total;
  return cudaSuccess;
}
