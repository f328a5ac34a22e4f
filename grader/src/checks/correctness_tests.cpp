#include "checks/correctness_tests.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <future>
#include <memory>
#include <map>
#include <mutex>
#include <numeric>
#include <utility>

#include "checks/correctness_run.h"
#include "os/cores.h"
#include "run/runner_backend.h"
#include "run/side_by_side.h"

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

CorrectnessOutcome run_correctness_tests(Session& s, const std::vector<TestCase>& cases, const TestSchedule& schedule) {
  std::vector<StudentBuild> builds;
  for (const TestCase& c : cases)
    for (StudentBuild& b : builds_for_test(s, c)) builds.push_back(std::move(b));
  build_student_runners(s, builds, schedule.jobs);
  const RunnerBackend& backend = backend_of(s);
  Worker& grading = s.worker;
  // What the workers share (a GPU's memory helper) is there before they are made.
  backend.start_shared(grading);

  grading.shared_builds = std::make_shared<SharedBuilds>();
  // The racecheck sweep runs beside the tests, on a worker of its own; a test that needs its verdict
  // waits for it (checks/correctness_run.h). Under a timing lock it steps aside for a waiting timing.
  const std::vector<const TestCase*> swept = racecheck_sweep_tests(s, cases);
  Worker sweep_worker = worker_beside(grading, "sweep-");
  Session sweeper{s.assignment, s.submission, sweep_worker};
  if (swept.size() > 1) {
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

  // Results keep the rubric's order whatever the order of the runs.
  std::vector<char> waits_for_sweep(cases.size(), 0);
  for (std::size_t i = 0; i < cases.size(); ++i)
    waits_for_sweep[i] = grading.racecheck_sweep && grading.racecheck_sweep->covers(cases[i]);
  const std::vector<std::vector<std::size_t>> items = work_items(cases, waits_for_sweep, backend.groups_tests_by_build());

  std::vector<TestResult> results(cases.size());
  std::vector<char> hung(cases.size(), 0);
  std::map<std::string, std::size_t> first_hang;  // build -> the earliest test, in the rubric's order, that hung
  std::mutex mutex;
  // Every worker is made before any starts, and joins the grading's after all have ended: the grading's
  // worker is never read and written at once.
  const int count = std::max(1, std::min(schedule.jobs, static_cast<int>(items.size())));
  std::vector<Worker> workers;
  std::vector<Session> sessions;
  workers.reserve(count);  // the sessions refer to the workers: they never move
  sessions.reserve(count);
  for (int k = 0; k < count; ++k) {
    workers.push_back(worker_beside(grading, "w" + std::to_string(k) + "-"));
    // Runners a worker keeps between its tests (run/runner_pool.h).
    workers[k].runners.enable(backend.kept_runners());
    sessions.push_back(Session{s.assignment, s.submission, workers[k]});
  }
  auto run_one = [&](int worker, std::size_t i) {
    const TestCase& c = cases[i];
    const std::string build_key = knobs_key(c.build);
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto h = first_hang.find(build_key);
      if (h != first_hang.end() && h->second < i) return;  // not run: decided below, in order
    }
    if (seconds_since(schedule.start) > schedule.budget_seconds) {
      results[i] = test_not_run(c, "the submission used up its time budget of " +
                                       std::to_string(static_cast<int>(schedule.budget_seconds)) + " s");
      return;
    }
    bool timed_out = false;
    const Clock::time_point test_start = Clock::now();
    const int starts_before = workers[worker].runner_starts;
    results[i] = run_correctness_test(sessions[worker], c, &timed_out);
    // Where a grading's time goes, test by test (the stages say what kind of work it was), and how many
    // runners the test started: none when runners kept from earlier tests served it (run/runner_pool.h).
    results[i].metrics["seconds"] = seconds_since(test_start);
    results[i].metrics["runner_starts"] = workers[worker].runner_starts - starts_before;
    if (timed_out) {
      std::lock_guard<std::mutex> lock(mutex);
      hung[i] = 1;
      auto [h, added] = first_hang.emplace(build_key, i);
      if (!added) h->second = std::min(h->second, i);
    }
  };
  std::exception_ptr failure;
  std::atomic<std::size_t> started{0};
  try {
    for_each_side_by_side(items.size(), count, [&](int worker, std::size_t item) {
      ++started;
      // A worker handed the last item lets its kept runners go after it: nothing of the student's waits
      // idle while other workers finish (under a timing lock, their share would hold up another grading's
      // timing).
      struct EndRunnersAfterLastItem {
        std::atomic<std::size_t>& started;
        std::size_t total;
        RunnerPool& runners;
        ~EndRunnersAfterLastItem() {
          if (started == total) runners.clear();
        }
      } end_runners{started, items.size(), workers[worker].runners};
      for (const std::size_t i : items[item]) run_one(worker, i);
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
  for (Worker& w : workers) join_worker(grading, std::move(w));
  grading.shared_builds.reset();
  if (failure) std::rethrow_exception(failure);
  drop_tests_after_hangs(cases, hung, results);
  // What the runs showed of the kernels goes to the grading (grade.cpp), for the technique checks.
  return {std::move(results), std::exchange(grading.evidence, CorrectnessEvidence())};
}

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

}  // namespace kit
