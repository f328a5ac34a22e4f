// Correctness: every case of the rubric's groups, run by correctness_tests.h within the submission's
// time budget.
#include "checks/check_kinds.h"
#include "checks/correctness_run.h"

namespace kit {
namespace {

std::vector<StudentBuild> correctness_check_builds(const CheckInput& in) {
  std::vector<StudentBuild> builds;
  for (const TestCase& c : in.cases)
    for (StudentBuild& b : builds_for_test(in.session, c)) builds.push_back(std::move(b));
  return builds;
}

std::vector<TestResult> correctness_check_planned(const CheckInput& in, const std::string& why) {
  std::vector<TestResult> tests;
  for (const TestCase& c : in.cases) tests.push_back(test_not_run(c, why));
  return tests;
}

CheckOutcome correctness_check_run(const CheckInput& in) {
  CorrectnessOutcome run = run_correctness_tests(in.session, in.cases, in.schedule);
  CheckOutcome outcome{std::move(run.tests)};
  outcome.evidence = std::move(run.evidence);
  return outcome;
}

}  // namespace

const Check kCorrectnessCheck = {"correctness",       "correctness",          10, true, SkippedMeans::not_checked,
                                 correctness_check_builds, correctness_check_planned, correctness_check_run};

}  // namespace kit
