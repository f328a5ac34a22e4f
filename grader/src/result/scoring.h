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
  double scale = 1;             // what its ratios were multiplied by: below 1 when scaled, 1 when as written
};

// The anchoring rule. A curve against a baseline other than the reference is drawn for a GPU where the
// anchor (the reference) reaches at least the curve's full-marks ratio to that baseline. Where, in this
// run, the anchor's own ratio is below it, every ratio of the curve is scaled by (anchor's ratio /
// full-marks ratio): the anchor earns exactly full marks, and a student is held to the same fraction of
// what this GPU lets the anchor reach. Where the anchor does as well or better, the curve stays as
// written. A curve that never gives full marks, or an anchor's ratio that is not a positive number, leaves
// the curve as written (the rubric refuses the first; the caller reports the second).
AnchoredCurve anchor_curve(const std::vector<CurvePoint>& curve, double anchor_ratio);

// Points rounded to hundredths, so reports and totals agree.
double round_points(double points);

}  // namespace kit
