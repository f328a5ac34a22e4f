#include "kit/correctness_tests.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

TestCase test_of(const std::string& name, Knobs build = {}) {
  TestCase c;
  c.group = "sizes";
  c.name = name;
  c.build = std::move(build);
  c.points = 1;
  return c;
}

TestResult passed(const std::string& name) {
  TestResult r;
  r.name = name;
  r.status = TestStatus::passed;
  r.score = r.max_score = 1;
  return r;
}

TEST(CorrectnessTests, AfterAHangTheSameBuildsLaterTestsAreNotRunWhateverRanMeanwhile) {
  const Knobs tile8 = {{"TILE_WIDTH", 8}};
  const std::vector<TestCase> cases = {test_of("Width 1"), test_of("Width 17"), test_of("Width 17, TILE_WIDTH 8", tile8),
                                       test_of("Width 33"), test_of("Width 65")};
  // Side by side, Width 33 and Width 65 ran while Width 17 was hanging: one passed, one hung too.
  std::vector<TestResult> results = {passed("Width 1"), TestResult(), passed("Width 17, TILE_WIDTH 8"),
                                     passed("Width 33"), TestResult()};
  results[1].status = results[4].status = TestStatus::failed;
  results[1].message = "the kernel hung";
  const std::vector<char> hung = {0, 1, 0, 0, 1};
  drop_tests_after_hangs(cases, hung, results);
  EXPECT_EQ(results[0].status, TestStatus::passed);
  EXPECT_EQ(results[1].message, "the kernel hung");
  EXPECT_EQ(results[2].status, TestStatus::passed);  // another build
  for (int i : {3, 4}) {
    EXPECT_EQ(results[i].status, TestStatus::failed);
    EXPECT_EQ(results[i].score, 0);
    EXPECT_EQ(results[i].message, "not run: the same build timed out on Width 17, so its other tests are not run");
  }
}

TEST(CorrectnessTests, WithoutAHangEveryResultStays) {
  const std::vector<TestCase> cases = {test_of("Width 1"), test_of("Width 2")};
  std::vector<TestResult> results = {passed("Width 1"), passed("Width 2")};
  drop_tests_after_hangs(cases, {0, 0}, results);
  EXPECT_EQ(results[1].status, TestStatus::passed);
}

TEST(CorrectnessTests, ATestNotRunKeepsItsPlaceAndPoints) {
  TestCase c = test_of("Width 9");
  c.points = 2.5;
  c.visibility = Visibility::hidden;
  const TestResult r = test_not_run(c, "the submission used up its time budget of 600 s");
  EXPECT_EQ(r.name, "Width 9");
  EXPECT_EQ(r.group, "sizes");
  EXPECT_EQ(r.max_score, 2.5);
  EXPECT_EQ(r.visibility, "hidden");
  EXPECT_EQ(r.message, "not run: the submission used up its time budget of 600 s");
}

TEST(CorrectnessTests, DefaultJobsAreBetweenOneAndEight) {
  EXPECT_GE(default_test_jobs(), 1);
  EXPECT_LE(default_test_jobs(), 8);
}

}  // namespace
}  // namespace kit
