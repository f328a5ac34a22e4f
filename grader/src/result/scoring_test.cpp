#include "result/scoring.h"

#include <gtest/gtest.h>

#include <limits>
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

// picture-scale's "scaling against cudaMemcpy": full marks from 0.7x, drawn where the reference reaches 0.72x.
const std::vector<CurvePoint> kCopyCurve = {{0.35, 0.0}, {0.7, 1.0}};

TEST(AnchorCurve, AnAnchorBelowTheFullMarksRatioScalesEveryRatio) {
  const AnchoredCurve a = anchor_curve(kCopyCurve, 0.56);  // about the reference on an H200
  EXPECT_EQ(a.full_marks_ratio, 0.7);
  EXPECT_DOUBLE_EQ(a.anchor_full_ratio, 0.532);  // 95% of 0.56
  EXPECT_DOUBLE_EQ(a.scale, 0.76);
  ASSERT_EQ(a.curve.size(), 2u);
  EXPECT_DOUBLE_EQ(a.curve[0].ratio, 0.266);
  EXPECT_EQ(a.curve[1].ratio, a.anchor_full_ratio);
  EXPECT_EQ(a.curve[0].fraction, 0.0);  // fractions stay as written
  EXPECT_EQ(a.curve[1].fraction, 1.0);
  // The anchor at its own ratio earns full marks, and so does a kernel within the margin below it; half
  // way up the scaled curve, half of them.
  EXPECT_EQ(curve_fraction(a.curve, 0.56), 1.0);
  EXPECT_EQ(curve_fraction(a.curve, 0.54), 1.0);
  EXPECT_NEAR(curve_fraction(a.curve, 0.399), 0.5, 1e-12);
  EXPECT_EQ(curve_fraction(a.curve, 0.266), 0.0);
}

TEST(AnchorCurve, TheAnchorEarnsFullMarksWhateverItsRatio) {
  // Products of doubles may land above the margin's ratio; the full-marks point is that ratio itself.
  for (double anchor : {0.1, 0.3, 0.55237, 0.6, 0.7, 0.7368, 0.123456789}) {
    const AnchoredCurve a = anchor_curve(kCopyCurve, anchor);
    EXPECT_EQ(curve_fraction(a.curve, anchor), 1.0) << anchor;
    EXPECT_EQ(curve_fraction(a.curve, kAnchorFullMarksShare * anchor), 1.0) << anchor;
  }
  const std::vector<CurvePoint> three = {{0.5, 0.0}, {0.8, 0.6}, {1.3, 1.0}, {2.0, 1.0}};
  EXPECT_EQ(curve_fraction(anchor_curve(three, 1.1).curve, 1.1 * kAnchorFullMarksShare), 1.0);
}

TEST(AnchorCurve, ScalesAtTheFirstPointOfFullMarks) {
  const std::vector<CurvePoint> three = {{0.5, 0.0}, {0.8, 0.6}, {1.3, 1.0}, {2.0, 1.0}};
  const AnchoredCurve a = anchor_curve(three, 0.65 / kAnchorFullMarksShare);
  EXPECT_EQ(a.full_marks_ratio, 1.3);
  EXPECT_DOUBLE_EQ(a.scale, 0.5);
  EXPECT_DOUBLE_EQ(a.curve[0].ratio, 0.25);
  EXPECT_DOUBLE_EQ(a.curve[1].ratio, 0.4);
  EXPECT_DOUBLE_EQ(a.curve[2].ratio, 0.65);
  EXPECT_DOUBLE_EQ(a.curve[3].ratio, 1.0);
  EXPECT_NEAR(curve_fraction(a.curve, 0.4), 0.6, 1e-12);
}

// An anchor exactly at the full-marks ratio has no margin left: the curve moves down by the margin.
TEST(AnchorCurve, AnAnchorAtTheFullMarksRatioMovesTheCurveByTheMargin) {
  const AnchoredCurve a = anchor_curve(kCopyCurve, 0.7);
  EXPECT_DOUBLE_EQ(a.scale, kAnchorFullMarksShare);
  EXPECT_DOUBLE_EQ(a.curve[1].ratio, 0.665);
  EXPECT_EQ(curve_fraction(a.curve, 0.7), 1.0);
  EXPECT_NEAR(curve_fraction(a.curve, 0.49875), 0.5, 1e-12);  // half way from 0.3325 to 0.665
}

TEST(AnchorCurve, AnAnchorWithTheMarginToSpareLeavesTheCurveAsWritten) {
  for (double anchor : {0.7 / kAnchorFullMarksShare, 0.74, 0.8, 3.0}) {
    const AnchoredCurve a = anchor_curve(kCopyCurve, anchor);
    EXPECT_EQ(a.scale, 1.0) << anchor;
    EXPECT_EQ(a.full_marks_ratio, 0.7);
    EXPECT_EQ(a.curve[0].ratio, 0.35);
    EXPECT_EQ(a.curve[1].ratio, 0.7);
  }
  EXPECT_DOUBLE_EQ(curve_fraction(anchor_curve(kCopyCurve, 0.8).curve, 0.525), 0.5);
}

TEST(AnchorCurve, NoRatioOrNoFullMarksLeavesTheCurveAsWritten) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (double anchor : {0.0, -1.0, nan, std::numeric_limits<double>::infinity()})
    EXPECT_EQ(anchor_curve(kCopyCurve, anchor).scale, 1.0) << anchor;
  const AnchoredCurve never = anchor_curve({{0.5, 0.0}, {0.9, 0.8}}, 0.3);
  EXPECT_EQ(never.scale, 1.0);
  EXPECT_EQ(never.full_marks_ratio, 0.0);
  EXPECT_EQ(never.curve[1].ratio, 0.9);
}

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
