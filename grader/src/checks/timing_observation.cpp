#include "checks/timing_observation.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>

#include "assignment/kit_tree.h"
#include "kit/channel.h"
#include "kit/random.h"
#include "os/arena.h"
#include "os/process.h"
#include "os/timing_lock.h"
#include "performance/timing_calls.h"
#include "performance/timing_rule.h"
#include "run/runner_backend.h"
#include "run/runner_call.h"
#include "run/step_sandbox.h"

namespace kit {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kKitWarmups = 3;
constexpr int kKitSamples = 15;

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// The check's size, as the backend runs it (on the CPU backend, capped: an emulated kernel is slow).
Dims run_dims(const TechniqueInput& in) { return backend_of(in.session).timing_size(in.check.size, in.check.limits); }

// The parsed JSON records of a runner's channel, one conversation step at a time.
std::vector<nlohmann::json> records(RecordReader& reader, const std::string& channel) {
  std::vector<nlohmann::json> out;
  for (const Record& r : reader.take(channel)) {
    nlohmann::json j = nlohmann::json::parse(r.bytes, nullptr, false);
    if (j.is_object()) out.push_back(std::move(j));
  }
  return out;
}

// The student's function once: its runtime calls, and the report it left in the arena.
void run_student(const TechniqueInput& in, const Function& fn, TimingObservation& o) {
  Session& s = in.session;
  const BuildOutcome& built = student_runner(s, Flavour::fast, {});
  if (!built.ok) {
    o.error = "your file did not build";
    return;
  }
  const Problem& problem = *fn.problem;
  RunnerCase layout = layout_runner_case(fn.name, o.dims, problem.inputs(o.dims), problem.outputs(o.dims), 4096);
  layout.keep_shared_memory = true;  // the student's clocks read here: no launch of the runner's own in them
  // A time is measured here: in a batch, alone on the GPU (os/timing_lock.h).
  const TimingLock timing(s.assignment.prepared.timing_lock, TimingLock::Use::timing, backend_of(s).on_gpu());
  const std::unique_ptr<DeviceMemory> memory = new_arena(s, layout.arena_bytes);
  const std::uint64_t seed = derive_seed(s.assignment.grading_seed, "timing report") >> 1;
  fill_guards(*memory, layout);
  load_inputs(*memory, layout, generate_inputs(problem, problem.variants.front(), o.dims, seed));
  poison_outputs(*memory, layout, seed);
  const std::string scratch = new_scratch_folder(s.worker, "timing-report");
  ProcessRequest req = runner_request(built.executable, layout, memory->descriptor(), scratch, s.assignment.rubric.limits.test_seconds);
  RecordReader reader;
  std::string status;
  req.converse = [&](const std::string& channel) -> std::string {
    for (const nlohmann::json& j : records(reader, channel)) {
      const std::string type = j.value("type", "");
      if (type == "ready") {
        if (j.value("status", "") != "ok") {
          status = j.value("error", std::string("the runner could not start"));
          return "quit\n";
        }
        return "run\n";
      }
      if (type == "call") o.calls.push_back(j);
      if (type == "done") {
        status = j.value("status", "") == "ok" ? "ok" : "CUDA error " + j.value("error_name", std::string("?"));
        return "quit\n";
      }
    }
    return "";
  };
  req.sandbox = run_sandbox(s.assignment, built.executable, scratch, false, RunTool::none);
  const ProcessResult p = run_process(req);
  // A CUDA error left behind (an elapsed time read too early) still leaves the calls and the report to
  // judge; a runner that never answered leaves nothing.
  if (status.rfind("CUDA error", 0) == 0) {
    o.cuda_error = status;
  } else if (status != "ok") {
    o.error = "your function " + (status.empty() ? describe_ending(p, req.timeout_s) : "failed: " + status);
    return;
  }
  const ArenaArray& report = layout.arrays.back();
  float values[4] = {0, 0, 0, 0};
  memory->read(report.offset, values, sizeof values);
  o.reported = {values[0], values[1], values[2], values[3]};
}

// The kit's copy of the kernel, timed through `entry` in a runner of its own: on a GPU with the timing
// protocol's events, on the CPU backend by the grader's clock from asking for a run to its answer (the
// CPU backend's kernels run synchronously, so the run is the kernel's time plus a pipe's round trip).
void time_kit(const TechniqueInput& in, const Function& fn, const std::string& entry, TimingObservation& o) {
  Session& s = in.session;
  const std::string file = "solutions/" + s.assignment.rubric.assignment + "/" + s.assignment.rubric.student_files.front();
  if (!fs::exists(kit_file(file))) {
    o.skipped = true;
    o.error = "the kit's copy of the kernel (" + file + ") is not in this tree: graded where the kit is whole";
    return;
  }
  const BuildOutcome& built = baseline_runner(s, s.assignment.rubric.assignment, file);
  if (!built.ok) {
    o.error = "the kit's copy of the kernel did not build: " + built.summary;
    return;
  }
  const Problem& problem = *fn.problem;
  RunnerCase layout = layout_runner_case(entry, o.dims, problem.inputs(o.dims), problem.outputs(o.dims), 4096);
  layout.keep_shared_memory = true;  // the student's clocks read here: no launch of the runner's own in them
  // A time is measured here: in a batch, alone on the GPU (os/timing_lock.h).
  const TimingLock timing(s.assignment.prepared.timing_lock, TimingLock::Use::timing, backend_of(s).on_gpu());
  const std::unique_ptr<DeviceMemory> memory = new_arena(s, layout.arena_bytes);
  const std::uint64_t seed = derive_seed(s.assignment.grading_seed, "kit timing") >> 1;
  fill_guards(*memory, layout);
  load_inputs(*memory, layout, generate_inputs(problem, problem.variants.front(), o.dims, seed));
  const KitTiming how = backend_of(s).kit_timing();
  o.kit_clock = how.clock;
  const std::string scratch = new_scratch_folder(s.worker, "kit-timing");
  ProcessRequest req = runner_request(built.executable, layout, memory->descriptor(), scratch, s.assignment.rubric.limits.test_seconds);
  RecordReader reader;
  int warmups = 0;
  std::vector<double> samples;
  std::vector<nlohmann::json> warmup_calls;  // the kit's own launch, as its runner recorded it
  Clock::time_point sent = Clock::now();
  std::string failure;
  auto next = [&]() -> std::string {
    if (static_cast<int>(samples.size()) >= kKitSamples) return "quit\n";
    sent = Clock::now();
    return warmups < kKitWarmups || !how.runner_events ? "run\n" : "time\n";
  };
  req.converse = [&](const std::string& channel) -> std::string {
    std::string reply;
    for (const nlohmann::json& j : records(reader, channel)) {
      const std::string type = j.value("type", "");
      if (type == "call" && warmup_calls.size() < 64) warmup_calls.push_back(j);
      if (type == "ready") {
        if (j.value("status", "") != "ok") failure = j.value("error", std::string("the kit's runner did not start"));
        reply = failure.empty() ? next() : "quit\n";
      } else if (type == "done") {
        const double wall = ms_since(sent);
        if (j.value("status", "") != "ok") failure = "the kit's kernel failed: " + j.value("error_name", std::string("?"));
        else if (warmups < kKitWarmups) ++warmups;
        else samples.push_back(wall);
        reply = failure.empty() ? next() : "quit\n";
      } else if (type == "sample") {
        if (!j.value("error", std::string()).empty()) failure = j.value("error", std::string());
        else samples.push_back(j.value("ms", 0.0));
        reply = failure.empty() ? next() : "quit\n";
      }
    }
    return reply;
  };
  req.sandbox = run_sandbox(s.assignment, built.executable, scratch, false, RunTool::none);
  const ProcessResult p = run_process(req);
  if (!failure.empty() || samples.empty()) {
    o.error = !failure.empty() ? failure : "the kit's timing run " + describe_ending(p, req.timeout_s);
    return;
  }
  o.kit_ms = median(samples);
  o.kit_samples = static_cast<int>(samples.size());
  o.kit_launch = first_launch(warmup_calls);
}

}  // namespace

const TimingObservation& observe_timing(const TechniqueInput& in) {
  // One observation per grading (a session's work folder is its own) and size.
  static std::map<std::string, TimingObservation> observed;
  Session& s = in.session;
  const Function& fn = s.assignment.rubric.functions[in.check.function];
  const Dims dims = run_dims(in);
  const std::string key = s.worker.work_dir + "/" + fn.name + "/" + format_dims(dims);
  const auto found = observed.find(key);
  if (found != observed.end()) return found->second;
  TimingObservation& o = observed[key];
  o.dims = dims;
  const Work work = fn.problem->work(dims);
  o.bytes = work.bytes_read + work.bytes_written;
  std::string entry;
  for (const Function& other : s.assignment.rubric.functions)
    if (other.name != fn.name) {
      entry = other.name;
      break;
    }
  if (entry.empty()) {
    o.error = "the rubric names no function for the kit to time the kernel through";
    return o;
  }
  run_student(in, fn, o);
  if (o.error.empty()) time_kit(in, fn, entry, o);
  return o;
}

}  // namespace kit
