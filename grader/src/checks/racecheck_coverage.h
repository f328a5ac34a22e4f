// What a racecheck sweep covers and what it found (correctness_run.h, racecheck_sweep_tests and
// racecheck_finds_nothing): plain data that a worker holds and the choice of checking runs reads
// (correctness_modes.cpp).
#pragma once

#include <future>
#include <set>
#include <string>

#include "assignment/cases.h"

namespace kit {

// compute-sanitizer's racecheck, on a GPU, runs each small test of the default build in a process of its
// own, and its verdict is how that process ends; starting the tool costs seconds. A sweep runs all of
// them in one process first (racecheck_finds_nothing, on a thread of its own, correctness_tests.cpp):
// when it ends clean, no test of it needs its own racecheck run. When it finds a hazard it cannot say in
// which test, so each test then runs its own, as without a sweep.
struct RacecheckSweep {
  std::set<std::string> tests;     // "group\nname" of each test it covers
  std::shared_future<bool> clean;  // true: no hazard in any of them

  bool covers(const TestCase& t) const { return tests.count(t.group + "\n" + t.name) > 0; }
};

}  // namespace kit
