// The check at the end of every round of a block, when each of its CUDA threads either waits at a
// __syncthreads() or has exited: may the barrier open, and is the block still correct CUDA?
//
// Hardware barriers count the threads that have not exited, so a thread that returned early does not
// block the others. The CUDA programming guide still requires every thread of a block to reach the
// same __syncthreads(); the backend holds kernels to that rule where it changes results:
//   - threads wait at different __syncthreads() call sites          -> error (divergent barrier)
//   - a thread ran to the end of the kernel without reaching the
//     __syncthreads() others wait at (barrier inside a condition)   -> error (divergent barrier)
//   - a thread returned early while others wait                     -> warning, the barrier opens
//
// Threads report to a tally as they arrive or exit, so that ending a round costs the same for 32 or
// 1024 threads; the judgement itself is a pure function of the tally.
#pragma once

#include <atomic>
#include <cstddef>

#include <kitcpu/detail/execution_context.h>

namespace kitcpu::detail {

// Written by the CUDA threads of one block, one at a time, and read by its scheduler between rounds.
// The fields are relaxed atomics only for ThreadSanitizer's sake: they compile to plain moves.
class RoundTally {
 public:
  static constexpr int kNone = -1;

  void begin_block();
  void arrive(const BarrierSite* site, int thread, int predicate);
  void exit(int thread, bool finished_kernel);
  // Forgets the round's arrivals once the barrier opens; exits count for the whole block.
  void open_barrier();

  int arrived() const { return arrived_.load(std::memory_order_relaxed); }
  int exited() const { return exited_.load(std::memory_order_relaxed); }
  int predicate_sum() const { return predicate_sum_.load(std::memory_order_relaxed); }
  const BarrierSite* site() const { return site_.load(std::memory_order_relaxed); }
  int first_waiter() const { return first_waiter_.load(std::memory_order_relaxed); }
  int first_elsewhere() const { return first_elsewhere_.load(std::memory_order_relaxed); }
  const BarrierSite* elsewhere_site() const { return elsewhere_site_.load(std::memory_order_relaxed); }
  int first_exited() const { return first_exited_.load(std::memory_order_relaxed); }
  int first_finished() const { return first_finished_.load(std::memory_order_relaxed); }

 private:
  template <class T>
  static void set(std::atomic<T>& field, T value) {
    field.store(value, std::memory_order_relaxed);
  }

  std::atomic<int> arrived_{0};
  std::atomic<int> predicate_sum_{0};
  std::atomic<const BarrierSite*> site_{nullptr};            // where the round's first arrival waits
  std::atomic<int> first_waiter_{kNone};
  std::atomic<int> first_elsewhere_{kNone};                  // first thread at another barrier
  std::atomic<const BarrierSite*> elsewhere_site_{nullptr};
  std::atomic<int> exited_{0};
  std::atomic<int> first_exited_{kNone};
  std::atomic<int> first_finished_{kNone};                   // first thread that reached the kernel's end
};

struct RoundVerdict {
  enum class Kind {
    block_finished,         // no thread waits: the block is done
    barrier_opens,          // every waiting thread waits at the same barrier
    different_barriers,     // error: first_waiter and first_elsewhere wait at different barriers
    finished_past_barrier,  // error: first_finished finished the kernel while first_waiter waits
  };
  Kind kind;
  bool early_exit;  // barrier_opens with threads that returned before it: the warning
};

RoundVerdict judge_round(const RoundTally& tally);

}  // namespace kitcpu::detail
