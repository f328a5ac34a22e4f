// Tests of the bounds a reported time must lie between: honest reports on a GPU and on the CPU backend
// pass with what they were held to, and each forged or mistaken one fails with its reason.
#include "performance/timing_bounds.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

bool says(const TimingVerdict& v, const std::string& text) { return v.message.find(text) != std::string::npos; }

bool notes(const TimingVerdict& v, const std::string& text) {
  for (const std::string& line : v.not_checked)
    if (line.find(text) != std::string::npos) return true;
  return false;
}

// An H100 at 2^25 floats: the kit's launch takes about 0.11 ms; the student's 61 launches took a few
// microseconds each to queue; events around 20 launches measured 2.2 ms.
TimingEvidence gpu_run() {
  TimingEvidence e;
  e.gpu = true;
  e.kit_ms = 0.11;
  e.kernel = "scaleKernel";
  e.launch_ms = std::vector<double>(61, 0.004);
  e.launch_ms[0] = 0.3;  // the first launch loads the kernel
  e.event_reads = {{2.2, 20, " at timing_bandwidth.cu:48"}};
  return e;
}

ReportedTiming gpu_report() { return {0.11, 0.005, 0.112, 610}; }

// The CPU backend at 65,536 floats: each launch runs the kernel, about 6 ms; the kit's time, taken in
// its own runner with a pipe's round trip, 7 ms.
TimingEvidence cpu_run() {
  TimingEvidence e;
  e.gpu = false;
  e.kit_ms = 7;
  e.kernel = "scaleKernel";
  for (int i = 0; i < 61; ++i) e.launch_ms.push_back(5.5 + 0.02 * i);
  e.event_reads = {{121, 20, " at timing_bandwidth.cu:48", 120}};
  return e;
}

// The CPU backend on a loaded machine (measured on a 2-core machine shared by several builds): launches
// of 1.7 to 20 ms, the three windows of 20 launches 4.9, 4.6 and 8.4 ms each on average.
TimingEvidence loaded_cpu_run() {
  TimingEvidence e;
  e.gpu = false;
  e.kit_ms = 1.81;
  e.kernel = "scaleKernel";
  e.launch_ms = {13.74, 10.01, 1.88, 1.77, 8.27, 1.76, 14.03, 1.86, 1.81, 4.44, 3.97, 7.96, 1.81, 10.15, 1.84, 1.76,
                 4.38, 3.94, 3.94, 3.85, 8.14, 3.92, 3.99, 3.99, 3.97, 7.96, 4.05, 7.89, 1.79, 4.15, 6.02, 1.8,
                 10.18, 1.79, 6.14, 1.93, 6.03, 3.91, 1.81, 8.36, 1.95, 11.84, 7.97, 1.84, 1.74, 8.46, 7.88, 7.92,
                 3.95, 5.95, 9.99, 11.98, 11.97, 6.4, 5.55, 19.99, 3.88, 8.0, 12.28, 7.92, 11.72};
  e.event_reads = {{98.04, 20, "", 97.57}};
  return e;
}

ReportedTiming cpu_report() { return {6.05, 6.1, 6.2, 0.087}; }

const TimingFactors kDefault;

TEST(TimingBounds, HonestReportsPassOnBothBackends) {
  const TimingVerdict gpu_event = judge_event_time(gpu_run(), gpu_report(), kDefault);
  EXPECT_TRUE(gpu_event.passed) << gpu_event.message;
  EXPECT_TRUE(says(gpu_event, "as your events at timing_bandwidth.cu:48 measured 2.2 ms over 20 launches"));
  const TimingVerdict gpu_host = judge_host_clocks(gpu_run(), gpu_report(), kDefault);
  EXPECT_TRUE(gpu_host.passed) << gpu_host.message;
  EXPECT_TRUE(gpu_host.not_checked.empty());
  const TimingVerdict cpu_event = judge_event_time(cpu_run(), cpu_report(), kDefault);
  EXPECT_TRUE(cpu_event.passed) << cpu_event.message;
  const TimingVerdict cpu_host = judge_host_clocks(cpu_run(), cpu_report(), kDefault);
  EXPECT_TRUE(cpu_host.passed) << cpu_host.message;
  EXPECT_TRUE(notes(cpu_host, "not checked on the CPU backend: that the clock without a synchronisation stops"));
}

TEST(TimingBounds, EventsAroundEachLaunchAveragedPass) {
  TimingEvidence e = cpu_run();
  e.event_reads.clear();
  for (int i = 0; i < 20; ++i) e.event_reads.push_back({5.6 + 0.05 * i, 1, ""});
  ReportedTiming r = cpu_report();
  r.event_ms = 6.075;  // the mean of the twenty
  EXPECT_TRUE(judge_event_time(e, r, kDefault).passed);
}

