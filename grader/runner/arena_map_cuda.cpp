// The cuda backend's arena: GPU memory the trusted helper allocated and exported as a file descriptor,
// imported and mapped here with the CUDA driver into this process's primary context.
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <map>
#include <utility>

#include "arena_map.h"
#include "kit/exportable_gpu_memory.h"

namespace kit {
namespace {

// What unmap_arena must give back for each mapped arena: the imported handle and the mapped size.
std::map<CUdeviceptr, std::pair<CUmemGenericAllocationHandle, std::size_t>>& mapped_arenas() {
  static std::map<CUdeviceptr, std::pair<CUmemGenericAllocationHandle, std::size_t>> arenas;
  return arenas;
}

}  // namespace

unsigned char* map_arena(int fd, std::size_t bytes, std::string* error) {
  if (cudaFree(nullptr) != cudaSuccess) {  // creates the primary context the driver calls use
    *error = "no usable GPU";
    return nullptr;
  }
  int device = 0;
  cudaGetDevice(&device);
  const CUmemAllocationProp prop = exportable_allocation(device);
  std::size_t granularity = 0;
  CUresult r = cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  if (r != CUDA_SUCCESS) {
    *error = cu_error_text(r, "cuMemGetAllocationGranularity");
    return nullptr;
  }
  const std::size_t size = (bytes + granularity - 1) / granularity * granularity;
  CUmemGenericAllocationHandle handle = 0;
  CUdeviceptr ptr = 0;
  if ((r = cuMemImportFromShareableHandle(&handle, reinterpret_cast<void*>(static_cast<std::intptr_t>(fd)),
                                          CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)) != CUDA_SUCCESS) {
    *error = cu_error_text(r, "cuMemImportFromShareableHandle");
    return nullptr;
  }
  const char* failed = nullptr;
  if ((r = map_read_write(handle, size, granularity, prop, &ptr, &failed)) != CUDA_SUCCESS) {
    *error = cu_error_text(r, failed);
    return nullptr;
  }
  mapped_arenas()[ptr] = {handle, size};
  return reinterpret_cast<unsigned char*>(ptr);
}

void unmap_arena(unsigned char* base, std::size_t) {
  const CUdeviceptr ptr = reinterpret_cast<CUdeviceptr>(base);
  const auto found = mapped_arenas().find(ptr);
  if (found == mapped_arenas().end()) return;
  cudaDeviceSynchronize();  // nothing of the last case may still use it
  const auto [handle, size] = found->second;
  cuMemUnmap(ptr, size);
  cuMemAddressFree(ptr, size);
  cuMemRelease(handle);
  mapped_arenas().erase(found);
}

void name_arrays(const RunnerCase&, unsigned char*) {}  // compute-sanitizer names addresses itself

}  // namespace kit
