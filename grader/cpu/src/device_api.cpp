// The run's virtual device: count, properties, attributes and occupancy (virtual_device.h has the numbers).
#include <algorithm>
#include <cstring>

#include <kitcpu/runtime_api.h>
#include <kitcpu/virtual_device.h>

#include "call_record.h"
#include "launch_config_check.h"

using kitcpu::detail::record_error;

namespace {

thread_local int current_device = 0;

bool valid_device(int device) { return device == 0; }

const kitcpu::VirtualDevice& vd() { return kitcpu::current_virtual_device(); }

}  // namespace

cudaError_t cudaGetDeviceCount(int* count) {
  if (count == nullptr) return record_error(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}

cudaError_t cudaGetDevice(int* device) {
  if (device == nullptr) return record_error(cudaErrorInvalidValue);
  *device = current_device;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int device) {
  if (!valid_device(device)) return record_error(cudaErrorInvalidDevice);
  current_device = device;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (prop == nullptr) return record_error(cudaErrorInvalidValue);
  if (!valid_device(device)) return record_error(cudaErrorInvalidDevice);
  kitcpu::detail::note_device_asked();
  const kitcpu::VirtualDevice& d = vd();
  std::memset(prop, 0, sizeof *prop);
  std::strncpy(prop->name, d.name, sizeof prop->name - 1);
  prop->totalGlobalMem = d.global_memory;
  prop->sharedMemPerBlock = d.shared_memory_per_block;
  prop->regsPerBlock = d.registers_per_block;
  prop->warpSize = d.warp_size;
  prop->memPitch = 2147483647;
  prop->maxThreadsPerBlock = static_cast<int>(d.max_threads_per_block);
  for (int a = 0; a < 3; ++a) {
    prop->maxThreadsDim[a] = static_cast<int>(d.max_block_dim[a]);
    prop->maxGridSize[a] = static_cast<int>(d.max_grid_dim[a]);
  }
  prop->totalConstMem = d.constant_memory;
  prop->major = d.compute_major;
  prop->minor = d.compute_minor;
  prop->multiProcessorCount = d.multiprocessor_count;
  prop->concurrentKernels = 1;
  prop->unifiedAddressing = 1;
  prop->canMapHostMemory = 1;
  prop->managedMemory = 1;
  prop->memoryBusWidth = d.memory_bus_width_bits;
  prop->l2CacheSize = d.l2_cache_bytes;
  prop->maxThreadsPerMultiProcessor = d.max_threads_per_multiprocessor;
  prop->sharedMemPerMultiprocessor = d.shared_memory_per_multiprocessor;
  prop->regsPerMultiprocessor = d.registers_per_multiprocessor;
  prop->sharedMemPerBlockOptin = d.shared_memory_per_block_optin;
  prop->maxBlocksPerMultiProcessor = d.max_blocks_per_multiprocessor;
  prop->reservedSharedMemPerBlock = d.reserved_shared_memory_per_block;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  if (value == nullptr) return record_error(cudaErrorInvalidValue);
  if (!valid_device(device)) return record_error(cudaErrorInvalidDevice);
  kitcpu::detail::note_device_asked();
  const kitcpu::VirtualDevice& d = vd();
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = static_cast<int>(d.max_threads_per_block); break;
    case cudaDevAttrMaxBlockDimX: *value = static_cast<int>(d.max_block_dim[0]); break;
    case cudaDevAttrMaxBlockDimY: *value = static_cast<int>(d.max_block_dim[1]); break;
    case cudaDevAttrMaxBlockDimZ: *value = static_cast<int>(d.max_block_dim[2]); break;
    case cudaDevAttrMaxGridDimX: *value = static_cast<int>(d.max_grid_dim[0]); break;
    case cudaDevAttrMaxGridDimY: *value = static_cast<int>(d.max_grid_dim[1]); break;
    case cudaDevAttrMaxGridDimZ: *value = static_cast<int>(d.max_grid_dim[2]); break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = static_cast<int>(d.shared_memory_per_block); break;
    case cudaDevAttrTotalConstantMemory: *value = static_cast<int>(d.constant_memory); break;
    case cudaDevAttrWarpSize: *value = d.warp_size; break;
    case cudaDevAttrMaxRegistersPerBlock: *value = d.registers_per_block; break;
    case cudaDevAttrClockRate: *value = d.clock_rate_khz; break;
    case cudaDevAttrMultiProcessorCount: *value = d.multiprocessor_count; break;
    case cudaDevAttrIntegrated: *value = 0; break;
    case cudaDevAttrConcurrentKernels: *value = 1; break;
    case cudaDevAttrEccEnabled: *value = 0; break;
    case cudaDevAttrPciBusId: *value = 0; break;
    case cudaDevAttrPciDeviceId: *value = 0; break;
    case cudaDevAttrPciDomainId: *value = 0; break;
    case cudaDevAttrMemoryClockRate: *value = d.memory_clock_rate_khz; break;
    case cudaDevAttrGlobalMemoryBusWidth: *value = d.memory_bus_width_bits; break;
    case cudaDevAttrL2CacheSize: *value = d.l2_cache_bytes; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = d.max_threads_per_multiprocessor; break;
    case cudaDevAttrAsyncEngineCount: *value = 0; break;
    case cudaDevAttrUnifiedAddressing: *value = 1; break;
    case cudaDevAttrComputeCapabilityMajor: *value = d.compute_major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = d.compute_minor; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = static_cast<int>(d.shared_memory_per_multiprocessor); break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: *value = d.registers_per_multiprocessor; break;
    case cudaDevAttrManagedMemory: *value = 1; break;
    case cudaDevAttrCooperativeLaunch: *value = 0; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = static_cast<int>(d.shared_memory_per_block_optin); break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *value = d.max_blocks_per_multiprocessor; break;
    case cudaDevAttrMaxPersistingL2CacheSize: *value = 0; break;
    case cudaDevAttrMaxAccessPolicyWindowSize: *value = 0; break;
    case cudaDevAttrReservedSharedMemoryPerBlock: *value = static_cast<int>(d.reserved_shared_memory_per_block); break;
    default: return record_error(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

namespace {

cudaError_t noted(const char* name, const void* caller) {
  if (kitcpu::detail::recording_calls()) {
    kitcpu::RuntimeCall call;
    call.call = name;
    kitcpu::detail::record_call(std::move(call), cudaSuccess, caller);
  }
  return cudaSuccess;
}

}  // namespace

// Every launch has finished by the time it returns: there is nothing to wait for.
cudaError_t cudaDeviceSynchronize() { return noted("cudaDeviceSynchronize", __builtin_return_address(0)); }
cudaError_t cudaDeviceReset() { return noted("cudaDeviceReset", __builtin_return_address(0)); }

cudaError_t cudaDriverGetVersion(int* version) {
  if (version == nullptr) return record_error(cudaErrorInvalidValue);
  *version = 13000;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int* version) {
  if (version == nullptr) return record_error(cudaErrorInvalidValue);
  *version = 13000;
  return cudaSuccess;
}

namespace kitcpu::detail {

// Blocks that fit on one multiprocessor at once, limited by threads (in whole warps), by blocks, and by
// shared memory (each block also reserves the device's reserved shared memory, as on the GPUs it models).
cudaError_t max_active_blocks_per_multiprocessor(int* blocks, int block_size, std::size_t dynamic_shared_bytes) {
  if (blocks == nullptr || block_size <= 0) return record_error(cudaErrorInvalidValue);
  const VirtualDevice& d = current_virtual_device();
  if (block_size > static_cast<int>(d.max_threads_per_block) || dynamic_shared_bytes > d.shared_memory_per_block_optin) {
    *blocks = 0;
    return cudaSuccess;
  }
  const int warps = (block_size + d.warp_size - 1) / d.warp_size;
  int limit = std::min(d.max_blocks_per_multiprocessor, d.max_threads_per_multiprocessor / (warps * d.warp_size));
  const std::size_t per_block = dynamic_shared_bytes + d.reserved_shared_memory_per_block;
  if (per_block > 0) limit = std::min<int>(limit, static_cast<int>(d.shared_memory_per_multiprocessor / per_block));
  *blocks = limit;
  return cudaSuccess;
}

}  // namespace kitcpu::detail
