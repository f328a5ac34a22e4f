#include "checks/correctness_merge.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

RunVerdict right_run(const std::string& signature) {
  RunVerdict v;
  v.passed = true;
  v.output_signatures = {signature};
  return v;
}

RunVerdict wrong_run(const std::string& message, Category category, int line = 0, bool fatal = false) {
  RunVerdict v;
  v.message = message;
  v.details = "details of " + message;
  v.finding.category = category;
  v.finding.line = line;
  v.fatal = fatal;
  return v;
}

TEST(CorrectnessMerge, AgreeingOrdersPass) {
  const TestVerdict t = merge_orders({right_run("abc"), right_run("abc")}, {"forward", "reverse"});
  EXPECT_TRUE(t.passed);
  EXPECT_EQ(t.finding.category, Category::none);
}

TEST(CorrectnessMerge, OrdersThatDisagreeAreARace) {
  const TestVerdict t = merge_orders({right_run("abc"), right_run("abd")}, {"forward", "reverse"});
  EXPECT_FALSE(t.passed);
  EXPECT_EQ(t.finding.category, Category::order_dependent_result);
  // Both causes a disagreement can have, neither asserted: the checking runs say which.
  EXPECT_EQ(t.message.rfind("the result changes with the order", 0), 0u) << t.message;
  EXPECT_NE(t.message.find("two threads store one element, or a __syncthreads() is missing"), std::string::npos);
  EXPECT_EQ(t.details, "thread order forward: right\nthread order reverse: right\n");
}

// A naive transpose that writes with the wrong row length: its threads store into each other's elements,
// and its kernel has no shared memory, so no barrier is suspected.
TEST(CorrectnessMerge, WithoutSharedMemoryNoBarrierIsSuspected) {
  const TestVerdict t = merge_orders({right_run("abc"), right_run("abd")}, {"forward", "reverse"}, false);
  EXPECT_FALSE(t.passed);
  EXPECT_EQ(t.finding.category, Category::order_dependent_result);
  EXPECT_EQ(t.message.find("__syncthreads"), std::string::npos) << t.message;
  EXPECT_NE(t.message.find("two threads store one element"), std::string::npos) << t.message;
  EXPECT_NE(t.message.find("no barrier is missing"), std::string::npos) << t.message;
}

// An in-place BlockTranspose whose grid is exchanged: two blocks read and store the same tile of A, so the
// result changes with the order; its barrier is right, which the access checks saw.
TEST(CorrectnessMerge, CleanAccessChecksTakeBackTheBarrier) {
  TestVerdict t = merge_orders({right_run("abc"), right_run("abd")}, {"forward", "reverse"});
  TestVerdict unchecked = t;
  settle_order_headline(unchecked);
  EXPECT_EQ(unchecked.message, t.message);
  t.access_checks_clean = true;
  settle_order_headline(t);
  EXPECT_EQ(t.finding.category, Category::order_dependent_result);
  EXPECT_EQ(t.message.find("__syncthreads() is missing"), std::string::npos) << t.message;
  EXPECT_NE(t.message.find("reads an element of device memory that another thread stores"), std::string::npos);
}

// A finding of the checks that took the headline stays there.
TEST(CorrectnessMerge, SettlingLeavesAFindingsHeadline) {
  TestVerdict t = merge_orders({right_run("abc"), right_run("abd")}, {"forward", "reverse"});
  add_finding(t, wrong_run("two threads store A[1][0] at block_transpose.cu:15", Category::write_conflict, 15, true));
  t.access_checks_clean = true;
  settle_order_headline(t);
  EXPECT_EQ(t.message, "two threads store A[1][0] at block_transpose.cu:15");
  EXPECT_EQ(t.details.find("__syncthreads() is missing"), std::string::npos) << t.details;
  EXPECT_NE(t.details.find("thread order reverse: right"), std::string::npos) << t.details;
}

TEST(CorrectnessMerge, ACrashLeadsOverTheOrders) {
  RunVerdict crash = wrong_run("crashed", Category::crash, 0, true);
  const TestVerdict t = merge_orders({right_run("abc"), crash}, {"forward", "reverse"});
  EXPECT_EQ(t.message, "crashed");
  EXPECT_EQ(t.finding.category, Category::crash);
}

TEST(CorrectnessMerge, AFindingWithALineTakesTheHeadlineFromOneWithout) {
  TestVerdict t = merge_orders({wrong_run("3 of 9 elements wrong", Category::wrong_answer)}, {""});
  add_finding(t, wrong_run("out-of-bounds read at a.cu:7", Category::out_of_bounds_read, 7, true));
  EXPECT_EQ(t.message, "out-of-bounds read at a.cu:7");
  EXPECT_EQ(t.finding.line, 7);
  EXPECT_EQ(t.details,
            "3 of 9 elements wrong\ndetails of 3 of 9 elements wrong\ndetails of out-of-bounds read at a.cu:7");
  // A second finding with a line goes under the first.
  add_finding(t, wrong_run("missing __syncthreads", Category::race, 9, true));
  EXPECT_EQ(t.message, "out-of-bounds read at a.cu:7");
  EXPECT_NE(t.details.find("\nmissing __syncthreads\ndetails of missing __syncthreads"), std::string::npos);
}

TEST(CorrectnessMerge, AFindingFailsATestThatHadPassed) {
  TestVerdict t = merge_orders({right_run("abc")}, {""});
  add_finding(t, wrong_run("missing __syncthreads suspected", Category::race, 0, true));
  EXPECT_FALSE(t.passed);
  EXPECT_EQ(t.message, "missing __syncthreads suspected");
  EXPECT_EQ(t.details, "details of missing __syncthreads suspected");
}

// Which checking runs count is decided by what they found, never by their wording.
TEST(CorrectnessMerge, TheRaceDetectorsCountOnlyRaces) {
  const RunVerdict race = wrong_run("anything at all", Category::race, 5, true);
  const RunVerdict worded = wrong_run("missing __syncthreads: but a crash", Category::crash, 0, true);
  EXPECT_TRUE(finding_counts(RunMode::tsan, race));
  EXPECT_TRUE(finding_counts(RunMode::racecheck, race));
  EXPECT_FALSE(finding_counts(RunMode::tsan, worded));
  EXPECT_FALSE(finding_counts(RunMode::racecheck, worded));
  EXPECT_TRUE(finding_counts(RunMode::asan, worded));
  EXPECT_TRUE(finding_counts(RunMode::access_checks, worded));
  EXPECT_FALSE(finding_counts(RunMode::memcheck, worded));  // no line
  EXPECT_TRUE(finding_counts(RunMode::memcheck, race));
  EXPECT_FALSE(finding_counts(RunMode::asan, wrong_run("3 wrong", Category::wrong_answer)));  // not fatal
}

}  // namespace
}  // namespace kit
