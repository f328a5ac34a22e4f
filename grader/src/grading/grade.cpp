#include "grading/grade.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sys/stat.h>

#include "assignment/cases.h"
#include "backends/backend_table.h"
#include "assignment/kit_tree.h"
#include "assignment/rubric_intake.h"
#include "build/backend_choice.h"
#include "checks/check.h"
#include "checks/correctness_tests.h"
#include "checks/gate.h"
#include "checks/memory_access.h"
#include "grading/sandbox_check.h"
#include "os/build_config.h"
#include "os/remove_tree.h"
#include "os/sandbox.h"
#include "os/timing_lock.h"
#include "result/scoring.h"
#include "run/failure_pictures.h"
#include "run/session.h"
#include "submission/intake.h"
#include "util/errors.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

std::string known_assignments() {
  std::string list;
  for (const auto& a : list_assignments()) list += (list.empty() ? "" : ", ") + a;
  return list;
}

struct WorkDir {
  std::string path;
  WorkDir() {
    std::string pattern = (fs::temp_directory_path() / "kit-grade-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary folder");
    path = pattern;
    // The sandbox's user must pass through it to the folders bound for a step (and nothing more).
    ::chmod(path.c_str(), 0711);
  }
  ~WorkDir() {
    // Student code wrote in it: remove_tree copes with any shape it left (folders nested past PATH_MAX).
    if (!std::getenv("KIT_KEEP_WORK")) remove_tree(path);
  }
};

// What every command does before it touches student code: the rubric, the backend, whether a sandbox
// can be made, a work folder, and the submission taken in under its fixed name (submission/intake.h). The three
// parts of a grading (run/session.h) are made here, and the session that runs it is a view of them.
struct Opened {
  Assignment assignment;
  std::unique_ptr<Assignment> cpu_twin;  // assignment.cpu_twin points here
  Submission submission;
  Worker worker;
  BackendChoice choice;
  std::string content_problem;  // the submission is there but cannot be graded (not text, too large)
  Session session() { return Session{assignment, submission, worker}; }
};

void open_grading(Opened& g, WorkDir& work, const std::string& assignment, const std::string& submission,
                  const std::string& backend, bool unsandboxed, const std::string& prepared = "") {
  Assignment& a = g.assignment;
  a.rubric = load_assignment_rubric(assignment);
  a.assignment_dir = assignment_folder(assignment);
  a.sandboxed = !unsandboxed;
  if (a.sandboxed) {
    const SandboxStatus status = probe_sandbox();
    if (!status.available) throw UserError(no_sandbox_message(status));
  }
  g.worker.work_dir = work.path;
  const fs::path folder = fs::path(work.path) / "submission";
  fs::create_directories(folder);
  ::chmod(folder.c_str(), 0755);
  g.submission.intake =
      take_in_submission(submission, a.rubric.student_files, folder.string(), intake_options_for(a.rubric));
  g.content_problem = g.submission.intake.problem();
  g.submission.source = (folder / a.rubric.student_files.front()).string();
  g.choice = choose_backend(backend);
  a.backend = g.choice.backend;
  a.backend_impl = &runner_backend(a.backend);
  a.prepared = open_prepared_folder(prepared, a.rubric, a.backend);
  // Outside a batch, gradings on the same GPU still take turns to time and profile (os/timing_lock.h).
  if (a.prepared.timing_lock.empty() && a.backend_impl->on_gpu()) {
    std::string why;
    a.prepared.timing_lock = machine_gpu_lock_path(&why);
    if (!why.empty())
      std::cerr << "grader: warning: no GPU lock (" << why << "): gradings run side by side on this GPU may "
                   "time each other's kernels; set KIT_GPU_LOCK to a file you can write, or to none\n";
  }
  check_sandbox_for(a, work.path);  // a root grader's sandbox user can use all that the builds give it
}

