#include "worker_pool.h"

#include <thread>

#include "block_runner.h"
#include "runtime_config.h"
#include "thread_order.h"

namespace kitcpu::detail {

WorkerPool::WorkerPool(unsigned workers) : helpers_(workers > 0 ? workers - 1 : 0) {
  for (unsigned i = 0; i < helpers_; ++i) std::thread([this] { worker_loop(); }).detach();
}

// Blocks are taken one at a time from a shared counter: blocks of uneven cost (boundary tiles, early
// exits) still spread over the workers. KITCPU_ORDER says which block each turn of the counter runs.
void WorkerPool::run_blocks(LaunchState& launch) {
  BlockRunner& runner = BlockRunner::for_this_thread();
  const ThreadOrderPolicy& order = runtime_config().order;
  for (;;) {
    const std::uint64_t turn = launch.next_block.fetch_add(1, std::memory_order_relaxed);
    if (turn >= launch.block_count) return;
    runner.run_block(launch, block_at(turn, launch.block_count, order));
  }
}

void WorkerPool::run(LaunchState& launch) {
  // A single block gains nothing from waking the others.
  if (helpers_ == 0 || launch.block_count == 1) return run_blocks(launch);
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    launch_ = &launch;
    ++generation_;
    busy_ = helpers_;
  }
  work_ready_.notify_all();
  run_blocks(launch);
  std::unique_lock<std::mutex> lock(mutex_);
  work_done_.wait(lock, [this] { return busy_ == 0; });
  launch_ = nullptr;
}

void WorkerPool::worker_loop() {
  std::uint64_t seen = 0;
  for (;;) {
    LaunchState* launch = nullptr;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      work_ready_.wait(lock, [&] { return generation_ != seen; });
      seen = generation_;
      launch = launch_;
    }
    run_blocks(*launch);
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_ == 0) work_done_.notify_one();
    }
  }
}

}  // namespace kitcpu::detail