TEST(TimingBounds, AWarmUpInsideTheEventsIsTolerated) {
  TimingEvidence e = gpu_run();
  e.event_reads = {{2.31, 21, ""}};  // 21 launches between the events, divided by REPEATS = 20
  ReportedTiming r = gpu_report();
  r.event_ms = 2.31 / 20;
  EXPECT_TRUE(judge_event_time(e, r, kDefault).passed);
}

TEST(TimingBounds, HostTimesAThousandTimesTheEventTimeFailAboveOnBothBackends) {
  ReportedTiming r = gpu_report();
  r.host_ms_with_sync = r.host_ms_without_sync = 1000 * r.event_ms;
  const TimingVerdict gpu = judge_host_clocks(gpu_run(), r, kDefault);
  EXPECT_FALSE(gpu.passed);
  EXPECT_TRUE(says(gpu, "host_ms_with_sync = 110 ms per launch is more than the 0.38 ms one launch can take"))
      << gpu.message;
  EXPECT_TRUE(says(gpu, "the kit's 0.11 ms for one launch of its copy of the kernel, times 3"));
  r = cpu_report();
  r.host_ms_with_sync = r.host_ms_without_sync = 1000 * r.event_ms;
  const TimingVerdict cpu = judge_host_clocks(cpu_run(), r, kDefault);
  EXPECT_FALSE(cpu.passed);
  EXPECT_TRUE(says(cpu, "the slowest of your 61 launches of scaleKernel, 6.7 ms as the runner saw it, times 1.5"))
      << cpu.message;
}

TEST(TimingBounds, AHostTimeBelowWhatTheSynchronisationAllowsFails) {
  ReportedTiming r = gpu_report();
  r.host_ms_with_sync = 0.004;  // the launches' queueing only
  const TimingVerdict gpu = judge_host_clocks(gpu_run(), r, kDefault);
  EXPECT_FALSE(gpu.passed);
  EXPECT_TRUE(says(gpu, "host_ms_with_sync = 0.004 ms per launch is less than")) << gpu.message;
  EXPECT_TRUE(says(gpu, "read it after the synchronisation"));
  r = cpu_report();
  r.host_ms_with_sync = r.host_ms_with_sync / 20;  // divided by REPEATS twice
  EXPECT_FALSE(judge_host_clocks(cpu_run(), r, kDefault).passed);
}

TEST(TimingBounds, AHostTimeWithoutSyncBelowOneLaunchsQueueingFailsOnAGpu) {
  ReportedTiming r = gpu_report();
  r.host_ms_without_sync = 0.0001;
  const TimingVerdict v = judge_host_clocks(gpu_run(), r, kDefault);
  EXPECT_FALSE(v.passed);
  EXPECT_TRUE(says(v, "half the 0.004 ms the quickest of your 61 launches took to be queued")) << v.message;
}

TEST(TimingBounds, AHostTimeWithoutSyncAboveTheOneWithSyncFails) {
  ReportedTiming r = gpu_report();
  r.host_ms_without_sync = 0.2;
  const TimingVerdict gpu = judge_host_clocks(gpu_run(), r, kDefault);
  EXPECT_FALSE(gpu.passed);
  EXPECT_TRUE(says(gpu, "should stop as soon as the launches are queued")) << gpu.message;
  // On a loaded machine the launches' spread leaves room: the two clocks are held to each other.
  r = {4.9, 16.0, 4.6, 1.7};
  const TimingVerdict cpu = judge_host_clocks(loaded_cpu_run(), r, kDefault);
  EXPECT_FALSE(cpu.passed);
  EXPECT_TRUE(says(cpu, "took more than 3 times the one with it")) << cpu.message;
}

TEST(TimingBounds, HonestTimesOnALoadedMachinePass) {
  const ReportedTiming r = {98.04 / 20, 4.58, 8.36, 8.0 * 65536 / (98.04 / 20 * 1e-3) / 1e9};
  const TimingVerdict event = judge_event_time(loaded_cpu_run(), r, kDefault);
  EXPECT_TRUE(event.passed) << event.message;
  const TimingVerdict host = judge_host_clocks(loaded_cpu_run(), r, kDefault);
  EXPECT_TRUE(host.passed) << host.message;
  // The same windows the other way round: the clock without a synchronisation had the slow launches.
  const ReportedTiming swapped = {98.04 / 20, 8.36, 4.58, 0};
  EXPECT_TRUE(judge_host_clocks(loaded_cpu_run(), swapped, kDefault).passed);
}

