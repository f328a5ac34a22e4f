// Device allocations and synchronisation on a GPU (runtime_record.h): the record counts what the
// student's code allocates and frees, and when it waits for the GPU, so the grader can name a leak, an
// unchecked failure (the case may ask for the nth cudaMalloc to fail), or a copy back not waited for.
#include <cuda_runtime.h>

#include <nlohmann/json.hpp>

#include "call_site.h"
#include "runtime_record.h"

namespace {

using kit::pointer_text;

void report_memory_call(nlohmann::json call, cudaError_t result) {
  call["type"] = "call";
  call["result"] = cudaGetErrorName(result);
  call["frames"] = kit::call_site_frames();
  kit::report_runtime_call(call.dump());
}

// Any allocation the student's code makes, kept by the record whether or not it is recording (one made
// before the function, by a global constructor, is still named when a copy or a launch uses it).
cudaError_t noted(const char* call, void** pointer, size_t bytes, const char* memory, cudaError_t result) {
  if (result == cudaSuccess && pointer) kit::note_allocation(*pointer, bytes, memory, call);
  if (kit::recording_calls())
    report_memory_call({{"call", call}, {"bytes", bytes}, {"memory", memory},
                        {"pointer", result == cudaSuccess && pointer ? pointer_text(*pointer) : std::string()}},
                       result);
  return result;
}

cudaError_t released(const char* call, void* pointer, cudaError_t result) {
  if (result == cudaSuccess) kit::forget_allocation(pointer);
  if (kit::recording_calls()) report_memory_call({{"call", call}, {"pointer", pointer_text(pointer)}}, result);
  return result;
}


}  // namespace

extern "C" {

cudaError_t __real_cudaMalloc(void**, size_t);
cudaError_t __real_cudaFree(void*);
cudaError_t __real_cudaMallocManaged(void**, size_t, unsigned int);
cudaError_t __real_cudaMallocHost(void**, size_t);
cudaError_t __real_cudaHostAlloc(void**, size_t, unsigned int);
cudaError_t __real_cudaFreeHost(void*);
cudaError_t __real_cudaDeviceSynchronize();
cudaError_t __real_cudaStreamSynchronize(cudaStream_t);

cudaError_t __wrap_cudaMalloc(void** pointer, size_t bytes) {
  if (!kit::recording_calls()) return noted("cudaMalloc", pointer, bytes, "device", __real_cudaMalloc(pointer, bytes));
  cudaError_t result = cudaErrorMemoryAllocation;
  if (kit::injected_allocation_failure()) {
    // What a GPU out of memory does: no pointer, and a sticky last error until it is read.
    if (pointer) *pointer = nullptr;
    __real_cudaMalloc(pointer, ~size_t{0} >> 1);
    if (pointer) *pointer = nullptr;
  } else {
    result = __real_cudaMalloc(pointer, bytes);
  }
  return noted("cudaMalloc", pointer, bytes, "device", result);
}

// Managed memory counts as a device allocation for an injected failure, as on the CPU backend.
cudaError_t __wrap_cudaMallocManaged(void** pointer, size_t bytes, unsigned int flags) {
  if (kit::recording_calls() && kit::injected_allocation_failure()) {
    if (pointer) *pointer = nullptr;
    __real_cudaMallocManaged(pointer, ~size_t{0} >> 1, flags);
    if (pointer) *pointer = nullptr;
    return noted("cudaMallocManaged", pointer, bytes, "managed", cudaErrorMemoryAllocation);
  }
  return noted("cudaMallocManaged", pointer, bytes, "managed", __real_cudaMallocManaged(pointer, bytes, flags));
}

cudaError_t __wrap_cudaMallocHost(void** pointer, size_t bytes) {
  return noted("cudaMallocHost", pointer, bytes, "pinned", __real_cudaMallocHost(pointer, bytes));
}

cudaError_t __wrap_cudaHostAlloc(void** pointer, size_t bytes, unsigned int flags) {
  return noted("cudaHostAlloc", pointer, bytes, "pinned", __real_cudaHostAlloc(pointer, bytes, flags));
}

cudaError_t __wrap_cudaFree(void* pointer) { return released("cudaFree", pointer, __real_cudaFree(pointer)); }

cudaError_t __wrap_cudaFreeHost(void* pointer) { return released("cudaFreeHost", pointer, __real_cudaFreeHost(pointer)); }

cudaError_t __wrap_cudaDeviceSynchronize() {
  const cudaError_t result = __real_cudaDeviceSynchronize();
  if (kit::recording_calls()) report_memory_call({{"call", "cudaDeviceSynchronize"}}, result);
  return result;
}

cudaError_t __wrap_cudaStreamSynchronize(cudaStream_t stream) {
  const cudaError_t result = __real_cudaStreamSynchronize(stream);
  if (kit::recording_calls())
    report_memory_call({{"call", "cudaStreamSynchronize"}, {"stream", kit::stream_text(stream)}}, result);
  return result;
}

}  // extern "C"
