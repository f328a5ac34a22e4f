// A backend builds the student's runner and runs it: on the GPU (cuda) or on the CPU backend's emulation
// (cpu). Everything the two do differently sits behind this one interface, one file per backend
// (cuda_backend.cpp, cpu_backend.cpp); the grading asks the session's backend (backend_of) and never asks
// which one it is. A unit test puts a fake behind it (correctness_run_test.cpp) to drive the correctness
// check without building or starting anything.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "assignment/access_profile.h"
#include "build/build.h"
#include "kit/array.h"
#include "kit/device_limits.h"
#include "kit/device_memory.h"
#include "os/process.h"
#include "run/run_ending.h"
#include "run/run_mode.h"
#include "run/run_verdict.h"
#include "run/runner_run.h"

namespace kit {

// Declared only: the backends sit below the session and the rubric, which include them.
struct Session;   // run/session.h (backend_of)
struct Worker;    // run/worker.h
struct TestCase;  // assignment/cases.h
struct Function;  // assignment/rubric.h

// The plain runs a correctness test makes: every seed in the first thread order; the other orders look
// for races, which one seed shows as well as three. `large`: a size run once, in one order, with one seed.
struct PlainRuns {
  std::vector<std::string> orders = {""};
  std::vector<std::uint64_t> seeds;
  bool large = false;
  std::vector<RunVerdict> verdicts;
};

// The runs that look for the cause of a failure (or a hidden race) after the plain ones, in the order a
// test makes them, and the thread order they run in. Which of them a test needs is correctness_modes.h's.
struct CheckingRuns {
  std::vector<RunMode> modes;
  std::string order;
};

// How the kit's own kernel is timed for the timing checks (timing_observation.cpp).
struct KitTiming {
  bool runner_events;  // the runner times with its events ("time"); else the grader's clock around a "run"
  const char* clock;   // how, for the report
};

class RunnerBackend {
 public:
  virtual ~RunnerBackend() = default;

  // "cuda" or "cpu", as results name it.
  virtual const char* name() const = 0;
  // Whether its runs use the GPU: the sandbox lets them see it, and in a batch they take the timing lock.
  virtual bool on_gpu() const = 0;
  // Whether its runs can be timed for the performance tests (a GPU's), or are only checked.
  virtual bool times_performance() const = 0;
  // Whether it emulates the rubric's virtual devices ("on every device" groups run on each of them).
  virtual bool has_virtual_devices() const = 0;

  // -- building: the flavour a mode's build asks for (run_mode.h) is the build this backend makes of it.
  virtual Flavour build_flavour(Flavour wanted) const = 0;
  virtual BuildOutcome build(const BuildSpec& spec) const = 0;

  // -- the device a run sees: its memory (one arena per run) and its limits.
  virtual std::unique_ptr<DeviceMemory> new_arena(Worker& w, std::size_t bytes) const = 0;
  virtual const DeviceLimits& device_limits(Worker& w, const TestCase& t, DeviceLimits* scratch) const = 0;

  // -- the correctness tests: what the runs of a grading share (a GPU's memory helper), started once and
  // before the workers are made (run/worker.h, worker_beside); how many runners each worker keeps
  // between its tests; whether the tests of one non-default build go to one worker
  // (checks/correctness_tests.h, work_items).
  virtual void start_shared(Worker& w) const = 0;
  virtual std::size_t kept_runners() const = 0;
  virtual bool groups_tests_by_build() const = 0;

  // -- one correctness test: its plain runs, then its checking runs.
  virtual PlainRuns plain_runs(const Session& s, const TestCase& t) const = 0;
  virtual CheckingRuns checking_runs() const = 0;
  virtual RunVerdict run(Session& s, const RunnerRun& r) const = 0;

  // -- one process of a run (run_once): what it is started with beyond the runner and its sandbox, what
  // tells two kept runners apart beyond program, mode, order and device, and what it left to read.
  virtual void prepare_request(const Session& s, const TestCase& t, RunMode mode, const std::string& order,
                               const std::filesystem::path& dir, ProcessRequest& req) const = 0;
  virtual std::string runner_variant(const Session& s, const TestCase& t, RunMode mode) const = 0;
  virtual CpuReports read_reports(Session& s, RunMode mode, const std::string& report, const ProcessResult& p,
                                  std::string* tampered) const = 0;
  // What follows a refused launch's headline: the error the device gave it.
  virtual std::string launch_error_note(const std::string& error) const = 0;

  // -- the technique checks: a function's memory accesses; a run outside the correctness tests (its
  // watchdog); the size a timing check runs; how the kit's kernel is timed.
  virtual AccessProfile access_profile(Session& s, const Function& function, const Dims& dims) const = 0;
  virtual void prepare_function_run(ProcessRequest& req) const = 0;
  virtual Dims timing_size(const Dims& size, const std::map<std::string, double>& limits) const = 0;
  virtual KitTiming kit_timing() const = 0;
};

}  // namespace kit
