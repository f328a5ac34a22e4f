// Gradescope's results.json for one submission.
#pragma once

#include <string>

#include "result/result.h"

namespace kit {

// Top level: score, execution_time, output (the text report, without colour and without the tests that
// students may not see yet), tests[] and leaderboard[]. Gradescope knows only "passed" and "failed": a
// skipped test is "failed", its output starting with "[skipped]"; a pending test, and a test the grading
// could not check (result/regrade.h: its name says "to be regraded", its tag is "regrade", its output and the
// summary say that the course grades the submission again), are "passed", so that neither shows as a
// failure, with no points yet. Each test's visibility is what student_view (student_view.h) says of it, so
// Gradescope itself hides the hidden ones, or shows them after the due date (`hidden_tests: after_due_date`);
// under `hidden_tests: summary` one visible entry without points, "hidden tests", right after the last of
// them, and a line of the output say how many failed and in which groups (hidden_summary.h).
std::string render_gradescope(const GradeResult& result);

}  // namespace kit
