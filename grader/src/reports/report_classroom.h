// The result of `grader check` for GitHub Classroom's autograding reporter
// (classroom-resources/autograding-grading-reporter): one runner's result, {"version": 1, "status":
// "pass" | "fail" | "error", "max_score": N, "tests": [{"name", "status", "score", "message"}]}, which the
// release's workflow hands the reporter base64-encoded in a step output (docs/release.md). Classroom adds
// up `score` over `max_score`.
#pragma once

#include <string>

#include "result/result.h"

namespace kit {

// One entry per rubric group (a section without groups is one entry), with the group's points; only what
// this backend measured counts: a performance test a CPU cannot time and a written answer a person grades
// are in no entry and not in max_score, so a perfect CPU run is full marks. An entry passes when all its
// tests pass, is an error when one could not be checked and none failed, and fails otherwise, naming its
// first failing test.
std::string render_classroom(const GradeResult& result);

}  // namespace kit
