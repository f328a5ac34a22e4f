// The worker threads that run blocks. They are started once, at the first launch, and reused by every
// launch after it; the launching host thread works as one of them, so KITCPU_WORKERS=1 runs every
// block on the host thread alone.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "launch_state.h"

namespace kitcpu::detail {

class WorkerPool {
 public:
  // `workers` counts the host thread: workers - 1 threads are started.
  explicit WorkerPool(unsigned workers);

  // Runs every block of the launch and returns when all have finished.
  void run(LaunchState& launch);

 private:
  void worker_loop();
  static void run_blocks(LaunchState& launch);

  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable work_done_;
  LaunchState* launch_ = nullptr;
  std::uint64_t generation_ = 0;  // one per launch handed to the workers
  unsigned busy_ = 0;             // workers still inside the current launch
  unsigned helpers_ = 0;
};

}  // namespace kitcpu::detail
