// Kernel launches on a GPU (runtime_record.h): nvcc's launch code calls __cudaLaunchKernel (or its
// per-thread-stream twin) with the kernel's handle; a file may call cudaLaunchKernel itself. Each launch
// is reported once the runtime has answered it: its configuration, its stream, the error it returned
// (a refused launch returns it here, not from the kernel), how long the runtime took to answer (the
// launch's queueing, which a host clock around it cannot beat: the timing checks' floor) and the
// return addresses the grader turns into its line (call_site.h). Before a launch of a checked run, the
// SMs' shared memory is filled with a NaN pattern (shared_memory_fill.h).
#include <cuda_runtime.h>
#include <cxxabi.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "call_site.h"
#include "runtime_record.h"
#include "shared_memory_fill.h"

namespace {

std::string stream_name(cudaStream_t stream) {
  if (stream == nullptr) return "0";
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(stream)));
  return text;
}

// Asked before the launch: a failed lookup's error is cleared here, where it cannot take the place of
// the launch's own.
std::string kernel_name(const void* function) {
  if (!kit::recording_calls()) return {};
  const char* mangled = nullptr;
  if (cudaFuncGetName(&mangled, function) != cudaSuccess || !mangled) {
    cudaGetLastError();  // not the student's error to see
    mangled = "?";
  }
  int status = 0;
  char* demangled = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  const std::string name = status == 0 && demangled ? demangled : mangled;
  std::free(demangled);
  return name;
}

using Clock = std::chrono::steady_clock;

// Which of a kernel's parameters are pointers, read from its demangled name ("vecAdd(float const*,
// float const*, float*, int)"): the record names the memory each one points into (answer_flow.h).
// A pointer inside a struct passed by value is not seen.
std::vector<bool> pointer_parameters(const std::string& name) {
  std::vector<bool> pointers;
  const std::size_t close = name.rfind(')');
  if (close == std::string::npos) return pointers;
  int depth = 0;
  std::size_t open = close;
  for (std::size_t i = close + 1; i-- > 0;) {
    if (name[i] == ')') ++depth;
    if (name[i] == '(' && --depth == 0) {
      open = i;
      break;
    }
  }
  std::string parameter;
  depth = 0;
  auto end_parameter = [&] {
    const std::size_t last = parameter.find_last_not_of(' ');
    if (last != std::string::npos) pointers.push_back(parameter.find('*') != std::string::npos && parameter[last] != ')');
    parameter.clear();
  };
  for (std::size_t i = open + 1; i < close; ++i) {
    const char c = name[i];
    if (c == '<' || c == '(' || c == '[') ++depth;
    if (c == '>' || c == ')' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      end_parameter();
      continue;
    }
    parameter += c;
  }
  end_parameter();
  return pointers;
}

nlohmann::json pointer_arguments(const std::string& name, void** args) {
  nlohmann::json ends = nlohmann::json::array();
  const std::vector<bool> pointers = pointer_parameters(name);
  for (std::size_t i = 0; args && i < pointers.size(); ++i) {
    if (!pointers[i] || !args[i]) continue;
    const void* value = *static_cast<void* const*>(args[i]);
    if (value) ends.push_back(kit::memory_end(value));
  }
  return ends;
}

cudaError_t report_launch(const std::string& name, void** args, dim3 grid, dim3 block, size_t shared_bytes,
                          cudaStream_t stream, Clock::time_point called, cudaError_t result) {
  if (!kit::recording_calls()) return result;
  const double took_ms = std::chrono::duration<double, std::milli>(Clock::now() - called).count();
  kit::report_runtime_call(nlohmann::json{{"type", "call"},
                                          {"call", "launch"},
                                          {"kernel", name},
                                          {"grid", {grid.x, grid.y, grid.z}},
                                          {"block", {block.x, block.y, block.z}},
                                          {"shared_bytes", shared_bytes},
                                          {"arguments", pointer_arguments(name, args)},
                                          {"stream", stream_name(stream)},
                                          {"result", cudaGetErrorName(result)},
                                          {"took_ms", took_ms},
                                          {"frames", kit::call_site_frames()}}
                               .dump());
  return result;
}

}  // namespace

extern "C" {

cudaError_t __real_cudaLaunchKernel(const void*, dim3, dim3, void**, size_t, cudaStream_t);
cudaError_t __real___cudaLaunchKernel(cudaKernel_t, dim3, dim3, void**, size_t, cudaStream_t);
cudaError_t __real___cudaLaunchKernel_ptsz(cudaKernel_t, dim3, dim3, void**, size_t, cudaStream_t);

cudaError_t __wrap_cudaLaunchKernel(const void* function, dim3 grid, dim3 block, void** args, size_t shared_bytes,
                                    cudaStream_t stream) {
  const std::string name = kernel_name(function);
  if (kit::filling_shared_memory()) kit::fill_shared_memory(stream);
  const Clock::time_point called = Clock::now();
  return report_launch(name, args, grid, block, shared_bytes, stream, called,
                       __real_cudaLaunchKernel(function, grid, block, args, shared_bytes, stream));
}

cudaError_t __wrap___cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block, void** args, size_t shared_bytes,
                                      cudaStream_t stream) {
  const std::string name = kernel_name(reinterpret_cast<const void*>(kernel));
  if (kit::filling_shared_memory()) kit::fill_shared_memory(stream);
  const Clock::time_point called = Clock::now();
  return report_launch(name, args, grid, block, shared_bytes, stream, called,
                       __real___cudaLaunchKernel(kernel, grid, block, args, shared_bytes, stream));
}

cudaError_t __wrap___cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 grid, dim3 block, void** args,
                                           size_t shared_bytes, cudaStream_t stream) {
  const std::string name = kernel_name(reinterpret_cast<const void*>(kernel));
  if (kit::filling_shared_memory()) kit::fill_shared_memory(stream);
  const Clock::time_point called = Clock::now();
  return report_launch(name, args, grid, block, shared_bytes, stream, called,
                       __real___cudaLaunchKernel_ptsz(kernel, grid, block, args, shared_bytes, stream));
}

}  // extern "C"
