// How the grader starts a runner: its command line, its private channel, the arena it lends it, the
// control pipe it talks to it on. Every run of student code (correctness, timing, memory-access counts)
// goes through here, so there is one place that decides what a runner is given.
#pragma once

#include <functional>
#include <string>

#include "kit/runner_case.h"
#include "os/process.h"
#include "os/timing_lock.h"
#include "run/session.h"

namespace kit {

constexpr int kRunnerChannelFd = 3;  // the runner's reports
constexpr int kRunnerArenaFd = 4;    // the arena's memory (kit/device_memory.h)
constexpr int kRunnerControlFd = 5;  // the grader's commands: run, time, case, quit

// A request to run `exe` on the case, with the arena behind `arena_fd`. The caller adds the
// conversation (ProcessRequest::converse), the sandbox and the environment.
ProcessRequest runner_request(const std::string& exe, const RunnerCase& c, int arena_fd, const std::string& working_dir,
                              double timeout_s);

// Runs `function` once at `dims` on the inputs of the problem's first variant for `seed`, in an arena
// of its own: what the memory-access measurements need, which read what the runner's tools report,
// not the outputs. `adjust` adds the caller's sandbox, environment or wrapping tool to the request.
// On a GPU in a batch the run takes the timing lock as `lock` says (os/timing_lock.h): a share, as every
// run does, or the whole GPU, as a profiler needs its counters.
ProcessResult run_function_once(Session& session, const std::string& exe, const Function& function, const Dims& dims,
                                std::uint64_t seed, const std::string& working_dir,
                                const std::function<void(ProcessRequest&)>& adjust,
                                TimingLock::Use lock = TimingLock::Use::run);

}  // namespace kit
