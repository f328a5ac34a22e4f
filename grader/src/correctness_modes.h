// Which runs a correctness test gets beyond the plain one, from the rubric's cpu_checks limits: the CPU
// backend's checking builds and compute-sanitizer's tools run the default build at small sizes.
#pragma once

#include "kit/cases.h"
#include "kit/session.h"

namespace kit {

bool small_enough(const Dims& dims, long limit);

// The CPU backend's AddressSanitizer and ThreadSanitizer builds (kit/rubric.h, CpuChecks).
bool checked_under_asan(const Session& s, const TestCase& t);
bool checked_under_tsan(const Session& s, const TestCase& t);

// Whether compute-sanitizer's racecheck runs on `t` (the default build at small sizes, on a GPU).
bool racechecked(const Session& s, const TestCase& t);

// Whether the session's racecheck sweep covered `t` and found no hazard in any of its tests. Waits for
// the sweep to end.
bool swept_clean(const Session& s, const TestCase& t);

}  // namespace kit
