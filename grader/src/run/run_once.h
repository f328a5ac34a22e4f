// One run of a student's runner for a correctness test: in one mode, one thread order, over a list of
// seeds; on a kept runner when one is waiting (run/runner_pool.h). The pieces it joins: the request
// (correctness_request.h), the conversation (seed_conversation.h), how the run ended (run_ending.h) and
// its outputs (run_outputs.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <kitcpu/diagnostic.h>

#include "assignment/cases.h"
#include "run/run_mode.h"
#include "run/run_verdict.h"
#include "run/runner_run.h"
#include "run/session.h"

namespace kit {

// The bytes of guard zone around each array of a correctness run's arena.
constexpr std::size_t kGuardBytes = 1 << 20;


// The run in a process, the backend's (run/runner_backend.h) request, its ending and its outputs
// read. `may_reuse`: the run may go to a kept runner.
RunVerdict run_once(Session& s, const RunnerRun& r, bool may_reuse = true);

// The CPU runtime's diagnostics a run left in `report`, taken in before anything reads them (run_files.h):
// the file may be a link or a fifo. `tampered` says why the run's files cannot be believed.
std::vector<kitcpu::Diagnostic> runtime_diagnostics(Session& s, const std::string& report, std::string* tampered);

}  // namespace kit
