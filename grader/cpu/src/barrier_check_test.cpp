#include "barrier_check.h"

#include <gtest/gtest.h>

namespace kitcpu::detail {
namespace {

const BarrierSite kFirst{"matmul.cu", 31};
const BarrierSite kSecond{"matmul.cu", 31};  // same line, another call site: a different barrier

TEST(BarrierCheck, EveryThreadExitedFinishesTheBlock) {
  RoundTally tally;
  tally.begin_block();
  tally.exit(0, true);
  tally.exit(1, true);
  tally.exit(2, false);
  EXPECT_EQ(judge_round(tally).kind, RoundVerdict::Kind::block_finished);
  EXPECT_EQ(tally.exited(), 3);
}

TEST(BarrierCheck, EveryThreadAtOneBarrierOpensIt) {
  RoundTally tally;
  tally.begin_block();
  for (int t = 0; t < 3; ++t) tally.arrive(&kFirst, t, t == 1);
  const RoundVerdict v = judge_round(tally);
  EXPECT_EQ(v.kind, RoundVerdict::Kind::barrier_opens);
  EXPECT_FALSE(v.early_exit);
  EXPECT_EQ(tally.arrived(), 3);
  EXPECT_EQ(tally.predicate_sum(), 1);
  EXPECT_EQ(tally.site(), &kFirst);
  EXPECT_EQ(tally.first_waiter(), 0);
}

TEST(BarrierCheck, TwoCallSitesOnOneLineAreDifferentBarriers) {
  RoundTally tally;
  tally.begin_block();
  tally.arrive(&kFirst, 4, 0);
  tally.arrive(&kFirst, 5, 0);
  tally.arrive(&kSecond, 6, 0);
  tally.arrive(&kSecond, 7, 0);
  EXPECT_EQ(judge_round(tally).kind, RoundVerdict::Kind::different_barriers);
  EXPECT_EQ(tally.first_waiter(), 4);
  EXPECT_EQ(tally.first_elsewhere(), 6);
  EXPECT_EQ(tally.elsewhere_site(), &kSecond);
}

TEST(BarrierCheck, EarlyReturnOpensTheBarrierWithAWarning) {
  RoundTally tally;
  tally.begin_block();
  tally.exit(2, false);
  tally.arrive(&kFirst, 0, 0);
  tally.exit(3, false);
  tally.arrive(&kFirst, 1, 0);
  const RoundVerdict v = judge_round(tally);
  EXPECT_EQ(v.kind, RoundVerdict::Kind::barrier_opens);
  EXPECT_TRUE(v.early_exit);
  EXPECT_EQ(tally.exited(), 2);
  EXPECT_EQ(tally.first_exited(), 2);
}

TEST(BarrierCheck, FinishingTheKernelWhileOthersWaitIsDivergence) {
  RoundTally tally;
  tally.begin_block();
  tally.arrive(&kFirst, 0, 0);
  tally.exit(1, true);
  tally.arrive(&kFirst, 2, 0);
  EXPECT_EQ(judge_round(tally).kind, RoundVerdict::Kind::finished_past_barrier);
  EXPECT_EQ(tally.first_finished(), 1);
}

TEST(BarrierCheck, OpeningForgetsArrivalsButNotExits) {
  RoundTally tally;
  tally.begin_block();
  tally.exit(0, false);
  tally.arrive(&kFirst, 1, 1);
  tally.open_barrier();
  EXPECT_EQ(tally.arrived(), 0);
  EXPECT_EQ(tally.predicate_sum(), 0);
  EXPECT_EQ(tally.exited(), 1);
  tally.arrive(&kSecond, 1, 0);  // the next barrier may be another call site
  EXPECT_EQ(judge_round(tally).kind, RoundVerdict::Kind::barrier_opens);
  tally.begin_block();
  EXPECT_EQ(tally.exited(), 0);
}

}  // namespace
}  // namespace kitcpu::detail
