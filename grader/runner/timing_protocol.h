// How a kernel is timed (GPU only). One call measures the student's function on one problem size and
// returns every kept sample, so the grader can see the spread, not just a number.
//
// Per sample: reset the persisting-L2 carve-out, flush L2 by writing a buffer twice its size, poison the
// outputs, then events around the student's call, then a probe that reads the SM clock. Warm-up calls come
// first. Sampling stops when the relative standard error of the median is below the target (after the
// minimum samples and time), or at the sample or time cap. A sample taken while the SM clock was under 75%
// of its nominal rate (thermal or power throttling) is discarded, and the GPU gets 50 ms to recover.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kit/harness.h"

namespace kit {

struct TimingOptions {
  int warmup_calls = 3;
  int min_samples = 10;
  int max_samples = 200;
  double min_seconds = 0.5;   // of timed GPU work, before the noise test may stop sampling
  double max_seconds = 5.0;   // wall clock for the whole measurement
  double target_rse = 0.005;  // relative standard error of the median
};

struct TimingResult {
  std::string error;            // non-empty when the measurement could not be made
  std::vector<double> samples_ms;
  double median_ms = 0;
  double relative_standard_error = 0;
  int discarded_throttled = 0;
  double sm_clock_mhz = 0;       // mean over kept samples
  double nominal_sm_clock_mhz = 0;
  double memory_bandwidth_gbs = 0;  // theoretical peak, for the plausibility floor
};

// An output array to poison before every sample: `pattern` repeated, 4 bytes at a time, or its low
// byte for 1-byte elements.
struct TimedOutput {
  void* data = nullptr;
  std::size_t bytes = 0;
  std::size_t element_size = 4;
  std::uint32_t pattern = 0;
};

// True when this runner was built with a timing implementation (the cuda backend).
bool timing_available();

// The device arrays already hold the inputs; outputs are poisoned before every sample.
TimingResult time_student(const HarnessEntry& entry, const DeviceArrays& arrays, const Dims& dims,
                          const std::vector<TimedOutput>& outputs, const TimingOptions& options);

}  // namespace kit
