// Grading one submission against one assignment's rubric: the whole pipeline, from finding the files to
// the scored result every report format renders.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "assignment/access_profile.h"
#include "assignment/rubric.h"
#include "result/grade_options.h"
#include "result/result.h"

namespace kit {

// Throws UserError for anything the user can fix (unknown assignment, missing file, a symbolic link
// where the file belongs, invalid rubric, no GPU for --backend cuda, no sandbox without --unsandboxed).
// Otherwise always returns a result, whatever the submission holds or does.
GradeResult grade_submission(const GradeOptions& options);

// `grader access`: how one function of a submission touches memory at one size, without grading it.
struct AccessOptions {
  std::string assignment;
  std::string submission;
  std::string backend = "auto";
  std::string function;  // empty: the rubric's first
  std::string size;      // "256x256", or one number for a square assignment
  bool unsandboxed = false;
};

struct AccessResult {
  std::string backend;         // "cuda" | "cpu"
  std::string backend_reason;
  std::string function;
  Dims dims;
  std::string build_failure;   // non-empty when the file did not build: nothing was measured
  AccessProfile profile;
};

// Throws UserError for bad input, as grade_submission does, and for an unknown function or a size the
// function's problem cannot take.
AccessResult measure_memory_access(const AccessOptions& options);

struct Session;
// What a command that runs student code outside a grading (`grader run`) does first, as grading does:
// the rubric, the backend, the sandbox check, a private work folder, the submission taken in. Then calls
// `body` with the session and why its backend was picked; the work folder is removed afterwards. Throws
// UserError as grade_submission does, and when the submission cannot be graded at all.
void with_submission_session(const std::string& assignment, const std::string& submission, const std::string& backend,
                             bool unsandboxed,
                             const std::function<void(Session& session, const std::string& backend_reason)>& body);

// Before a batch's first grading of `rubric`'s assignment on `backend` ("cuda" or "cpu"), with the batch's
// prepared folder: whether a sandbox can be made, and whether a root grader's sandbox user can use what
// the gradings' compiles bind (grading/sandbox_check.h). Throws UserError otherwise, so that a setup
// which would fail every student grades no one. Nothing when unsandboxed.
void check_sandbox_for_batch(const Rubric& rubric, const std::string& backend, const std::string& prepared,
                             bool unsandboxed);

// The assignment folders that hold a rubric.yaml, in the course tree and the kit (assignment/kit_tree.h), sorted.
std::vector<std::string> list_assignments();

// assignments/<name>/rubric.yaml of the first tree that has it (assignment/kit_tree.h), validated; throws
// UserError naming the known assignments.
Rubric load_assignment_rubric(const std::string& name);

}  // namespace kit
