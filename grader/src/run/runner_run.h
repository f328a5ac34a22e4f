// One run of a runner for a correctness test, as the test asks its backend for it
// (run/runner_backend.h) and run_once makes it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kit/array.h"
#include "run/run_mode.h"

namespace kit {

struct TestCase;  // assignment/cases.h

struct RunnerRun {
  const TestCase& test;
  std::string exe;
  RunMode mode = RunMode::plain;
  std::string order;  // the CPU backend's thread order, or ""
  std::vector<std::uint64_t> seeds;
  std::string label;  // "[thread order reverse] ": heads what the run found, in the test's details
  // Run on these instead of the case's inputs, with nothing to compare the outputs with (`grader run`);
  // the verdict keeps the outputs.
  const Arrays* given_inputs = nullptr;
};

}  // namespace kit
