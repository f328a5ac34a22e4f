#include "run/runner_pool.h"

#include "run/turn_test_helpers.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <type_traits>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unistd.h>

namespace kit {
namespace {

namespace fs = std::filesystem;

// A live child waiting for its next turn, standing in for a runner; its channel says its process id,
// kept in `pid` when asked for.
KeptRunner waiting_child(const std::string& name, pid_t* pid = nullptr) {
  ProcessRequest r;
  r.argv = {"/bin/sh", "-c", "printf $$ >&3; read line <&5"};
  r.timeout_s = 20;
  r.channel_fd = 3;
  r.control_fd = 5;
  end_turn_when(r, [](const std::string& channel) { return !channel.empty(); });
  KeptRunner runner;
  const ProcessResult started = run_turn(r, &runner.child);
  EXPECT_TRUE(started.kept) << started.err;
  if (pid) *pid = static_cast<pid_t>(std::stol(started.channel));
  runner.scratch = name;
  return runner;
}

TEST(RunnerPool, GivesBackWhatWasKeptUnderTheSameKey) {
  RunnerPool pool;
  pool.enable(4);
  pool.keep("fast", waiting_child("a"));
  pool.keep("tsan", waiting_child("b"));
  EXPECT_FALSE(pool.take("asan"));
  std::optional<KeptRunner> fast = pool.take("fast");
  ASSERT_TRUE(fast);
  EXPECT_EQ(fast->scratch, "a");
  EXPECT_TRUE(fast->child);
  EXPECT_FALSE(pool.take("fast"));  // taken: it is the taker's now
  EXPECT_EQ(pool.size(), 1u);
}

TEST(RunnerPool, EndsTheLongestIdleBeyondItsSize) {
  RunnerPool pool;
  pool.enable(2);
  pool.keep("k", waiting_child("first"));
  pool.keep("k", waiting_child("second"));
  pool.keep("k", waiting_child("third"));
  EXPECT_EQ(pool.size(), 2u);
  EXPECT_EQ(pool.take("k")->scratch, "third");
  EXPECT_EQ(pool.take("k")->scratch, "second");
  EXPECT_FALSE(pool.take("k"));
}

TEST(RunnerPool, KeepsNothingUnlessEnabledOrWorthKeeping) {
  RunnerPool off;
  off.keep("k", waiting_child("a"));
  EXPECT_EQ(off.size(), 0u);

  RunnerPool pool;
  pool.enable(4);
  KeptRunner worn = waiting_child("worn");
  worn.seconds = 60;  // its tests took long: its CPU-time limit was set for one
  EXPECT_FALSE(worth_keeping(worn));
  pool.keep("k", std::move(worn));
  KeptRunner many = waiting_child("many");
  many.cases = 1000;
  pool.keep("k", std::move(many));
  pool.keep("k", KeptRunner());  // no child
  EXPECT_EQ(pool.size(), 0u);
}

// A build whose runner did not answer its next case keeps no more runners; the others still do.
TEST(RunnerPool, KeepsNothingUnderAKeyGivenUpOn) {
  RunnerPool pool;
  pool.enable(4);
  pool.give_up_on("silent");
  pool.keep("silent", waiting_child("a"));
  pool.keep("other", waiting_child("b"));
  EXPECT_EQ(pool.size(), 1u);
  EXPECT_FALSE(pool.take("silent"));
  EXPECT_EQ(pool.take("other")->scratch, "b");
}

// A pool is one worker's (run/worker.h): it moves with its worker, runners and all, and cannot be copied.
TEST(RunnerPool, MovesWithItsRunnersAndIsNeverCopied) {
  static_assert(!std::is_copy_constructible_v<RunnerPool>);
  RunnerPool pool;
  pool.enable(4);
  pool.keep("k", waiting_child("a"));
  const RunnerPool moved = std::move(pool);
  EXPECT_EQ(moved.size(), 1u);
  EXPECT_TRUE(moved.enabled());
}

// Under a timing lock, kept runners wait under a share of it: a timing another grading waits to take
// begins only once they have ended.
TEST(RunnerPool, ItsRunnersEndBeforeTheirShareOfTheTimingLockGoes) {
  const fs::path lock = fs::temp_directory_path() / ("kit-pool-share-test-" + std::to_string(::getpid()));
  RunnerPool pool;
  pool.enable(2);
  pid_t pid = 0;
  pool.keep("k", waiting_child("a", &pid));
  pool.hold_share(TimingLock(lock.string(), TimingLock::Use::run));
  std::atomic<bool> runner_alive_when_timed{true};
  std::atomic<bool> timed{false};
  std::thread timing([&] {
    const TimingLock alone(lock.string(), TimingLock::Use::timing);
    runner_alive_when_timed = ::kill(pid, 0) == 0;
    timed = true;
  });
  for (int i = 0; i < 500 && !TimingLock::timing_waits(lock.string()); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_FALSE(timed);  // the kept runner's share holds it up
  std::optional<TimingLock> share = pool.take_share();
  ASSERT_TRUE(share && share->held());
  pool.hold_share(std::move(*share));
  pool.clear();
  timing.join();
  EXPECT_TRUE(timed);
  EXPECT_FALSE(runner_alive_when_timed);
  EXPECT_FALSE(pool.take_share());
  fs::remove(lock);
  fs::remove(lock.string() + ".queue");
}

}  // namespace
}  // namespace kit