// A GPU can give the right result where the CPU backend finds a bug: a tile choice only a small device
// breaks, a barrier some threads skip, a read past an array that lands on a harmless value. Where the CPU
// backend is built, it runs beside the GPU (checks/cpu_twin.h), so the GPU grade is never more lenient
// than the CPU backend's. KIT_CPU_TWIN=off leaves it out (the grade may then differ from the CPU backend's).
void add_cpu_twin(Opened& g) {
  const Assignment& a = g.assignment;
  const char* choice = std::getenv("KIT_CPU_TWIN");
  const std::string chosen = choice ? choice : "";
  if (!chosen.empty() && chosen != "off" && chosen != "on")
    std::cerr << "grader: warning: KIT_CPU_TWIN=" << chosen << " is neither on nor off; taken as on\n";
  if (chosen == "off" || a.backend_impl->has_virtual_devices() || !build_config().cpu_backend) return;
  g.cpu_twin = std::make_unique<Assignment>(a);
  g.cpu_twin->backend = Backend::cpu;
  g.cpu_twin->backend_impl = &runner_backend(Backend::cpu);
  // A batch prepares its builds for the GPU; the twin builds its own, and keeps the turns of the GPU's lock.
  g.cpu_twin->prepared = PreparedFolder{};
  g.cpu_twin->prepared.timing_lock = a.prepared.timing_lock;
  g.cpu_twin->sanitizer_builds = false;
  g.assignment.cpu_twin = g.cpu_twin.get();
}

// A test's pictures were written in the work folder, which goes away: they are copied where the user asked
// for them, or dropped. A folder that cannot be written costs the pictures, never the grade.
void keep_failure_pictures(TestResult& test, const std::string& folder) {
  if (test.pictures.empty()) return;
  try {
    test.pictures = folder.empty() ? std::vector<std::string>() : copy_failure_pictures(test.pictures, folder);
  } catch (const UserError& e) {
    test.pictures.clear();
    test.details += (test.details.empty() ? "" : "\n") + std::string("(no pictures: ") + e.what() + ")";
  }
}

// What the result says before anything is graded: the assignment, the submission, where it is graded.
GradeResult result_heading(const Session& s, const GradeOptions& o, const BackendChoice& choice) {
  GradeResult result;
  result.assignment = s.assignment.rubric.assignment;
  result.title = s.assignment.rubric.title;
  result.hidden_tests = s.assignment.rubric.hidden_tests;
  result.submission = o.submission;
  result.backend = to_string(s.assignment.backend);
  result.backend_reason = choice.reason;
  result.sandboxed = s.assignment.sandboxed;
  result.unsandboxed_why = o.unsandboxed_why;
  result.device = choice.device;
  result.kit_version = build_config().version;
  return result;
}

std::vector<StudentBuild> builds_the_checks_need(const CheckInput& in) {
  std::vector<StudentBuild> builds;
  for (const Check* c : checks())
    if (c->builds)
      for (StudentBuild& b : c->builds(in)) builds.push_back(std::move(b));
  return builds;
}

// A check's outcome into the result: its tests after the ones before, and what it saw of the device.
const TestResult* first_failed_test(const std::vector<TestResult>& tests) {
  for (const TestResult& t : tests)
    if (t.status == TestStatus::failed) return &t;
  return nullptr;
}

void add_outcome(CheckOutcome outcome, const std::string& pictures_dir, GradeResult& result) {
  for (TestResult& t : outcome.tests) {
    keep_failure_pictures(t, pictures_dir);
    result.tests.push_back(std::move(t));
  }
  for (LeaderboardEntry& e : outcome.leaderboard) result.leaderboard.push_back(std::move(e));
  if (outcome.sm_clock_mhz) result.device.sm_clock_mhz = *outcome.sm_clock_mhz;
  if (outcome.max_sm_clock_mhz) result.device.max_sm_clock_mhz = *outcome.max_sm_clock_mhz;
}

void add_up(GradeResult& result) {
  for (const TestResult& t : result.tests) {
    result.score += t.score;
    result.max_score += t.max_score;
  }
  result.score = round_points(result.score);
  result.max_score = round_points(result.max_score);
}

}  // namespace

std::vector<std::string> list_assignments() { return assignment_names(kit_trees()); }

