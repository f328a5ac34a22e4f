#include "os/timing_lock.h"

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

#include "run/runner_pool.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

TEST(TimingLock, TheTimingLockIsHeldUntilItIsDestroyed) {
  const fs::path lock = fs::temp_directory_path() / ("kit-batch-lock-test-" + std::to_string(::getpid()));
  {
    const TimingLock nothing("");  // outside a batch: nothing to take
    EXPECT_FALSE(nothing.held());
  }
  auto try_lock = [&] {
    const int fd = ::open(lock.c_str(), O_RDWR | O_CLOEXEC);
    const bool got = fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    if (fd >= 0) ::close(fd);
    return got;
  };
  {
    const TimingLock held(lock.string());
    EXPECT_TRUE(held.held());
    EXPECT_FALSE(try_lock());  // another descriptor, as another grading's would be, cannot take it
  }
  EXPECT_TRUE(try_lock());
  fs::remove(lock);
  fs::remove(lock.string() + ".queue");
}

TEST(TimingLock, RunsShareTheTimingLockAndATimingWaitsForThemAlone) {
  const fs::path lock = fs::temp_directory_path() / ("kit-batch-share-test-" + std::to_string(::getpid()));
  const fs::path queue = lock.string() + ".queue";
  auto try_lock = [](const fs::path& file, int operation) {
    const int fd = ::open(file.c_str(), O_RDWR | O_CLOEXEC);
    const bool got = fd >= 0 && ::flock(fd, operation | LOCK_NB) == 0;
    if (fd >= 0) ::close(fd);
    return got;
  };
  auto run = std::make_unique<TimingLock>(lock.string(), TimingLock::Use::run);
  EXPECT_TRUE(try_lock(lock, LOCK_SH));    // another run shares it
  EXPECT_FALSE(try_lock(lock, LOCK_EX));   // a timing does not
  EXPECT_TRUE(try_lock(queue, LOCK_EX));   // a run holds no place in the queue once it has its share
  std::atomic<bool> timed{false};
  std::thread timing([&] {
    const TimingLock alone(lock.string(), TimingLock::Use::timing);
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
  { const TimingLock nothing(lock.string(), TimingLock::Use::run, /*wanted=*/false); }
  fs::remove(lock);
  fs::remove(queue);
}

TEST(TimingLock, SaysWhenATimingWaits) {
  const fs::path lock = fs::temp_directory_path() / ("kit-lock-waits-test-" + std::to_string(::getpid()));
  EXPECT_FALSE(TimingLock::timing_waits(""));  // outside a batch nothing waits
  EXPECT_FALSE(TimingLock::timing_waits(lock.string()));  // nobody queued yet: no file
  std::optional<TimingLock> run(std::in_place, lock.string(), TimingLock::Use::run);
  EXPECT_FALSE(TimingLock::timing_waits(lock.string()));  // a run holds its share, not the queue
  std::atomic<bool> timed{false};
  std::thread timing([&] {
    const TimingLock alone(lock.string(), TimingLock::Use::timing);
    timed = true;
  });
  for (int i = 0; i < 500 && !TimingLock::timing_waits(lock.string()); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(TimingLock::timing_waits(lock.string()));
  EXPECT_FALSE(timed);
  // A share moved keeps the lock shared; the last holder lets it go.
  TimingLock moved = std::move(*run);
  EXPECT_FALSE(run->held());
  run.reset();
  EXPECT_FALSE(timed);
  moved = TimingLock();
  timing.join();
  EXPECT_TRUE(timed);
  EXPECT_FALSE(TimingLock::timing_waits(lock.string()));
  fs::remove(lock);
  fs::remove(lock.string() + ".queue");
}

// Sets an environment variable for one scope, and puts back what was there.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    const char* old = std::getenv(name);
    if (old != nullptr) old_ = old;
    if (value != nullptr) ::setenv(name, value, 1);
    else ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_) ::setenv(name_, old_->c_str(), 1);
    else ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(MachineGpuLock, OnePerUserAndVisibleDevicesInTheTemporaryFolder) {
  const fs::path dir = fs::temp_directory_path() / ("kit-machine-lock-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const ScopedEnv chosen("KIT_GPU_LOCK", nullptr);
  const ScopedEnv tmp("TMPDIR", dir.c_str());
  {
    const ScopedEnv devices("CUDA_VISIBLE_DEVICES", nullptr);
    const std::string path = machine_gpu_lock_path();
    EXPECT_EQ(path, (dir / ("kit-gpu-" + std::to_string(::getuid()) + ".lock")).string());
    EXPECT_TRUE(fs::is_regular_file(path));
    EXPECT_TRUE(fs::is_regular_file(path + ".queue"));
  }
  {
    const ScopedEnv devices("CUDA_VISIBLE_DEVICES", "GPU-8f2a/../1,2");  // never a path of its own
    EXPECT_EQ(machine_gpu_lock_path(), (dir / ("kit-gpu-" + std::to_string(::getuid()) + "-GPU-8f2a____1_2.lock")).string());
  }
  fs::remove_all(dir);
}

TEST(MachineGpuLock, KitGpuLockNamesTheFileOrNone) {
  const fs::path dir = fs::temp_directory_path() / ("kit-machine-lock-env-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    const ScopedEnv chosen("KIT_GPU_LOCK", (dir / "shared.lock").c_str());
    EXPECT_EQ(machine_gpu_lock_path(), (dir / "shared.lock").string());
  }
  {
    const ScopedEnv chosen("KIT_GPU_LOCK", "none");
    EXPECT_EQ(machine_gpu_lock_path(), "");
  }
  {  // a link planted where the lock goes is not followed: no lock rather than someone else's file
    fs::create_symlink(dir / "elsewhere", dir / "planted.lock");
    const ScopedEnv chosen("KIT_GPU_LOCK", (dir / "planted.lock").c_str());
    EXPECT_EQ(machine_gpu_lock_path(), "");
    EXPECT_FALSE(fs::exists(dir / "elsewhere"));
  }
  {
    const ScopedEnv chosen("KIT_GPU_LOCK", (dir / "no-such-folder" / "x.lock").c_str());
    std::string why;
    EXPECT_EQ(machine_gpu_lock_path(&why), "");
    EXPECT_EQ(why, "cannot open " + (dir / "no-such-folder" / "x.lock").string() + ": No such file or directory");
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace kit
