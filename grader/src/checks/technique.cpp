#include "checks/technique.h"

#include "checks/technique_kinds.h"
#include "submission/source_text.h"

namespace kit {

// One row per kind of assignment/technique_spec.cpp (what a rubric may say of it): how it is checked.
const std::vector<TechniqueKind>& technique_kinds() {
  static const std::vector<TechniqueKind> kinds = {
      {"uses_shared_memory", check_uses_shared_memory},
      {"coalesced_access", check_coalesced_access},
      {"no_bank_conflicts", check_no_bank_conflicts},
      {"reports_event_time", check_reports_event_time},
      {"reports_effective_bandwidth", check_reports_effective_bandwidth},
      {"reports_host_clocks", check_reports_host_clocks},
      {"destroys_events", check_destroys_events},
      {"frees_device_memory", check_frees_device_memory},
      {"checks_errors", check_checks_errors},
      {"waits_for_copy_back", check_waits_for_copy_back},
  };
  return kinds;
}

const TechniqueKind* find_technique_kind(const std::string& name) {
  for (const TechniqueKind& k : technique_kinds())
    if (name == k.name) return &k;
  return nullptr;
}

std::vector<TestResult> run_technique_checks(Session& s, const CorrectnessEvidence& evidence, const NvccCheck& nvcc,
                                             const std::string& source_text) {
  std::vector<TestResult> tests;
  const std::string code = code_without_comments_and_literals(source_text);
  for (const TechniqueCheck& check : s.assignment.rubric.technique) {
    TestResult t;
    t.name = check.name;
    t.group = "technique";
    t.category = TestCategory::technique;
    t.max_score = check.points;
    const TechniqueKind* kind = find_technique_kind(check.check);
    if (!find_technique_spec(check.check)->needs_nvcc) {
      kind->run({check, nvcc, code, s, evidence}, t);
    } else if (!nvcc.ran) {
      t.status = TestStatus::skipped;
      t.message = "not checked: nvcc is not available on this machine";
    } else if (!nvcc.ok) {
      t.status = TestStatus::failed;
      t.message = "not checked: nvcc could not compile the file";
    } else {
      kind->run({check, nvcc, code, s, evidence}, t);
    }
    tests.push_back(t);
  }
  return tests;
}

void pass_check(TestResult& t, const std::string& message) {
  t.status = TestStatus::passed;
  t.score = t.max_score;
  t.message = message;
}

void fail_check(TestResult& t, const std::string& message) {
  t.status = TestStatus::failed;
  t.score = 0;
  t.message = message;
}

}  // namespace kit
