// Before a grading, and before the first grading of a batch: whether a sandbox can be made here at all
// (os/sandbox.h's probe), and whether, for a root grader, its user can use what this grading's compiles
// bind (os/sandbox_preflight.h). A setup that would fail every student alike is refused, exit 2, before
// anyone is graded.
#pragma once

#include <string>

#include "run/assignment.h"

namespace kit {

// Throws UserError, with what to change, when a root grader's sandbox user could not use what the
// grading's compiles bind (the caller has probed the sandbox already). `work_dir`: a folder of the
// grading's own, where the check makes its trial folders. Nothing when unsandboxed.
void check_sandbox_for(const Assignment& assignment, const std::string& work_dir);

// A batch's check before its first grading, check_sandbox_for_batch, is declared in grading/grade.h.

}  // namespace kit
