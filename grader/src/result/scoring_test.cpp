#include "result/scoring.h"

#include <gtest/gtest.h>

#include <vector>

namespace kit {
namespace {

const std::vector<CurvePoint> kCurve = {{0.5, 0.0}, {0.9, 1.0}};

TEST(CurveFraction, FlatBelowTheFirstPoint) {
  EXPECT_EQ(curve_fraction(kCurve, 0.0), 0.0);
  EXPECT_EQ(curve_fraction(kCurve, 0.3), 0.0);
  EXPECT_EQ(curve_fraction(kCurve, 0.5), 0.0);
  EXPECT_EQ(curve_fraction({{1.0, 0.25}, {2.0, 1.0}}, 0.1), 0.25);
}

TEST(CurveFraction, FlatAboveTheLastPoint) {
  EXPECT_EQ(curve_fraction(kCurve, 0.9), 1.0);
  EXPECT_EQ(curve_fraction(kCurve, 1.5), 1.0);
  EXPECT_EQ(curve_fraction(kCurve, 100.0), 1.0);
  EXPECT_EQ(curve_fraction({{1.0, 0.0}, {2.0, 0.8}}, 3.0), 0.8);
}

TEST(CurveFraction, LinearBetweenPoints) {
  EXPECT_DOUBLE_EQ(curve_fraction(kCurve, 0.7), 0.5);
  EXPECT_DOUBLE_EQ(curve_fraction(kCurve, 0.6), 0.25);
  const std::vector<CurvePoint> three = {{0.5, 0.0}, {1.0, 0.5}, {2.0, 1.0}};
  EXPECT_DOUBLE_EQ(curve_fraction(three, 0.75), 0.25);
  EXPECT_DOUBLE_EQ(curve_fraction(three, 1.0), 0.5);
  EXPECT_DOUBLE_EQ(curve_fraction(three, 1.5), 0.75);
}

TEST(CurveFraction, SinglePointIsAConstant) {
  const std::vector<CurvePoint> one = {{1.0, 0.6}};
  EXPECT_EQ(curve_fraction(one, 0.2), 0.6);
  EXPECT_EQ(curve_fraction(one, 1.0), 0.6);
  EXPECT_EQ(curve_fraction(one, 5.0), 0.6);
}

TEST(CurveFraction, EmptyCurveEarnsNothing) { EXPECT_EQ(curve_fraction({}, 1.0), 0.0); }

TEST(RoundPoints, RoundsToHundredths) {
  EXPECT_DOUBLE_EQ(round_points(10.0 / 3.0), 3.33);
  EXPECT_DOUBLE_EQ(round_points(20.0 / 3.0), 6.67);
  EXPECT_DOUBLE_EQ(round_points(0.004), 0.0);
  EXPECT_DOUBLE_EQ(round_points(0.006), 0.01);
  EXPECT_EQ(round_points(100.0), 100.0);
  EXPECT_EQ(round_points(0.0), 0.0);
}

// Reports add rounded points: float noise in a sum must not show up as 0.30000000000000004.
TEST(RoundPoints, RemovesFloatNoiseFromSums) {
  EXPECT_EQ(round_points(0.1 + 0.2), 0.3);
  EXPECT_EQ(round_points(10.0 / 3.0 * 3.0), 10.0);
}

}  // namespace
}  // namespace kit
