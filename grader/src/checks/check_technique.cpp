// Technique: the rubric's technique checks, each a kind of technique.h's table.
#include "checks/check_kinds.h"
#include "checks/technique.h"

namespace kit {
namespace {

std::vector<TestResult> technique_check_planned(const CheckInput& in, const std::string& why) {
  std::vector<TestResult> tests;
  for (const TechniqueCheck& check : in.session.assignment.rubric.technique) {
    TestResult t;
    t.name = check.name;
    t.group = "technique";
    t.category = TestCategory::technique;
    t.max_score = check.points;
    t.status = TestStatus::failed;
    t.message = "not run: " + why;
    tests.push_back(t);
  }
  return tests;
}

CheckOutcome technique_check_run(const CheckInput& in) {
  const StageScope stage(in.session.worker.stages, "technique checks");
  return {run_technique_checks(in.session, in.evidence, in.nvcc, in.source_text)};
}

}  // namespace

const Check kTechniqueCheck = {"technique", "technique", 30, true, SkippedMeans::not_checked,
                               nullptr,     technique_check_planned, technique_check_run};

}  // namespace kit
