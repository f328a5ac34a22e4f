// What does the work of a grading: a work folder and its scratch folders, the builds made so far, the
// case data and access profiles computed, the runners kept from test to test, a clock of where the time
// goes. The grading has one; the correctness tests run side by side, each worker with one of its own
// (worker_beside), and when a worker ends what it made or found joins the grading's (join_worker). A
// worker owns live processes and a place in the folders: it is moved, never copied.
#pragma once

#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "assignment/access_profile.h"
#include "build/build.h"
#include "kit/array.h"
#include "kit/device_limits.h"
#include "kit/device_memory.h"
#include "kit/problem.h"
#include "run/runner_pool.h"
#include "util/stage_clock.h"

namespace kit {

struct CaseData {
  Arrays inputs;
  Expected expected;
};

struct HostCodeRun {
  std::string function;
  std::string test;  // the correctness test's name: "n 1000"
  Dims dims;
  std::vector<nlohmann::json> calls;
  // Whether students see the test: a hidden test's name holds its size, which a finding shown to students
  // must not (reports/student_view.h).
  bool visible = true;
};

// Enough for every seed of every correctness test of a host-code assignment, in every thread order.
constexpr std::size_t kMaxHostCodeRuns = 256;

// What the correctness runs showed of the student's code, for the technique checks that judge it after
// them: correctness produces it (checks/correctness_tests.h), technique reads it (checks/technique.h).
struct CorrectnessEvidence {
  // The kernels whose writes reached the output of a passing correctness run, by name without the
  // parameter list (answer_flow.h): the technique checks judge these, not every kernel the file defines
  // or launches. kernels_recorded: a correctness run was made, so an empty set means no kernel did work
  // that passed.
  std::set<std::string> launched_kernels;    // kernel_key names, of the largest passing run
  std::uint64_t launched_kernels_bytes = 0;  // that run's output bytes
  bool kernels_recorded = false;
  // The record of each seed's run in the correctness tests of a function that writes its host code:
  // the host-code checks judge every one (technique_host_code.cpp), so a file cannot free, check or
  // wait only at the one size those checks run.
  std::vector<HostCodeRun> host_code_runs;  // at most kMaxHostCodeRuns
};

// Credits the kernels whose writes made a passing run's answer (answer_flow.h), keeping those of the
// largest run only: `answer_bytes` is that run's output size.
void credit_kernels(CorrectnessEvidence& evidence, const std::set<std::string>& kernels, std::uint64_t answer_bytes);

// Two workers' evidence as one worker would have gathered it: the kernels of the largest passing run, a
// run made by either, the host-code runs of both (up to kMaxHostCodeRuns).
void merge_evidence(CorrectnessEvidence& into, CorrectnessEvidence&& from);

struct RacecheckSweep;  // checks/racecheck_coverage.h

// During the correctness tests, the builds a worker makes on the way (a checking build, for a failed
// test), shared with the other workers: each is made once, by the first worker that wants it.
struct SharedBuilds {
  std::mutex mutex;
  std::map<std::string, std::shared_future<BuildOutcome>> builds;  // by build key
};

// What a worker made or read once that any later work of the grading reuses.
struct Learned {
  std::map<std::string, BuildOutcome> builds;           // by build key (run/session.h)
  std::map<std::string, CaseData> case_data;            // by function, input variant, dims and seed
  std::map<std::string, AccessProfile> access_profiles; // by function and dims (memory_access.h)
  std::map<std::string, std::string> knob_checks;       // by build: "" or how the file overrides a -D value
  std::optional<DeviceLimits> gpu_limits;               // the GPU's, read once when a problem's answer needs them
};

struct Worker {
  std::string work_dir;        // the grading's private temporary folder, removed at the end
  std::string scratch_prefix;  // a worker's scratch folders apart from the others' (correctness_tests.h)
  int scratch_count = 0;       // scratch folders made so far (step_sandbox.h)
  Learned learned;
  CorrectnessEvidence evidence;  // what this worker's correctness runs showed
  StageClock stages;             // where the worker's time goes
  std::shared_ptr<GpuMemoryServer> gpu_memory;  // owns the GPU arenas; started on first use, shared
  RunnerPool runners;     // runners kept from test to test (a worker's, during the correctness tests)
  int runner_starts = 0;  // sandboxed runner processes started so far: each costs more than most runs
  std::shared_ptr<const RacecheckSweep> racecheck_sweep;  // during the correctness tests, on a GPU
  // The tests memcheck runs on even when they pass ("group\nname"; checks/correctness_modes.h).
  std::shared_ptr<const std::set<std::string>> memcheck_probes;
  std::shared_ptr<SharedBuilds> shared_builds;            // during the correctness tests

  Worker() = default;
  Worker(Worker&&) = default;
  Worker& operator=(Worker&&) = default;
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;
};

// A worker for work beside `grading`'s: the same work folder (its scratch folders named apart by
// `scratch_prefix`), the same shared helpers (GPU memory, racecheck sweep, shared builds) and a copy of
// what the grading learned so far; a clock, runners and evidence of its own.
Worker worker_beside(const Worker& grading, const std::string& scratch_prefix);

// What `done` made or found joins `grading` when it ends: its runners end first (nothing of the student's
// runs on afterwards), then its learned builds, data and profiles (the grading's own kept where both
// have one), its evidence (merge_evidence) and its stage seconds. The one place that says what outlives
// a worker.
void join_worker(Worker& grading, Worker&& done);

}  // namespace kit
