// A correctness test (checks/correctness_run.h): the plain runs in the thread orders, then the checking runs
// that look for the cause, merged by the policy of correctness_merge.h.
#include "checks/correctness_run.h"

#include <filesystem>

#include "checks/correctness_merge.h"
#include "checks/correctness_modes.h"
#include "run/correctness_request.h"
#include "run/failure_pictures.h"
#include "run/knob_check.h"
#include "run/runner_backend.h"
#include "submission/kernel_source.h"
#include "submission/source_text.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

void run_orders(Session& s, const TestCase& t, const std::string& exe, PlainRuns& runs, bool* hung) {
  std::vector<std::uint64_t> seeds = runs.seeds;
  for (std::size_t i = 0; i < runs.orders.size(); ++i) {
    const std::string& order = runs.orders[i];
    const std::string label = runs.orders.size() > 1 ? "[thread order " + order + "] " : "";
    if (i > 0) seeds = {t.seeds.front()};
    runs.verdicts.push_back(backend_of(s).run(s, {t, exe, RunMode::plain, order, seeds, label}));
    if (hung && runs.verdicts.back().timed_out) *hung = true;
    if (runs.verdicts.back().fatal) {
      runs.orders.resize(i + 1);
      break;
    }
  }
}

// The grader's clock ended the test's run: the test's time limit, or the stall watchdog's (a function
// that has not returned after limits.run_seconds). Other gradings beside it, a profiler or a sanitizer on
// the same machine can hold a correct run that long (on an H200, beside seven other gradings, an invalid
// launch that fails in microseconds was taken for a hang, and a device query timed out), and a grade must
// not depend on them: such a test is run once more before the time is held against the student. A hang
// the CPU backend's watchdog names (its line, its threads) is a diagnosis and is not run again.
bool ran_out_of_time(const PlainRuns& runs) {
  const RunVerdict* failing = first_failing(runs.verdicts);
  return failing && failing->stopped_by_clock;
}

// Whether the kernels the runs launched can touch shared memory: only then can a barrier be what is missing.
bool launched_kernels_may_share(const Session& s, const PlainRuns& runs) {
  std::vector<std::string> names;
  for (const RunVerdict& v : runs.verdicts)
    for (const LaunchRecord& launch : v.launches) {
      if (launch.shared_bytes > 0) return true;
      names.push_back(kernel_name_of(launch.kernel));
    }
  // A file that cannot be read again makes no claim against a barrier.
  const std::string source = read_text_file(s.submission.source);
  return source.empty() || kernels_may_use_shared_memory(code_without_comments_and_literals(source), names);
}

// A checking build that fails (or runs out of time) cannot vouch for the test: the test fails, saying why.
RunVerdict checking_build_failed(const BuildOutcome& build, const std::string& which) {
  RunVerdict v;
  v.fatal = true;
  v.message = "the " + which + " build of your file failed: " + build.summary;
  v.details = last_lines(build.log, 20);
  return v;
}

// One checking run in `mode` on the first seed; a build that failed joins the test as a failure when the
// mode counts it.
void check_in(Session& s, const TestCase& t, RunMode mode, const std::string& order, TestVerdict& test) {
  const BuildOutcome& build = student_runner(s, build_of(mode), t.build);
  if (!build.ok) {
    if (const char* which = counted_build_failure(mode)) add_finding(test, checking_build_failed(build, which));
    return;
  }
  const RunVerdict v = backend_of(s).run(s, {t, build.executable, mode, order, {t.seeds.front()}, label_of(mode)});
  if (finding_counts(mode, v)) add_finding(test, v);
  if (mode == RunMode::access_checks && !v.fatal && !v.timed_out) test.access_checks_clean = true;
}

// The checking runs the backend offers, in its order, each when its rule (correctness_modes.h) wants it:
// they name the line of an out-of-bounds access or a race.
void run_checks(Session& s, const TestCase& t, const RunVerdict* failing, TestVerdict& test) {
  const CheckingRuns checks = backend_of(s).checking_runs();
  const CheckingStart start = checking_start(test, failing);
  for (const RunMode mode : checks.modes)
    if (checking_run_wanted(s, t, mode, start, test)) check_in(s, t, mode, checks.order, test);
  settle_order_headline(test);
}

// The pictures of a wrong output, into the grading's work folder; the grading copies them to the folder
// the user asked for. Pictures are a help: a test's verdict never depends on writing them.
std::vector<std::string> stage_failure_pictures(const Session& s, const TestCase& t, const WrongPicture& wrong) {
  const std::string stem = picture_stem(t.group, t.name);
  try {
    return write_failure_pictures(wrong, (fs::path(s.worker.work_dir) / "failure-pictures" / stem).string(), stem);
  } catch (const std::exception&) {
    return {};
  }
}

