#include "performance/item_score.h"

#include <cmath>

#include "result/scoring.h"
#include "util/text.h"

namespace kit {

std::string throughput_text(double value, Metric metric) {
  std::string digits = fixed_decimals(value, 0), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out + " " + metric_unit(metric);
}

ItemScore score_throughputs(const PerformanceItem& item, Metric metric, const ItemThroughputs& measured) {
  const std::string unit_key = metric == Metric::gbps ? "gbps" : "gflops";
  ItemScore out;
  const double ratio = measured.yours / measured.baseline;
  // Points come from the ratio as the report prints it (two decimals): two runs that read "1.00x" get the
  // same points, where the raw ratio's last digits, run-to-run noise, would put one at 0.01 point and
  // "passed" and the other at 0 and "failed" (a kernel as fast as the baseline, on a curve starting at 1.0).
  const double scored_ratio = std::round(ratio * 100) / 100;
  out.metrics = {{unit_key, measured.yours}, {"baseline_" + unit_key, measured.baseline}, {"ratio", ratio}};
  out.message = throughput_text(measured.yours, metric) + " = " + fixed_decimals(ratio, 2) + "x the " + item.baseline +
                " (" + throughput_text(measured.baseline, metric) + ")";
  if (item.anchor.empty()) {
    out.score = round_points(item.points * curve_fraction(item.curve, scored_ratio));
    return out;
  }
  const double anchor_ratio = measured.anchor / measured.baseline;
  if (!std::isfinite(anchor_ratio) || anchor_ratio <= 0) {
    out.error = "the anchor '" + item.anchor + "' measured " + throughput_text(measured.anchor, metric) +
                " against the " + item.baseline + "'s " + throughput_text(measured.baseline, metric) +
                ": no ratio to scale the curve by";
    return out;
  }
  const AnchoredCurve anchored = anchor_curve(item.curve, anchor_ratio);
  out.metrics["anchor_" + unit_key] = measured.anchor;
  out.metrics["anchor_ratio"] = anchor_ratio;
  out.metrics["curve_scale"] = anchored.scale;
  out.metrics["full_marks_ratio"] = anchored.scale < 1 ? anchored.anchor_full_ratio : anchored.full_marks_ratio;
  const std::string reaches = "; the " + item.anchor + " reaches " + fixed_decimals(anchor_ratio, 2) + "x in this run";
  if (anchored.scale < 1)
    out.message += reaches + ": full marks from " + fixed_decimals(anchored.anchor_full_ratio, 2) + "x (" +
                   fixed_decimals(100 * kAnchorFullMarksShare, 0) + "% of it), not the curve's " +
                   fixed_decimals(anchored.full_marks_ratio, 2) + "x, its ratios scaled by " +
                   fixed_decimals(anchored.scale, 2);
  else
    out.message += reaches + " (full marks from " + fixed_decimals(anchored.full_marks_ratio, 2) +
                   "x, as the curve is written)";
  out.score = round_points(item.points * curve_fraction(anchored.curve, scored_ratio));
  return out;
}

}  // namespace kit
