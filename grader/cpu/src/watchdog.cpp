#include "watchdog.h"

#include <thread>

namespace kitcpu::detail {

Watchdog::Watchdog(double seconds)
    : limit_(std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(seconds))) {
  std::thread([this] { loop(); }).detach();
}

void Watchdog::arm(const LaunchState& launch) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    launch_ = &launch;
    ++generation_;
    deadline_ = std::chrono::steady_clock::now() + limit_;
    blocks_handed_out_ = launch.next_block.load();
  }
  changed_.notify_one();
}

void Watchdog::disarm() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    launch_ = nullptr;
    ++generation_;
  }
  changed_.notify_one();
}

void Watchdog::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return launch_ != nullptr; });
    const std::uint64_t armed = generation_;
    const bool expired = !changed_.wait_until(lock, deadline_, [&] { return generation_ != armed; });
    if (!expired) continue;
    // Still holding the lock: a launch that finishes now waits in disarm() instead of freeing its
    // state under the report or under the look at its progress.
    const std::uint64_t handed_out = launch_->next_block.load();
    if (handed_out != blocks_handed_out_) {  // a block finished since: slow, not stuck
      blocks_handed_out_ = handed_out;
      deadline_ = std::chrono::steady_clock::now() + limit_;
      continue;
    }
    report_hang(*launch_, std::chrono::duration<double>(limit_).count());
  }
}

}  // namespace kitcpu::detail
