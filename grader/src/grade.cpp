#include "kit/grade.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <sstream>
#include <sys/stat.h>

#include "kit/backend_choice.h"
#include "kit/build_config.h"
#include "kit/cases.h"
#include "kit/correctness_run.h"
#include "kit/correctness_tests.h"
#include "kit/errors.h"
#include "kit/failure_pictures.h"
#include "kit/intake.h"
#include "kit/kit_tree.h"
#include "kit/sandbox.h"
#include "kit/source_text.h"
#include "kit/step_sandbox.h"
#include "kit/symbol_check.h"
#include "kit/memory_access.h"
#include "kit/performance_run.h"
#include "kit/scoring.h"
#include "kit/session.h"
#include "kit/technique.h"
#include "kit/text.h"
#include "kit/written_check.h"
#include "remove_tree.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

std::string known_assignments() {
  std::string list;
  for (const auto& a : list_assignments()) list += (list.empty() ? "" : ", ") + a;
  return list;
}

TestResult build_failure(const std::string& message, const std::string& log) {
  TestResult t;
  t.name = "build";
  t.group = "build";
  t.category = TestCategory::build;
  t.status = TestStatus::failed;
  t.message = message;
  t.details = log;
  return t;
}

// Every test the rubric defines, failed without running because the file could not be built.
void fail_everything(const Session& s, const std::vector<TestCase>& cases, bool with_performance,
                     const std::string& why, GradeResult& result) {
  for (const TestCase& c : cases) result.tests.push_back(test_not_run(c, why));
  for (const TechniqueCheck& check : s.rubric.technique) {
    TestResult t;
    t.name = check.name;
    t.group = "technique";
    t.category = TestCategory::technique;
    t.max_score = check.points;
    t.status = TestStatus::failed;
    t.message = "not run: " + why;
    result.tests.push_back(t);
  }
  if (with_performance) {
    for (TestResult t : skipped_performance_tests(s.rubric, "not run: " + why)) {
      t.status = TestStatus::failed;
      result.tests.push_back(t);
    }
  }
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
// can be made, a work folder, and the submission taken in under its fixed name (kit/intake.h).
struct Opened {
  BackendChoice choice;
  std::string content_problem;  // the submission is there but cannot be graded (not text, too large)
};

Opened open_session(Session& s, WorkDir& work, const std::string& assignment, const std::string& submission,
                    const std::string& backend, bool unsandboxed) {
  s.rubric = load_assignment_rubric(assignment);
  s.assignment_dir = assignment_folder(assignment);
  s.sandboxed = !unsandboxed;
  if (s.sandboxed) {
    const SandboxStatus status = probe_sandbox();
    if (!status.available) throw UserError(no_sandbox_message(status));
  }
  Opened opened;
  s.work_dir = work.path;
  const fs::path folder = fs::path(work.path) / "submission";
  fs::create_directories(folder);
  ::chmod(folder.c_str(), 0755);
  const Intake intake = take_in_submission(submission, s.rubric.student_files, folder.string());
  opened.content_problem = intake.problem();
  s.source = (folder / s.rubric.student_files.front()).string();
  opened.choice = choose_backend(backend);
  s.backend = opened.choice.backend;
  return opened;
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

}  // namespace

std::vector<std::string> list_assignments() { return assignment_names(kit_trees()); }

Rubric load_assignment_rubric(const std::string& name) {
  const bool plain_name = !name.empty() && name.find('/') == std::string::npos && name != "." && name != "..";
  const fs::path path = plain_name ? fs::path(assignment_folder(name)) / "rubric.yaml" : fs::path();
  if (!plain_name || !fs::exists(path))
    throw UserError("unknown assignment '" + name + "' (known: " + known_assignments() + "; `grader list` shows them)");
  try {
    return load_rubric(path.string(), kit_trees());
  } catch (const RubricError& e) {
    throw UserError(std::string("invalid rubric: ") + e.what() + "\nnothing was graded; fix the rubric and try again");
  }
}

GradeResult grade_submission(const GradeOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  Session s;
  WorkDir work;
  s.stages.enter("setup", start);  // reading the rubric and the submission, choosing the backend
  const Opened opened = open_session(s, work, o.assignment, o.submission, o.backend, o.unsandboxed);
  s.stages.leave();
  s.grading_seed = o.seed.value_or(s.rubric.seed);

  GradeResult result;
  result.assignment = s.rubric.assignment;
  result.title = s.rubric.title;
  result.submission = o.submission;
  result.backend = to_string(s.backend);
  result.backend_reason = opened.choice.reason;
  result.sandboxed = s.sandboxed;
  result.device = opened.choice.device;
  result.kit_version = build_config().version;

  const std::vector<TestCase> cases = expand_cases(s.rubric, s.grading_seed, o.visible_only,
                                                    /*virtual_devices=*/s.backend == Backend::cpu);
  const bool with_performance = !o.visible_only && !s.rubric.performance.items.empty();
  auto finish = [&] {
    // The written answers are graded whatever became of the code: they do not depend on it.
    if (!s.rubric.questions.questions.empty()) {
      const StageScope stage(s.stages, "written answers");
      for (TestResult& t : grade_written_answers(s.rubric.questions, read_answers(answers_path_for(o.submission)),
                                                 s.rubric.student_files.front()))
        result.tests.push_back(t);
    }
    for (const auto& t : result.tests) {
      result.score += t.score;
      result.max_score += t.max_score;
    }
    result.score = round_points(result.score);
    result.max_score = round_points(result.max_score);
    result.execution_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.stages = s.stages.seconds();
    return result;
  };

  if (!opened.content_problem.empty()) {
    result.tests.push_back(build_failure("the submission cannot be graded: " + opened.content_problem, ""));
    fail_everything(s, cases, with_performance, "the file cannot be graded", result);
    return finish();
  }
  const std::string source_text = read_text_file(s.source);
  const std::string file_name = fs::path(s.source).filename().string();
  for (const IdentifierUse& use : find_identifiers(code_without_comments_and_literals(source_text), s.rubric.forbidden)) {
    result.tests.push_back(build_failure("uses " + use.name + " (line " + std::to_string(use.line) +
                                             "), which this assignment forbids", ""));
    fail_everything(s, cases, with_performance, "the file uses " + use.name, result);
    return finish();
  }

  // nvcc first, when it is here: its errors are the real CUDA ones, and its report feeds the technique checks.
  BuildSpec check_spec;
  check_spec.assignment_dir = s.assignment_dir;
  check_spec.source = s.source;
  check_spec.output_dir = (fs::path(s.work_dir) / "nvcc-check").string();
  check_spec.timeout_s = s.rubric.limits.build_seconds;
  check_spec.sandbox = compile_sandbox(s, check_spec);
  // nvcc's check and every build the grading needs go side by side, so the grading waits for one compile,
  // not for two in a row. A file that does not compile fails its builds too; that costs their time, no more.
  const int jobs = o.jobs > 0 ? o.jobs : default_test_jobs();
  std::future<NvccCheck> checked = std::async(std::launch::async, [check_spec] { return nvcc_check(check_spec); });
  std::vector<StudentBuild> builds = {{"fast", {}}};  // the default build: timed, and checked for technique
  for (const TestCase& c : cases)
    for (StudentBuild& b : builds_for_test(s, c)) builds.push_back(std::move(b));
  build_student_runners(s, builds, jobs);
  const NvccCheck nvcc = checked.get();
  if (nvcc.ran && !nvcc.ok) {
    result.tests.push_back(build_failure("nvcc could not compile " + file_name, last_lines(nvcc.log, 40)));
    result.build_log = nvcc.log;
    fail_everything(s, cases, with_performance, "the file does not compile", result);
    return finish();
  }
  // What the compiled file calls from outside itself: a forbidden call hidden from the text is not
  // hidden from the object code.
  if (nvcc.ran) {
    std::string error;
    std::vector<ForbiddenUse> uses =
        forbidden_uses(undefined_symbols(nvcc.object, check_spec.sandbox, &error), s.rubric.forbidden);
    for (ForbiddenUse& u : system_call_instructions(nvcc.object, check_spec.sandbox, &error)) {
      u.symbol = "the operating system directly from " + u.symbol;
      uses.push_back(std::move(u));
    }
    const std::vector<ForbiddenUse> replaced =
        replaced_definitions(defined_symbols(nvcc.object, check_spec.sandbox, &error));
    // The file's own doing as a rule (a listing too large, a tool stopped by the sandbox's limits): a
    // file that cannot be checked is not graded, and says why.
    if (!error.empty()) {
      result.tests.push_back(build_failure("the compiled file could not be checked: " + error, ""));
      fail_everything(s, cases, with_performance, "the compiled file could not be checked", result);
      return finish();
    }
    if (!uses.empty() || !replaced.empty()) {
      std::string details;
      for (const ForbiddenUse& u : uses) details += u.symbol + ": " + u.reason + "\n";
      for (const ForbiddenUse& u : replaced) details += "defines " + u.symbol + ": " + u.reason + "\n";
      const std::string what = !uses.empty() ? "calls " + uses.front().symbol : "defines " + replaced.front().symbol;
      const std::string why = !uses.empty() ? uses.front().reason : replaced.front().reason;
      result.tests.push_back(build_failure(what + ", which no submission may: " + why, details));
      fail_everything(s, cases, with_performance, "the file " + what, result);
      return finish();
    }
  }
  const BuildOutcome& build = student_runner(s, "fast", {});
  if (!build.ok) {
    result.tests.push_back(build_failure(build.summary, last_lines(build.log, 40)));
    result.build_log = build.log;
    fail_everything(s, cases, with_performance, "the build failed", result);
    return finish();
  }

  // A submission gets the rubric's time budget (correctness_tests.h).
  const TestSchedule schedule{jobs, start, s.rubric.limits.submission_seconds};
  bool all_correct = true;
  for (TestResult& t : run_correctness_tests(s, cases, schedule)) {
    keep_failure_pictures(t, o.pictures_dir);
    all_correct = all_correct && t.status == TestStatus::passed;
    result.tests.push_back(std::move(t));
  }
  {
    const StageScope stage(s.stages, "technique checks");
    for (TestResult& t : run_technique_checks(s, nvcc, source_text)) result.tests.push_back(t);
  }
  if (with_performance) {
    const StageScope stage(s.stages, "timed runs");
    std::vector<TestResult> perf =
        s.backend == Backend::cuda
            ? run_performance_tests(s, all_correct, result)
            : skipped_performance_tests(s.rubric, "not measured: the CPU backend checks correctness only; "
                                                  "performance needs a GPU");
    for (TestResult& t : perf) result.tests.push_back(t);
  }
  return finish();
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
  Session s;
  WorkDir work;
  const Opened opened = open_session(s, work, assignment, submission, backend, unsandboxed);
  if (!opened.content_problem.empty()) throw UserError("the submission cannot be run: " + opened.content_problem);
  s.grading_seed = s.rubric.seed;
  body(s, opened.choice.reason);
}

AccessResult measure_memory_access(const AccessOptions& o) {
  Session s;
  WorkDir work;
  const Opened opened = open_session(s, work, o.assignment, o.submission, o.backend, o.unsandboxed);
  if (!opened.content_problem.empty()) throw UserError("the submission cannot be graded: " + opened.content_problem);
  s.grading_seed = s.rubric.seed;
  const Function* function = &s.rubric.functions.front();
  if (!o.function.empty()) {
    function = nullptr;
    std::string names;
    for (const Function& f : s.rubric.functions) {
      if (f.name == o.function) function = &f;
      names += (names.empty() ? "" : ", ") + f.name;
    }
    if (!function) throw UserError("--function '" + o.function + "' is not one of " + o.assignment + "'s (" + names + ")");
  }
  AccessResult result;
  result.function = function->name;
  result.dims = parse_size(o.size, s.rubric, *function->problem);
  result.backend = to_string(s.backend);
  result.backend_reason = opened.choice.reason;
  const BuildOutcome& build = student_runner(s, "fast", {});
  if (!build.ok) {
    result.build_failure = build.summary + "\n" + last_lines(build.log, 30);
    return result;
  }
  result.profile = access_profile(s, *function, result.dims);
  return result;
}

}  // namespace kit
