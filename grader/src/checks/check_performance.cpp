// Performance: the rubric's items, timed on a GPU against its baselines (performance_run.h). The CPU
// backend checks correctness only: there the items are skipped, pending the course's GPU grading.
#include "checks/check_kinds.h"
#include "performance/performance_run.h"
#include "run/runner_backend.h"

namespace kit {
namespace {

bool performance_check_applies(const CheckInput& in) {
  return !in.options.visible_only && !in.session.assignment.rubric.performance.items.empty();
}

std::vector<TestResult> performance_check_planned(const CheckInput& in, const std::string& why) {
  if (!performance_check_applies(in)) return {};
  std::vector<TestResult> tests = skipped_performance_tests(in.session.assignment.rubric, "not run: " + why);
  for (TestResult& t : tests) t.status = TestStatus::failed;
  return tests;
}

// Performance is scored only for a kernel that passed every correctness test.
bool every_correctness_test_passed(const std::vector<TestResult>& tests) {
  for (const TestResult& t : tests)
    if (t.category == TestCategory::correctness && t.status != TestStatus::passed) return false;
  return true;
}

CheckOutcome performance_check_run(const CheckInput& in) {
  if (!performance_check_applies(in)) return {};
  Session& s = in.session;
  const StageScope stage(s.worker.stages, "timed runs");
  if (backend_of(s).times_performance()) {
    PerformanceMeasured m = run_performance_tests(s, every_correctness_test_passed(in.earlier), in.device);
    return {std::move(m.tests), std::move(m.leaderboard), m.sm_clock_mhz, m.max_sm_clock_mhz};
  }
  return {skipped_performance_tests(s.assignment.rubric, "not measured: the CPU backend checks correctness only; "
                                              "performance needs a GPU")};
}

}  // namespace

const Check kPerformanceCheck = {"performance", "performance", 20, true, SkippedMeans::measured_on_a_gpu,
                                 nullptr,       performance_check_planned, performance_check_run};

}  // namespace kit
