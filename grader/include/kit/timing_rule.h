// When the grader stops timing a kernel, and what the samples say: the rule of grading-rigor.md, after
// NVBench's stdrel criterion. The runner times single calls when asked (grader/runner/timing_protocol.h);
// the decisions are here, on the trusted side.
#pragma once

#include <vector>

namespace kit {

struct TimingRule {
  int warmup_calls = 3;
  int min_samples = 10;
  int max_samples = 200;
  double min_gpu_seconds = 0.5;  // of timed GPU work, before the noise test may stop sampling
  double max_seconds = 5.0;      // wall clock for the whole measurement
  double target_rse = 0.005;     // relative standard error of the median
  double throttled_below = 0.75; // a sample with the SM clock under this fraction of nominal is set aside
};

double median(std::vector<double> values);

// The standard error of a median is about 1.2533 times that of the mean for near-normal samples.
double relative_standard_error_of_median(const std::vector<double>& values);

// Whether the kept samples are enough to stop.
bool enough_samples(const TimingRule& rule, const std::vector<double>& kept_ms, double gpu_seconds, double wall_seconds);

}  // namespace kit
