#include "checks/technique.h"

#include "submission/source_text.h"

namespace kit {

bool nvcc_allows(const TechniqueSpec& spec, const NvccCheck& nvcc, TestResult& t) {
  if (!spec.needs_nvcc || (nvcc.ran && nvcc.ok)) return true;
  if (!nvcc.ran) {
    t.status = TestStatus::error;
    t.message = "not checked: nvcc is not available on this machine, and this check reads its report; "
                "grade the file where nvcc is installed";
  } else {
    t.status = TestStatus::failed;
    t.message = "not checked: nvcc could not compile the file";
  }
  return false;
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
    if (nvcc_allows(*find_technique_spec(check.check), nvcc, t))
      find_technique_kind(check.check)->run({check, nvcc, code, s, evidence}, t);
    tests.push_back(t);
  }
  return tests;
}

}  // namespace kit
