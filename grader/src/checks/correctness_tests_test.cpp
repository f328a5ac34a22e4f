#include "checks/correctness_tests.h"

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

TEST(CorrectnessTests, TestsWaitingForTheSweepStartLast) {
  const std::vector<TestCase> cases = {test_of("Width 1"), test_of("Width 17"), test_of("Width 1025"), test_of("Width 100")};
  const std::vector<std::vector<std::size_t>> items = work_items(cases, {1, 1, 0, 0}, false);
  EXPECT_EQ(items, (std::vector<std::vector<std::size_t>>{{2}, {3}, {0}, {1}}));
}

TEST(CorrectnessTests, OnAGpuTheTestsOfAnotherBuildGoTogether) {
  const Knobs tile8 = {{"TILE_WIDTH", 8}}, tile32 = {{"TILE_WIDTH", 32}};
  const std::vector<TestCase> cases = {test_of("Width 16"),         test_of("Width 17, TILE_WIDTH 8", tile8),
                                       test_of("Width 33, TILE_WIDTH 8", tile8), test_of("Width 17, TILE_WIDTH 32", tile32),
                                       test_of("Width 1025"),       test_of("Width 100, TILE_WIDTH 8", tile8)};
  const std::vector<char> none(cases.size(), 0);
  // One worker starts the TILE_WIDTH 8 build's runner and runs its three tests; the default build's tests
  // spread over the workers.
  EXPECT_EQ(work_items(cases, none, true), (std::vector<std::vector<std::size_t>>{{0}, {1, 2, 5}, {3}, {4}}));
  // On the CPU backend a runner is cheap and a test is not: each test is an item.
  EXPECT_EQ(work_items(cases, none, false), (std::vector<std::vector<std::size_t>>{{0}, {1}, {2}, {3}, {4}, {5}}));
  // A group keeps the place of its first test, after the sweep's waiters are put last.
  EXPECT_EQ(work_items(cases, {1, 1, 0, 0, 0, 0}, true), (std::vector<std::vector<std::size_t>>{{2, 5, 1}, {3}, {4}, {0}}));
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

// On the CPU backend a shuffle in an inner loop can make the largest size run out of time: that test and
// the ones dropped after it are not checked, never failed, while a build that never passed stays failed.
TEST(CorrectnessTests, ATimeoutAfterPassesIsNotCheckedWhereWarpPrimitivesAreEmulated) {
  const Knobs tile8 = {{"TILE_WIDTH", 8}};
  const std::vector<TestCase> cases = {test_of("Width 33"), test_of("Width 1025"), test_of("random size 1"),
                                       test_of("Width 17, TILE_WIDTH 8", tile8), test_of("Width 100, TILE_WIDTH 8", tile8)};
  std::vector<TestResult> results = {passed("Width 33"), TestResult(), TestResult(), TestResult(), TestResult()};
  results[1].status = TestStatus::failed;
  results[1].diagnosis.category = "timeout";
  results[1].message = "timed out after 60 s";
  results[3].status = results[4].status = TestStatus::failed;
  results[3].diagnosis.category = "timeout";  // this build never passed: a real failure
  drop_tests_after_hangs(cases, {0, 1, 0, 1, 0}, results);
  excuse_warp_emulation_timeouts(cases, results);
  EXPECT_EQ(results[0].status, TestStatus::passed);
  for (int i : {1, 2}) {
    EXPECT_EQ(results[i].status, TestStatus::error) << i;
    EXPECT_EQ(results[i].message.rfind("not checked: ", 0), 0u) << results[i].message;
    EXPECT_NE(results[i].message.find("Width 1025"), std::string::npos);
  }
  for (int i : {3, 4}) EXPECT_EQ(results[i].status, TestStatus::failed) << i;
}

}  // namespace
}  // namespace kit
