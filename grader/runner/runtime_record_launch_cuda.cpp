// Kernel launches on a GPU (runtime_record.h): nvcc's launch code calls __cudaLaunchKernel (or its
// per-thread-stream twin) with the kernel's handle; a file may call cudaLaunchKernel itself.
#include <cuda_runtime.h>
#include <cxxabi.h>

#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime_record.h"

namespace {

void report_launch(const void* function, dim3 grid, dim3 block, size_t shared_bytes) {
  if (!kit::recording_calls()) return;
  const char* mangled = nullptr;
  if (cudaFuncGetName(&mangled, function) != cudaSuccess || !mangled) {
    cudaGetLastError();  // not the student's error to see
    mangled = "?";
  }
  int status = 0;
  char* demangled = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  const std::string name = status == 0 && demangled ? demangled : mangled;
  std::free(demangled);
  kit::report_runtime_call(nlohmann::json{{"type", "call"},
                                          {"call", "launch"},
                                          {"kernel", name},
                                          {"grid", {grid.x, grid.y, grid.z}},
                                          {"block", {block.x, block.y, block.z}},
                                          {"shared_bytes", shared_bytes}}
                               .dump());
}

}  // namespace

extern "C" {

cudaError_t __real_cudaLaunchKernel(const void*, dim3, dim3, void**, size_t, cudaStream_t);
cudaError_t __real___cudaLaunchKernel(cudaKernel_t, dim3, dim3, void**, size_t, cudaStream_t);
cudaError_t __real___cudaLaunchKernel_ptsz(cudaKernel_t, dim3, dim3, void**, size_t, cudaStream_t);

cudaError_t __wrap_cudaLaunchKernel(const void* function, dim3 grid, dim3 block, void** args, size_t shared_bytes,
                                    cudaStream_t stream) {
  report_launch(function, grid, block, shared_bytes);
  return __real_cudaLaunchKernel(function, grid, block, args, shared_bytes, stream);
}

cudaError_t __wrap___cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block, void** args, size_t shared_bytes,
                                      cudaStream_t stream) {
  report_launch(reinterpret_cast<const void*>(kernel), grid, block, shared_bytes);
  return __real___cudaLaunchKernel(kernel, grid, block, args, shared_bytes, stream);
}

cudaError_t __wrap___cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 grid, dim3 block, void** args,
                                           size_t shared_bytes, cudaStream_t stream) {
  report_launch(reinterpret_cast<const void*>(kernel), grid, block, shared_bytes);
  return __real___cudaLaunchKernel_ptsz(kernel, grid, block, args, shared_bytes, stream);
}

}  // extern "C"
