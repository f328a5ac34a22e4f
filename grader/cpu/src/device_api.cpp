// The virtual device: count, properties, attributes and occupancy (virtual_device.h has the numbers).
#include <algorithm>
#include <cstring>

#include <kitcpu/runtime_api.h>
#include <kitcpu/virtual_device.h>

#include "call_record.h"

namespace vd = kitcpu::virtual_device;
using kitcpu::detail::record_error;

namespace {

thread_local int current_device = 0;

bool valid_device(int device) { return device == 0; }

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
  std::memset(prop, 0, sizeof *prop);
  std::strncpy(prop->name, vd::kName, sizeof prop->name - 1);
  prop->totalGlobalMem = vd::kGlobalMemory;
  prop->sharedMemPerBlock = vd::kSharedMemoryPerBlock;
  prop->regsPerBlock = vd::kRegistersPerBlock;
  prop->warpSize = vd::kWarpSize;
  prop->memPitch = 2147483647;
  prop->maxThreadsPerBlock = static_cast<int>(vd::kMaxThreadsPerBlock);
  for (int a = 0; a < 3; ++a) {
    prop->maxThreadsDim[a] = static_cast<int>(vd::kMaxBlockDim[a]);
    prop->maxGridSize[a] = static_cast<int>(vd::kMaxGridDim[a]);
  }
  prop->totalConstMem = vd::kConstantMemory;
  prop->major = vd::kComputeMajor;
  prop->minor = vd::kComputeMinor;
  prop->multiProcessorCount = vd::kMultiprocessorCount;
  prop->concurrentKernels = 1;
  prop->unifiedAddressing = 1;
  prop->canMapHostMemory = 1;
  prop->managedMemory = 1;
  prop->memoryBusWidth = vd::kMemoryBusWidthBits;
  prop->l2CacheSize = vd::kL2CacheBytes;
  prop->maxThreadsPerMultiProcessor = vd::kMaxThreadsPerMultiprocessor;
  prop->sharedMemPerMultiprocessor = vd::kSharedMemoryPerMultiprocessor;
  prop->regsPerMultiprocessor = vd::kRegistersPerMultiprocessor;
  prop->sharedMemPerBlockOptin = vd::kSharedMemoryPerBlockOptin;
  prop->maxBlocksPerMultiProcessor = vd::kMaxBlocksPerMultiprocessor;
  prop->reservedSharedMemPerBlock = vd::kReservedSharedMemoryPerBlock;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  if (value == nullptr) return record_error(cudaErrorInvalidValue);
  if (!valid_device(device)) return record_error(cudaErrorInvalidDevice);
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = static_cast<int>(vd::kMaxThreadsPerBlock); break;
    case cudaDevAttrMaxBlockDimX: *value = static_cast<int>(vd::kMaxBlockDim[0]); break;
    case cudaDevAttrMaxBlockDimY: *value = static_cast<int>(vd::kMaxBlockDim[1]); break;
    case cudaDevAttrMaxBlockDimZ: *value = static_cast<int>(vd::kMaxBlockDim[2]); break;
    case cudaDevAttrMaxGridDimX: *value = static_cast<int>(vd::kMaxGridDim[0]); break;
    case cudaDevAttrMaxGridDimY: *value = static_cast<int>(vd::kMaxGridDim[1]); break;
    case cudaDevAttrMaxGridDimZ: *value = static_cast<int>(vd::kMaxGridDim[2]); break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = static_cast<int>(vd::kSharedMemoryPerBlock); break;
    case cudaDevAttrTotalConstantMemory: *value = static_cast<int>(vd::kConstantMemory); break;
    case cudaDevAttrWarpSize: *value = vd::kWarpSize; break;
    case cudaDevAttrMaxRegistersPerBlock: *value = vd::kRegistersPerBlock; break;
    case cudaDevAttrClockRate: *value = vd::kClockRateKHz; break;
    case cudaDevAttrMultiProcessorCount: *value = vd::kMultiprocessorCount; break;
    case cudaDevAttrIntegrated: *value = 0; break;
    case cudaDevAttrConcurrentKernels: *value = 1; break;
    case cudaDevAttrEccEnabled: *value = 0; break;
    case cudaDevAttrPciBusId: *value = 0; break;
    case cudaDevAttrPciDeviceId: *value = 0; break;
    case cudaDevAttrPciDomainId: *value = 0; break;
    case cudaDevAttrMemoryClockRate: *value = vd::kMemoryClockRateKHz; break;
    case cudaDevAttrGlobalMemoryBusWidth: *value = vd::kMemoryBusWidthBits; break;
    case cudaDevAttrL2CacheSize: *value = vd::kL2CacheBytes; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = vd::kMaxThreadsPerMultiprocessor; break;
    case cudaDevAttrAsyncEngineCount: *value = 0; break;
    case cudaDevAttrUnifiedAddressing: *value = 1; break;
    case cudaDevAttrComputeCapabilityMajor: *value = vd::kComputeMajor; break;
    case cudaDevAttrComputeCapabilityMinor: *value = vd::kComputeMinor; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = static_cast<int>(vd::kSharedMemoryPerMultiprocessor); break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: *value = vd::kRegistersPerMultiprocessor; break;
    case cudaDevAttrManagedMemory: *value = 1; break;
    case cudaDevAttrCooperativeLaunch: *value = 0; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = static_cast<int>(vd::kSharedMemoryPerBlockOptin); break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *value = vd::kMaxBlocksPerMultiprocessor; break;
    case cudaDevAttrMaxPersistingL2CacheSize: *value = 0; break;
    case cudaDevAttrMaxAccessPolicyWindowSize: *value = 0; break;
    case cudaDevAttrReservedSharedMemoryPerBlock: *value = static_cast<int>(vd::kReservedSharedMemoryPerBlock); break;
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
// shared memory (each block also reserves kReservedSharedMemoryPerBlock, as on the GPUs it models).
cudaError_t max_active_blocks_per_multiprocessor(int* blocks, int block_size, std::size_t dynamic_shared_bytes) {
  if (blocks == nullptr || block_size <= 0) return record_error(cudaErrorInvalidValue);
  if (block_size > static_cast<int>(vd::kMaxThreadsPerBlock) || dynamic_shared_bytes > vd::kSharedMemoryPerBlockOptin) {
    *blocks = 0;
    return cudaSuccess;
  }
  const int warps = (block_size + vd::kWarpSize - 1) / vd::kWarpSize;
  int limit = std::min(vd::kMaxBlocksPerMultiprocessor, vd::kMaxThreadsPerMultiprocessor / (warps * vd::kWarpSize));
  const std::size_t per_block = dynamic_shared_bytes + vd::kReservedSharedMemoryPerBlock;
  limit = std::min<int>(limit, static_cast<int>(vd::kSharedMemoryPerMultiprocessor / per_block));
  *blocks = limit;
  return cudaSuccess;
}

}  // namespace kitcpu::detail
