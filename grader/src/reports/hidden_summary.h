// What students learn of the hidden tests under `hidden_tests: summary` (assignment/hidden_tests.h): how many
// there are, how many failed and in which groups. It is built from each test's group and status alone, so
// nothing that identifies an input (a test's name with its size, a seed, a message, details, a diagnosis)
// can reach it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "result/result.h"

namespace kit {

struct HiddenSummary {
  int tests = 0;    // the tests summarised; 0: there is no summary to show
  int passed = 0;
  int failed = 0;   // failed, or not run
  int regrade = 0;  // not checked by this grading (result/regrade.h): neither passed nor failed yet
  std::vector<std::pair<std::string, int>> failed_by_group;  // in the order the groups first appear
};

// The tests of `result` that student_view (student_view.h) says are summarised.
HiddenSummary summarise_hidden_tests(const GradeResult& result);

// One line: "all 8 hidden tests passed", "3 of 8 hidden tests failed: not a multiple of the tile (2),
// random sizes (1)", with what the tests to regrade mean when there are any; "" when there are no tests.
std::string describe(const HiddenSummary& summary);

}  // namespace kit
