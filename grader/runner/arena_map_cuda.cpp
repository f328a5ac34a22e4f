// The cuda backend's arena: GPU memory the trusted helper allocated and exported as a file descriptor,
// imported and mapped here with the CUDA driver into this process's primary context.
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "arena_map.h"

namespace kit {
namespace {

std::string error_text(CUresult r, const char* what) {
  const char* name = nullptr;
  cuGetErrorName(r, &name);
  return std::string(what) + ": " + (name ? name : "unknown CUDA driver error");
}

}  // namespace

unsigned char* map_arena(int fd, std::size_t bytes, std::string* error) {
  if (cudaFree(nullptr) != cudaSuccess) {  // creates the primary context the driver calls use
    *error = "no usable GPU";
    return nullptr;
  }
  int device = 0;
  cudaGetDevice(&device);
  CUmemAllocationProp prop{};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = device;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  std::size_t granularity = 0;
  CUresult r = cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  if (r != CUDA_SUCCESS) {
    *error = error_text(r, "cuMemGetAllocationGranularity");
    return nullptr;
  }
  const std::size_t size = (bytes + granularity - 1) / granularity * granularity;
  CUmemGenericAllocationHandle handle = 0;
  CUdeviceptr ptr = 0;
  if ((r = cuMemImportFromShareableHandle(&handle, reinterpret_cast<void*>(static_cast<std::intptr_t>(fd)),
                                          CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)) != CUDA_SUCCESS) {
    *error = error_text(r, "cuMemImportFromShareableHandle");
    return nullptr;
  }
  if ((r = cuMemAddressReserve(&ptr, size, granularity, 0, 0)) != CUDA_SUCCESS ||
      (r = cuMemMap(ptr, size, 0, handle, 0)) != CUDA_SUCCESS) {
    *error = error_text(r, "cuMemMap");
    return nullptr;
  }
  CUmemAccessDesc access{};
  access.location = prop.location;
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  if ((r = cuMemSetAccess(ptr, size, &access, 1)) != CUDA_SUCCESS) {
    *error = error_text(r, "cuMemSetAccess");
    return nullptr;
  }
  return reinterpret_cast<unsigned char*>(ptr);
}

}  // namespace kit
