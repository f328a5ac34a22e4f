#include "util/stage_clock.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

using std::chrono::milliseconds;

TEST(StageClock, NestedStagesCountEachSecondOnce) {
  StageClock clock;
  const StageClock::Clock::time_point t0{};
  clock.enter("correctness runs", t0);
  clock.enter("build", t0 + milliseconds(1000));  // a build the first test needs
  clock.leave(t0 + milliseconds(4000));
  clock.leave(t0 + milliseconds(6000));
  const auto s = clock.seconds(t0 + milliseconds(9000));
  EXPECT_DOUBLE_EQ(s.at("build"), 3.0);
  EXPECT_DOUBLE_EQ(s.at("correctness runs"), 3.0);  // 1 s before the build, 2 s after it
}

TEST(StageClock, RepeatedStagesAddUpAndOpenOnesCountSoFar) {
  StageClock clock;
  const StageClock::Clock::time_point t0{};
  clock.enter("build", t0);
  clock.leave(t0 + milliseconds(500));
  clock.enter("build", t0 + milliseconds(700));  // the gap between belongs to no stage
  const auto s = clock.seconds(t0 + milliseconds(1200));
  EXPECT_DOUBLE_EQ(s.at("build"), 1.0);
  EXPECT_EQ(s.size(), 1u);
}

TEST(StageClock, AWorkersSecondsAddToTheStagesTheyBelongTo) {
  StageClock clock;
  const StageClock::Clock::time_point t0{};
  clock.enter("build", t0);
  clock.leave(t0 + milliseconds(2000));
  clock.add({{"build", 1.5}, {"correctness runs", 4.0}});
  const auto s = clock.seconds(t0 + milliseconds(3000));
  EXPECT_DOUBLE_EQ(s.at("build"), 3.5);
  EXPECT_DOUBLE_EQ(s.at("correctness runs"), 4.0);
}

TEST(StageClock, LeavingWithNothingOpenChangesNothing) {
  StageClock clock;
  clock.leave();
  EXPECT_TRUE(clock.seconds().empty());
}

}  // namespace
}  // namespace kit
