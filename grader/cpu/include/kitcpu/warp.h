// CUDA's warp-level primitives: __syncwarp, the shuffles, the votes and __activemask.
//
// A warp is 32 consecutive linear thread ids of a block (x fastest, then y, then z), as on a GPU. The
// threads of a block run one at a time here, so a primitive is a rendezvous: the calling thread leaves
// its value and waits until every thread its mask names has arrived at a primitive of the same kind
// with the same mask (a thread that returned from the kernel counts as arrived, as an exited thread
// does on a GPU); the scheduler then computes each thread's result (block_runner.cpp, warp_sync.cpp).
// A named thread that instead waits at __syncthreads(), at another primitive, or finished the kernel
// without arriving is a divergent warp synchronisation, reported like a divergent __syncthreads().
//
// The results follow the PTX definitions of shfl.sync, vote.sync and bar.warp.sync, which the CUDA
// programming guide's descriptions summarise (width subdivides the warp; a source lane outside the
// caller's segment gives the caller its own value).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace kitcpu::detail {

enum class WarpOp : unsigned char { sync, shfl_idx, shfl_up, shfl_down, shfl_xor, ballot, all, any };

// The calling CUDA thread's part in one primitive; returns its result. `lane_argument` is the source
// lane, delta or lane mask of a shuffle; `width` a shuffle's segment width.
std::uint64_t warp_collective(WarpOp op, unsigned mask, std::uint64_t value, int lane_argument, int width,
                              const char* file, int line);
// The lanes of the caller's warp that exist and have not returned from the kernel. Threads run one at a
// time here, so there is no lock-step to say which lanes are converged: a lane that ran ahead to the end
// of the kernel still counts, and so does one in the other branch of an if.
unsigned active_lanes();

template <class T>
std::uint64_t warp_bits(const T& value) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8, "a warp shuffle moves at most 8 bytes");
  std::uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(T));
  return bits;
}

template <class T>
T from_warp_bits(std::uint64_t bits) {
  T value;
  std::memcpy(&value, &bits, sizeof(T));
  return value;
}

template <class T>
T shuffle(WarpOp op, unsigned mask, T var, int lane_argument, int width, const char* file, int line) {
  return from_warp_bits<T>(warp_collective(op, mask, warp_bits(var), lane_argument, width, file, line));
}

}  // namespace kitcpu::detail

// __builtin_FILE/LINE as default arguments name the caller's line (the student's, through #line).
inline void __syncwarp(unsigned mask = 0xffffffffu, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  ::kitcpu::detail::warp_collective(::kitcpu::detail::WarpOp::sync, mask, 0, 0, 32, file, line);
}

template <class T>
T __shfl_sync(unsigned mask, T var, int srcLane, int width = 32, const char* file = __builtin_FILE(),
              int line = __builtin_LINE()) {
  return ::kitcpu::detail::shuffle(::kitcpu::detail::WarpOp::shfl_idx, mask, var, srcLane, width, file, line);
}

template <class T>
T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32, const char* file = __builtin_FILE(),
                 int line = __builtin_LINE()) {
  return ::kitcpu::detail::shuffle(::kitcpu::detail::WarpOp::shfl_up, mask, var, static_cast<int>(delta), width,
                                   file, line);
}

template <class T>
T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32, const char* file = __builtin_FILE(),
                   int line = __builtin_LINE()) {
  return ::kitcpu::detail::shuffle(::kitcpu::detail::WarpOp::shfl_down, mask, var, static_cast<int>(delta), width,
                                   file, line);
}

template <class T>
T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = 32, const char* file = __builtin_FILE(),
                  int line = __builtin_LINE()) {
  return ::kitcpu::detail::shuffle(::kitcpu::detail::WarpOp::shfl_xor, mask, var, laneMask, width, file, line);
}

inline unsigned __ballot_sync(unsigned mask, int predicate, const char* file = __builtin_FILE(),
                              int line = __builtin_LINE()) {
  return static_cast<unsigned>(::kitcpu::detail::warp_collective(::kitcpu::detail::WarpOp::ballot, mask,
                                                                 predicate != 0, 0, 32, file, line));
}

inline int __all_sync(unsigned mask, int predicate, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  return static_cast<int>(
      ::kitcpu::detail::warp_collective(::kitcpu::detail::WarpOp::all, mask, predicate != 0, 0, 32, file, line));
}

inline int __any_sync(unsigned mask, int predicate, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  return static_cast<int>(
      ::kitcpu::detail::warp_collective(::kitcpu::detail::WarpOp::any, mask, predicate != 0, 0, 32, file, line));
}

inline unsigned __activemask() { return ::kitcpu::detail::active_lanes(); }