Rubric load_assignment_rubric(const std::string& name) {
  const bool plain_name = !name.empty() && name.find('/') == std::string::npos && name != "." && name != "..";
  const fs::path path = plain_name ? fs::path(assignment_folder(name)) / "rubric.yaml" : fs::path();
  if (!plain_name || !fs::exists(path)) {
    const std::string meant = closest_match(name, list_assignments());
    throw UserError("unknown assignment '" + name + "'" + (meant.empty() ? "" : ": did you mean '" + meant + "'?") +
                    " (known: " + known_assignments() + "; `grader list` shows them)");
  }
  try {
    return load_rubric(path.string(), kit_trees());
  } catch (const RubricError& e) {
    throw UserError(std::string("invalid rubric: ") + e.what() + "\nnothing was graded; fix the rubric and try again");
  }
}

namespace {

// The cases `only` names (a group, or a test), or all of them when it is empty. Throws UserError, listing
// the groups, when it names none.
std::vector<TestCase> only_the_named(std::vector<TestCase> cases, const std::string& only, const std::string& assignment) {
  if (only.empty()) return cases;
  std::vector<TestCase> named;
  std::vector<std::string> groups, names;
  for (const TestCase& c : cases) {
    if (std::find(groups.begin(), groups.end(), c.group) == groups.end()) groups.push_back(c.group);
    names.push_back(c.name);
    if (c.group == only || c.name == only) named.push_back(c);
  }
  if (!named.empty()) return named;
  std::vector<std::string> all = groups;
  all.insert(all.end(), names.begin(), names.end());
  const std::string meant = closest_match(only, all);
  throw UserError("--only '" + only + "' names no correctness group or test of " + assignment +
                  (meant.empty() ? "" : ": did you mean '" + meant + "'?") + " (its groups: " + comma_list(groups) + ")");
}

}  // namespace

GradeResult grade_submission(const GradeOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  Opened opened;
  WorkDir work;
  opened.worker.stages.enter("setup", start);  // reading the rubric and the submission, choosing the backend
  open_grading(opened, work, o.assignment, o.submission, o.backend, o.unsandboxed, o.prepared);
  opened.worker.stages.leave();
  opened.assignment.grading_seed = o.seed.value_or(opened.assignment.rubric.seed);
  add_cpu_twin(opened);
  Session s = opened.session();
  GradeResult result = result_heading(s, o, opened.choice);

  const DeviceTests devices = backend_of(s).has_virtual_devices() ? DeviceTests::virtual_devices
                              : s.assignment.cpu_twin               ? DeviceTests::own_and_virtual
                                                                    : DeviceTests::own_device;
  const std::vector<TestCase> cases = only_the_named(
      expand_cases(s.assignment.rubric, s.assignment.grading_seed, o.visible_only, devices), o.only,
      s.assignment.rubric.assignment);
  const int jobs = o.jobs > 0 ? o.jobs : default_test_jobs();
  // A submission gets the rubric's time budget (correctness_tests.h).
  const TestSchedule schedule{jobs, start, s.assignment.rubric.limits.submission_seconds, o.first_failure};
  const NvccCheck no_nvcc;
  const std::string no_text;
  // What the correctness check's runs showed, for the checks after it: grading hands it on, no check
  // writes into another's (check.h).
  CorrectnessEvidence evidence;
  const CheckInput before_gate{s, o, cases, no_nvcc, no_text, schedule, result.device, result.tests, evidence};
  const GateOutcome gate = run_gate(s, opened.content_problem, builds_the_checks_need(before_gate), jobs);
  if (gate.failure) result.tests.push_back(*gate.failure);
  if (!gate.build_log.empty()) result.build_log = gate.build_log;

  const CheckInput in{s, o, cases, gate.nvcc, gate.source_text, schedule, result.device, result.tests, evidence};
  for (const Check* c : checks()) {
    if (!o.only.empty() && TestCategory{c->section} != TestCategory::correctness) continue;
    // `--first-failure` after a failure: what is left of the code's checks is listed, not run (written
    // answers do not depend on the code, and are graded all the same).
    if (const TestResult* first = o.first_failure && c->needs_build ? first_failed_test(result.tests) : nullptr) {
      for (TestResult& t : c->planned(in, "")) result.tests.push_back(test_stopped_at(std::move(t), first->name));
      continue;
    }
    // Stopped at the gate: what needs the code lists its tests as not run; the rest runs all the same.
    if (!gate.why_not.empty() && c->needs_build) {
      // Where the backend, not the file, stopped the grading, its tests were not checked: errors that
      // the reports show as a regrade (result/regrade.h), each saying why in the same words.
      for (TestResult& t : c->planned(in, gate.why_not)) {
        if (t.status == TestStatus::failed && gate.not_run_status == TestStatus::error) {
          t.status = TestStatus::error;
          t.message = "not checked: " + gate.why_not;
        }
        result.tests.push_back(std::move(t));
      }
      continue;
    }
    CheckOutcome outcome = c->run(in);
    merge_evidence(evidence, std::move(outcome.evidence));
    add_outcome(std::move(outcome), o.pictures_dir, result);
  }
  add_up(result);
  result.execution_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.stages = opened.worker.stages.seconds();
  return result;
}

