// Runs the blocks a worker thread is given, one at a time: every CUDA thread of the block is a fiber,
// resumed in rounds that end when each thread waits at a barrier or has exited (barrier_check.h).
//
// The per-switch path is a Boost.Context jump plus a few stores: no locks, no allocation, no
// std::function. A block's threads never run in parallel with each other, only with other blocks.
#pragma once

#include <pthread.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include <kitcpu/diagnostic.h>

#include "barrier_check.h"
#include "fiber.h"
#include "launch_state.h"
#include "shared_arena.h"
#include "thread_order.h"

namespace kitcpu::detail {

class BlockRunner {
 public:
  // The runner of the calling OS thread, created on first use. Runners live as long as the process.
  static BlockRunner& for_this_thread();
  // Every runner created so far, for the watchdog.
  static std::vector<BlockRunner*> all();

  void run_block(LaunchState& launch, std::uint64_t block);

  // On the fiber of the running CUDA thread:
  int wait_at_barrier(const BarrierSite* site, int predicate);
  void note_kernel_end();
  std::uint64_t warp_collective(WarpOp op, unsigned mask, std::uint64_t value, int lane_argument, int width,
                                const char* file, int line);
  unsigned active_lanes() const;
  void* shared_storage(const SharedDeclaration* key, std::size_t size, std::size_t alignment);
  // Fills kernel, launch site, block and thread of the CUDA thread switched in, if one is.
  bool describe_running_thread(Diagnostic& diagnostic) const;

  // What the watchdog sees of a runner from another OS thread.
  static constexpr std::uint64_t kIdle = ~std::uint64_t{0};
  struct ThreadObservation {
    unsigned index;
    FiberState state;
    const BarrierSite* barrier;
  };
  struct Observation {
    const LaunchState* launch = nullptr;
    std::uint64_t block = kIdle;
    int running = -1;  // index of the fiber switched in, -1 when the scheduler runs
    std::vector<ThreadObservation> threads;
  };
  Observation observe() const;
  pthread_t os_thread() const { return os_thread_; }

  // The fiber whose stack guard page holds `address`, if any (a stack overflow in a kernel).
  const Fiber* fiber_with_guard_at(const void* address) const;
  bool owns_shared_memory(const void* address) const { return arena_.contains(address); }
  std::string shared_element_name(const void* address) const { return arena_.element_name(address); }
  std::size_t dynamic_shared_bytes() const { return arena_.dynamic_bytes(); }

 private:
  BlockRunner();

  void ensure_fibers(unsigned count);
  void resume(Fiber& fiber);
  void suspend(Fiber& fiber);
  void prepare_block(LaunchState& launch, std::uint64_t block);
  void run_rounds(LaunchState& launch);
  void run_kernel_on(Fiber& fiber);
  Fiber& running_fiber() const { return fibers_[static_cast<std::size_t>(running_.load(std::memory_order_relaxed))]; }
  static void fiber_main(boost::context::detail::transfer_t transfer);

  // Between passes over the block: completes every warp primitive whose named threads have all arrived
  // (warp_sync.cpp); when none can complete, the warp diverged and the run ends.
  void release_warps(const LaunchState& launch);
  // The first lane of `fiber`'s warp that its primitive still waits for, or -1 when it can complete.
  int lane_awaited(const LaunchState& launch, const Fiber& fiber) const;
  // During a pass, right after `index` ran: while its warp's primitive can complete, completes it and runs
  // that warp's lanes on, ahead of the threads after it in the pass (warp_sync.cpp).
  void run_completed_warp(const LaunchState& launch, unsigned index);
  void complete_warp_group(unsigned base, unsigned group);
  void warn_exited_lane_read(unsigned thread, unsigned source) const;
  [[noreturn]] void report_warp_divergence(const LaunchState& launch, unsigned waiting, unsigned missing) const;
  [[noreturn]] void report_divergence(const LaunchState& launch, const RoundVerdict& verdict) const;
  void warn_early_exit(LaunchState& launch) const;
  Diagnostic diagnostic_for_thread(const LaunchState& launch, std::size_t thread) const;

  pthread_t os_thread_;
  // Fibers live in one array sized for the largest block a GPU allows: the scheduler's pass over them
  // walks memory in order, and a fiber never moves once created. Constructed up to fiber_count_.
  Fiber* const fibers_;
  std::atomic<unsigned> fiber_count_{0};
  mutable std::mutex fibers_mutex_;  // held only while fibers are created, and by observers
  RoundTally tally_;
  SharedArena arena_;
  ThreadOrder order_;

  std::atomic<LaunchState*> launch_{nullptr};
  std::atomic<std::uint64_t> block_{kIdle};
  uint3 block_idx_{0, 0, 0};
  std::atomic<int> running_{-1};
  std::atomic<int> barrier_count_{0};  // __syncthreads_count's result for the barrier just opened
  std::atomic<unsigned> barrier_generation_{0};
  // Threads waiting at a warp primitive; an atomic only for ThreadSanitizer's sake, as the tally's fields.
  std::atomic<int> warp_waiters_{0};
  unsigned pass_ = 0;  // counts the scheduler's passes over a block, across blocks: a fiber's ran_ahead_in_pass

  // asan flavour: the scheduler's stack, as the sanitizer needs it when a fiber switches back to it.
  const void* asan_scheduler_bottom_ = nullptr;
  std::size_t asan_scheduler_size_ = 0;
  void* asan_scheduler_fake_stack_ = nullptr;
  // tsan flavour: the scheduler's own fiber and the synchronisation objects that model barriers.
  void* tsan_scheduler_ = nullptr;
  char tsan_barrier_sync_[2] = {};  // alternate per barrier, so that one barrier's release cannot
                                    // reach the threads still leaving the previous one
  char tsan_exit_sync_ = 0;
  char tsan_warp_sync_[32] = {};  // one per warp of the largest block
};

}  // namespace kitcpu::detail
