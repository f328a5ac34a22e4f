// All of a grading's correctness tests, several side by side. Each test is a few child processes (the
// runner in its thread orders, the checking builds), so tests run in threads, each with a Worker of its
// own (run/worker.h); what the workers made and found (stage times, builds, kernels launched) joins the
// grading's worker afterwards (join_worker). The results come back in the rubric's order and do not
// depend on which worker ran what.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "assignment/cases.h"
#include "result/result.h"
#include "run/session.h"

namespace kit {

struct TestSchedule {
  int jobs = 1;  // tests at a time
  std::chrono::steady_clock::time_point start;  // when the grading started
  double budget_seconds = 0;  // the rubric's limits.submission_seconds, counted from `start`
  // `check --first-failure`: no test after the first failing one (in the rubric's order) runs. Every test
  // before it runs, whichever worker is faster, so the stop is the same on every run.
  bool stop_at_first_failure = false;
};

// Makes the builds the tests need first, `jobs` compilers at a time. A test not started within the
// budget fails as not run; so does every test after one whose build hung (in the rubric's order), saying
// which test it hung on: a class's hanging submissions cost one test's time limit each, not one per test.
struct CorrectnessOutcome {
  std::vector<TestResult> tests;  // in the rubric's order
  CorrectnessEvidence evidence;   // what the runs showed, for the technique checks (run/worker.h)
};
CorrectnessOutcome run_correctness_tests(Session& session, const std::vector<TestCase>& cases,
                                         const TestSchedule& schedule);

// As one test at a time would have left them: after a test whose build hung (`hung[i]`: test i timed
// out), that build's later tests in the rubric's order are not run, whichever of them a worker had
// started meanwhile.
void drop_tests_after_hangs(const std::vector<TestCase>& cases, const std::vector<char>& hung,
                            std::vector<TestResult>& results);

// On the CPU backend, which runs warp primitives one thread at a time: a build that passed a test and then
// ran out of the time limit (category "timeout") on a larger one, in a file that uses warp primitives,
// was too slow here rather than wrong. That test and the build's tests dropped after it become errors,
// "not checked: ...", which the reports show as a regrade on a GPU; the build's other results stand.
void excuse_warp_emulation_timeouts(const std::vector<TestCase>& cases, std::vector<TestResult>& results);

// The order the tests run in, as items a worker takes one at a time, each a list of tests by their index
// in `cases`. Tests that wait for the racecheck sweep's verdict (`waits_for_sweep`) come last: the others
// keep the workers busy meanwhile. With `group_builds` (on a GPU, where starting a runner means a CUDA
// context, far more than a test's run), the tests of a build other than the default one form one item,
// so that one worker starts that build's runner once; every other test is an item of its own.
std::vector<std::vector<std::size_t>> work_items(const std::vector<TestCase>& cases,
                                                 const std::vector<char>& waits_for_sweep, bool group_builds);

// A test failed without running, and why.
TestResult test_not_run(const TestCase& test, const std::string& why);

// What `--first-failure` leaves of a test it did not run: skipped, neither failed nor passed.
TestResult test_stopped_at(const TestCase& test, const std::string& first_failure);
TestResult test_stopped_at(TestResult planned, const std::string& first_failure);

// The tests at a time a grading runs by default: the cores it may use (os/cores.h), at most 8.
int default_test_jobs();

}  // namespace kit
