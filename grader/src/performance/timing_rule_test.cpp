#include "performance/timing_rule.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

TEST(TimingRule, MedianOfOddAndEvenCounts) {
  EXPECT_EQ(median({3, 1, 2}), 2);
  EXPECT_EQ(median({4, 1, 2, 3}), 2.5);
  EXPECT_EQ(median({}), 0);
}

TEST(TimingRule, StopsWhenTheMedianIsStableAndEnoughWorkWasTimed) {
  TimingRule rule;
  std::vector<double> steady(12, 1.0);
  EXPECT_TRUE(enough_samples(rule, steady, 0.6, 1.0));
  EXPECT_FALSE(enough_samples(rule, steady, 0.1, 1.0));  // too little GPU time yet
  std::vector<double> noisy;
  for (int i = 0; i < 12; ++i) noisy.push_back(i % 2 ? 1.0 : 2.0);
  EXPECT_FALSE(enough_samples(rule, noisy, 5.0, 1.0));
  EXPECT_GT(relative_standard_error_of_median(noisy), rule.target_rse);
}

TEST(TimingRule, StopsAtTheCapsWhateverTheNoise) {
  TimingRule rule;
  std::vector<double> noisy;
  for (int i = 0; i < 200; ++i) noisy.push_back(i % 2 ? 1.0 : 2.0);
  EXPECT_TRUE(enough_samples(rule, noisy, 0.0, 0.0));  // the sample cap
  EXPECT_TRUE(enough_samples(rule, {1.0, 2.0, 1.5}, 0.0, rule.max_seconds + 1));  // the time cap
  EXPECT_FALSE(enough_samples(rule, {1.0, 2.0}, 0.0, rule.max_seconds + 1));  // but never under three samples
}

TEST(TimingRule, RoundsShareTheGpuTimeOfOneMeasurement) {
  TimingRule rule;
  EXPECT_DOUBLE_EQ(min_gpu_seconds_per_round(rule, 1), rule.min_gpu_seconds);
  EXPECT_DOUBLE_EQ(3 * min_gpu_seconds_per_round(rule, 3), rule.min_gpu_seconds);
  EXPECT_DOUBLE_EQ(min_gpu_seconds_per_round(rule, 0), rule.min_gpu_seconds);  // never more than the whole
  // A round of a 17 ms kernel stops at ten samples; a lone measurement needs thirty.
  rule.min_gpu_seconds = min_gpu_seconds_per_round(rule, 3);
  EXPECT_TRUE(enough_samples(rule, std::vector<double>(10, 17.0), 0.17, 1.0));
  EXPECT_FALSE(enough_samples(rule, std::vector<double>(9, 17.0), 0.153, 1.0));  // too few samples
  EXPECT_FALSE(enough_samples(TimingRule{}, std::vector<double>(10, 17.0), 0.17, 1.0));
}

}  // namespace
}  // namespace kit
