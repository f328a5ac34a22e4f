// Which runs a correctness test gets beyond the plain one: the checking runs its backend offers
// (run/runner_backend.h), each on the rule of its mode, from the rubric's cpu_checks limits: the CPU
// backend's checking builds and compute-sanitizer's tools run the default build at small sizes.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "assignment/cases.h"
#include "checks/correctness_merge.h"
#include "run/run_mode.h"
#include "run/run_verdict.h"
#include "run/session.h"

namespace kit {

bool small_enough(const Dims& dims, long limit);

// Whether the session's backend has checking runs of `mode`.
bool offered(const Session& s, RunMode mode);

// The CPU backend's AddressSanitizer and ThreadSanitizer builds (assignment/rubric.h, CpuChecks).
bool checked_under_asan(const Session& s, const TestCase& t);
bool checked_under_tsan(const Session& s, const TestCase& t);

// Whether compute-sanitizer's racecheck runs on `t` (the default build at small sizes, on a GPU).
bool racechecked(const Session& s, const TestCase& t);

// Whether the session's racecheck sweep covered `t` and found no hazard in any of its tests. Waits for
// the sweep to end.
bool swept_clean(const Session& s, const TestCase& t);

// The tests compute-sanitizer's memcheck runs on even when they pass, on a GPU: per function, one test of
// the default build on the GPU itself at a small size, the largest whose size is not a multiple of 16
// where there is one (a tile's edge is where reads past an array hide). A read past an array that lands
// in the guard bytes spoils a result (os/arena.h), but one that lands in the next row of the same array
// does not: memcheck sees each array as an allocation of its own and names the line.
std::set<std::string> memcheck_probe_tests(const Session& s, const std::vector<TestCase>& cases);
// The choice among the tests memcheck may run on ("group\nname" of each function's probe).
std::set<std::string> pick_memcheck_probes(const std::vector<const TestCase*>& candidates);
bool memcheck_probe(const Session& s, const TestCase& t);

// Where a test stands when its checking runs start: its first failing plain run (or nullptr) and whether
// that failure leaves them anything to explain (a crash or a hang does not).
struct CheckingStart {
  const RunVerdict* failing = nullptr;
  bool explainable = true;
};
CheckingStart checking_start(const TestVerdict& test, const RunVerdict* failing);

// Whether `t` makes its checking run of `mode` now, with `test` as the runs so far left it: the checking
// builds and racecheck look for what the plain runs could not show; the access checks and memcheck
// explain a failure that names no line, and memcheck checks its probe tests (memcheck_probe) passed or not.
bool checking_run_wanted(const Session& s, const TestCase& t, RunMode mode, const CheckingStart& start,
                         const TestVerdict& test);

// A checking build that fails joins the test as a failure, named this way ("AddressSanitizer"); nullptr: the
// mode's build failing says nothing the test does not already say.
const char* counted_build_failure(RunMode mode);

}  // namespace kit
