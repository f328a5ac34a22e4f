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
  // Of timed GPU work in one measurement, before the noise test may stop sampling. A kernel measured in
  // interleaved rounds gets its share in each (min_gpu_seconds_per_round).
  double min_gpu_seconds = 0.5;
  double max_seconds = 5.0;      // wall clock for the whole measurement
  double target_rse = 0.005;     // relative standard error of the median
  double throttled_below = 0.75; // a sample with the SM clock under this fraction of nominal is set aside
};

double median(std::vector<double> values);

// The standard error of a median is about 1.2533 times that of the mean for near-normal samples.
double relative_standard_error_of_median(const std::vector<double>& values);

// A kernel timed in `rounds` interleaved rounds is one measurement, the median of the rounds' medians: the
// GPU time NVBench asks of a measurement is spread over them, and each round still takes at least
// min_samples and meets the noise test on its own.
double min_gpu_seconds_per_round(const TimingRule& rule, int rounds);

// Whether the kept samples are enough to stop.
bool enough_samples(const TimingRule& rule, const std::vector<double>& kept_ms, double gpu_seconds, double wall_seconds);

}  // namespace kit
