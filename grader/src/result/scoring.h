// Turning measurements into points.
#pragma once

#include <vector>

#include "assignment/rubric.h"

namespace kit {

// The fraction of an item's points earned at `ratio`: linear between the curve's points, flat beyond them.
double curve_fraction(const std::vector<CurvePoint>& curve, double ratio);

// Points rounded to hundredths, so reports and totals agree.
double round_points(double points);

}  // namespace kit
