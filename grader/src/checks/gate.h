// The gate a submission passes before any check that needs its code (check.h): the file can be graded at
// all, uses no forbidden name, nvcc compiles it when nvcc is here, its object code calls and defines
// nothing forbidden, and the default build succeeds. In that order; the first failure stops the gate, and
// the checks that need the build then report their tests as not run.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "build/build.h"
#include "result/result.h"
#include "run/session.h"

namespace kit {

struct GateOutcome {
  std::optional<TestResult> failure;  // the build section's test that says what stopped the gate
  std::string why_not;                // for the tests not run: "the build failed"; empty when it passed
  // What the tests not run are: failed, the file's doing; or an error, where the backend cannot run a file
  // nvcc compiled (valid CUDA it does not support), which only a grading on a GPU can judge.
  TestStatus not_run_status = TestStatus::failed;
  std::string build_log;              // the compiler's output when a compile failed
  NvccCheck nvcc;                     // not run when the gate stopped before nvcc
  std::string source_text;            // the student's file; empty when it could not be read as text
};

// `content_problem`: why intake found the file ungradable (not text, too large); empty when it is not.
// `builds`: the student builds the checks need besides the default one, made side by side with nvcc's
// check, `jobs` compilers at a time.
GateOutcome run_gate(Session& session, const std::string& content_problem, std::vector<StudentBuild> builds,
                     int jobs);

}  // namespace kit