namespace {

// "256x256", or one number that every axis takes in a square assignment.
Dims parse_size(const std::string& text, const Rubric& rubric, const Problem& problem) {
  Dims dims;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t x = text.find('x', pos);
    const std::string part = text.substr(pos, x == std::string::npos ? std::string::npos : x - pos);
    if (part.empty() || part.size() > 9 || part.find_first_not_of("0123456789") != std::string::npos || std::stol(part) < 1)
      throw UserError("--size '" + text + "' is not a size: write one extent per axis of " + problem.name + " (" +
                      format_dims(Dims(problem.axes.size(), 64)) + ")");
    dims.push_back(std::stol(part));
    if (x == std::string::npos) break;
    pos = x + 1;
  }
  if (dims.size() == 1 && rubric.square) dims.assign(problem.axes.size(), dims[0]);
  if (dims.size() != problem.axes.size())
    throw UserError("--size '" + text + "' has " + std::to_string(dims.size()) + " extents; " + problem.name + " has " +
                    std::to_string(problem.axes.size()) + " axes");
  return dims;
}

}  // namespace

void with_submission_session(const std::string& assignment, const std::string& submission, const std::string& backend,
                             bool unsandboxed,
                             const std::function<void(Session& session, const std::string& backend_reason)>& body) {
  Opened opened;
  WorkDir work;
  open_grading(opened, work, assignment, submission, backend, unsandboxed);
  if (!opened.content_problem.empty()) throw UserError("the submission cannot be run: " + opened.content_problem);
  opened.assignment.grading_seed = opened.assignment.rubric.seed;
  Session s = opened.session();
  body(s, opened.choice.reason);
}

AccessResult measure_memory_access(const AccessOptions& o) {
  Opened opened;
  WorkDir work;
  open_grading(opened, work, o.assignment, o.submission, o.backend, o.unsandboxed);
  if (!opened.content_problem.empty()) throw UserError("the submission cannot be graded: " + opened.content_problem);
  opened.assignment.grading_seed = opened.assignment.rubric.seed;
  Session s = opened.session();
  const Function* function = &s.assignment.rubric.functions.front();
  if (!o.function.empty()) {
    function = nullptr;
    std::string names;
    for (const Function& f : s.assignment.rubric.functions) {
      if (f.name == o.function) function = &f;
      names += (names.empty() ? "" : ", ") + f.name;
    }
    if (!function) throw UserError("--function '" + o.function + "' is not one of " + o.assignment + "'s (" + names + ")");
  }
  AccessResult result;
  result.function = function->name;
  result.dims = parse_size(o.size, s.assignment.rubric, *function->problem);
  result.backend = to_string(s.assignment.backend);
  result.backend_reason = opened.choice.reason;
  const BuildOutcome& build = student_runner(s, Flavour::fast, {});
  if (!build.ok) {
    result.build_failure = build.summary + "\n" + last_lines(build.log, 30);
    return result;
  }
  result.profile = access_profile(s, *function, result.dims);
  return result;
}

}  // namespace kit
