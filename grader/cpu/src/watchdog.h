// Ends a launch that runs too long (KITCPU_WATCHDOG_S): with cooperative fibers a thread that spins
// waiting for another thread, or loops forever, stops its whole block, so the backend must notice from
// outside. The report names the thread that was running, where it was (sampled from its stack), and
// where the other threads of its block wait.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "launch_state.h"

namespace kitcpu::detail {

class Watchdog {
 public:
  explicit Watchdog(double seconds);

  void arm(const LaunchState& launch);
  void disarm();

 private:
  void loop();

  const std::chrono::nanoseconds limit_;
  std::mutex mutex_;
  std::condition_variable changed_;
  const LaunchState* launch_ = nullptr;
  std::uint64_t generation_ = 0;
  std::chrono::steady_clock::time_point deadline_;
};

// Writes the "hang" diagnostic for `launch` and ends the process (hang_report.cpp).
[[noreturn]] void report_hang(const LaunchState& launch, double seconds);

}  // namespace kitcpu::detail
