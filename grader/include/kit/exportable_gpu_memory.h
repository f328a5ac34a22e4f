// GPU memory one process allocates and another maps (kit/device_memory.h): the CUDA driver's virtual
// memory management, exported as a POSIX file descriptor. The trusted helper that allocates it and the
// runner that maps it must agree on its properties and on how sizes are rounded, so both come from here.
#pragma once

#include <cuda.h>

#include <cstddef>
#include <string>

namespace kit {

inline std::string cu_error_text(CUresult r, const char* what) {
  const char* name = nullptr;
  cuGetErrorName(r, &name);
  return std::string(what) + ": " + (name ? name : "unknown CUDA driver error");
}

// Device memory on `device` whose handle can be exported as a file descriptor.
inline CUmemAllocationProp exportable_allocation(int device) {
  CUmemAllocationProp prop{};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = device;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  return prop;
}

// Reserves an address range for `size` bytes (a multiple of `granularity`), maps `handle` there and
// makes it readable and writable from the allocation's device. On failure *what names the call.
inline CUresult map_read_write(CUmemGenericAllocationHandle handle, std::size_t size, std::size_t granularity,
                               const CUmemAllocationProp& prop, CUdeviceptr* ptr, const char** what) {
  CUresult r = CUDA_SUCCESS;
  *what = "cuMemMap";
  if ((r = cuMemAddressReserve(ptr, size, granularity, 0, 0)) != CUDA_SUCCESS ||
      (r = cuMemMap(*ptr, size, 0, handle, 0)) != CUDA_SUCCESS)
    return r;
  CUmemAccessDesc access{};
  access.location = prop.location;
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  *what = "cuMemSetAccess";
  return cuMemSetAccess(*ptr, size, &access, 1);
}

}  // namespace kit
