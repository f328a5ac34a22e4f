// The timing checks: what a student's host code reported about a kernel it timed (timing_observation.h),
// against the kit's own time of that kernel, the bytes its work model says one launch moves, and the
// runtime calls the student's code made. The tolerances and why they hold are in
// assignments/timing-bandwidth/README.md ("How it is graded").
#include <cmath>
#include <cstdio>
#include <map>

#include "technique_kinds.h"
#include "timing_calls.h"
#include "timing_observation.h"

namespace kit {
namespace {

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

// The observation, or nullptr with the test set to why there is none.
const TimingObservation* observed(const TechniqueInput& in, TestResult& t) {
  const TimingObservation& o = observe_timing(in);
  if (o.error.empty()) return &o;
  t.status = o.skipped ? TestStatus::skipped : TestStatus::failed;
  t.message = "not checked: " + o.error;
  return nullptr;
}

bool near(double a, double b, double relative) { return std::fabs(a - b) <= relative * std::fabs(b); }

}  // namespace

// event_ms within a factor of the kit's time of one launch, and measured with events the right way.
void check_reports_event_time(const TechniqueInput& in, TestResult& t) {
  const TimingObservation* o = observed(in, t);
  if (!o) return;
  const bool gpu = in.session.backend == Backend::cuda;
  const double factor = in.check.limits.at(gpu ? "max_ratio_gpu" : "max_ratio_cpu");
  const double mine = o->reported.event_ms, kit = o->kit_ms, ratio = kit > 0 ? mine / kit : 0;
  t.metrics = {{"event_ms", mine}, {"kit_ms", kit}, {"ratio", ratio}, {"allowed_factor", factor}};
  t.details = "n = " + format_dims(o->dims) + "; the kit timed " + std::to_string(o->kit_samples) +
              " launches of its copy of the kernel with " + o->kit_clock + ": median " + num(kit) + " ms";
  const std::string misuse = events_misused(o->calls);
  if (!misuse.empty()) return fail_check(t, misuse + (o->cuda_error.empty() ? "" : " (your function left " + o->cuda_error + ")"));
  if (!o->cuda_error.empty()) return fail_check(t, "your function left " + o->cuda_error + ": check the result of every runtime call");
  const std::string compared = "event_ms = " + num(mine) + " ms per launch; the kit measured " + num(kit) + " ms";
  // The same run bounds it from above whatever the machine's load: the timed launches cannot have taken
  // much longer each than the run's launches did on average by the grader's clock.
  const double average_ms = o->launches > 0 ? o->student_wall_ms / o->launches : 0;
  const double slack = in.check.limits.at("max_over_run_average");
  t.metrics["run_average_ms"] = average_ms;
  if (average_ms > 0 && mine > slack * average_ms)
    return fail_check(t, compared + ": longer than one launch took: your function made " + std::to_string(o->launches) +
                       " launches in " + num(o->student_wall_ms) + " ms by the grader's clock, " + num(average_ms) +
                       " ms each on average; is it the total of all REPEATS launches, not one?");
  // On the CPU backend the kit's time, taken minutes apart on a shared machine, gives only a lower bound.
  const bool within = ratio >= 1 / factor && (ratio <= factor || !gpu);
  if (within)
    return pass_check(t, compared + (gpu ? " (within a factor of " + num(factor) + ")"
                                   : " (at least 1/" + num(factor) + " of it, and at most " + num(slack) +
                                         "x the average launch of your run)"));
  std::string why;
  if (ratio > 0.0001 && ratio < 0.01)
    why = "about 1000 times too small: a time in seconds reported as milliseconds? (1 s = 1000 ms)";
  else if (ratio > 100 && ratio < 10000)
    why = "about 1000 times too large: a time in microseconds, or the total of all REPEATS launches times 1000?";
  else if (near(mine, o->reported.host_ms_without_sync, 0.01) && ratio < 1)
    why = "it equals your host_ms_without_sync: a host clock read without synchronising sees only the launches "
          "being queued, not the kernel";
  else if (ratio > 0 && ratio < 1)
    why = "shorter than the kernel runs: is it the time of the launches only (no synchronisation), or divided "
          "by REPEATS twice?";
  else if (ratio > 1)
    why = "longer than one launch runs: is it the total of all REPEATS launches, or does it include a warm-up?";
  else
    why = "not a positive time";
  fail_check(t, compared + ": " + why);
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
  if (near(mine, expected, relative)) return pass_check(t, compared);
  std::string why = "they must agree to " + num(relative * 100) + "%";
  if (near(mine, expected / 2, relative))
    why = "half of it: only the bytes read (or only those written) were counted; effective bandwidth counts both";
  else if (near(mine, expected * 1000, relative) || near(mine, expected / 1000, relative))
    why = "1000 times off: milliseconds are 1e-3 seconds, and a GB is 1e9 bytes";
  else if (near(mine, expected * 1e9 / (1u << 30), relative))
    why = "counted in GiB (2^30 bytes): the course's GB/s is 1e9 bytes per second";
  fail_check(t, compared + ": " + why);
}

// The host's clock with and without a synchronisation: on a GPU the launches return before the kernels
// run, so the clock read without one stops long before the other. The CPU backend runs kernels as they
// are launched, so there only the synchronised time is held to the kernel's.
void check_reports_host_clocks(const TechniqueInput& in, TestResult& t) {
  const TimingObservation* o = observed(in, t);
  if (!o) return;
  const bool gpu = in.session.backend == Backend::cuda;
  const double fraction = in.check.limits.at("max_unsynced_fraction");
  const double factor = in.check.limits.at(gpu ? "max_ratio_gpu" : "max_ratio_cpu");
  const double without = o->reported.host_ms_without_sync, with = o->reported.host_ms_with_sync;
  t.metrics = {{"host_ms_without_sync", without}, {"host_ms_with_sync", with}, {"kit_ms", o->kit_ms}};
  const std::string figures = "host_ms_without_sync = " + num(without) + " ms, host_ms_with_sync = " + num(with) +
                              " ms per launch; the kit measured " + num(o->kit_ms) + " ms";
  if (!(without > 0) || !(with > 0)) return fail_check(t, figures + ": both must be positive times");
  if (with < o->kit_ms / factor)
    return fail_check(t, figures + ": host_ms_with_sync is shorter than the kernel runs: read the clock after "
                             "cudaDeviceSynchronize, and divide by REPEATS once");
  if (gpu && without > fraction * with)
    return fail_check(t, figures + ": without a synchronisation the clock should stop as soon as the launches are "
                             "queued, long before they finish; is there a synchronisation (a cudaMemcpy, "
                             "cudaDeviceSynchronize) before the clock is read?");
  pass_check(t, figures + (gpu ? " (the launches return before the kernels run)"
                         : " (the CPU backend runs each kernel as it is launched: the gap a GPU shows between "
                           "the two is checked on a GPU only)"));
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
