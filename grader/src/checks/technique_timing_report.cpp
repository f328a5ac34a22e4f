// The timing checks: what a student's host code reported about a kernel it timed (timing_observation.h),
// against the bounds the trusted side sets (timing_bounds.h: the kit's own time of that kernel, the
// student's launches as the runtime timed them, the times the runtime returned to its events), the bytes
// the work model says one launch moves, and the runtime calls the student's code made. The tolerances
// and why they hold are in assignments/timing-bandwidth/README.md ("How it is graded").
#include <cmath>
#include <cstdio>
#include <map>

#include "checks/technique_kinds.h"
#include "checks/timing_observation.h"
#include "performance/timing_bounds.h"
#include "performance/timing_calls.h"
#include "performance/timing_rule.h"
#include "run/runner_backend.h"

namespace kit {
namespace {

std::string num(double v) { return significant(v, 4); }

// The observation, or nullptr with the test set to why there is none.
const TimingObservation* observed(const TechniqueInput& in, TestResult& t) {
  const TimingObservation& o = observe_timing(in);
  if (o.error.empty()) return &o;
  t.status = o.skipped ? TestStatus::skipped : TestStatus::failed;
  t.message = "not checked: " + o.error;
  return nullptr;
}

// The rubric's limits over the rule's defaults (technique.cpp lists them per check).
TimingFactors factors(const TechniqueInput& in) {
  TimingFactors f;
  const std::map<std::string, double*> named = {
      {"max_ratio_gpu", &f.kit_gpu},          {"max_host_ratio_gpu", &f.host_gpu},
      {"max_ratio_cpu", &f.kit_cpu},          {"max_ratio_launches_cpu", &f.launches_cpu},
      {"host_allowance_ms", &f.host_allowance_ms}, {"cpu_allowance_ms", &f.cpu_allowance_ms},
      {"max_ratio_event_reads", &f.event_reads},
      {"max_unsynced_fraction", &f.unsynced_gpu},  {"max_unsynced_ratio_cpu", &f.unsynced_cpu}};
  for (const auto& [name, value] : named)
    if (const auto set = in.check.limits.find(name); set != in.check.limits.end()) *value = set->second;
  return f;
}

// What the trusted side saw of the run: the kit's time, the student's launches of the kit's kernel as
// the runtime timed them, and the times the runtime returned to the student's events.
TimingEvidence evidence(const TechniqueInput& in, const TimingObservation& o) {
  TimingEvidence e;
  e.gpu = backend_of(in.session).on_gpu();
  e.kit_ms = o.kit_ms;
  e.kernel = o.kit_launch.kernel;
  const std::size_t paren = e.kernel.find('(');  // a GPU's demangled name carries its parameters
  if (paren != std::string::npos) e.kernel.resize(paren);
  e.launch_ms = launch_durations(o.calls, o.kit_launch);
  e.event_reads = event_reads(o.calls);
  return e;
}

// The verdict's "not checked" notes, for the test's details.
void note(TestResult& t, const TimingVerdict& v) {
  for (const std::string& line : v.not_checked) t.details += (t.details.empty() ? "" : "; ") + line;
}

}  // namespace

// event_ms within the bounds of the kernel's time (timing_bounds.h), and measured with events the
// right way.
void check_reports_event_time(const TechniqueInput& in, TestResult& t) {
  const TimingObservation* o = observed(in, t);
  if (!o) return;
  const TimingEvidence e = evidence(in, *o);
  const double mine = o->reported.event_ms, kit = o->kit_ms;
  t.metrics = {{"event_ms", mine}, {"kit_ms", kit}, {"ratio", kit > 0 ? mine / kit : 0},
               {"launches_timed", static_cast<double>(e.launch_ms.size())}};
  if (!e.launch_ms.empty()) t.metrics["launch_ms"] = median(e.launch_ms);
  t.details = "n = " + format_dims(o->dims) + "; the kit timed " + std::to_string(o->kit_samples) +
              " launches of its copy of the kernel with " + o->kit_clock + ": median " + num(kit) + " ms";
  const std::string misuse = events_misused(o->calls);
  if (!misuse.empty()) return fail_check(t, misuse + (o->cuda_error.empty() ? "" : " (your function left " + o->cuda_error + ")"));
  if (!o->cuda_error.empty()) return fail_check(t, "your function left " + o->cuda_error + ": check the result of every runtime call");
  const TimingVerdict v = judge_event_time(e, o->reported, factors(in));
  note(t, v);
  if (v.passed) return pass_check(t, v.message);
  fail_check(t, v.message);
}

// effective_gbps = (bytes read + bytes written by one launch) / event_ms, up to rounding.
void check_reports_effective_bandwidth(const TechniqueInput& in, TestResult& t) {
  const TimingObservation* o = observed(in, t);
  if (!o) return;
  const double relative = in.check.limits.at("relative_error");
  const double event_ms = o->reported.event_ms, mine = o->reported.effective_gbps;
  if (!(event_ms > 0)) return fail_check(t, "not checked: event_ms (" + num(event_ms) + ") is not a positive time");
  const double expected = o->bytes / (event_ms * 1e-3) / 1e9;
  t.metrics = {{"effective_gbps", mine}, {"expected_gbps", expected}};
  const std::string bytes = num(o->bytes / 2) + " bytes read and " + num(o->bytes / 2) + " written per launch";
  const std::string compared = "effective_gbps = " + num(mine) + "; " + bytes + " in " + num(event_ms) +
                               " ms make " + num(expected) + " GB/s";
  // The bandwidth of the kernel, so from an event time that is the kernel's: one out of its bounds
  // makes the bandwidth as wrong as it is.
  const TimingVerdict event_time = judge_event_time(evidence(in, *o), o->reported, factors(in));
  if (agrees_within(mine, expected, relative) && !event_time.passed)
    return fail_check(t, compared + ", but event_ms is not the kernel's time, so neither is this its bandwidth: " +
                             event_time.message);
  if (agrees_within(mine, expected, relative)) return pass_check(t, compared);
  std::string why = "they must agree to " + num(relative * 100) + "%";
  if (agrees_within(mine, expected / 2, relative))
    why = "half of it: only the bytes read (or only those written) were counted; effective bandwidth counts both";
  else if (agrees_within(mine, expected * 1000, relative) || agrees_within(mine, expected / 1000, relative))
    why = "1000 times off: milliseconds are 1e-3 seconds, and a GB is 1e9 bytes";
  else if (agrees_within(mine, expected * 1e9 / (1u << 30), relative))
    why = "counted in GiB (2^30 bytes): the course's GB/s is 1e9 bytes per second";
  fail_check(t, compared + ": " + why);
}

// The host's clock with and without a synchronisation, within the bounds of the kernel's time
// (timing_bounds.h): on a GPU the launches return before the kernels run, so the clock read without one
// stops long before the other; the CPU backend runs kernels as they are launched.
void check_reports_host_clocks(const TechniqueInput& in, TestResult& t) {
  const TimingObservation* o = observed(in, t);
  if (!o) return;
  const TimingEvidence e = evidence(in, *o);
  t.metrics = {{"host_ms_without_sync", o->reported.host_ms_without_sync},
               {"host_ms_with_sync", o->reported.host_ms_with_sync}, {"kit_ms", o->kit_ms}};
  if (!e.launch_ms.empty()) t.metrics["launch_ms"] = median(e.launch_ms);
  const TimingVerdict v = judge_host_clocks(e, o->reported, factors(in));
  note(t, v);
  if (v.passed) return pass_check(t, v.message);
  fail_check(t, v.message);
}

// Every cudaEventCreate has its cudaEventDestroy: an event is a resource of the device's context.
void check_destroys_events(const TechniqueInput& in, TestResult& t) {
  const TimingObservation* o = observed(in, t);
  if (!o) return;
  int created = 0;
  const std::vector<const nlohmann::json*> alive = events_left_alive(o->calls, &created);
  t.metrics = {{"events_created", static_cast<double>(created)}, {"events_not_destroyed", static_cast<double>(alive.size())}};
  if (created == 0) return fail_check(t, "no event was created: time the launches with cudaEventCreate, cudaEventRecord "
                                   "and cudaEventElapsedTime");
  if (alive.empty()) return pass_check(t, std::to_string(created) + " events created, every one destroyed");
  std::string where;
  for (const nlohmann::json* call : alive) where += (where.empty() ? "" : ", ") + call->value("call", "") + call_site(*call);
  fail_check(t, std::to_string(alive.size()) + " of " + std::to_string(created) +
              " events never destroyed (" + where + "): every cudaEventCreate needs its cudaEventDestroy");
}

}  // namespace kit
