// Ends a run that has stopped making progress. With cooperative fibers a thread that spins waiting for
// another thread, or loops forever, stops its whole block, so the backend must notice from outside: a
// launch during which no block was handed out to a worker for KITCPU_WATCHDOG_S is a "hang". Progress,
// not the launch's total time, so that a big launch on a busy machine (other gradings sharing its cores)
// is not taken for a hang; the grader's own time limit per test still bounds the whole run. The report
// names the thread that was running, where it was (sampled from its stack), and where the other threads
// of its block wait.
//
// While a runner watches the host code (kitcpu/host_watch.h), the time between launches is watched too:
// host code that runs KITCPU_WATCHDOG_S without launching a kernel is a "host-hang", reported at the line
// the watched thread was running.
#pragma once

#include <pthread.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "launch_state.h"

namespace kitcpu::detail {

class Watchdog {
 public:
  explicit Watchdog(double seconds);

  // Around a launch: arm as its blocks start, disarm when they have all finished, and resume_host when
  // the launch returns to the host code, after the work that follows the blocks (access statistics).
  void arm(const LaunchState& launch);
  void disarm();
  void resume_host();
  void watch_host(pthread_t thread);
  void stop_watching_host();

 private:
  void loop();
  bool watching() const { return launch_ != nullptr || (host_watched_ && !host_paused_); }

  const std::chrono::nanoseconds limit_;
  std::mutex mutex_;
  std::condition_variable changed_;
  const LaunchState* launch_ = nullptr;
  bool host_watched_ = false;
  bool host_paused_ = false;  // a launch is under way
  pthread_t host_thread_{};
  std::uint64_t generation_ = 0;
  std::chrono::steady_clock::time_point deadline_;
  std::uint64_t blocks_handed_out_ = 0;  // at the last deadline set
};

// The process's watchdog, started at its first use with runtime_config().watchdog_seconds.
Watchdog& watchdog();

// Write the "hang" diagnostic for `launch`, or the "host-hang" one for the watched host thread, and end
// the process (hang_report.cpp).
[[noreturn]] void report_hang(const LaunchState& launch, double seconds);
[[noreturn]] void report_host_hang(pthread_t thread, double seconds);

}  // namespace kitcpu::detail
