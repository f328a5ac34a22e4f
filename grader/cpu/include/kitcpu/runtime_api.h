// The part of the CUDA runtime API the kit's harnesses and assignments call, with CUDA's names, numeric
// error codes and semantics, backed by host memory and a virtual device (virtual_device.h).
//
// Errors: every call that fails records its error as the calling host thread's last error, which
// cudaGetLastError returns and clears and cudaPeekAtLastError returns. An invalid launch
// configuration is such an error (cudaErrorInvalidValue, as CUDA 13.0 answers on a GPU). Errors that are
// sticky on a GPU (an illegal address, a device-side assert) end the process with a fatal diagnostic
// instead, because what a student needs then is the thread and the line, not the error code.
//
// Streams and events: all work is synchronous, so every stream is the default stream and events are
// host clock readings.
#pragma once

#include <cstddef>

#include <kitcpu/vector_types.h>

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorAssert = 710,
  cudaErrorLaunchFailure = 719,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999,
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};

typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;

#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaMemAttachGlobal 0x01

// The fields of CUDA 13's cudaDeviceProp that harnesses and students read, with the same names and
// types. Fields CUDA 13 removed (clockRate, memoryClockRate...) are absent here too.
struct cudaDeviceProp {
  char name[256];
  std::size_t totalGlobalMem;
  std::size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  std::size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  std::size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int integrated;
  int canMapHostMemory;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  std::size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int cooperativeLaunch;
  std::size_t sharedMemPerBlockOptin;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  std::size_t reservedSharedMemPerBlock;
};

// The attributes cudaDeviceGetAttribute answers, with CUDA's numeric values. Any other value is
// answered with cudaErrorInvalidValue.
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxRegistersPerBlock = 12,
  cudaDevAttrClockRate = 13,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrIntegrated = 18,
  cudaDevAttrConcurrentKernels = 31,
  cudaDevAttrEccEnabled = 32,
  cudaDevAttrPciBusId = 33,
  cudaDevAttrPciDeviceId = 34,
  cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrAsyncEngineCount = 40,
  cudaDevAttrUnifiedAddressing = 41,
  cudaDevAttrPciDomainId = 50,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82,
  cudaDevAttrManagedMemory = 83,
  cudaDevAttrCooperativeLaunch = 95,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106,
  cudaDevAttrMaxPersistingL2CacheSize = 108,
  cudaDevAttrMaxAccessPolicyWindowSize = 109,
  cudaDevAttrReservedSharedMemoryPerBlock = 111,
};

// Errors.
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
const char* cudaGetErrorString(cudaError_t error);
const char* cudaGetErrorName(cudaError_t error);

// The device.
cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaDeviceReset();
cudaError_t cudaDriverGetVersion(int* version);
cudaError_t cudaRuntimeGetVersion(int* version);
cudaError_t cudaMemGetInfo(std::size_t* free_bytes, std::size_t* total_bytes);

// Memory. cudaMalloc'ed memory has mappings of its own, 256-byte aligned like cudaMalloc's, that host
// code cannot touch outside kernels and the runtime's copies (src/device_memory.h); managed and pinned
// memory come from the heap, host code may use them as on a GPU. Copies check their kind against the
// pointers as CUDA does (src/memory_api.cpp).
cudaError_t cudaMalloc(void** ptr, std::size_t size);
cudaError_t cudaMallocManaged(void** ptr, std::size_t size, unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void** ptr, std::size_t size);
cudaError_t cudaHostAlloc(void** ptr, std::size_t size, unsigned int flags);
cudaError_t cudaFree(void* ptr);
cudaError_t cudaFreeHost(void* ptr);
cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind,
                            cudaStream_t stream = nullptr);
cudaError_t cudaMemset(void* ptr, int value, std::size_t count);
cudaError_t cudaMemsetAsync(void* ptr, int value, std::size_t count, cudaStream_t stream = nullptr);
cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, std::size_t count,
                               std::size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, std::size_t count,
                                 std::size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyDeviceToHost);

