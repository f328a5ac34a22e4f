#include "kit/correctness_tests.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <future>
#include <memory>
#include <map>
#include <mutex>
#include <numeric>

#include "backends/runner_backend.h"
#include "kit/cores.h"
#include "kit/correctness_run.h"
#include "kit/side_by_side.h"

namespace kit {
namespace {

constexpr int kMaxDefaultJobs = 8;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// What a worker's copy of the session learned, into the grading's session.
void join_session(Session& s, Session& worker) {
  s.stages.add(worker.stages.seconds());
  credit_kernels(s, worker.launched_kernels, worker.launched_kernels_bytes);
  s.kernels_recorded = s.kernels_recorded || worker.kernels_recorded;
  for (HostCodeRun& run : worker.host_code_runs)
    if (s.host_code_runs.size() < kMaxHostCodeRuns) s.host_code_runs.push_back(std::move(run));
  for (auto& [key, build] : worker.builds) s.builds.emplace(key, std::move(build));
  for (auto& [key, verdict] : worker.knob_checks) s.knob_checks.emplace(key, std::move(verdict));
  for (auto& [key, data] : worker.case_data) s.case_data.emplace(key, std::move(data));
  for (auto& [key, profile] : worker.access_profiles) s.access_profiles.emplace(key, std::move(profile));
  if (!s.gpu_limits && worker.gpu_limits) s.gpu_limits = worker.gpu_limits;
}

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

std::vector<TestResult> run_correctness_tests(Session& s, const std::vector<TestCase>& cases, const TestSchedule& schedule) {
  std::vector<StudentBuild> builds;
  for (const TestCase& c : cases)
    for (StudentBuild& b : builds_for_test(s, c)) builds.push_back(std::move(b));
  build_student_runners(s, builds, schedule.jobs);
  const RunnerBackend& backend = backend_of(s);
  // What the workers share (a GPU's memory helper) is there before they copy the session.
  backend.start_shared(s);

  s.shared_builds = std::make_shared<SharedBuilds>();
  // The racecheck sweep runs beside the tests, on a copy of the session of its own; a test that needs its
  // verdict waits for it (kit/correctness_run.h). Under a timing lock it steps aside for a waiting timing.
  const std::vector<const TestCase*> swept = racecheck_sweep_tests(s, cases);
  Session sweeper = s;
  sweeper.stages = StageClock();
  sweeper.scratch_prefix = "sweep-";
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
    s.racecheck_sweep = sweep;
  }

  // Results keep the rubric's order whatever the order of the runs.
  std::vector<char> waits_for_sweep(cases.size(), 0);
  for (std::size_t i = 0; i < cases.size(); ++i) waits_for_sweep[i] = s.racecheck_sweep && s.racecheck_sweep->covers(cases[i]);
  const std::vector<std::vector<std::size_t>> items = work_items(cases, waits_for_sweep, backend.groups_tests_by_build());

  std::vector<TestResult> results(cases.size());
  std::vector<char> hung(cases.size(), 0);
  std::map<std::string, std::size_t> first_hang;  // build -> the earliest test, in the rubric's order, that hung
  std::mutex mutex;
  // Every copy is made before any worker starts, and joins the session after all have ended: the
  // session is never read and written at once.
  const int count = std::max(1, std::min(schedule.jobs, static_cast<int>(items.size())));
  std::vector<Session> copies(count, s);
  for (int k = 0; k < count; ++k) {
    copies[k].stages = StageClock();
    copies[k].scratch_prefix = "w" + std::to_string(k) + "-";
    // Runners a worker keeps between its tests (kit/runner_pool.h).
    copies[k].runners.enable(backend.kept_runners());
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
    const int starts_before = copies[worker].runner_starts;
    results[i] = run_correctness_test(copies[worker], c, &timed_out);
    // Where a grading's time goes, test by test (the stages say what kind of work it was), and how many
    // runners the test started: none when runners kept from earlier tests served it (kit/runner_pool.h).
    results[i].metrics["seconds"] = seconds_since(test_start);
    results[i].metrics["runner_starts"] = copies[worker].runner_starts - starts_before;
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
      } end_runners{started, items.size(), copies[worker].runners};
      for (const std::size_t i : items[item]) run_one(worker, i);
    });
  } catch (...) {
    failure = std::current_exception();  // raised once what the workers learned is kept
  }
  if (s.racecheck_sweep) {
    s.racecheck_sweep->clean.wait();
    s.racecheck_sweep.reset();
    join_session(s, sweeper);
  }
  for (Session& copy : copies) {
    copy.runners.clear();  // nothing of the student's runs on while anything is timed
    join_session(s, copy);
  }
  s.shared_builds.reset();
  if (failure) std::rethrow_exception(failure);
  drop_tests_after_hangs(cases, hung, results);
  return results;
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
