#include "watchdog.h"

#include <kitcpu/host_watch.h>

#include <thread>

#include "runtime_config.h"

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
    host_paused_ = true;  // until the launch returns to the host code (resume_host)
    ++generation_;
  }
  changed_.notify_one();
}

void Watchdog::resume_host() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    host_paused_ = false;
    ++generation_;
    deadline_ = std::chrono::steady_clock::now() + limit_;
  }
  changed_.notify_one();
}

void Watchdog::watch_host(pthread_t thread) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    host_watched_ = true;
    host_paused_ = false;
    host_thread_ = thread;
    ++generation_;
    if (launch_ == nullptr) deadline_ = std::chrono::steady_clock::now() + limit_;
  }
  changed_.notify_one();
}

void Watchdog::stop_watching_host() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    host_watched_ = false;
    ++generation_;
  }
  changed_.notify_one();
}

void Watchdog::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return watching(); });
    const std::uint64_t armed = generation_;
    const bool expired = !changed_.wait_until(lock, deadline_, [&] { return generation_ != armed; });
    if (!expired) continue;
    // Still holding the lock: a launch that finishes now waits in disarm() instead of freeing its
    // state under the report or under the look at its progress.
    if (launch_ == nullptr) report_host_hang(host_thread_, std::chrono::duration<double>(limit_).count());
    const std::uint64_t handed_out = launch_->next_block.load();
    if (handed_out != blocks_handed_out_) {  // a block finished since: slow, not stuck
      blocks_handed_out_ = handed_out;
      deadline_ = std::chrono::steady_clock::now() + limit_;
      continue;
    }
    report_hang(*launch_, std::chrono::duration<double>(limit_).count());
  }
}

Watchdog& watchdog() {
  // Never destroyed: its thread may still wait when static destructors run at exit.
  static Watchdog* w = new Watchdog(runtime_config().watchdog_seconds);
  return *w;
}

}  // namespace kitcpu::detail

namespace kitcpu {

void watch_host_code() { detail::watchdog().watch_host(pthread_self()); }

void stop_watching_host_code() { detail::watchdog().stop_watching_host(); }

}  // namespace kitcpu
