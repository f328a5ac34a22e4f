#include "checks/correctness_tests.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <utility>

#include "checks/correctness_modes.h"
#include "checks/cpu_twin.h"
#include "checks/correctness_run.h"
#include "os/cores.h"
#include "run/runner_backend.h"
#include "run/side_by_side.h"
#include "submission/source_text.h"
#include "util/text.h"

namespace kit {
namespace {

constexpr int kMaxDefaultJobs = 8;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

TestResult test_not_run(const TestCase& c, const std::string& why) {
  TestResult t;
  t.name = c.name;
  t.group = c.group;
  t.max_score = c.points;
  t.visibility = visibility_name(c.visibility);
  t.status = TestStatus::failed;
  t.message = "not run: " + why;
  return t;
}

TestResult test_stopped_at(TestResult t, const std::string& first_failure) {
  t.status = TestStatus::skipped;
  t.score = 0;
  t.message = "not run: --first-failure stopped at " + first_failure;
  t.details.clear();
  return t;
}

TestResult test_stopped_at(const TestCase& c, const std::string& first_failure) {
  return test_stopped_at(test_not_run(c, ""), first_failure);
}

std::vector<std::vector<std::size_t>> work_items(const std::vector<TestCase>& cases,
                                                 const std::vector<char>& waits_for_sweep, bool group_builds) {
  std::vector<std::size_t> order(cases.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_partition(order.begin(), order.end(), [&](std::size_t i) { return !waits_for_sweep[i]; });
  std::vector<std::vector<std::size_t>> items;
  std::map<std::string, std::size_t> item_of_build;  // a build other than the default -> its item
  for (const std::size_t i : order) {
    const std::string build = knobs_key(cases[i].build);
    if (!group_builds || cases[i].build.empty()) {
      items.push_back({i});
      continue;
    }
    auto [found, added] = item_of_build.emplace(build, items.size());
    if (added) items.emplace_back();
    items[found->second].push_back(i);
  }
  return items;
}

int default_test_jobs() { return std::clamp(usable_cores(), 1, kMaxDefaultJobs); }

namespace {

// The racecheck sweep runs beside the tests, on a worker of its own (`sweeper`); a test that needs its
// verdict waits for it (checks/correctness_run.h). Under a timing lock it steps aside for a waiting timing.
void start_racecheck_sweep(Session& sweeper, Worker& grading, const std::vector<const TestCase*>& swept) {
  if (swept.size() <= 1) return;
  auto sweep = std::make_shared<RacecheckSweep>();
  for (const TestCase* t : swept) sweep->tests.insert(t->group + "\n" + t->name);
  sweep->clean = std::async(std::launch::async, [&sweeper, swept] {
                   try {
                     return racecheck_finds_nothing(sweeper, swept);
                   } catch (const std::exception&) {
                     return false;  // each test then runs its own racecheck, which reports the problem
                   }
                 }).share();
  grading.racecheck_sweep = sweep;
}

// The tests' workers, one per job, each seen through a session of its own. The sessions refer to the
// workers, which never move once made (moving the vector keeps them where they are).
struct TestWorkers {
  std::vector<Worker> workers;
  std::vector<Session> sessions;
};

// Every worker is made before any starts, and joins the grading's after all have ended: the grading's
// worker is never read and written at once.
TestWorkers make_test_workers(Session& s, int count) {
  TestWorkers w;
  w.workers.reserve(count);
  w.sessions.reserve(count);
  for (int k = 0; k < count; ++k) {
    w.workers.push_back(worker_beside(s.worker, "w" + std::to_string(k) + "-"));
    // Runners a worker keeps between its tests (run/runner_pool.h).
    w.workers[k].runners.enable(backend_of(s).kept_runners());
    w.sessions.push_back(Session{s.assignment, s.submission, w.workers[k]});
  }
  return w;
}

// Which test of each build hung first, shared by the workers: a later test of that build is not run.
struct Hangs {
  std::mutex mutex;
  std::map<std::string, std::size_t> first;  // build -> the earliest test, in the rubric's order, that hung
  std::vector<char> hung;

  bool after_one(const std::string& build, std::size_t i) {
    std::lock_guard<std::mutex> lock(mutex);
    auto h = first.find(build);
    return h != first.end() && h->second < i;
  }
  void record(const std::string& build, std::size_t i) {
    std::lock_guard<std::mutex> lock(mutex);
    hung[i] = 1;
    auto [h, added] = first.emplace(build, i);
    if (!added) h->second = std::min(h->second, i);
  }
};

// `--first-failure`: the earliest test, in the rubric's order, known to have failed; none after it starts.
struct FirstFailure {
  std::atomic<std::size_t> index{SIZE_MAX};
  void record(std::size_t i) {
    std::size_t seen = index.load();
    while (i < seen && !index.compare_exchange_weak(seen, i)) {
    }
  }
};

// One test on one worker, unless a test of its build hung before it (decided later, in order), the
// submission's time is used up, or `--first-failure` has seen an earlier test fail.
void run_one_test(Session& session, const TestCase& c, std::size_t i, const TestSchedule& schedule, Hangs& hangs,
                  FirstFailure& first_failure, TestResult& result) {
  const std::string build_key = knobs_key(c.build);
  if (hangs.after_one(build_key, i)) return;
  if (schedule.stop_at_first_failure && i > first_failure.index.load()) return;
  if (seconds_since(schedule.start) > schedule.budget_seconds) {
    result = test_not_run(c, "the submission used up its time budget of " +
                                 std::to_string(static_cast<int>(schedule.budget_seconds)) + " s");
    return;
  }
  bool timed_out = false;
  const Clock::time_point test_start = Clock::now();
  const int starts_before = session.worker.runner_starts;
  result = run_correctness_test(session, c, &timed_out);
  // Where a grading's time goes, test by test (the stages say what kind of work it was), and how many
  // runners the test started: none when runners kept from earlier tests served it (run/runner_pool.h).
  result.metrics["seconds"] = seconds_since(test_start);
  result.metrics["runner_starts"] = session.worker.runner_starts - starts_before;
  if (timed_out) hangs.record(build_key, i);
  if (result.status == TestStatus::failed) first_failure.record(i);
}

// Runs the items side by side, one worker each at a time. A worker handed the last item lets its kept
// runners go after it: nothing of the student's waits idle while other workers finish (under a timing
// lock, their share would hold up another grading's timing).
void run_items(const std::vector<std::vector<std::size_t>>& items, TestWorkers& w,
               const std::function<void(Session&, std::size_t)>& run_test) {
  std::atomic<std::size_t> started{0};
  for_each_side_by_side(items.size(), static_cast<int>(w.workers.size()), [&](int worker, std::size_t item) {
    ++started;
    struct EndRunnersAfterLastItem {
      std::atomic<std::size_t>& started;
      std::size_t total;
      RunnerPool& runners;
      ~EndRunnersAfterLastItem() {
        if (started == total) runners.clear();
      }
    } end_runners{started, items.size(), w.workers[worker].runners};
    for (const std::size_t i : items[item]) run_test(w.sessions[worker], i);
  });
}

}  // namespace

namespace {

CorrectnessOutcome run_on_own_backend(Session& s, const std::vector<TestCase>& cases, const TestSchedule& schedule);

// The twin's tests in a GPU grading (checks/cpu_twin.h) run on the CPU backend, in a worker of their
// own: its builds are the CPU backend's, never the GPU's of the same name. What they show of the kernels
// stays out of the evidence: the technique checks judge the GPU's runs. A file the GPU's compiler built
// but the CPU backend cannot (a construct it does not support, a compiler the machine lacks) costs
// nothing: the twin's tests are not measured, and the report says why.
struct TwinRun {
  std::optional<std::vector<TestResult>> tests;  // nullopt: the twin could not build the file
  std::string why;                               // and why not
  double seconds = 0;                            // the twin's work, all stages together
};

TwinRun run_on_cpu_twin(Session& s, Worker& twin, const std::vector<TestCase>& cases, const TestSchedule& schedule) {
  TwinRun run;
  Session on_cpu{*s.assignment.cpu_twin, s.submission, twin};
  const BuildOutcome& build = student_runner(on_cpu, Flavour::fast, {});
  if (build.ok) run.tests = run_on_own_backend(on_cpu, cases, schedule).tests;
  else run.why = build.summary + (build.log.empty() ? "" : ":\n" + last_lines(build.log, 12));
  twin.runners.clear();
  for (const auto& [stage, seconds] : twin.stages.seconds()) run.seconds += seconds;
  return run;
}

}  // namespace

CorrectnessOutcome run_correctness_tests(Session& s, const std::vector<TestCase>& cases, const TestSchedule& schedule) {
  if (!s.assignment.cpu_twin) return run_on_own_backend(s, cases, schedule);
  std::vector<TestCase> own, on_twin;
  for (const TestCase& c : cases) (c.device.empty() ? own : on_twin).push_back(c);
  const std::size_t virtual_count = on_twin.size();
  const std::vector<std::size_t> cross_checked = cross_checked_tests(s, own);
  for (const std::size_t i : cross_checked) on_twin.push_back(own[i]);

  // The twin's builds and runs take the CPU while the GPU's runs take the GPU.
  Worker twin;
  twin.work_dir = s.worker.work_dir;
  twin.scratch_prefix = s.worker.scratch_prefix + "cpu-";
  std::future<TwinRun> twin_run;
  if (!on_twin.empty())
    twin_run = std::async(std::launch::async, [&] { return run_on_cpu_twin(s, twin, on_twin, schedule); });
  CorrectnessOutcome outcome = run_on_own_backend(s, own, schedule);
  const TwinRun on_cpu = twin_run.valid() ? twin_run.get() : TwinRun{std::vector<TestResult>(on_twin.size()), "", 0};
  s.worker.stages.add({{"CPU backend beside the GPU", on_cpu.seconds}});

  if (on_cpu.tests)
    for (std::size_t k = 0; k < cross_checked.size(); ++k)
      join_cross_check(outcome.tests[cross_checked[k]], (*on_cpu.tests)[virtual_count + k]);
  // Back in the rubric's order.
  std::vector<TestResult> results;
  std::size_t next_own = 0, next_virtual = 0;
  for (const TestCase& c : cases)
    results.push_back(c.device.empty() ? std::move(outcome.tests[next_own++])
                      : on_cpu.tests   ? (*on_cpu.tests)[next_virtual++]
                                       : test_not_run(c, ""));
  if (!on_cpu.tests) give_virtual_points_to_the_gpu(cases, on_cpu.why, results);
  outcome.tests = std::move(results);
  return outcome;
}


namespace {

CorrectnessOutcome run_on_own_backend(Session& s, const std::vector<TestCase>& cases, const TestSchedule& schedule) {
  std::vector<StudentBuild> builds;
  for (const TestCase& c : cases)
    for (StudentBuild& b : builds_for_test(s, c)) builds.push_back(std::move(b));
  build_student_runners(s, builds, schedule.jobs);
  const RunnerBackend& backend = backend_of(s);
  Worker& grading = s.worker;
  // What the workers share (a GPU's memory helper) is there before they are made.
  backend.start_shared(grading);

  grading.shared_builds = std::make_shared<SharedBuilds>();
  const std::vector<const TestCase*> swept = racecheck_sweep_tests(s, cases);
  Worker sweep_worker = worker_beside(grading, "sweep-");
  Session sweeper{s.assignment, s.submission, sweep_worker};
  start_racecheck_sweep(sweeper, grading, swept);
  grading.memcheck_probes = std::make_shared<const std::set<std::string>>(memcheck_probe_tests(s, cases));

  // Results keep the rubric's order whatever the order of the runs.
  std::vector<char> waits_for_sweep(cases.size(), 0);
  for (std::size_t i = 0; i < cases.size(); ++i)
    waits_for_sweep[i] = grading.racecheck_sweep && grading.racecheck_sweep->covers(cases[i]);
  const std::vector<std::vector<std::size_t>> items = work_items(cases, waits_for_sweep, backend.groups_tests_by_build());

  std::vector<TestResult> results(cases.size());
  Hangs hangs;
  hangs.hung.assign(cases.size(), 0);
  FirstFailure first_failure;
  TestWorkers workers = make_test_workers(s, std::max(1, std::min(schedule.jobs, static_cast<int>(items.size()))));
  std::exception_ptr failure;
  try {
    run_items(items, workers, [&](Session& session, std::size_t i) {
      run_one_test(session, cases[i], i, schedule, hangs, first_failure, results[i]);
    });
  } catch (...) {
    failure = std::current_exception();  // raised once what the workers learned is kept
  }
  if (grading.racecheck_sweep) {
    grading.racecheck_sweep->clean.wait();
    grading.racecheck_sweep.reset();
    join_worker(grading, std::move(sweep_worker));
  }
  // Each worker's runners end as it joins: nothing of the student's runs on while anything is timed.
  for (Worker& w : workers.workers) join_worker(grading, std::move(w));
  grading.shared_builds.reset();
  grading.memcheck_probes.reset();
  if (failure) std::rethrow_exception(failure);
  drop_tests_after_hangs(cases, hangs.hung, results);
  if (schedule.stop_at_first_failure && first_failure.index < cases.size())
    for (std::size_t i = first_failure.index + 1; i < cases.size(); ++i)
      results[i] = test_stopped_at(cases[i], cases[first_failure.index].name);
  if (!backend.on_gpu() && uses_warp_primitives(code_without_comments_and_literals(read_text_file(s.submission.source))))
    excuse_warp_emulation_timeouts(cases, results);
  // What the runs showed of the kernels goes to the grading (grade.cpp), for the technique checks.
  return {std::move(results), std::exchange(grading.evidence, CorrectnessEvidence())};
}

}  // namespace

void drop_tests_after_hangs(const std::vector<TestCase>& cases, const std::vector<char>& hung,
                            std::vector<TestResult>& results) {
  std::map<std::string, std::size_t> hung_on;  // build -> its first test that hung
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string build_key = knobs_key(cases[i].build);
    auto h = hung_on.find(build_key);
    if (h != hung_on.end())
      results[i] = test_not_run(cases[i], "the same build timed out on " + cases[h->second].name +
                                              ", so its other tests are not run");
    else if (hung[i])
      hung_on.emplace(build_key, i);
  }
}

void excuse_warp_emulation_timeouts(const std::vector<TestCase>& cases, std::vector<TestResult>& results) {
  std::map<std::string, bool> passed;          // build -> a test of it passed
  std::map<std::string, std::size_t> too_slow;  // build -> its test that ran out of time
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string build = knobs_key(cases[i].build);
    if (results[i].status == TestStatus::passed) passed[build] = true;
    if (results[i].diagnosis.category == "timeout" && !too_slow.count(build)) too_slow[build] = i;
  }
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string build = knobs_key(cases[i].build);
    const auto slow = too_slow.find(build);
    if (slow == too_slow.end() || !passed[build] || i < slow->second || results[i].status != TestStatus::failed) continue;
    results[i].status = TestStatus::error;
    results[i].score = 0;
    results[i].message = "not checked: this file's warp primitives (shuffles, votes, __syncwarp) run one thread at a "
                         "time on the CPU backend, too slowly for " + cases[slow->second].name +
                         " within the time limit; a GPU grades it";
  }
}

}  // namespace kit

