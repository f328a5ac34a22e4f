#include "reports/hidden_summary.h"

#include <algorithm>

#include "reports/student_view.h"
#include "result/regrade.h"

namespace kit {
namespace {

std::string tests_word(int n) { return n == 1 ? "test" : "tests"; }

}  // namespace

HiddenSummary summarise_hidden_tests(const GradeResult& result) {
  HiddenSummary summary;
  for (const TestResult& test : result.tests) {
    if (!student_view(test, result.hidden_tests).summarised) continue;
    ++summary.tests;
    if (test.status == TestStatus::passed) {
      ++summary.passed;
    } else if (needs_regrade(test)) {
      ++summary.regrade;
    } else {
      // A hidden test is a correctness test: anything else did not pass through the submission's doing.
      ++summary.failed;
      const std::string group = test.group.empty() ? to_string(test.category) : test.group;
      auto same = std::find_if(summary.failed_by_group.begin(), summary.failed_by_group.end(),
                               [&](const auto& g) { return g.first == group; });
      if (same == summary.failed_by_group.end()) same = summary.failed_by_group.insert(same, {group, 0});
      ++same->second;
    }
  }
  return summary;
}

std::string describe(const HiddenSummary& s) {
  if (s.tests == 0) return "";
  const std::string of_all = " of " + std::to_string(s.tests) + " hidden " + tests_word(s.tests);
  std::string line;
  if (s.failed > 0) {
    line = std::to_string(s.failed) + of_all + " failed: ";
    for (std::size_t i = 0; i < s.failed_by_group.size(); ++i)
      line += (i ? ", " : "") + s.failed_by_group[i].first + " (" + std::to_string(s.failed_by_group[i].second) + ")";
  } else if (s.regrade > 0) {
    line = std::to_string(s.passed) + of_all + " passed";
  } else {
    line = s.tests == 1 ? "the 1 hidden test passed" : "all " + std::to_string(s.tests) + " hidden tests passed";
  }
  if (s.regrade > 0)
    line += "; " + std::to_string(s.regrade) + " not checked by this grading (not the submission's fault): the "
            "course will grade the submission again";
  return line;
}

}  // namespace kit
