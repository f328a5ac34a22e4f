// Gradescope's results.json for one submission.
#pragma once

#include <string>

#include "result/result.h"

namespace kit {

// Top level: score, execution_time, output (the text report, without colour and without the tests that
// students may not see yet), tests[] and leaderboard[]. Gradescope knows only "passed" and "failed": a
// skipped test or an error is "failed", its output starting with "[skipped]" or "[error]". Each test keeps
// its own visibility, so Gradescope itself hides the hidden ones.
std::string render_gradescope(const GradeResult& result);

}  // namespace kit
