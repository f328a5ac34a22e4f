// One run of a student's runner for a correctness test: in one mode, one thread order, over a list of
// seeds; on a kept runner when one is waiting (kit/runner_pool.h). The pieces it joins: the request
// (correctness_request.h), the conversation (seed_conversation.h), how the run ended (run_ending.h) and
// its outputs (run_outputs.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kit/cases.h"
#include "kit/session.h"
#include "run_mode.h"
#include "run_verdict.h"

namespace kit {

// The bytes of guard zone around each array of a correctness run's arena.
constexpr std::size_t kGuardBytes = 1 << 20;

// `given_inputs`: run on these instead of the case's inputs, with nothing to compare the outputs with
// (`grader run`); the verdict keeps the outputs. `may_reuse`: the run may go to a kept runner.
RunVerdict run_once(Session& s, const TestCase& t, const std::string& exe, RunMode mode, const std::string& order,
                    const std::vector<std::uint64_t>& seeds, const std::string& label,
                    const Arrays* given_inputs = nullptr, bool may_reuse = true);

}  // namespace kit
