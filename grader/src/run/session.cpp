#include "run/session.h"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "assignment/kit_tree.h"
#include "assignment/reference_cache.h"
#include "build/build_cache.h"
#include "run/runner_backend.h"
#include "run/side_by_side.h"
#include "run/step_sandbox.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

BuildOutcome build_with(const RunnerBackend& backend, const BuildSpec& spec) {
  fs::create_directories(spec.output_dir);
  return backend.build(spec);
}

// Where a build goes and how long it may take; `student`: the build compiles the student's file, so it
// happens in a sandbox (step_sandbox.h).
void place_build(const Session& s, const std::string& key, BuildSpec& spec, bool student) {
  spec.output_dir = (fs::path(s.worker.work_dir) / (s.worker.scratch_prefix + key)).string();
  spec.timeout_s = s.assignment.rubric.limits.build_seconds;
  spec.harness_cache = s.assignment.prepared.harness;
  if (student) spec.sandbox = compile_sandbox(s.assignment, spec);
}

// A student build is never shared with another grading; the kit's own baselines come from the batch's
// cache when it has one.
const BuildOutcome& build_once(const Session& s, const std::string& key, BuildSpec spec, bool student) {
  auto found = s.worker.learned.builds.find(key);
  if (found != s.worker.learned.builds.end()) return found->second;
  const StageScope stage(s.worker.stages, "build");
  // Another worker may be making it, or have made it: then this one waits for that build.
  std::promise<BuildOutcome> making;
  if (s.worker.shared_builds) {
    std::shared_future<BuildOutcome> made;
    {
      const std::lock_guard<std::mutex> lock(s.worker.shared_builds->mutex);
      auto [entry, added] = s.worker.shared_builds->builds.emplace(key, std::shared_future<BuildOutcome>());
      if (added) entry->second = making.get_future().share();
      else made = entry->second;
    }
    if (made.valid()) return s.worker.learned.builds.emplace(key, made.get()).first->second;
  }
  place_build(s, key, spec, student);
  const std::string cache = student ? "" : s.assignment.prepared.builds;
  try {
    const auto build = [&s](const BuildSpec& b) { return build_with(backend_of(s), b); };
    BuildOutcome built = cache.empty() ? build(spec) : cached_build(cache, build_cache_key(spec), spec, build);
    if (s.worker.shared_builds) making.set_value(built);
    return s.worker.learned.builds.emplace(key, std::move(built)).first->second;
  } catch (...) {
    if (s.worker.shared_builds) making.set_exception(std::current_exception());
    throw;
  }
}

BuildSpec student_spec(const Session& s, Flavour flavour, const Knobs& build, std::string* key) {
  BuildSpec spec;
  spec.backend = s.assignment.backend;
  spec.flavour = backend_of(s).build_flavour(flavour);
  spec.assignment_dir = s.assignment.assignment_dir;
  spec.source = s.submission.source;
  spec.defines = build;
  *key = "student-" + std::string(to_string(spec.flavour)) + (build.empty() ? "" : "-" + knobs_key(build));
  return spec;
}

}  // namespace

const BuildOutcome& student_runner(const Session& s, Flavour flavour, const Knobs& build) {
  std::string key;
  const BuildSpec spec = student_spec(s, flavour, build, &key);
  return build_once(s, key, spec, true);
}

void build_student_runners(const Session& s, const std::vector<StudentBuild>& wanted, int jobs) {
  std::vector<std::pair<std::string, BuildSpec>> todo;
  for (const StudentBuild& b : wanted) {
    std::string key;
    BuildSpec spec = student_spec(s, b.flavour, b.knobs, &key);
    const bool listed = std::any_of(todo.begin(), todo.end(), [&](const auto& t) { return t.first == key; });
    if (listed || s.worker.learned.builds.count(key)) continue;
    place_build(s, key, spec, true);
    todo.emplace_back(key, std::move(spec));
  }
  if (todo.empty()) return;
  const StageScope stage(s.worker.stages, "build");
  // Each build is one compiler process: a thread per compiler waits for it. The outcomes go into the
  // session only when every build is done, in the order listed, so nothing else sees them half made.
  std::vector<BuildOutcome> built(todo.size());
  const RunnerBackend& backend = backend_of(s);
  for_each_side_by_side(todo.size(), jobs, [&](int, std::size_t i) { built[i] = build_with(backend, todo[i].second); });
  for (std::size_t i = 0; i < todo.size(); ++i) s.worker.learned.builds.emplace(todo[i].first, std::move(built[i]));
}

const BuildOutcome& baseline_runner(const Session& s, const std::string& assignment, const std::string& file) {
  BuildSpec spec;
  spec.backend = s.assignment.backend;
  spec.assignment_dir = assignment_folder(assignment);
  spec.source = kit_file(file);
  std::string key = "baseline-" + assignment + "-" + file;
  for (char& c : key)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') c = '_';
  return build_once(s, key, spec, false);
}

std::unique_ptr<DeviceMemory> new_arena(const Session& s, std::size_t bytes) {
  return backend_of(s).new_arena(s.worker, bytes);
}

const DeviceLimits& test_device(const Session& s, const TestCase& t, DeviceLimits* scratch) {
  return backend_of(s).device_limits(s.worker, t, scratch);
}

const CaseData& case_data(const Session& s, const TestCase& t, std::uint64_t seed) {
  const Problem& problem = *t.function->problem;
  DeviceLimits scratch;
  const DeviceLimits* device = problem.device_reference ? &test_device(s, t, &scratch) : nullptr;
  // A device's answer is known by the device's name: a reference cache may serve a CPU and a GPU grading.
  const std::string key = t.function->name + "/" + t.inputs->name + "/" + format_dims(t.dims) + "/" +
                          knobs_key(t.knobs) + "/" + std::to_string(seed) + (t.device.empty() ? "" : "/" + t.device) +
                          (device ? "/" + device->name : "");
  auto found = s.worker.learned.case_data.find(key);
  if (found != s.worker.learned.case_data.end()) return found->second;
  const StageScope stage(s.worker.stages, "inputs and references");
  CaseData data;
  data.inputs = generate_inputs(problem, *t.inputs, t.dims, seed);
  const std::string& cache = s.assignment.prepared.references;
  const std::string cache_key = problem.name + "/" + key;
  std::optional<Expected> cached;
  if (!cache.empty()) cached = load_cached_reference(cache, cache_key);
  if (cached) {
    data.expected = std::move(*cached);
  } else {
    data.expected = device ? problem.device_reference(*device, t.dims, data.inputs)
                           : problem.reference(t.dims, t.knobs, data.inputs);
    if (!cache.empty()) store_cached_reference(cache, cache_key, data.expected);
  }
  return s.worker.learned.case_data.emplace(key, std::move(data)).first->second;
}

}  // namespace kit