// What a passed test says: how much it ran, and a warning of the CPU backend's if any.
std::string passed_message(const PlainRuns& runs, const std::string& details) {
  const std::size_t seeds = runs.seeds.size();
  return std::to_string(seeds) + (seeds == 1 ? " seed" : " seeds") +
         (runs.orders.size() > 1 ? ", " + std::to_string(runs.orders.size()) + " thread orders" : "") +
         (runs.large ? " (a large size: the CPU backend repeats the smaller ones)" : "") +
         (details.empty() ? "" : "; warning from the CPU backend: " + details.substr(0, details.find('\n')));
}

// A GPU shows many mistakes only as wrong values; the CPU backend runs every thread under checks and often
// names the line, so a failure with none says how to ask it.
std::string cpu_backend_hint(const std::string& assignment) {
  return "no line named: on a GPU this shows only in the result. The CPU backend runs every thread under "
         "checks and often names the line: grader grade " + assignment + " --submission <your file> --backend cpu";
}

void finish_result(Session& s, const TestCase& t, const PlainRuns& runs, TestVerdict& test, TestResult& result) {
  const RunVerdict* failing = first_failing(runs.verdicts);
  if (test.passed)
    for (const RunVerdict& v : runs.verdicts)
      if (v.warned && test.details.empty()) test.details = v.details;
  if (!runs.verdicts.empty()) result.launches = runs.verdicts.front().launches;
  result.status = test.passed ? TestStatus::passed : TestStatus::failed;
  result.score = test.passed ? t.points : 0;
  if (!test.passed) result.diagnosis = diagnosis_of(test.finding);
  if (!test.passed && failing && failing->wrong_picture)
    result.pictures = stage_failure_pictures(s, t, *failing->wrong_picture);
  result.message = test.passed ? passed_message(runs, test.details) : test.message;
  while (!test.details.empty() && test.details.back() == '\n') test.details.pop_back();
  if (!test.passed && test.finding.line == 0 && backend_of(s).on_gpu())
    test.details += (test.details.empty() ? "" : "\n") + cpu_backend_hint(s.assignment.rubric.assignment);
  result.details = test.details;
}

}  // namespace

std::vector<StudentBuild> builds_for_test(const Session& s, const TestCase& t) {
  std::vector<StudentBuild> builds = {{build_of(RunMode::plain), t.build}};
  if (checked_under_asan(s, t)) builds.push_back({build_of(RunMode::asan), {}});
  if (checked_under_tsan(s, t)) builds.push_back({build_of(RunMode::tsan), {}});
  return builds;
}

TestResult run_correctness_test(Session& s, const TestCase& t, bool* hung) {
  TestResult result;
  result.name = t.name;
  result.group = t.group;
  result.category = TestCategory::correctness;
  result.max_score = t.points;
  result.visibility = visibility_name(t.visibility);

  const BuildOutcome& build = student_runner(s, build_of(RunMode::plain), t.build);
  if (!build.ok) {
    result.status = TestStatus::failed;
    result.message = "not run: " + build.summary;
    result.details = last_lines(build.log, 30);
    return result;
  }
  if (const std::string overridden = knobs_overridden(s.assignment, s.submission, s.worker, t.build); !overridden.empty()) {
    result.status = TestStatus::failed;
    result.message = overridden;
    return result;
  }
  if (hung) *hung = false;
  PlainRuns runs = backend_of(s).plain_runs(s, t);
  run_orders(s, t, build.executable, runs, hung);
  const bool second_attempt = ran_out_of_time(runs);
  if (second_attempt) {
    if (hung) *hung = false;
    runs = backend_of(s).plain_runs(s, t);
    run_orders(s, t, build.executable, runs, hung);
  }
  TestVerdict test = merge_orders(runs.verdicts, runs.orders, launched_kernels_may_share(s, runs));
  run_checks(s, t, first_failing(runs.verdicts), test);
  finish_result(s, t, runs, test, result);
  if (second_attempt)
    result.details += std::string(result.details.empty() ? "" : "\n") +
                      (ran_out_of_time(runs) ? "run twice: both attempts ran out of time"
                                             : "the first attempt ran out of time, as a busy machine can make it; "
                                               "this result is the second attempt's");
  return result;
}

GivenInputsRun run_on_given_inputs(Session& s, const TestCase& t, const Arrays& inputs) {
  GivenInputsRun run;
  const BuildOutcome& build = student_runner(s, build_of(RunMode::plain), t.build);
  if (!build.ok) {
    run.problem = "your file did not build: " + build.summary;
    run.details = last_lines(build.log, 30);
    return run;
  }
  // One run, in the first of the orders the backend runs a test in.
  const std::vector<std::string> orders = backend_of(s).plain_runs(s, t).orders;
  const std::string order = orders.empty() ? "" : orders.front();
  RunVerdict v = backend_of(s).run(s, {t, build.executable, RunMode::plain, order, t.seeds, "", &inputs});
  run.outputs = std::move(v.given_outputs);
  run.finished = run.outputs.size() == t.seeds.size();
  run.problem = v.message;
  run.details = v.details;
  return run;
}

}  // namespace kit
