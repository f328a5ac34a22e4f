// cudaGetLastError, cudaPeekAtLastError, cudaGetErrorName and cudaGetErrorString, with CUDA's texts.
#include <kitcpu/runtime_api.h>

namespace kitcpu::detail {
namespace {

thread_local cudaError_t last_error = cudaSuccess;

struct ErrorText {
  cudaError_t code;
  const char* name;
  const char* text;
};

constexpr ErrorText kErrors[] = {
    {cudaSuccess, "cudaSuccess", "no error"},
    {cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
    {cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
    {cudaErrorInitializationError, "cudaErrorInitializationError", "initialization error"},
    {cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration", "invalid configuration argument"},
    {cudaErrorInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol"},
    {cudaErrorInvalidDevicePointer, "cudaErrorInvalidDevicePointer", "invalid device pointer"},
    {cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy"},
    {cudaErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction", "invalid device function"},
    {cudaErrorNoDevice, "cudaErrorNoDevice", "no CUDA-capable device is detected"},
    {cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal"},
    {cudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle", "invalid resource handle"},
    {cudaErrorNotReady, "cudaErrorNotReady", "device not ready"},
    {cudaErrorIllegalAddress, "cudaErrorIllegalAddress", "an illegal memory access was encountered"},
    {cudaErrorLaunchOutOfResources, "cudaErrorLaunchOutOfResources", "too many resources requested for launch"},
    {cudaErrorLaunchTimeout, "cudaErrorLaunchTimeout", "the launch timed out and was terminated"},
    {cudaErrorAssert, "cudaErrorAssert", "device-side assert triggered"},
    {cudaErrorLaunchFailure, "cudaErrorLaunchFailure", "unspecified launch failure"},
    {cudaErrorNotSupported, "cudaErrorNotSupported", "operation not supported"},
    {cudaErrorUnknown, "cudaErrorUnknown", "unknown error"},
};

const ErrorText* find(cudaError_t error) {
  for (const ErrorText& e : kErrors) {
    if (e.code == error) return &e;
  }
  return nullptr;
}

}  // namespace

cudaError_t record_error(cudaError_t error) {
  if (error != cudaSuccess) last_error = error;
  return error;
}

}  // namespace kitcpu::detail

cudaError_t cudaGetLastError() {
  const cudaError_t error = kitcpu::detail::last_error;
  kitcpu::detail::last_error = cudaSuccess;
  return error;
}

cudaError_t cudaPeekAtLastError() { return kitcpu::detail::last_error; }

// The real runtime answers codes it does not know with this text, for both name and string.
const char* cudaGetErrorName(cudaError_t error) {
  const auto* e = kitcpu::detail::find(error);
  return e != nullptr ? e->name : "unrecognized error code";
}

const char* cudaGetErrorString(cudaError_t error) {
  const auto* e = kitcpu::detail::find(error);
  return e != nullptr ? e->text : "unrecognized error code";
}
