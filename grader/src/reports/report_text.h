// The terminal report: what a student reads after grading, one line per test, points in a right column.
#pragma once

#include <string>

#include "result/result.h"

namespace kit {

struct TextReportOptions {
  bool colour = false;  // ANSI colours and bold; for a terminal only
  // The report is a student's: leave out the tests a student may not see yet (student_view.h, which applies
  // the rubric's hidden_tests) and say only how many there are and what they are worth; under
  // `hidden_tests: summary`, add a line on how the hidden tests went, by group (hidden_summary.h). For text
  // shown to students before results are released, such as the summary in Gradescope's results.json; the
  // totals then count the listed tests only.
  bool only_visible = false;
  // Add a line with where the grading's time went (GradeResult::stages), for `--verbose`.
  bool verbose = false;
  // The tests to regrade (result/regrade.h) are the course's to grade again, not the reader's: the last line
  // says so to a student (Gradescope's summary) instead of telling whoever ran the grader what to do.
  bool regraded_by_the_course = false;
  // One screen, for a terminal without --verbose: a group whose tests all passed is one line, and so are the
  // passing tests of a group that has failures; only the first failing test shows its details (at most 30
  // lines); the report says what it folded and that --verbose shows everything.
  bool one_screen = false;
};

// Sections build / correctness / performance / technique, each with its rubric groups and their tests;
// subtotals per section and group; the details of failing tests below them; then the backend, the device
// and the total. A test the grading could not check is REGRADE (never FAIL), and the report then ends with
// how many there are, why, and what to do (result/regrade.h).
std::string render_text(const GradeResult& result, const TextReportOptions& options);
std::string render_text(const GradeResult& result, bool colour);

// Points as people write them: no trailing zeros, at most 2 decimals ("20", "7.5", "4.29").
std::string format_points(double points);

}  // namespace kit
