// One run of a student's function for its record of runtime calls and how its process ended: what the
// checks of host code need (kit/host_code_checks.h), which judge the calls themselves (a leak, a copy
// back not waited for) or the ending (an injected cudaMalloc failure must end the program cleanly).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "os/process.h"
#include "run/session.h"

namespace kit {

struct RecordedRun {
  std::string error;  // the build failed, or the program tampered with the record: nothing to judge
  ProcessResult process;
  std::vector<nlohmann::json> calls;  // the runtime calls, as run/runtime_calls.h describes them
  bool returned = false;              // the student's function returned (the runner said "done")
  std::string status;                 // the runner's "done" status: "ok" or "cuda-error"
};

// Runs `function` once at `dims` on the rubric's seed, on the fast build of the session's backend;
// `fail_allocation` > 0 makes the student's nth device allocation fail (kit/runner_case.h).
RecordedRun record_function_run(Session& session, const Function& function, const Dims& dims, int fail_allocation);

}  // namespace kit
