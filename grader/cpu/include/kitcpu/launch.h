// Kernel launches. The rewriter turns
//     matmul<float, 16><<<grid, block, shared_bytes>>>(d_M, d_N, d_P, Width);
// into
//     ::kitcpu::launch(__FILE__, __LINE__, "matmul<float, 16>",
//                      [&](auto&&... kitcpu_args) { matmul<float, 16>(kitcpu_args...); },
//                      grid, block, shared_bytes)(d_M, d_N, d_P, Width);
// The generic lambda keeps overload resolution and template argument deduction where CUDA does them:
// at the call of the kernel with the launch's arguments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#include <kitcpu/runtime_api.h>
#include <kitcpu/vector_types.h>

namespace kitcpu {
namespace detail {

// Runs the kernel once, as the CUDA thread the scheduler has made current.
using KernelThunk = void (*)(const void* call);

struct LaunchRequest {
  const char* file;
  int line;
  const char* kernel_name;
  dim3 grid;
  dim3 block;
  std::size_t dynamic_shared_bytes;
  cudaStream_t stream;
  KernelThunk thunk;
  const void* call;
  // The launch's pointer arguments (the record says where they point: kitcpu/runtime_calls.h).
  const void* const* pointers = nullptr;
  std::size_t pointer_count = 0;
};

// The argument's value when it is a pointer, for LaunchRequest::pointers; nullptr otherwise.
template <class T>
const void* pointer_argument(const T& value) {
  if constexpr (std::is_pointer_v<T>) {
    return static_cast<const void*>(value);
  } else {
    return nullptr;
  }
}

// The address a kernel is given for a pointer argument (host_pointers.h): the same one when a GPU could
// follow it, else a stand-in at which every access faults and is reported as the kernel reaching host
// memory. `argument` counts from 0.
std::uintptr_t kernel_address(std::uintptr_t address, std::size_t argument);
// The same for one pointer-sized word of a struct passed by value: only a word that is the address of
// mapped host memory a GPU could not follow becomes a stand-in; any other value (a size, two floats)
// is left as it is.
std::uintptr_t kernel_word_in_struct(std::uintptr_t word, std::size_t argument);

template <class T>
void as_the_kernel_sees_it(T& value, std::size_t argument) {
  if constexpr (std::is_pointer_v<T> && !std::is_function_v<std::remove_pointer_t<T>>) {
    value = reinterpret_cast<T>(kernel_address(reinterpret_cast<std::uintptr_t>(value), argument));
  } else if constexpr (std::is_class_v<T> && std::is_trivially_copyable_v<T> && alignof(T) >= alignof(void*)) {
    // A pointer member sits on a pointer-aligned offset of a struct aligned at least as much.
    auto* bytes = reinterpret_cast<unsigned char*>(&value);
    for (std::size_t at = 0; at + sizeof(std::uintptr_t) <= sizeof(T); at += sizeof(std::uintptr_t)) {
      std::uintptr_t word;
      std::memcpy(&word, bytes + at, sizeof word);
      const std::uintptr_t seen = kernel_word_in_struct(word, argument);
      if (seen != word) std::memcpy(bytes + at, &seen, sizeof seen);
    }
  }
}

// Checks the configuration, runs every block and returns when all have finished (runtime: launch.cpp).
void launch_kernel(const LaunchRequest& request);

// The kernel with its arguments, copied once at the launch as CUDA copies them to the device; every
// CUDA thread then receives its own copies through the kernel's by-value parameters.
template <class Kernel, class Arguments>
struct KernelCall {
  Kernel kernel;
  Arguments arguments;

  static void invoke(const void* self) {
    const auto* call = static_cast<const KernelCall*>(self);
    std::apply(call->kernel, call->arguments);
  }
};

}  // namespace detail

template <class Kernel>
class PendingLaunch {
 public:
  PendingLaunch(const detail::LaunchRequest& request, Kernel kernel) : request_(request), kernel_(kernel) {}

  template <class... Args>
  void operator()(Args&&... args) {
    using Arguments = std::tuple<std::decay_t<Args>...>;
    using Call = detail::KernelCall<Kernel, Arguments>;
    Call call{kernel_, Arguments(std::forward<Args>(args)...)};
    request_.thunk = &Call::invoke;
    request_.call = &call;
    // The record names what the host passed; the kernel receives what a GPU would let it follow.
    const void* pointers[sizeof...(Args) + 1] = {nullptr};
    std::size_t count = 0;
    std::apply([&](const auto&... value) { ((pointers[count++] = detail::pointer_argument(value)), ...); },
               call.arguments);
    std::size_t argument = 0;
    std::apply([&](auto&... value) { (detail::as_the_kernel_sees_it(value, argument++), ...); }, call.arguments);
    request_.pointers = pointers;
    request_.pointer_count = count;
    detail::launch_kernel(request_);
  }

 private:
  detail::LaunchRequest request_;
  Kernel kernel_;
};

template <class Kernel>
PendingLaunch<Kernel> launch(const char* file, int line, const char* kernel_name, Kernel kernel, dim3 grid,
                             dim3 block, std::size_t dynamic_shared_bytes = 0, cudaStream_t stream = nullptr) {
  return PendingLaunch<Kernel>(
      detail::LaunchRequest{file, line, kernel_name, grid, block, dynamic_shared_bytes, stream, nullptr, nullptr,
                            nullptr, 0},
      kernel);
}

}  // namespace kitcpu
