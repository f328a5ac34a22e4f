// The performance tests (GPU only): the student's kernel and the rubric's baselines, each timed by the
// runner's protocol (grader/runner/timing_protocol.h) in its own process, interleaved round by round in
// this one grading run, so all of them see the same GPU in the same state; in a batch, the baselines'
// rounds are shared by the gradings of the last few minutes (performance/baseline_rounds.h). Points come from
// the ratio of throughputs through the rubric's curves.
#pragma once

#include <optional>
#include <vector>

#include "result/result.h"
#include "run/session.h"

namespace kit {

// What the timed runs measured, for the grading to put into its result.
struct PerformanceMeasured {
  std::vector<TestResult> tests;
  std::vector<LeaderboardEntry> leaderboard;
  std::optional<int> sm_clock_mhz;      // during the student's rounds
  std::optional<int> max_sm_clock_mhz;  // the GPU's nominal clock, when the runner read it
};

// `correct`: whether the student's kernel passed every correctness test; a wrong kernel earns no
// performance points, however fast. `device` names the GPU the baselines' shared rounds are keyed by.
PerformanceMeasured run_performance_tests(Session& session, bool correct, const DeviceInfo& device);

// The tests as skipped, with the reason (no GPU, or the build failed).
std::vector<TestResult> skipped_performance_tests(const Rubric& rubric, const std::string& reason);

}  // namespace kit
