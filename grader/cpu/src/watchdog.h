// Ends a launch that has stopped making progress (KITCPU_WATCHDOG_S without a block handed out to a
// worker): with cooperative fibers a thread that spins waiting for another thread, or loops forever,
// stops its whole block, so the backend must notice from outside. Progress, not the launch's total
// time, so that a big launch on a busy machine (other gradings sharing its cores) is not taken for a
// hang; the grader's own time limit per test still bounds the whole run. The report names the thread that was running, where it was (sampled from its stack), and
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
  std::uint64_t blocks_handed_out_ = 0;  // at the last deadline set
};

// Writes the "hang" diagnostic for `launch` and ends the process (hang_report.cpp).
[[noreturn]] void report_hang(const LaunchState& launch, double seconds);

}  // namespace kitcpu::detail
