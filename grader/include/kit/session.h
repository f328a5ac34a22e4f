// One grading run of one submission: the rubric, the files, the backend, and the runners built so far
// (each build is made once and reused by every test that needs it).
#pragma once

#include <cstdint>
#include <future>
#include <map>
#include <set>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kit/access_profile.h"
#include "kit/build.h"
#include "kit/device_limits.h"
#include "kit/device_memory.h"
#include "kit/cases.h"
#include "kit/problem.h"
#include "kit/rubric.h"
#include "kit/runner_pool.h"
#include "kit/stage_clock.h"

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
};

// Enough for every seed of every correctness test of a host-code assignment, in every thread order.
constexpr std::size_t kMaxHostCodeRuns = 256;

struct RacecheckSweep;  // kit/correctness_run.h
struct SharedBuilds;    // below
class RunnerBackend;    // backends/runner_backend.h

struct Session {
  Rubric rubric;
  std::string assignment_dir;
  std::string source;    // the student's file
  Backend backend = Backend::cpu;
  // What builds and runs the runners (backends/runner_backend.h, backend_of): the one of `backend`, unless a
  // test put a fake here.
  const RunnerBackend* backend_impl = nullptr;
  std::string work_dir;  // a private temporary folder, removed at the end
  bool sandboxed = true; // every compile and run of student code in a sandbox (false: --unsandboxed)
  int scratch_count = 0; // scratch folders made so far (step_sandbox.h)
  std::string scratch_prefix;  // a worker's scratch folders apart from the others' (correctness_tests.h)
  std::uint64_t grading_seed = 0;
  std::map<std::string, BuildOutcome> builds;
  std::map<std::string, CaseData> case_data;  // by function, input variant, dims and seed
  std::map<std::string, AccessProfile> access_profiles;  // by function and dims (memory_access.h)
  std::shared_ptr<GpuMemoryServer> gpu_memory;  // owns the GPU arenas; started on first use
  std::map<std::string, std::string> knob_checks;  // by build: "" or how the file overrides a -D value
  // The kernels whose writes reached the output of a passing correctness run, by name without the
  // parameter list (answer_flow.h): the technique checks judge these, not every kernel the file defines
  // or launches. kernels_recorded: a correctness run was made, so an empty set means no kernel did work
  // that passed.
  std::set<std::string> launched_kernels;       // kernel_key names, of the largest passing run
  std::uint64_t launched_kernels_bytes = 0;     // that run's output bytes
  bool kernels_recorded = false;
  // The record of each seed's run in the correctness tests of a function that writes its host code:
  // the host-code checks judge every one (technique_host_code.cpp), so a file cannot free, check or
  // wait only at the one size those checks run.
  std::vector<HostCodeRun> host_code_runs;  // at most kMaxHostCodeRuns
  StageClock stages;  // where the grading's time goes
  std::optional<DeviceLimits> gpu_limits;  // the GPU's, read once when a problem's answer needs them
  RunnerPool runners;  // runners kept from test to test (a worker's, during the correctness tests)
  int runner_starts = 0;  // sandboxed runner processes started so far: each costs more than most runs
  std::shared_ptr<const RacecheckSweep> racecheck_sweep;  // during the correctness tests, on a GPU
  // During the correctness tests, the builds a worker makes on the way (a checking build, for a failed
  // test), shared with the other workers: each is made once, by the first worker that wants it.
  std::shared_ptr<SharedBuilds> shared_builds;
};

struct SharedBuilds {
  std::mutex mutex;
  std::map<std::string, std::shared_future<BuildOutcome>> builds;  // by build key
};

// The student's runner for a flavour (cuda builds one flavour for all) and build (-D knobs; empty: the
// default build).
const BuildOutcome& student_runner(Session& session, Flavour flavour, const Knobs& build);

// A student build a grading needs: one flavour and one set of -D knobs (as for student_runner).
struct StudentBuild {
  Flavour flavour = Flavour::fast;
  Knobs knobs;
};

// Makes the builds not made yet, up to `jobs` compilers at a time, so that student_runner finds them.
void build_student_runners(Session& session, const std::vector<StudentBuild>& builds, int jobs);

// A baseline's runner (cuda only): `file` relative to the kit root, built with `assignment`'s harness. Two
// baselines of the same file and harness share one build.
const BuildOutcome& baseline_runner(Session& session, const std::string& assignment, const std::string& file);

// The session's backend (backends/runner_backend.h): a test's fake when it put one, else the one of its kind.
const RunnerBackend& backend_of(const Session& session);

// A new arena of `bytes` for one run (kit/device_memory.h): host memory on the CPU backend, memory of the
// trusted GPU helper on the cuda backend.
std::unique_ptr<DeviceMemory> new_arena(Session& session, std::size_t bytes);

// The device a test runs on, as the grader knows it: the virtual device's limits on the CPU backend (kept
// in `scratch`), the GPU's own, read once, on the cuda backend.
const DeviceLimits& test_device(Session& session, const TestCase& test, DeviceLimits* scratch);

// The inputs of a case's size and seed, and the reference outputs for them, computed once.
const CaseData& case_data(Session& session, const TestCase& test, std::uint64_t seed);

// Credits the kernels whose writes made a passing run's answer (answer_flow.h), keeping those of the
// largest run only: `answer_bytes` is that run's output size.
void credit_kernels(Session& session, const std::set<std::string>& kernels, std::uint64_t answer_bytes);

}  // namespace kit
