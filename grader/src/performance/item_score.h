// One performance item's points from what its run measured: the student's throughput over the baseline's,
// through the item's curve, anchored where the item names an anchor to that anchor's own ratio to the same
// baseline in the same run (the anchoring rule, result/scoring.h). Apart from the timing
// (performance_run.cpp), so that scoring is tested on numbers.
#pragma once

#include <map>
#include <string>

#include "assignment/rubric.h"

namespace kit {

// Throughputs in the rubric's metric, each from the medians of the rounds of one run.
struct ItemThroughputs {
  double yours = 0;
  double baseline = 0;
  double anchor = 0;  // the item's anchor, through the item's function; read only when the item has one
};

struct ItemScore {
  double score = 0;     // rounded to hundredths
  std::string message;  // "2,194 GB/s = 0.55x the cudaMemcpy (3,972 GB/s); the reference reaches ..."
  // gbps or gflops, baseline_gbps or baseline_gflops, ratio; for an anchored item also anchor_gbps or
  // anchor_gflops, anchor_ratio (the anchor's throughput over the baseline's), curve_scale (1: as written)
  // and full_marks_ratio (where the curve scored on gives full marks)
  std::map<std::string, double> metrics;
  std::string error;  // the anchor's ratio is not a positive number: an error of the grading, no score
};

ItemScore score_throughputs(const PerformanceItem& item, Metric metric, const ItemThroughputs& measured);

// "8,225 GFLOP/s", "2,774 GB/s"
std::string throughput_text(double value, Metric metric);

}  // namespace kit
