#include "performance/timing_bounds.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "performance/timing_rule.h"

namespace kit {
namespace {

std::string three_figures(double v) { return significant(v, 3); }

// One bound, and how a message names where it comes from.
struct Limit {
  double ms = 0;
  std::string what;
};

// What any time per launch that includes the kernel's run must lie between. `reference_ms` is the
// kernel's time the hints compare with: the kit's on a GPU, the run's own launches on the CPU backend.
struct Bounds {
  std::vector<Limit> low, high;
  std::vector<std::string> not_checked;
  std::string conflict;  // the run's launches and the kit's disagree: not the kit's kernel
  double reference_ms = 0;

  const Limit* lowest_allowed() const {
    const Limit* l = nullptr;
    for (const Limit& x : low) l = !l || x.ms > l->ms ? &x : l;
    return l;
  }
  const Limit* highest_allowed() const {
    const Limit* h = nullptr;
    for (const Limit& x : high) h = !h || x.ms < h->ms ? &x : h;
    return h;
  }
};

// `host`: the bounds of a host clock, which sees a little more than the kernels (the allowance) and,
// on a GPU, whatever it waited for besides them (the wider factor above).
Bounds kernel_bounds(const TimingEvidence& e, const TimingFactors& f, bool host) {
  Bounds b;
  const double extra = host ? f.host_allowance_ms : 0;
  const std::string plus = host ? " plus " + three_figures(f.host_allowance_ms) + " ms for the clock's own costs" : "";
  const std::string kit = "the kit's " + three_figures(e.kit_ms) + " ms for one launch of its copy of the kernel";
  if (e.gpu) {
    if (e.kit_ms <= 0) {
      b.not_checked.push_back("not checked: the kit has no time of its own for the kernel to hold yours to");
      return b;
    }
    const double up = host ? f.host_gpu : f.kit_gpu;
    b.low.push_back({e.kit_ms / f.kit_gpu, kit + ", divided by " + three_figures(f.kit_gpu)});
    b.high.push_back({e.kit_ms * up + extra, kit + ", times " + three_figures(up) + plus});
    b.reference_ms = e.kit_ms;
    return b;
  }
  // The CPU backend: the run's own launches, timed by the runtime on the same machine in the same
  // seconds, bind. A time per launch is an average over launches, so it lies between the quickest and
  // the slowest of them whatever the machine's load did meanwhile; the factor and the allowance are for
  // what a clock sees between launches. The kit's time, taken in another run while the load may have
  // changed, only catches what is off by more than its wide factor.
  const double cpu_extra = f.cpu_allowance_ms;
  const std::string cpu_plus = " plus " + three_figures(f.cpu_allowance_ms) + " ms";
  if (!e.launch_ms.empty()) {
    const auto [quickest, slowest] = std::minmax_element(e.launch_ms.begin(), e.launch_ms.end());
    const std::string of = " of your " + std::to_string(e.launch_ms.size()) + " launches of " + e.kernel + ", ";
    b.low.push_back({*quickest / f.launches_cpu,
                     "the quickest" + of + three_figures(*quickest) + " ms as the runner saw it, divided by " + three_figures(f.launches_cpu)});
    b.high.push_back({*slowest * f.launches_cpu + cpu_extra,
                      "the slowest" + of + three_figures(*slowest) + " ms as the runner saw it, times " + three_figures(f.launches_cpu) + cpu_plus});
    const double m = median(e.launch_ms);
    b.reference_ms = m;
    if (e.kit_ms > 0 && (m > e.kit_ms * f.kit_cpu || m < e.kit_ms / f.kit_cpu))
      b.conflict = "your " + std::to_string(e.launch_ms.size()) + " launches of " + e.kernel + " took " + three_figures(m) +
                   " ms each as the runner saw them (median), more than " + three_figures(f.kit_cpu) + " times " +
                   (m > e.kit_ms ? "the " : "less than the ") + three_figures(e.kit_ms) +
                   " ms the kit's copy takes: leave scaleKernel and launch_scale as given, the kit times its own "
                   "copy of them";
  } else {
    b.not_checked.push_back("not checked against your own launches: none of them was " +
                            (e.kernel.empty() ? std::string("the kit's kernel") : e.kernel) +
                            " with launch_scale's configuration, so only the kit's time bounds yours");
  }
  if (e.kit_ms > 0) {
    b.low.push_back({e.kit_ms / f.kit_cpu, kit + ", divided by " + three_figures(f.kit_cpu)});
    b.high.push_back({e.kit_ms * f.kit_cpu + cpu_extra, kit + ", times " + three_figures(f.kit_cpu) + cpu_plus});
    if (b.reference_ms <= 0) b.reference_ms = e.kit_ms;
  } else {
    b.not_checked.push_back("not checked: the kit has no time of its own for the kernel to hold yours to");
  }
  return b;
}

// "" when `value` lies within `b`, else which bound it broke, followed by the hint for that side.
std::string outside(const std::string& name, double value, const Bounds& b, const std::string& when_above,
                    const std::string& when_below) {
  const std::string stated = name + " = " + three_figures(value) + " ms per launch";
  if (const Limit* h = b.highest_allowed(); h && value > h->ms)
    return stated + " is more than the " + three_figures(h->ms) + " ms one launch can take (" + h->what + "): " + when_above;
  if (const Limit* l = b.lowest_allowed(); l && value < l->ms)
    return stated + " is less than the " + three_figures(l->ms) + " ms one launch takes at least (" + l->what + "): " +
           when_below;
  return {};
}

// ", between 0.07 and 0.17 ms (why; why)", or "" when a side has no bound.
std::string range_text(const Bounds& b) {
  const Limit* l = b.lowest_allowed();
  const Limit* h = b.highest_allowed();
  if (!l || !h) return "";
  return ", between " + three_figures(l->ms) + " and " + three_figures(h->ms) + " ms (" + l->what + "; " + h->what + ")";
}

TimingVerdict fail(std::string message, std::vector<std::string> not_checked = {}) {
  return {false, std::move(message), std::move(not_checked)};
}

bool positive(double v) { return std::isfinite(v) && v > 0; }

// The read whose time for all its launches `value` is, when it timed more than one: the total of all
// REPEATS launches reported as one.
const EventRead* read_whose_total(double value, const std::vector<EventRead>& reads, double factor) {
  for (const EventRead& r : reads)
    if (r.launches > 1 && value <= r.elapsed_ms * factor && value >= r.elapsed_ms / factor) return &r;
  return nullptr;
}

// On the CPU backend the record knows how long the launches between two events ran: a read much longer
// than them timed something else besides. "" when it did not, or where that is not known.
std::string timed_besides(const TimingEvidence& e, const EventRead& r, const TimingFactors& f) {
  if (e.gpu || r.launches <= 0 || r.launch_ms < 0) return {};
  if (r.elapsed_ms <= r.launch_ms * f.launches_cpu + f.cpu_allowance_ms * r.launches) return {};
  return "your events" + r.at + " measured " + three_figures(r.elapsed_ms) + " ms around " + std::to_string(r.launches) +
         " launches that ran " + three_figures(r.launch_ms) +
         " ms in all as the runner saw them: something other than the launches lies between your events (a "
         "sleep, a print, a copy?); time only the REPEATS launches, then divide by REPEATS";
}

std::string event_time_too_long(const TimingEvidence& e, double value, double reference, const TimingFactors& f) {
  if (read_whose_total(value, e.event_reads, f.event_reads))
    return "it is the total of all REPEATS launches between your events, not the time of one: divide by REPEATS";
  const double ratio = reference > 0 ? value / reference : 0;
  if (ratio > 100 && ratio < 10000)
    return "about 1000 times too large: a time in microseconds, or the total of all REPEATS launches times 1000?";
  // On the CPU backend the record knows how long the launches between the events ran: a read much
  // longer than them timed something else besides.
  for (const EventRead& r : e.event_reads)
    if (const std::string other = timed_besides(e, r, f); !other.empty()) return other;
  return "longer than one launch runs: is it the total of all REPEATS launches, or is something other than the "
         "launches (a sleep, a print, the warm-up) between your events?";
}

std::string event_time_too_short(double value, double reference, const ReportedTiming& r) {
  const double ratio = reference > 0 ? value / reference : 0;
  if (ratio > 0.0001 && ratio < 0.01)
    return "about 1000 times too small: a time in seconds reported as milliseconds? (1 s = 1000 ms)";
  if (agrees_within(value, r.host_ms_without_sync, 0.01))
    return "it equals your host_ms_without_sync: a host clock read without synchronising sees only the launches "
           "being queued, not the kernel";
  return "shorter than the kernel runs: is it the time of the launches only (no synchronisation), or divided by "
         "REPEATS twice?";
}

}  // namespace

bool agrees_within(double a, double b, double relative) { return std::fabs(a - b) <= relative * std::fabs(b); }

std::string significant(double v, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

TimingVerdict judge_event_time(const TimingEvidence& e, const ReportedTiming& r, const TimingFactors& f) {
  const double value = r.event_ms;
  if (!positive(value)) return fail("event_ms = " + three_figures(value) + " is not a positive time");
  const Bounds b = kernel_bounds(e, f, false);
  if (!b.conflict.empty()) return fail(b.conflict, b.not_checked);
  const std::string broken = outside("event_ms", value, b, event_time_too_long(e, value, b.reference_ms, f),
                                     event_time_too_short(value, b.reference_ms, r));
  if (!broken.empty()) return fail(broken, b.not_checked);

  // What the student's own events measured, per launch between them: event_ms is one of those, or an
  // average of several (events around each launch), up to the launches the events enclose besides.
  std::vector<std::string> not_checked = b.not_checked;
  const EventRead* nearest = nullptr;
  double lowest = 0, highest = 0;
  for (const EventRead& read : e.event_reads) {
    if (read.launches <= 0) continue;
    const double each = read.elapsed_ms / read.launches;
    if (!nearest) lowest = highest = each;
    lowest = std::min(lowest, each);
    highest = std::max(highest, each);
    if (!nearest || std::fabs(std::log(value / each)) <
                        std::fabs(std::log(value / (nearest->elapsed_ms / nearest->launches))))
      nearest = &read;
  }
  std::string measured;
  if (!nearest) {
    not_checked.push_back("not checked: no cudaEventElapsedTime returned a time over launches, so event_ms is held "
                          "to the kernel's time only");
  } else {
    const double each = nearest->elapsed_ms / nearest->launches;
    measured = "your events" + nearest->at + " measured " + three_figures(nearest->elapsed_ms) + " ms over " +
               std::to_string(nearest->launches) + " launches, " + three_figures(each) + " ms each";
    if (value > highest * f.event_reads || value < lowest / f.event_reads) {
      const std::string why = read_whose_total(value, e.event_reads, f.event_reads)
                                  ? "it is the total of all REPEATS launches, not the time of one: divide by REPEATS"
                                  : "report the elapsed time between your two events divided by the launches "
                                    "between them";
      return fail("event_ms = " + three_figures(value) + " ms per launch is not what " + measured + ": " + why, not_checked);
    }
    if (const std::string other = timed_besides(e, *nearest, f); !other.empty())
      return fail("event_ms = " + three_figures(value) + " ms per launch: " + other, not_checked);
  }
  std::string text = "event_ms = " + three_figures(value) + " ms per launch" + range_text(b);
  if (!measured.empty()) text += ", as " + measured;
  return {true, text, not_checked};
}

TimingVerdict judge_host_clocks(const TimingEvidence& e, const ReportedTiming& r, const TimingFactors& f) {
  const double without = r.host_ms_without_sync, with = r.host_ms_with_sync;
  if (!positive(without) || !positive(with))
    return fail("host_ms_without_sync = " + three_figures(without) + " ms, host_ms_with_sync = " + three_figures(with) +
                " ms: both must be positive times");
  const Bounds b = kernel_bounds(e, f, true);
  if (!b.conflict.empty()) return fail(b.conflict, b.not_checked);
  std::string broken =
      outside("host_ms_with_sync", with, b,
              "time only the REPEATS launches and the cudaDeviceSynchronize after them, and divide by REPEATS; "
              "is there a sleep, a print or the warm-up between your two readings of the clock?",
              "a clock read after cudaDeviceSynchronize includes the kernels' run: read it after the "
              "synchronisation, and divide by REPEATS once");
  if (!broken.empty()) return fail(broken, b.not_checked);

  // Without a synchronisation: on a GPU at least the launches' queueing, which the runtime timed; on the
  // CPU backend, which runs each kernel as it is launched, the kernels' run like the other.
  Bounds unsynced = b;
  std::vector<std::string> not_checked = b.not_checked;
  if (e.gpu) {
    unsynced.low.clear();
    if (!e.launch_ms.empty()) {
      const double quickest = *std::min_element(e.launch_ms.begin(), e.launch_ms.end());
      unsynced.low.push_back({quickest / 2, "half the " + three_figures(quickest) + " ms the quickest of your " +
                                                std::to_string(e.launch_ms.size()) +
                                                " launches took to be queued, as the runner saw it"});
    } else {
      not_checked.push_back("not checked: how short host_ms_without_sync may be (none of your launches was " +
                            (e.kernel.empty() ? std::string("the kit's kernel") : e.kernel) +
                            " with launch_scale's configuration, whose queueing the runner times)");
    }
  }
  broken = outside("host_ms_without_sync", without, unsynced,
                   "a clock read right after the launches sees them queued, not run; time only the REPEATS "
                   "launches, and divide by REPEATS",
                   e.gpu ? "a clock around the REPEATS launches sees at least each one being queued: read it "
                           "after the launches, and divide by REPEATS once"
                         : "the CPU backend runs each kernel as it is launched, so even without a "
                           "synchronisation the clock sees the kernels run: divide by REPEATS once");
  if (!broken.empty()) return fail(broken, not_checked);

  const std::string figures = "host_ms_without_sync = " + three_figures(without) + " ms, host_ms_with_sync = " + three_figures(with) +
                              " ms per launch";
  if (e.gpu && without > f.unsynced_gpu * with)
    return fail(figures + ": without a synchronisation the clock should stop as soon as the launches are queued, "
                          "long before they finish; is there a synchronisation (a cudaMemcpy, "
                          "cudaDeviceSynchronize) before the clock is read?",
                not_checked);
  if (!e.gpu && without > f.unsynced_cpu * with + f.host_allowance_ms)
    return fail(figures + ": the clock without a synchronisation took more than " + three_figures(f.unsynced_cpu) +
                    " times the one with it; both time the same REPEATS launches, one of them without the wait, "
                    "so it cannot take longer",
                not_checked);
  if (!e.gpu)
    not_checked.push_back("not checked on the CPU backend: that the clock without a synchronisation stops before "
                          "the kernels run (each kernel runs as it is launched here; a GPU grading checks it)");
  return {true,
          figures + range_text(b) +
              (e.gpu ? "; the clock without a synchronisation stopped before the kernels ran" : ""),
          not_checked};
}

}  // namespace kit
