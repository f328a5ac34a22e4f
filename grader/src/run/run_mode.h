// The ways a correctness test runs a student's runner: the plain run, the CPU backend's three checking
// builds and compute-sanitizer's two tools on a GPU. Everything that differs between them (the build,
// the wrapping tool, the stage the time goes to) is derived from the mode here.
#pragma once

#include "build/build.h"

namespace kit {

enum class RunMode {
  plain,          // the default build, as graded: every size, every seed
  asan,           // CPU: AddressSanitizer and UndefinedBehaviorSanitizer
  tsan,           // CPU: ThreadSanitizer
  access_checks,  // CPU: the access build with KITCPU_CHECKS=1 (shared loads before stores, write conflicts)
  racecheck,      // GPU: compute-sanitizer --tool racecheck
  memcheck,       // GPU: compute-sanitizer --tool memcheck
};

// The CPU backend's build the mode runs. The cuda backend builds one runner for every mode.
Flavour build_of(RunMode mode);

// The mode's short name: its scratch folders' and kept runners' name, and compute-sanitizer's --tool.
const char* name_of(RunMode mode);

// Whether the mode runs the runner under compute-sanitizer.
bool under_compute_sanitizer(RunMode mode);

// How much longer a run may take under compute-sanitizer.
constexpr int kSanitizerSlowdown = 10;

// Whether the mode's build is compiled with a sanitizer (the sandbox gives it no memory limit).
bool sanitized_build(RunMode mode);

// The stage of the grading the mode's time counts in (util/stage_clock.h).
const char* stage_of(RunMode mode);

// What a finding of the mode is labelled with in a test's details: "[AddressSanitizer build] ".
const char* label_of(RunMode mode);

}  // namespace kit
