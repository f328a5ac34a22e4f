// A check category that no file of the kit names, added as a new one would be: this file, and one row
// of the check table (AddedCheck, grader/src/checks/check.h). Linked with the grader's main into
// kit-grader-throwaway-check, which throwaway_check.sh runs to show the category graded, scored and in
// every report.
#include "checks/check.h"

namespace kit {
namespace {

const TestCategory kLayout{"layout"};

TestResult last_line_test() {
  TestResult t;
  t.name = "ends its last line";
  t.group = "layout";
  t.category = kLayout;
  t.max_score = 1;
  return t;
}

std::vector<TestResult> layout_planned(const CheckInput&, const std::string& why) {
  TestResult t = last_line_test();
  t.status = TestStatus::failed;
  t.message = "not run: " + why;
  return {t};
}

// Needs the file's text only, which the gate read.
CheckOutcome layout_run(const CheckInput& in) {
  TestResult t = last_line_test();
  const bool ends = !in.source_text.empty() && in.source_text.back() == '\n';
  t.status = ends ? TestStatus::passed : TestStatus::failed;
  t.score = ends ? t.max_score : 0;
  t.message = ends ? "the file ends with a newline" : "the file's last line has no newline";
  return {{t}};
}

const Check kLayoutCheck = {"layout", nullptr, 50, true, SkippedMeans::not_checked, nullptr, layout_planned, layout_run};
const AddedCheck kLayoutRow(kLayoutCheck);

}  // namespace
}  // namespace kit
