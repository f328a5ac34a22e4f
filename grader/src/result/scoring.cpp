#include "result/scoring.h"

#include <cmath>

namespace kit {

double curve_fraction(const std::vector<CurvePoint>& curve, double ratio) {
  // A ratio that is not a number (a time of 0, a baseline that did no work) earns nothing, never the
  // curve's last fraction.
  if (curve.empty() || !std::isfinite(ratio) || ratio < 0) return 0;
  if (ratio <= curve.front().ratio) return curve.front().fraction;
  if (ratio >= curve.back().ratio) return curve.back().fraction;
  for (std::size_t i = 1; i < curve.size(); ++i) {
    const CurvePoint& a = curve[i - 1];
    const CurvePoint& b = curve[i];
    if (ratio <= b.ratio) return a.fraction + (b.fraction - a.fraction) * (ratio - a.ratio) / (b.ratio - a.ratio);
  }
  return curve.back().fraction;
}

AnchoredCurve anchor_curve(const std::vector<CurvePoint>& curve, double anchor_ratio) {
  AnchoredCurve out{curve, 0, 0, 1};
  std::size_t full = curve.size();
  for (std::size_t i = 0; i < curve.size() && full == curve.size(); ++i)
    if (curve[i].fraction >= 1) full = i;
  if (full == curve.size() || !std::isfinite(anchor_ratio) || anchor_ratio <= 0) return out;
  out.full_marks_ratio = curve[full].ratio;
  out.anchor_full_ratio = kAnchorFullMarksShare * anchor_ratio;
  if (out.anchor_full_ratio >= out.full_marks_ratio) return out;
  out.scale = out.anchor_full_ratio / out.full_marks_ratio;
  for (CurvePoint& p : out.curve) p.ratio *= out.scale;
  // Exactly that share of the anchor's ratio, not a product that may round above it.
  out.curve[full].ratio = out.anchor_full_ratio;
  return out;
}

double round_points(double points) { return std::round(points * 100.0) / 100.0; }

}  // namespace kit
