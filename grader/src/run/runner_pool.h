// Runners kept from one test for the next. Starting a runner costs more than most of its runs: a process
// in a new sandbox and, on a GPU, a CUDA context, which takes longer the more workers start one at
// once. So a runner whose runs for a test ended cleanly is kept, and the next test of the same build,
// flavour and settings hands it its case and arena (the runner's "case" command, runner_main.cpp)
// instead of starting another.
//
// What a test's verdict rests on does not change: the grader still fills and reads every arena itself,
// each test's case gets an arena of its own, and a runner that crashed, hung, tampered with its files or
// its channel, or reported a CUDA error is never kept. A runner's process limits were set for one test,
// so one is kept only while its tests together stay well within them (worth_keeping). Each worker of a
// grading keeps its own runners, and they end when the correctness tests end, before anything is timed.
//
// Under a timing lock on a GPU (os/timing_lock.h: gradings that share the GPU), a worker's waiting
// runners hold the share of the lock its last run took: no other grading times while student code of
// this one is alive. Before each run the worker looks whether a timing waits; if one does, its runners
// end and the share goes before the run queues for a new one, so the timing waits for the runs already
// going, not for kept runners. A worker with no tests left ends its runners too.
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "os/process.h"
#include "os/timing_lock.h"

namespace kit {

struct KeptRunner {
  KeptChild child;
  std::string scratch;  // its scratch folder, where its reports go (step_sandbox.h)
  double seconds = 0;   // spent in its tests' runs so far
  int cases = 0;        // tests it has served
};

// Whether a runner may serve one more test.
bool worth_keeping(const KeptRunner& runner);

class RunnerPool {
 public:
  RunnerPool() = default;
  // A live process belongs to one worker (run/worker.h): a pool moves with its worker, never copied.
  RunnerPool(RunnerPool&&) = default;
  RunnerPool& operator=(RunnerPool&&) = default;
  RunnerPool(const RunnerPool&) = delete;
  RunnerPool& operator=(const RunnerPool&) = delete;

  // Keeps up to `max_idle` runners from now on, the longest idle ending first beyond that.
  void enable(std::size_t max_idle) { max_idle_ = max_idle; }
  bool enabled() const { return max_idle_ > 0; }

  // The runner kept under `key` (removed from the pool), if any.
  std::optional<KeptRunner> take(const std::string& key);
  // Keeps `runner` under `key`, when the pool is enabled, the runner is worth keeping and no runner under
  // `key` was given up on; else it ends.
  void keep(const std::string& key, KeptRunner runner);
  // Keeps no runner under `key` from now on: one did not answer its next case (its code took its channel
  // over), and every later test would wait for the answer before starting a runner of its own.
  void give_up_on(const std::string& key) { given_up_.insert(key); }
  // Ends every kept runner, then lets their share of the timing lock go.
  void clear() {
    runners_.clear();
    share_.reset();
  }
  std::size_t size() const { return runners_.size(); }

  // The share of the timing lock the kept runners wait under: handed over by the run that kept one, taken
  // back by the worker's next run.
  void hold_share(TimingLock share) { share_ = std::move(share); }
  std::optional<TimingLock> take_share() { return std::exchange(share_, std::nullopt); }

 private:
  std::size_t max_idle_ = 0;
  std::optional<TimingLock> share_;  // declared first, so it goes last: after the runners have ended
  std::vector<std::pair<std::string, KeptRunner>> runners_;  // the most recently kept last
  std::set<std::string> given_up_;
};

}  // namespace kit
