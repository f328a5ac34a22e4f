// What a measured time means, beyond the ratio that scores it: the bytes the problem must move and the
// arithmetic it must do (its work model, kit/problem.h), turned into effective bandwidth and FLOP/s and
// set against the GPU's roofs, in two or three sentences a student can act on; and the roofline picture
// of the kernels timed in one grading. Apart from the timing (performance_run.cpp), so that it is tested
// on numbers.
#pragma once

#include <string>
#include <vector>

#include "assignment/picture_file.h"
#include "kit/problem.h"

namespace kit {

// The ceilings a kernel is measured against. Peaks come from the GPU's clocks and widths (a paper
// figure no kernel reaches); `copy_gbs` is what the runner's own cudaMemcpy reached in the same rounds,
// the bandwidth a kernel can really get, 0 when the rubric times no copy.
struct Roofs {
  std::string gpu;           // "NVIDIA H200"
  double peak_gbs = 0;       // memory clock x bus width x 2
  double peak_gflops = 0;    // FP32: multiprocessors x lanes x 2 x clock
  double copy_gbs = 0;
};

// One kernel as timed at the performance size.
struct TimedKernel {
  std::string who;  // "yours", "reference", "naive"
  Work work;
  double ms = 0;    // median per call
};

// Where a kernel stands: its rates on the minimum traffic, and its share of the roof above it.
struct RooflinePoint {
  double effective_gbs = 0;  // minimum bytes / time
  double gflops = 0;
  double intensity = 0;      // FLOP per byte of the minimum traffic; 0 for a problem without arithmetic
  double roof = 0;           // the roof at that intensity: GB/s without arithmetic, else GFLOP/s
  bool compute_bound = false;  // the roof is the FP32 peak, not bandwidth x intensity
};

RooflinePoint roofline_point(const TimedKernel& kernel, const Roofs& roofs);

// "Your kernel moves at least 537 MB (each input read once, each output written once) in 0.213 ms: ..."
// Empty when the time or the roofs are unknown.
std::string explain_time(const TimedKernel& kernel, const Roofs& roofs);

// The roofline, log-log: FLOP per byte of the minimum traffic across, GFLOP/s up, a grid line at each
// power of ten; the roof in black (peak bandwidth, then the FP32 peak), the cudaMemcpy's bandwidth in
// grey, the first kernel (yours) red, the others blue, green, orange in their order. An empty picture
// for a problem without arithmetic, whose only roof is bandwidth.
Picture draw_roofline(const std::vector<TimedKernel>& kernels, const Roofs& roofs);

// The sentence that says how to read draw_roofline's picture, naming the kernels by their colours.
std::string roofline_legend(const std::vector<TimedKernel>& kernels);

}  // namespace kit