TEST(TimingBounds, EventTimesScaledFailAgainstTheKernelAndTheEvents) {
  ReportedTiming r = cpu_report();
  r.event_ms *= 15;
  const TimingVerdict cpu = judge_event_time(cpu_run(), r, kDefault);
  EXPECT_FALSE(cpu.passed);
  EXPECT_TRUE(says(cpu, "event_ms = 90.8 ms per launch is more than")) << cpu.message;
  // Within the kernel's bounds but not what the events measured: still a forged number.
  r = gpu_report();
  r.event_ms = 0.15;
  const TimingVerdict gpu = judge_event_time(gpu_run(), r, kDefault);
  EXPECT_FALSE(gpu.passed);
  EXPECT_TRUE(says(gpu, "is not what your events at timing_bandwidth.cu:48 measured 2.2 ms over 20 launches"))
      << gpu.message;
}

TEST(TimingBounds, AllLaunchesReportedAsOneIsNamed) {
  ReportedTiming r = gpu_report();
  r.event_ms = 2.2;
  const TimingVerdict v = judge_event_time(gpu_run(), r, kDefault);
  EXPECT_FALSE(v.passed);
  EXPECT_TRUE(says(v, "the total of all REPEATS launches")) << v.message;
}

TEST(TimingBounds, ASleepBetweenTheEventsIsNamedOnTheCpuBackend) {
  // The events measured the launches and 3 s of something else; the launches' own durations did not grow.
  TimingEvidence e = cpu_run();
  e.event_reads = {{3121, 20, " at timing_bandwidth.cu:48", 120}};
  ReportedTiming r = cpu_report();
  r.event_ms = 3121.0 / 20;
  const TimingVerdict v = judge_event_time(e, r, kDefault);
  EXPECT_FALSE(v.passed);
  EXPECT_TRUE(says(v, "something other than the launches lies between your events")) << v.message;
  // A shorter sleep that keeps event_ms within the launches' bounds is still seen around the launches.
  e.event_reads = {{200, 20, "", 120}};
  r.event_ms = 10;
  const TimingVerdict short_sleep = judge_event_time(e, r, kDefault);
  EXPECT_FALSE(short_sleep.passed);
  EXPECT_TRUE(says(short_sleep, "launches that ran 120 ms in all as the runner saw them")) << short_sleep.message;
}

TEST(TimingBounds, SecondsAsMillisecondsAreNamed) {
  ReportedTiming r = gpu_report();
  r.event_ms /= 1000;
  const TimingVerdict v = judge_event_time(gpu_run(), r, kDefault);
  EXPECT_FALSE(v.passed);
  EXPECT_TRUE(says(v, "a time in seconds reported as milliseconds")) << v.message;
}

TEST(TimingBounds, AChangedKernelDisagreesWithTheKitsCopy) {
  TimingEvidence e = cpu_run();
  for (double& ms : e.launch_ms) ms *= 20;  // a kernel made slower, measured honestly
  for (EventRead& read : e.event_reads) {
    read.elapsed_ms *= 20;
    read.launch_ms *= 20;
  }
  ReportedTiming r = cpu_report();
  r.event_ms *= 20;
  const TimingVerdict v = judge_event_time(e, r, kDefault);
  EXPECT_FALSE(v.passed);
  EXPECT_TRUE(says(v, "leave scaleKernel and launch_scale as given")) << v.message;
}

TEST(TimingBounds, WithoutTheKernelsLaunchesOnlyTheKitBoundsAndSaysSo) {
  TimingEvidence e = cpu_run();
  e.launch_ms.clear();
  const TimingVerdict v = judge_event_time(e, cpu_report(), kDefault);
  EXPECT_TRUE(v.passed) << v.message;
  EXPECT_TRUE(notes(v, "not checked against your own launches"));
  ReportedTiming r = cpu_report();
  r.event_ms = 60;  // within ten times the kit's, but the events measured 6 ms per launch
  EXPECT_FALSE(judge_event_time(e, r, kDefault).passed);
  r.host_ms_with_sync = 60;  // only the kit's wide factor holds it here, and the report says so
  const TimingVerdict host = judge_host_clocks(e, r, kDefault);
  EXPECT_TRUE(host.passed) << host.message;
  EXPECT_TRUE(notes(host, "only the kit's time bounds yours"));
  r.host_ms_with_sync = 71;
  EXPECT_FALSE(judge_host_clocks(e, r, kDefault).passed);
}

TEST(TimingBounds, NoKitTimeOnAGpuIsSaid) {
  TimingEvidence e = gpu_run();
  e.kit_ms = 0;
  const TimingVerdict v = judge_event_time(e, gpu_report(), kDefault);
  EXPECT_TRUE(v.passed) << v.message;
  EXPECT_TRUE(notes(v, "not checked: the kit has no time of its own"));
}

TEST(TimingBounds, NonPositiveTimesFail) {
  ReportedTiming r = gpu_report();
  r.event_ms = 0;
  EXPECT_FALSE(judge_event_time(gpu_run(), r, kDefault).passed);
  r = gpu_report();
  r.host_ms_without_sync = -1;
  EXPECT_TRUE(says(judge_host_clocks(gpu_run(), r, kDefault), "both must be positive"));
}

}  // namespace
}  // namespace kit
