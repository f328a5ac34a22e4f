// The grader's exit codes and the error a user can cause. Documented in README.md ("Exit codes").
#pragma once

#include <stdexcept>
#include <string>

namespace kit {

constexpr int kExitOk = 0;              // done: a grade was produced, or every check passed
constexpr int kExitTestsFailed = 1;     // `check` or `selftest`: some test did not pass
constexpr int kExitBadInput = 2;        // bad usage or input: unknown assignment, missing file, invalid rubric
constexpr int kExitInternalError = 3;   // a bug in the kit: please report it

// Something the user can fix: the message says what is wrong and what to do.
struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace kit
