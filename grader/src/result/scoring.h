// Turning measurements into points.
#pragma once

#include <vector>

#include "assignment/rubric.h"

namespace kit {

// The fraction of an item's points earned at `ratio`: linear between the curve's points, flat beyond them.
double curve_fraction(const std::vector<CurvePoint>& curve, double ratio);

// The curve an anchored item is scored on in one run (assignments/README.md, "Anchored curves").
struct AnchoredCurve {
  std::vector<CurvePoint> curve;
  double full_marks_ratio = 0;  // where the curve as written first gives full marks (a fraction of 1)
  double anchor_full_ratio = 0; // kAnchorFullMarksShare of the anchor's ratio: full marks from here at the latest
  double scale = 1;             // what its ratios were multiplied by: below 1 when scaled, 1 when as written
};

// The share of the anchor's ratio from which an anchored curve gives full marks at the latest. A solution
// as fast as the anchor is timed in processes of its own, and two timings of one kernel in one run differ
// by up to 2% in the kit's records (transpose's solution at 0.98x the reference, its own kernel:
// docs/results/h100-stages-2026-11-23): the margin keeps such a solution at full marks, as full marks at
// 0.9x do on the curves against the reference.
constexpr double kAnchorFullMarksShare = 0.95;

// The anchoring rule. A curve against a baseline other than the reference is drawn for a GPU where the
// anchor (the reference) reaches the curve's full-marks ratio to that baseline with some margin. Where, in
// this run, kAnchorFullMarksShare of the anchor's own ratio is below the full-marks ratio, every ratio of
// the curve is scaled by (that share of the anchor's ratio / full-marks ratio): the anchor earns full
// marks, and a student is held to the same fraction of what this GPU lets the anchor reach. Where the
// anchor does better, the curve stays as written. A curve that never gives full marks, or an anchor's
// ratio that is not a positive number, leaves the curve as written (the rubric refuses the first; the
// caller reports the second).
AnchoredCurve anchor_curve(const std::vector<CurvePoint>& curve, double anchor_ratio);

// Points rounded to hundredths, so reports and totals agree.
double round_points(double points);

}  // namespace kit
