// Runs one correctness test: the student's runner on one size with every input seed, in a child process,
// and the verdict that teaches. On the CPU backend the test runs in several thread orders (a result that
// changes with the order is a race), and small sizes also run under AddressSanitizer and ThreadSanitizer.
#pragma once

#include <future>
#include <set>
#include <string>
#include <vector>

#include "assignment/cases.h"
#include "checks/racecheck_coverage.h"
#include "kit/array.h"
#include "result/result.h"
#include "run/session.h"

namespace kit {

// `hung` (optional) is set when the test's build ran into the time limit: the caller runs no more tests
// of that build.
TestResult run_correctness_test(Session& session, const TestCase& test, bool* hung = nullptr);

// The tests a sweep covers: those run_correctness_test would racecheck.
std::vector<const TestCase*> racecheck_sweep_tests(const Session& session, const std::vector<TestCase>& cases);

// Runs every test of `tests` once under racecheck, in one process (in a few, when it steps aside for
// another grading's timing, os/timing_lock.h): true when compute-sanitizer found nothing in any of them;
// false when it found a hazard or anything else went wrong.
bool racecheck_finds_nothing(Session& session, const std::vector<const TestCase*>& tests);

// The builds run_correctness_test may use for `test`: the fast build of its knobs and, on the CPU backend
// at small sizes, the sanitizer builds. (The access checks' build is made only when a failure needs it.)
std::vector<StudentBuild> builds_for_test(const Session& session, const TestCase& test);

// What `grader run` on a picture builds on (grading/run_on_picture.h), shared with the correctness tests:
// the test's function run on `inputs` instead of its drawn ones, once per seed of the test, each seed
// fixing the poison the outputs are filled with before that run.
struct GivenInputsRun {
  bool finished = false;  // the function ran to its end for every seed: `outputs` hold what it left
  std::string problem;    // why the run is not clean (did not build, crashed, wrote out of bounds); "" when clean
  std::string details;
  std::vector<Arrays> outputs;  // per seed
};
GivenInputsRun run_on_given_inputs(Session& session, const TestCase& test, const Arrays& inputs);

}  // namespace kit
