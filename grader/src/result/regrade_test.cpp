#include "result/regrade.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

TestResult graded(const std::string& name, TestStatus status, std::string message, double max_score = 5) {
  TestResult t;
  t.name = name;
  t.group = "sizes";
  t.status = status;
  t.max_score = max_score;
  t.score = status == TestStatus::passed ? max_score : 0;
  t.message = std::move(message);
  return t;
}

TEST(Regrade, OnlyATestTheGradingCouldNotCheckNeedsOne) {
  EXPECT_FALSE(needs_regrade(graded("a", TestStatus::passed, "right")));
  EXPECT_FALSE(needs_regrade(graded("b", TestStatus::failed, "33 of 289 elements wrong")));
  EXPECT_FALSE(needs_regrade(graded("c", TestStatus::skipped, "not measured: no GPU (CPU backend)")))
      << "a skip is decided (not measured here, or pending), not a grading that went wrong";
  EXPECT_TRUE(needs_regrade(graded("d", TestStatus::error, "not checked: the profiler is busy")));
}

TEST(Regrade, AGradeWithoutErrorsStands) {
  GradeResult result;
  result.tests = {graded("a", TestStatus::passed, "right"), graded("b", TestStatus::failed, "wrong"),
                  graded("c", TestStatus::skipped, "not measured")};
  EXPECT_TRUE(regrade_reasons(result).empty());
  EXPECT_TRUE(regrade_reasons(GradeResult{}).empty());
}

TEST(Regrade, ReasonsNameEachTestWhyAndItsPointsInOrder) {
  GradeResult result;
  result.tests = {graded("Width 16", TestStatus::passed, "right"),
                  graded("Width 1000", TestStatus::error,
                         "not checked on this backend: inline PTX\nthe CPU backend runs no PTX", 7.5),
                  graded("Width 17", TestStatus::failed, "wrong"),
                  graded("coalesced loads", TestStatus::error, "", 2)};
  result.tests[3].visibility = "hidden";
  const std::vector<RegradeReason> reasons = regrade_reasons(result);
  ASSERT_EQ(reasons.size(), 2u);
  EXPECT_EQ(reasons[0].group, "sizes");
  EXPECT_EQ(reasons[0].name, "Width 1000");
  EXPECT_EQ(reasons[0].why, "not checked on this backend: inline PTX") << "the first line of the message";
  EXPECT_DOUBLE_EQ(reasons[0].points, 7.5);
  EXPECT_EQ(reasons[1].name, "coalesced loads");
  EXPECT_EQ(reasons[1].why, "not checked") << "a test without a message still says why it is there";
  EXPECT_EQ(reasons[1].visibility, "hidden");
}

}  // namespace
}  // namespace kit
