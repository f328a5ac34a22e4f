#include "performance/baseline_rounds.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "os/timing_lock.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr double kNow = 1'800'000'000;  // seconds since the epoch

SharedRound round_of(const std::string& baseline, double age_s, double median_ms = 16.8) {
  SharedRound r;
  r.baseline = baseline;
  r.round.median_ms = median_ms;
  r.round.wall_median_ms = median_ms + 0.05;
  r.round.samples = 10;
  r.round.gpu_seconds = 0.17;
  r.round.wall_seconds = 0.3;
  r.round.sm_clock_mhz = 1980;
  r.round.timed_at = kNow - age_s;
  return r;
}

struct BaselineRoundsFile : ::testing::Test {
  fs::path path = fs::temp_directory_path() / ("kit-baseline-rounds-test-" + std::to_string(::getpid()));
  void TearDown() override {
    std::error_code ignored;
    fs::remove(path, ignored);
    fs::remove(path.string() + ".new", ignored);
  }
};

TEST(BaselineRounds, TheRecordLiesBesideTheBatchsTimingLock) {
  EXPECT_EQ(shared_rounds_path(""), "");  // outside a batch, every grading times its own baselines
  EXPECT_EQ(shared_rounds_path("/tmp/class/prepared/timing.lock"), "/tmp/class/prepared/timing.lock.baselines");
}

TEST(BaselineRounds, TheKeyTellsKernelsSizesAndGpusApart) {
  const std::string key = baseline_key("reference", "matmul", "/cache/a/runner", "4096x4096x4096", "NVIDIA H100 580");
  EXPECT_NE(key, baseline_key("naive", "matmul", "/cache/a/runner", "4096x4096x4096", "NVIDIA H100 580"));
  EXPECT_NE(key, baseline_key("reference", "matmul", "/cache/b/runner", "4096x4096x4096", "NVIDIA H100 580"));
  EXPECT_NE(key, baseline_key("reference", "matmul", "/cache/a/runner", "2048x2048x2048", "NVIDIA H100 580"));
  EXPECT_NE(key, baseline_key("reference", "matmul", "/cache/a/runner", "4096x4096x4096", "NVIDIA H200 580"));
}

TEST_F(BaselineRoundsFile, RoundsComeBackAsTheyWereWritten) {
  write_shared_rounds(path.string(), {round_of("ref", 10, 16.842), round_of("naive", 20, 25.9)});
  const std::vector<SharedRound> back = read_shared_rounds(path.string(), kNow, SharingRule{});
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].baseline, "ref");
  EXPECT_DOUBLE_EQ(back[0].round.median_ms, 16.842);
  EXPECT_DOUBLE_EQ(back[0].round.wall_median_ms, 16.892);
  EXPECT_EQ(back[0].round.samples, 10);
  EXPECT_DOUBLE_EQ(back[0].round.gpu_seconds, 0.17);
  EXPECT_DOUBLE_EQ(back[0].round.wall_seconds, 0.3);
  EXPECT_DOUBLE_EQ(back[0].round.sm_clock_mhz, 1980);
  EXPECT_DOUBLE_EQ(back[0].round.timed_at, kNow - 10);
  EXPECT_EQ(back[1].baseline, "naive");
  EXPECT_FALSE(fs::exists(path.string() + ".new"));
}

TEST_F(BaselineRoundsFile, RoundsOutsideTheWindowAreNeverUsed) {
  SharingRule rule;
  rule.window_s = 180;
  write_shared_rounds(path.string(), {round_of("ref", 179), round_of("ref", 181), round_of("ref", -30)});
  const std::vector<SharedRound> back = read_shared_rounds(path.string(), kNow, rule);
  ASSERT_EQ(back.size(), 1u);  // too old, and from the future (the clock moved): both dropped
  EXPECT_DOUBLE_EQ(back[0].round.timed_at, kNow - 179);
}

