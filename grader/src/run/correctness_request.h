// How a correctness run of a runner is started: its sandbox and its wrapping tool, derived from the run's
// mode, and what the backend adds (run/runner_backend.h: the CPU runtime's environment, a GPU's
// stall limit).
#pragma once

#include <filesystem>
#include <string>

#include "assignment/cases.h"
#include "kit/runner_case.h"
#include "os/process.h"
#include "run/run_mode.h"
#include "run/seed_conversation.h"
#include "run/session.h"

namespace kit {

// compute-sanitizer ships with the CUDA toolkit, next to nvcc; empty when it is not there.
std::string compute_sanitizer();

// Whether the CPU backend runs a size with every seed in every thread order (assignment/rubric.h, CpuChecks).
bool repeated_on_cpu(const Dims& dims, long max_volume);

// The request for a run of `exe` in `mode` (and, on the CPU backend, thread `order`), talked to by `talk`;
// `dir` is its scratch folder.
ProcessRequest run_request(Session& s, const TestCase& t, const std::string& exe, RunMode mode,
                           const std::string& order, const RunnerCase& layout, DeviceMemory& memory,
                           const std::filesystem::path& dir, SeedConversation& talk);

// Two runs may share a kept runner (run/runner_pool.h) when everything its process was started with is
// the same: the program, and the environment its mode, thread order, workers and virtual device give it.
std::string runner_key(const Session& s, const TestCase& t, const std::string& exe, RunMode mode,
                       const std::string& order);

}  // namespace kit
