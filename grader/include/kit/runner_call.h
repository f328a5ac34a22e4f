// How the grader starts a runner: its command line, its private channel, its limits. Every run of
// student code (correctness, timing, memory-access counts) goes through here, so there is one place
// that decides what a runner is given.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kit/process.h"
#include "kit/rubric.h"
#include "kit/runner_case.h"

namespace kit {

constexpr int kRunnerChannelFd = 3;

// The case that runs `function` on `dims` with inputs drawn from `variant`, once per seed.
RunnerCase runner_case(const Function& function, const InputVariant& variant, const Dims& dims,
                       const std::vector<std::uint64_t>& seeds);

// A request to run `exe` in `mode` ("correctness", "perf") on the case; `extra` are further runner
// options (--guard-bytes N, --max-seconds S).
ProcessRequest runner_request(const std::string& exe, const std::string& mode, const RunnerCase& c,
                              const std::vector<std::string>& extra, const std::string& working_dir, double timeout_s);

}  // namespace kit
