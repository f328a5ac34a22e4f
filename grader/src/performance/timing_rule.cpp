#include "performance/timing_rule.h"

#include <algorithm>
#include <cmath>

namespace kit {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double relative_standard_error_of_median(const std::vector<double>& v) {
  const double m = median(v);
  if (v.size() < 2 || m <= 0) return 1.0;
  double mean = 0;
  for (double x : v) mean += x;
  mean /= static_cast<double>(v.size());
  double var = 0;
  for (double x : v) var += (x - mean) * (x - mean);
  var /= static_cast<double>(v.size() - 1);
  return 1.2533 * std::sqrt(var / static_cast<double>(v.size())) / m;
}

double min_gpu_seconds_per_round(const TimingRule& rule, int rounds) {
  return rule.min_gpu_seconds / std::max(1, rounds);
}

bool enough_samples(const TimingRule& rule, const std::vector<double>& kept, double gpu_seconds, double wall_seconds) {
  const int n = static_cast<int>(kept.size());
  if (n >= rule.max_samples) return true;
  if (wall_seconds > rule.max_seconds && n >= 3) return true;
  return n >= rule.min_samples && gpu_seconds >= rule.min_gpu_seconds &&
         relative_standard_error_of_median(kept) <= rule.target_rse;
}

}  // namespace kit
