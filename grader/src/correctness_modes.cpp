#include "correctness_modes.h"

#include <algorithm>

#include "correctness_request.h"
#include "kit/correctness_run.h"

namespace kit {

bool small_enough(const Dims& dims, long limit) {
  return std::all_of(dims.begin(), dims.end(), [&](long d) { return d <= limit; });
}

bool checked_under_asan(const Session& s, const TestCase& t) {
  return s.backend == Backend::cpu && t.build.empty() && small_enough(t.dims, s.rubric.cpu_checks.sanitizer_max_dim);
}
bool checked_under_tsan(const Session& s, const TestCase& t) {
  return s.backend == Backend::cpu && t.build.empty() && small_enough(t.dims, s.rubric.cpu_checks.race_max_dim);
}

bool racechecked(const Session& s, const TestCase& t) {
  return s.backend == Backend::cuda && t.build.empty() && small_enough(t.dims, s.rubric.cpu_checks.race_max_dim) &&
         !compute_sanitizer().empty();
}

bool swept_clean(const Session& s, const TestCase& t) {
  const RacecheckSweep* sweep = s.racecheck_sweep.get();
  return sweep && sweep->covers(t) && sweep->clean.get();
}

}  // namespace kit