TEST_F(BaselineRoundsFile, AMissingOrDamagedRecordHoldsNoRounds) {
  EXPECT_TRUE(read_shared_rounds(path.string(), kNow, SharingRule{}).empty());
  std::ofstream(path) << "{\"rounds\": [{\"baseline\": \"ref\", \"timed_at\": ";
  EXPECT_TRUE(read_shared_rounds(path.string(), kNow, SharingRule{}).empty());
  // One sound round among broken ones is kept; a negative time or no samples is not a round.
  std::ofstream(path, std::ios::trunc)
      << "{\"rounds\": [7, {\"baseline\": \"ref\"},"
         " {\"baseline\": \"ref\", \"timed_at\": 1799999990, \"median_ms\": -1, \"wall_median_ms\": 1,"
         " \"samples\": 10, \"gpu_seconds\": 0.1, \"wall_seconds\": 0.2, \"sm_clock_mhz\": 1980},"
         " {\"baseline\": \"ref\", \"timed_at\": 1799999990, \"median_ms\": 2, \"wall_median_ms\": 2,"
         " \"samples\": 0, \"gpu_seconds\": 0.1, \"wall_seconds\": 0.2, \"sm_clock_mhz\": 1980},"
         " {\"baseline\": \"ref\", \"timed_at\": 1799999990, \"median_ms\": 2, \"wall_median_ms\": 2.1,"
         " \"samples\": 10, \"gpu_seconds\": 0.1, \"wall_seconds\": 0.2, \"sm_clock_mhz\": 1980}]}";
  const std::vector<SharedRound> back = read_shared_rounds(path.string(), kNow, SharingRule{});
  ASSERT_EQ(back.size(), 1u);
  EXPECT_DOUBLE_EQ(back[0].round.wall_median_ms, 2.1);
}

TEST(BaselineRounds, AGradingTimesTheRoundsTheRecordLacks) {
  SharingRule rule;
  rule.fresh_s = 30;
  EXPECT_EQ(rounds_to_time({}, "ref", 3, kNow, rule), 3);  // the batch's first grading times them all
  EXPECT_EQ(rounds_to_time({round_of("naive", 1), round_of("naive", 2), round_of("naive", 3)}, "ref", 3, kNow, rule), 3);
  EXPECT_EQ(rounds_to_time({round_of("ref", 5), round_of("ref", 50)}, "ref", 3, kNow, rule), 1);
  // Enough rounds, and the newest fresh: none; the newest too old: one, so the rounds keep coming through
  // the batch, interleaved with its students'.
  EXPECT_EQ(rounds_to_time({round_of("ref", 100), round_of("ref", 60), round_of("ref", 29)}, "ref", 3, kNow, rule), 0);
  EXPECT_EQ(rounds_to_time({round_of("ref", 100), round_of("ref", 60), round_of("ref", 31)}, "ref", 3, kNow, rule), 1);
}

TEST(BaselineRounds, AMeasurementUsesTheNewestRounds) {
  const std::vector<SharedRound> rounds = {round_of("ref", 40, 1.0), round_of("naive", 5, 9.0), round_of("ref", 10, 3.0),
                                           round_of("ref", 70, 0.5), round_of("ref", 20, 2.0)};
  const std::vector<SharedRound> newest = newest_rounds(rounds, "ref", 3);
  ASSERT_EQ(newest.size(), 3u);  // oldest first
  EXPECT_DOUBLE_EQ(newest[0].round.median_ms, 1.0);
  EXPECT_DOUBLE_EQ(newest[1].round.median_ms, 2.0);
  EXPECT_DOUBLE_EQ(newest[2].round.median_ms, 3.0);
  EXPECT_EQ(newest_rounds(rounds, "ref", 9).size(), 4u);
  EXPECT_TRUE(newest_rounds(rounds, "ref", 0).empty());
  EXPECT_TRUE(newest_rounds(rounds, "ref", -1).empty());
  EXPECT_TRUE(newest_rounds(rounds, "copy", 3).empty());
}

}  // namespace
}  // namespace kit
