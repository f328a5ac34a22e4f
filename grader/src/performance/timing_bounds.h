// The bounds a student's reported time per launch must lie between, from what the trusted side saw of
// the same kernel: the kit's own time of it (a runner of the kit's, which the student's file never
// reaches), the student's launches as the runtime timed them, and the times the runtime returned to the
// student's events. A time outside them was not measured the way the report says, whatever the reason
// (a mistake or a forged number): the verdict says which bound it broke and what to look at.
//
// Pure: the checks (technique_timing_report.cpp) gather the evidence, this decides. Why each bound and
// each factor, and where each binds: assignments/timing-bandwidth/README.md, "How it is graded".
#pragma once

#include <string>
#include <vector>

#include "performance/timing_calls.h"

namespace kit {

// What the student's timing function reported, per launch: milliseconds, and GB/s.
// Whether a lies within `relative` of b (0.25: 25%), the one comparison every bound and check uses.
bool agrees_within(double a, double b, double relative);

// `v` with `digits` significant figures, as the timing messages print their numbers.
std::string significant(double v, int digits);

struct ReportedTiming {
  double event_ms = 0;
  double host_ms_without_sync = 0;
  double host_ms_with_sync = 0;
  double effective_gbps = 0;
};

struct TimingEvidence {
  bool gpu = false;
  double kit_ms = 0;               // the kit's time of one launch, in a runner of its own; 0: none
  std::string kernel;              // the kernel timed, for messages
  // The student's launches of that kernel with the kit's configuration, each as long as the runtime
  // took to answer it: on a GPU the queueing of the launch (the kernel runs later), on the CPU backend
  // the kernel's whole run (it runs inside the launch). Sleeping between launches does not lengthen them.
  std::vector<double> launch_ms;
  std::vector<EventRead> event_reads;  // what the runtime returned to cudaEventElapsedTime
};

// The factors, named as in the rubric's limits (technique.cpp lists their defaults).
struct TimingFactors {
  double kit_gpu = 1.5;            // max_ratio_gpu: event and synchronised host time vs the kit's, on a GPU
  double host_gpu = 3;             // max_host_ratio_gpu: a host time above the kit's, on a GPU
  double kit_cpu = 10;             // max_ratio_cpu: any time vs the kit's, on the CPU backend
  double launches_cpu = 1.5;       // max_ratio_launches_cpu: any time vs the run's quickest and slowest
                                   // launches (and events vs the launches between them), CPU backend
  double host_allowance_ms = 0.05; // host_allowance_ms: per launch, on top of the kernel, for a host clock
  double cpu_allowance_ms = 0.5;   // cpu_allowance_ms: per launch, on top of the launches, on the CPU backend
  double event_reads = 1.25;       // max_ratio_event_reads: event_ms vs what the events measured per launch
  double unsynced_gpu = 0.5;       // max_unsynced_fraction: host_ms_without_sync / host_ms_with_sync on a GPU
  double unsynced_cpu = 3;         // max_unsynced_ratio_cpu: the same on the CPU backend
};

struct TimingVerdict {
  bool passed = false;
  std::string message;                   // why it failed, or what it was held to
  std::vector<std::string> not_checked;  // bounds that could not be established, each "not checked: ..."
};

// event_ms: within the kernel's bounds, and what the student's own events measured per launch.
TimingVerdict judge_event_time(const TimingEvidence& evidence, const ReportedTiming& reported, const TimingFactors& f);

// host_ms_with_sync and host_ms_without_sync: within the kernel's bounds (plus a host clock's allowance
// above), the one without a synchronisation at least one launch's queueing, and the two consistent.
TimingVerdict judge_host_clocks(const TimingEvidence& evidence, const ReportedTiming& reported, const TimingFactors& f);

}  // namespace kit
