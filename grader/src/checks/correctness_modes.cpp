#include "checks/correctness_modes.h"

#include <algorithm>
#include <map>

#include "checks/racecheck_coverage.h"
#include "run/correctness_request.h"
#include "run/runner_backend.h"

namespace kit {

bool small_enough(const Dims& dims, long limit) {
  return std::all_of(dims.begin(), dims.end(), [&](long d) { return d <= limit; });
}

bool offered(const Session& s, RunMode mode) {
  const std::vector<RunMode> modes = backend_of(s).checking_runs().modes;
  return std::find(modes.begin(), modes.end(), mode) != modes.end();
}

bool checked_under_asan(const Session& s, const TestCase& t) {
  return s.assignment.sanitizer_builds && offered(s, RunMode::asan) && t.build.empty() && small_enough(t.dims, s.assignment.rubric.cpu_checks.sanitizer_max_dim);
}
bool checked_under_tsan(const Session& s, const TestCase& t) {
  return s.assignment.sanitizer_builds && offered(s, RunMode::tsan) && t.build.empty() && small_enough(t.dims, s.assignment.rubric.cpu_checks.race_max_dim);
}

bool racechecked(const Session& s, const TestCase& t) {
  return offered(s, RunMode::racecheck) && t.build.empty() &&
         small_enough(t.dims, s.assignment.rubric.cpu_checks.race_max_dim) && !compute_sanitizer().empty();
}

bool swept_clean(const Session& s, const TestCase& t) {
  const RacecheckSweep* sweep = s.worker.racecheck_sweep.get();
  return sweep && sweep->covers(t) && sweep->clean.get();
}

namespace {

bool memchecked(const Session& s, const TestCase& t) {
  return offered(s, RunMode::memcheck) && t.build.empty() && t.device.empty() &&
         small_enough(t.dims, s.assignment.rubric.cpu_checks.sanitizer_max_dim) && !compute_sanitizer().empty();
}

bool on_a_tile_edge(const Dims& dims) {
  return std::any_of(dims.begin(), dims.end(), [](long d) { return d % 16 != 0; });
}

double volume(const Dims& dims) {
  double v = 1;
  for (long d : dims) v *= static_cast<double>(d);
  return v;
}

}  // namespace

std::set<std::string> pick_memcheck_probes(const std::vector<const TestCase*>& candidates) {
  std::map<const Function*, const TestCase*> probe;
  for (const TestCase* t : candidates) {
    const TestCase*& best = probe[t->function];
    const bool better = !best || (on_a_tile_edge(t->dims) && !on_a_tile_edge(best->dims)) ||
                        (on_a_tile_edge(t->dims) == on_a_tile_edge(best->dims) && volume(t->dims) > volume(best->dims));
    if (better) best = t;
  }
  std::set<std::string> tests;
  for (const auto& [function, t] : probe) tests.insert(t->group + "\n" + t->name);
  return tests;
}

std::set<std::string> memcheck_probe_tests(const Session& s, const std::vector<TestCase>& cases) {
  std::vector<const TestCase*> candidates;
  for (const TestCase& t : cases)
    if (memchecked(s, t)) candidates.push_back(&t);
  return pick_memcheck_probes(candidates);
}

bool memcheck_probe(const Session& s, const TestCase& t) {
  const auto& probes = s.worker.memcheck_probes;
  return probes && probes->count(t.group + "\n" + t.name) > 0;
}

CheckingStart checking_start(const TestVerdict& test, const RunVerdict* failing) {
  return {failing, test.passed || !failing || !failing->fatal};
}

bool checking_run_wanted(const Session& s, const TestCase& t, RunMode mode, const CheckingStart& start,
                         const TestVerdict& test) {
  const bool unlocated = !test.passed && test.finding.line == 0;
  const bool small = small_enough(t.dims, s.assignment.rubric.cpu_checks.sanitizer_max_dim);
  switch (mode) {
    case RunMode::plain: return false;
    case RunMode::asan: return start.explainable && checked_under_asan(s, t);
    // The access checks (a load of shared memory nobody stored, two threads storing one element, a store
    // to an input) explain a wrong result; a right one has nothing for them to explain.
    case RunMode::access_checks: return start.explainable && unlocated && small && offered(s, mode);
    case RunMode::tsan: return start.explainable && checked_under_tsan(s, t);
    // racecheck finds the missing barriers a lucky run hides (small sizes: it slows a kernel down a
    // hundredfold), unless the sweep found none in any test.
    case RunMode::racecheck: return start.explainable && racechecked(s, t) && !swept_clean(s, t);
    // memcheck names the line of an access past an array, which a GPU run alone shows only as damage
    // around the array or a wrong value; it runs only for a failure that names no line.
    // It also runs on the probe tests that passed: a GPU's lucky read past an array changes no result.
    case RunMode::memcheck: {
      if (test.passed) return memcheck_probe(s, t);
      const bool helps = !start.failing || !start.failing->fatal || start.failing->finding.category == Category::cuda_error;
      return unlocated && small && offered(s, mode) && !compute_sanitizer().empty() && helps;
    }
  }
  return false;
}

const char* counted_build_failure(RunMode mode) {
  switch (mode) {
    case RunMode::asan: return "AddressSanitizer";
    case RunMode::tsan: return "race detector";
    default: return nullptr;
  }
}

}  // namespace kit
