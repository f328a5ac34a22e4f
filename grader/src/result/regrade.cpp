#include "result/regrade.h"

namespace kit {

bool needs_regrade(const TestResult& test) { return test.status == TestStatus::error; }

std::vector<RegradeReason> regrade_reasons(const GradeResult& result) {
  std::vector<RegradeReason> reasons;
  for (const TestResult& test : result.tests) {
    if (!needs_regrade(test)) continue;
    const std::string why = test.message.substr(0, test.message.find('\n'));
    reasons.push_back({test.group, test.name, why.empty() ? "not checked" : why, test.max_score, test.visibility});
  }
  return reasons;
}

}  // namespace kit