// The templates are always inlined, so that the runtime sees the caller's return address in the
// caller's own code, which the record of calls (kitcpu/runtime_calls.h) names as the call's line.
template <class T>
__attribute__((always_inline)) inline cudaError_t cudaMalloc(T** ptr, std::size_t size) {
  return ::cudaMalloc(reinterpret_cast<void**>(ptr), size);
}
template <class T>
__attribute__((always_inline)) inline cudaError_t cudaMallocManaged(T** ptr, std::size_t size,
                                                                     unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged(reinterpret_cast<void**>(ptr), size, flags);
}
template <class T>
__attribute__((always_inline)) inline cudaError_t cudaMallocHost(T** ptr, std::size_t size) {
  return ::cudaMallocHost(reinterpret_cast<void**>(ptr), size);
}
template <class T>
__attribute__((always_inline)) inline cudaError_t cudaHostAlloc(T** ptr, std::size_t size, unsigned int flags) {
  return ::cudaHostAlloc(reinterpret_cast<void**>(ptr), size, flags);
}

namespace kitcpu::detail {
// Records a failure as the calling thread's last error (success leaves it alone) and returns it.
cudaError_t record_error(cudaError_t error);

// Copies into or out of a __constant__ or __device__ variable after checking the range against its
// size, which only the templates below know. `caller`: the return address into the code that asked for
// the copy; nullptr for copy_symbol's own.
cudaError_t copy_symbol(void* symbol, std::size_t symbol_size, const void* src, std::size_t count,
                        std::size_t offset, cudaMemcpyKind kind, bool to_symbol, const void* caller = nullptr);
}  // namespace kitcpu::detail

template <class T>
__attribute__((always_inline)) inline cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src,
                                                                      std::size_t count, std::size_t offset = 0,
                                                                      cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return kitcpu::detail::copy_symbol(const_cast<void*>(static_cast<const void*>(&symbol)), sizeof(T), src,
                                     count, offset, kind, true);
}
template <class T>
__attribute__((always_inline)) inline cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol,
                                                                        std::size_t count, std::size_t offset = 0,
                                                                        cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return kitcpu::detail::copy_symbol(const_cast<void*>(static_cast<const void*>(&symbol)), sizeof(T), dst,
                                     count, offset, kind, false);
}

namespace kitcpu::detail {
// A __device__ or __constant__ variable whose address host code obtained: device memory a kernel may be
// given as a pointer argument (host_pointers.h).
void note_symbol_address(const void* address, std::size_t bytes);
}  // namespace kitcpu::detail

template <class T>
cudaError_t cudaGetSymbolAddress(void** address, const T& symbol) {
  if (address == nullptr) return kitcpu::detail::record_error(cudaErrorInvalidValue);
  *address = const_cast<void*>(static_cast<const void*>(&symbol));
  kitcpu::detail::note_symbol_address(*address, sizeof(T));
  return cudaSuccess;
}
template <class T>
cudaError_t cudaGetSymbolSize(std::size_t* size, const T&) {
  if (size == nullptr) return kitcpu::detail::record_error(cudaErrorInvalidValue);
  *size = sizeof(T);
  return cudaSuccess;
}

// Cache preferences mean nothing on the CPU; accepted so that textbook code compiles.
enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3,
};
inline cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return cudaSuccess; }
template <class Kernel>
cudaError_t cudaFuncSetCacheConfig(Kernel, cudaFuncCache) {
  return cudaSuccess;
}

// Streams: accepted for source compatibility; everything runs synchronously in issue order.
cudaError_t cudaStreamCreate(cudaStream_t* stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);

// Events: the host's steady clock at the moment of cudaEventRecord.
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = nullptr);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

// Occupancy from the virtual device's per-multiprocessor limits (threads, blocks, shared memory).
// The kernel's own __shared__ arrays are unknown before it runs, so only `dynamic_shared_bytes` counts.
namespace kitcpu::detail {
cudaError_t max_active_blocks_per_multiprocessor(int* blocks, int block_size, std::size_t dynamic_shared_bytes);
}  // namespace kitcpu::detail

template <class Kernel>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, Kernel, int block_size,
                                                          std::size_t dynamic_shared_bytes) {
  return kitcpu::detail::max_active_blocks_per_multiprocessor(blocks, block_size, dynamic_shared_bytes);
}
