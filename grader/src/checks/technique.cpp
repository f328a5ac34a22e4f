#include "checks/technique.h"

#include "submission/source_text.h"

namespace kit {

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

}  // namespace kit
