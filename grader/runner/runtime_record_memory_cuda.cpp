// Device allocations and synchronisation on a GPU (runtime_record.h): the record counts what the
// student's code allocates and frees, and when it waits for the GPU, so the grader can name a leak, an
// unchecked failure (the case may ask for the nth cudaMalloc to fail), or a copy back not waited for.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "call_site.h"
#include "runtime_record.h"

namespace {

std::string pointer_text(const void* p) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(p)));
  return text;
}

void report_memory_call(nlohmann::json call, cudaError_t result) {
  call["type"] = "call";
  call["result"] = cudaGetErrorName(result);
  call["frames"] = kit::call_site_frames();
  kit::report_runtime_call(call.dump());
}

}  // namespace

extern "C" {

cudaError_t __real_cudaMalloc(void**, size_t);
cudaError_t __real_cudaFree(void*);
cudaError_t __real_cudaDeviceSynchronize();
cudaError_t __real_cudaStreamSynchronize(cudaStream_t);

cudaError_t __wrap_cudaMalloc(void** pointer, size_t bytes) {
  if (!kit::recording_calls()) return __real_cudaMalloc(pointer, bytes);
  cudaError_t result = cudaErrorMemoryAllocation;
  if (kit::injected_allocation_failure()) {
    // What a GPU out of memory does: no pointer, and a sticky last error until it is read.
    if (pointer) *pointer = nullptr;
    __real_cudaMalloc(pointer, ~size_t{0} >> 1);
    if (pointer) *pointer = nullptr;
  } else {
    result = __real_cudaMalloc(pointer, bytes);
  }
  report_memory_call({{"call", "cudaMalloc"}, {"bytes", bytes},
          {"pointer", result == cudaSuccess && pointer ? pointer_text(*pointer) : std::string()}},
         result);
  return result;
}

cudaError_t __wrap_cudaFree(void* pointer) {
  const cudaError_t result = __real_cudaFree(pointer);
  if (kit::recording_calls()) report_memory_call({{"call", "cudaFree"}, {"pointer", pointer_text(pointer)}}, result);
  return result;
}

cudaError_t __wrap_cudaDeviceSynchronize() {
  const cudaError_t result = __real_cudaDeviceSynchronize();
  if (kit::recording_calls()) report_memory_call({{"call", "cudaDeviceSynchronize"}}, result);
  return result;
}

cudaError_t __wrap_cudaStreamSynchronize(cudaStream_t stream) {
  const cudaError_t result = __real_cudaStreamSynchronize(stream);
  if (kit::recording_calls())
    report_memory_call({{"call", "cudaStreamSynchronize"}, {"stream", pointer_text(stream)}}, result);
  return result;
}

}  // extern "C"
