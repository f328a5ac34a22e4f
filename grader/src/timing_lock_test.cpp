#include "kit/timing_lock.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <sys/file.h>
#include <fcntl.h>
#include <unistd.h>

#include "kit/runner_pool.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

TEST(TimingLock, TheTimingLockIsHeldUntilItIsDestroyed) {
  const fs::path lock = fs::temp_directory_path() / ("kit-batch-lock-test-" + std::to_string(::getpid()));
  ::unsetenv(kTimingLockVariable);
  EXPECT_FALSE(TimingLock::requested());
  { const TimingLock nothing; }  // outside a batch: nothing to take
  ::setenv(kTimingLockVariable, lock.c_str(), 1);
  ASSERT_TRUE(TimingLock::requested());
  auto try_lock = [&] {
    const int fd = ::open(lock.c_str(), O_RDWR | O_CLOEXEC);
    const bool got = fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    if (fd >= 0) ::close(fd);
    return got;
  };
  {
    const TimingLock held;
    EXPECT_FALSE(try_lock());  // another descriptor, as another grading's would be, cannot take it
  }
  EXPECT_TRUE(try_lock());
  ::unsetenv(kTimingLockVariable);
  fs::remove(lock);
  fs::remove(lock.string() + ".queue");
}

TEST(TimingLock, RunsShareTheTimingLockAndATimingWaitsForThemAlone) {
  const fs::path lock = fs::temp_directory_path() / ("kit-batch-share-test-" + std::to_string(::getpid()));
  const fs::path queue = lock.string() + ".queue";
  ::setenv(kTimingLockVariable, lock.c_str(), 1);
  auto try_lock = [](const fs::path& file, int operation) {
    const int fd = ::open(file.c_str(), O_RDWR | O_CLOEXEC);
    const bool got = fd >= 0 && ::flock(fd, operation | LOCK_NB) == 0;
    if (fd >= 0) ::close(fd);
    return got;
  };
  auto run = std::make_unique<TimingLock>(TimingLock::Use::run);
  EXPECT_TRUE(try_lock(lock, LOCK_SH));    // another run shares it
  EXPECT_FALSE(try_lock(lock, LOCK_EX));   // a timing does not
  EXPECT_TRUE(try_lock(queue, LOCK_EX));   // a run holds no place in the queue once it has its share
  std::atomic<bool> timed{false};
  std::thread timing([&] {
    const TimingLock alone(TimingLock::Use::timing);
    timed = true;
  });
  // The waiting timing holds the queue, so a new run would wait behind it.
  for (int i = 0; i < 500 && try_lock(queue, LOCK_EX); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_FALSE(try_lock(queue, LOCK_EX));
  EXPECT_FALSE(timed);
  run.reset();  // the run already going ends: the timing goes
  timing.join();
  EXPECT_TRUE(timed);
  EXPECT_TRUE(try_lock(lock, LOCK_EX));
  EXPECT_TRUE(try_lock(queue, LOCK_EX));
  { const TimingLock nothing(TimingLock::Use::run, /*wanted=*/false); }
  ::unsetenv(kTimingLockVariable);
  fs::remove(lock);
  fs::remove(queue);
}

TEST(TimingLock, SaysWhenATimingWaits) {
  const fs::path lock = fs::temp_directory_path() / ("kit-lock-waits-test-" + std::to_string(::getpid()));
  ::unsetenv(kTimingLockVariable);
  EXPECT_FALSE(TimingLock::timing_waits());  // outside a batch nothing waits
  ::setenv(kTimingLockVariable, lock.c_str(), 1);
  EXPECT_FALSE(TimingLock::timing_waits());  // nobody queued yet: no file
  std::optional<TimingLock> run(TimingLock::Use::run);
  EXPECT_FALSE(TimingLock::timing_waits());  // a run holds its share, not the queue
  std::atomic<bool> timed{false};
  std::thread timing([&] {
    const TimingLock alone(TimingLock::Use::timing);
    timed = true;
  });
  for (int i = 0; i < 500 && !TimingLock::timing_waits(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(TimingLock::timing_waits());
  EXPECT_FALSE(timed);
  // A share moved keeps the lock shared; the last holder lets it go.
  TimingLock moved = std::move(*run);
  EXPECT_FALSE(run->held());
  run.reset();
  EXPECT_FALSE(timed);
  moved = TimingLock(TimingLock::Use::run, /*wanted=*/false);
  timing.join();
  EXPECT_TRUE(timed);
  EXPECT_FALSE(TimingLock::timing_waits());
  ::unsetenv(kTimingLockVariable);
  fs::remove(lock);
  fs::remove(lock.string() + ".queue");
}

}  // namespace
}  // namespace kit
