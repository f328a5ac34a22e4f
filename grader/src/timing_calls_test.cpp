// Tests of what the record of runtime calls says about a timing.
#include "timing_calls.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

nlohmann::json call(const std::string& name, int event = -1, int end_event = -1) {
  nlohmann::json j = {{"type", "call"}, {"call", name}, {"at", "timing_bandwidth.cu:40"}};
  if (event >= 0) j["event"] = event;
  if (end_event >= 0) j["end_event"] = end_event;
  return j;
}

std::vector<nlohmann::json> timed(bool wait, bool destroy) {
  std::vector<nlohmann::json> calls = {call("cudaEventCreate", 1), call("cudaEventCreate", 2),
                                       call("cudaEventRecord", 1), call("launch"), call("launch"),
                                       call("cudaEventRecord", 2)};
  if (wait) calls.push_back(call("cudaEventSynchronize", 2));
  calls.push_back(call("cudaEventElapsedTime", 1, 2));
  if (!wait) calls.push_back(call("cudaEventSynchronize", 2));
  if (destroy) calls.insert(calls.end(), {call("cudaEventDestroy", 1), call("cudaEventDestroy", 2)});
  return calls;
}

TEST(TimingCalls, EventsAroundLaunchesReadAfterTheWaitAreRight) {
  EXPECT_EQ(events_misused(timed(true, true)), "");
  std::vector<nlohmann::json> device_wide = timed(true, true);
  device_wide[6] = call("cudaDeviceSynchronize");
  EXPECT_EQ(events_misused(device_wide), "");
}

TEST(TimingCalls, AnElapsedTimeReadBeforeTheWaitIsNamed) {
  EXPECT_NE(events_misused(timed(false, true)).find("before the stop event is waited for"), std::string::npos);
}

TEST(TimingCalls, WaitingOnTheStartEventIsNotWaitingOnTheStop) {
  std::vector<nlohmann::json> calls = timed(true, true);
  calls[6] = call("cudaEventSynchronize", 1);
  EXPECT_NE(events_misused(calls).find("before the stop event"), std::string::npos);
}

TEST(TimingCalls, NoElapsedTimeMeansTheTimeCameFromElsewhere) {
  EXPECT_NE(events_misused({call("launch"), call("cudaDeviceSynchronize")}).find("without synchronising"),
            std::string::npos);
}

TEST(TimingCalls, NoLaunchBetweenTheEvents) {
  const std::vector<nlohmann::json> calls = {call("launch"), call("cudaEventRecord", 1), call("cudaEventRecord", 2),
                                             call("cudaEventSynchronize", 2), call("cudaEventElapsedTime", 1, 2)};
  EXPECT_NE(events_misused(calls).find("no kernel was launched between"), std::string::npos);
}

TEST(TimingCalls, EventsNeverDestroyedAreListedWithTheirCreation) {
  int created = 0;
  EXPECT_TRUE(events_left_alive(timed(true, true), &created).empty());
  EXPECT_EQ(created, 2);
  std::vector<nlohmann::json> calls = timed(true, false);
  calls.push_back(call("cudaEventDestroy", 2));
  const auto alive = events_left_alive(calls, &created);
  ASSERT_EQ(alive.size(), 1u);
  EXPECT_EQ(alive[0]->value("event", 0), 1);
  EXPECT_EQ(call_site(*alive[0]), " at timing_bandwidth.cu:40");
}

}  // namespace
}  // namespace kit
