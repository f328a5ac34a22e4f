// A test the grading could not check: the profiler busy or failed, a tool missing, a path the sandbox could
// not reach, valid CUDA this backend cannot run ("not checked: <why>", status error). That is the grading's
// failure, not the student's: the test earns nothing yet, is never shown as failed, and the grade stands only
// once the submission is graded again where the test can be checked. This is the one place that decides;
// every report, the gradebook and the batch ask it.
#pragma once

#include <string>
#include <vector>

#include "result/result.h"

namespace kit {

// Whether `test` is one the grading could not check, and so must be graded again.
bool needs_regrade(const TestResult& test);

// One test that needs a regrade, and why.
struct RegradeReason {
  std::string group;       // "not a multiple of the tile"
  std::string name;        // "Width 1000"
  std::string why;         // the first line of its message: "not checked: Nsight Compute failed ..."
  double points = 0;       // its max_score: the points not given until it is checked
  std::string visibility;  // the test's: a report that withholds hidden tests withholds this too
};

// The tests of `result` that need a regrade, in the result's order; empty when the grade stands.
std::vector<RegradeReason> regrade_reasons(const GradeResult& result);

// What whoever runs the grader should do about them.
inline constexpr const char* kRegradeAdvice =
    "grade the submission again where every test can be checked (on a GPU for CUDA the CPU backend cannot run; "
    "later, for a busy profiler)";

}  // namespace kit
