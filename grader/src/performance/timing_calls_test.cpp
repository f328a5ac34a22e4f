// Tests of what the record of runtime calls says about a timing.
#include "performance/timing_calls.h"

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

TEST(TimingCalls, PollingTheStopEventUntilItCompletesIsAWait) {
  std::vector<nlohmann::json> calls = timed(true, true);
  calls[6] = call("cudaEventQuery", 2);  // recorded without a result where the query succeeded (a cuda runner)
  EXPECT_EQ(events_misused(calls), "");
  nlohmann::json missed = call("cudaEventQuery", 2), found = call("cudaEventQuery", 2);
  missed["result"] = "cudaErrorNotReady";
  found["result"] = "cudaSuccess";  // the CPU backend records every query with its result
  calls[6] = missed;
  calls.insert(calls.begin() + 7, found);
  EXPECT_EQ(events_misused(calls), "");
}

TEST(TimingCalls, AQueryThatFoundTheEventNotReadyOrQueriedTheStartIsNoWait) {
  std::vector<nlohmann::json> calls = timed(true, true);
  calls[6] = call("cudaEventQuery", 2);
  calls[6]["result"] = "cudaErrorNotReady";
  EXPECT_NE(events_misused(calls).find("before the stop event is waited for"), std::string::npos);
  calls[6] = call("cudaEventQuery", 1);
  EXPECT_NE(events_misused(calls).find("before the stop event is waited for"), std::string::npos);
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

nlohmann::json launch(const std::string& kernel, unsigned blocks, double took_ms) {
  return {{"type", "call"}, {"call", "launch"}, {"kernel", kernel}, {"grid", {blocks, 1, 1}},
          {"block", {256, 1, 1}}, {"result", "cudaSuccess"}, {"took_ms", took_ms}};
}

TEST(TimingCalls, AnElapsedReadCountsTheLaunchesBetweenItsEventsAndTheirDurations) {
  nlohmann::json elapsed = call("cudaEventElapsedTime", 1, 2);
  elapsed["elapsed_ms"] = 9.5;
  const std::vector<nlohmann::json> calls = {launch("scaleKernel", 256, 7), call("cudaEventRecord", 1),
                                             launch("scaleKernel", 256, 4), launch("scaleKernel", 256, 5),
                                             call("cudaEventRecord", 2), call("cudaEventSynchronize", 2), elapsed,
                                             call("cudaEventElapsedTime", 1, 2)};  // one that returned no time
  const std::vector<EventRead> reads = event_reads(calls);
  ASSERT_EQ(reads.size(), 1u);
  EXPECT_EQ(reads[0].elapsed_ms, 9.5);
  EXPECT_EQ(reads[0].launches, 2);
  EXPECT_EQ(reads[0].launch_ms, 9);
  EXPECT_EQ(reads[0].at, " at timing_bandwidth.cu:40");
}

TEST(TimingCalls, OnlyTheKitsKernelAndConfigurationCountAsItsLaunches) {
  const std::vector<nlohmann::json> kit = {call("cudaMemset"), launch("scaleKernel", 256, 3)};
  const LaunchShape shape = first_launch(kit);
  EXPECT_EQ(shape.kernel, "scaleKernel");
  nlohmann::json refused = launch("scaleKernel", 256, 0.001);
  refused["result"] = "cudaErrorInvalidValue";
  const std::vector<nlohmann::json> student = {launch("scaleKernel", 256, 4), launch("spin", 1, 3000),
                                               launch("scaleKernel", 4096, 60), refused,
                                               launch("scaleKernel", 256, 5)};
  EXPECT_EQ(launch_durations(student, shape), (std::vector<double>{4, 5}));
  EXPECT_TRUE(launch_durations(student, first_launch({})).empty());
}

}  // namespace
}  // namespace kit
