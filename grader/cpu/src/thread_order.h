// The order in which the scheduler resumes the CUDA threads of a block in each round between barriers.
//
// A correct kernel gives the same result in every order; a kernel that reads shared memory another
// thread writes without a __syncthreads() in between usually does not. The grader runs the same case
// in several orders and reports a missing barrier when the results differ.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime_config.h"

namespace kitcpu::detail {

class ThreadOrder {
 public:
  explicit ThreadOrder(ThreadOrderPolicy policy) : policy_(policy) {}

  // Prepares the orders of a block. Random orders depend only on the seed, the block's linear index
  // and the round, never on which worker runs the block, so a failing order can be replayed.
  void begin_block(unsigned thread_count, std::uint64_t block);

  // The thread indices (x fastest) of the next round, each exactly once.
  const std::vector<unsigned>& next_round();

 private:
  std::uint64_t next_random();

  ThreadOrderPolicy policy_;
  std::vector<unsigned> order_;
  std::uint64_t state_ = 0;
};

// The block that the `turn`th hand-out runs (blocks are handed out one at a time, turn 0 first): the
// policy orders the blocks of a launch as it orders a block's threads, so that threads of two blocks
// that store to one element leave a different value in some order, as they may on a GPU. A random order
// is an affine permutation of the linear indices, fixed by the seed and the block count; with several
// workers the blocks handed out together still run side by side.
std::uint64_t block_at(std::uint64_t turn, std::uint64_t block_count, const ThreadOrderPolicy& policy);

}  // namespace kitcpu::detail
