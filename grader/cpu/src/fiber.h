// One CUDA thread of the block a worker runs: a Boost.Context fiber with its own stack, reused for
// every block and launch the worker runs (a fiber that finished the kernel waits at the top of its
// loop for the next block).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include <boost/context/detail/fcontext.hpp>

#include <kitcpu/detail/execution_context.h>
#include <kitcpu/warp.h>

#include "fiber_stack.h"

namespace kitcpu::detail {

class BlockRunner;

enum class FiberState : unsigned char { ready, at_barrier, at_warp_sync, exited };

// A thread's part in a warp primitive (kitcpu/warp.h), left with its fiber while it waits; `result` is
// written by the scheduler when the primitive completes (warp_sync.cpp).
struct WarpArrival {
  WarpOp op = WarpOp::sync;
  unsigned mask = 0;
  std::uint64_t value = 0;
  int argument = 0;
  int width = 32;
  const char* file = "";
  int line = 0;
  std::uint64_t result = 0;
};

// The fields the scheduler and the fiber touch at every switch come first, in one cache line.
struct alignas(64) Fiber {
  Fiber(BlockRunner* owner, unsigned fiber_index, std::size_t stack_size)
      : runner(owner), index(fiber_index), stack(stack_size) {}

  boost::context::detail::fcontext_t context = nullptr;         // where the scheduler resumes it
  boost::context::detail::fcontext_t return_context = nullptr;  // the scheduler, as the fiber left it

  // Written by the fiber, read by the scheduler and the watchdog. Atomics only so that
  // ThreadSanitizer, which sees each fiber as a thread of its own, knows the runtime means it.
  std::atomic<FiberState> state{FiberState::exited};
  std::atomic<bool> finished_kernel{false};
  unsigned ran_ahead_in_pass = 0;  // the scheduler's pass in which its warp ran it on early (block_runner.cpp)
  std::atomic<const BarrierSite*> barrier{nullptr};

  uint3 thread_idx{0, 0, 0};
  WarpArrival warp;
  BlockRunner* const runner;
  const unsigned index;  // linear thread index within the block, x fastest

  FiberStack stack;
  void* asan_fake_stack = nullptr;  // asan flavour
  void* tsan_fiber = nullptr;       // tsan flavour
  char tsan_name[64] = {};
};

}  // namespace kitcpu::detail
