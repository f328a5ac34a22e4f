#include "reports/hidden_summary.h"

#include <gtest/gtest.h>

#include "reports/report_test_sample.h"

namespace kit {
namespace {

TEST(HiddenSummary, CountsTheHiddenTestsAndTheFailedOnesByGroupInTheirOrder) {
  const HiddenSummary s = summarise_hidden_tests(report_samples::hidden_result(HiddenTests::summary));
  EXPECT_EQ(s.tests, 4);  // the test shown after the due date is not a hidden one
  EXPECT_EQ(s.passed, 1);
  EXPECT_EQ(s.failed, 3);
  EXPECT_EQ(s.regrade, 0);
  EXPECT_EQ(s.failed_by_group, (std::vector<std::pair<std::string, int>>{{"hidden sizes", 2}, {"random sizes", 1}}));
  EXPECT_EQ(describe(s), "3 of 4 hidden tests failed: hidden sizes (2), random sizes (1)");
}

TEST(HiddenSummary, OnlyUnderSummary) {
  EXPECT_EQ(summarise_hidden_tests(report_samples::hidden_result(HiddenTests::nothing)).tests, 0);
  EXPECT_EQ(summarise_hidden_tests(report_samples::hidden_result(HiddenTests::after_due_date)).tests, 0);
  EXPECT_EQ(describe(HiddenSummary{}), "");
}

TEST(HiddenSummary, SaysSoWhenEveryOnePassed) {
  HiddenSummary s;
  s.tests = s.passed = 8;
  EXPECT_EQ(describe(s), "all 8 hidden tests passed");
  s.tests = s.passed = 1;
  EXPECT_EQ(describe(s), "the 1 hidden test passed");
}

// A test the grading could not check is neither passed nor failed (result/regrade.h).
TEST(HiddenSummary, TestsToRegradeAreNeitherPassedNorFailed) {
  GradeResult result = report_samples::hidden_result(HiddenTests::summary);
  for (TestResult& test : result.tests)
    if (test.visibility == "hidden" && test.status == TestStatus::failed) test.status = TestStatus::error;
  const HiddenSummary s = summarise_hidden_tests(result);
  EXPECT_EQ(s.failed, 0);
  EXPECT_EQ(s.regrade, 3);
  EXPECT_EQ(describe(s), "1 of 4 hidden tests passed; 3 not checked by this grading (not the submission's fault): "
                         "the course will grade the submission again");
  HiddenSummary one;
  one.tests = one.failed = 1;
  one.failed_by_group = {{"random sizes", 1}};
  EXPECT_EQ(describe(one), "1 of 1 hidden test failed: random sizes (1)");
}

}  // namespace
}  // namespace kit
