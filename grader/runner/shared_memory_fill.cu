#include "shared_memory_fill.h"

#include <cstdint>

#include "kit/poison.h"

extern "C" cudaError_t __real_cudaLaunchKernel(const void*, dim3, dim3, void**, size_t, cudaStream_t);

namespace kit {
namespace {

__global__ void fill_with_pattern(std::uint32_t pattern, unsigned words) {
  extern __shared__ std::uint32_t block_shared[];
  for (unsigned i = threadIdx.x; i < words; i += blockDim.x) block_shared[i] = pattern;
  // A store the compiler could prove dead would be dropped: the barrier and a read keep it.
  __syncthreads();
  if (block_shared[threadIdx.x % words] != pattern) block_shared[0] = pattern;
}

struct Filler {
  bool usable = false;
  dim3 grid, block;
  std::size_t bytes = 0;
};

// One block per SM, each as large as a block's shared memory may be, so that no two fit on one SM.
Filler set_up() {
  Filler f;
  int device = 0, sms = 0, optin = 0, threads = 0;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, device) != cudaSuccess || optin <= 0 ||
      cudaFuncSetAttribute(fill_with_pattern, cudaFuncAttributeMaxDynamicSharedMemorySize, optin) != cudaSuccess ||
      cudaFuncSetAttribute(fill_with_pattern, cudaFuncAttributePreferredSharedMemoryCarveout,
                           cudaSharedmemCarveoutMaxShared) != cudaSuccess) {
    cudaGetLastError();  // the runner's own failure, not the student's to see
    return f;
  }
  f.usable = true;
  f.grid = dim3(static_cast<unsigned>(sms));
  f.block = dim3(static_cast<unsigned>(threads));
  f.bytes = static_cast<std::size_t>(optin);
  return f;
}

}  // namespace

void fill_shared_memory(cudaStream_t stream) {
  if (cudaPeekAtLastError() != cudaSuccess) return;
  static const Filler filler = set_up();
  if (!filler.usable) return;
  std::uint32_t pattern = kUnsetBits;
  unsigned words = static_cast<unsigned>(filler.bytes / sizeof(std::uint32_t));
  void* args[] = {&pattern, &words};
  if (__real_cudaLaunchKernel(reinterpret_cast<const void*>(fill_with_pattern), filler.grid, filler.block, args,
                              filler.bytes, stream) != cudaSuccess)
    cudaGetLastError();
}

}  // namespace kit
