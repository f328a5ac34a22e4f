// Tests of the batch's cache of baseline runners: a runner is built once and copied after, a change to
// anything it is made from is a different entry, and a failed build is never kept.
#include "build/build_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace kit {
namespace {

namespace fs = std::filesystem;

class BuildCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("kit-buildcache-" + std::to_string(::getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "assignment");
    write(root_ / "assignment" / "harness.cpp", "harness");
    write(root_ / "assignment" / "contract.h", "contract");
    write(root_ / "reference.cu", "kernel");
    spec_.backend = Backend::cuda;
    spec_.assignment_dir = (root_ / "assignment").string();
    spec_.source = (root_ / "reference.cu").string();
  }
  void TearDown() override { fs::remove_all(root_); }

  static void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }
  static std::string read(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  // A stand-in for the compiler: writes an executable runner and counts its calls.
  BuildOutcome fake_build(const BuildSpec& spec) {
    ++builds_;
    BuildOutcome out;
    out.executable = (fs::path(spec.output_dir) / "runner").string();
    if (fail_) {
      out.summary = "nvcc failed (exit code 1)";
      return out;
    }
    write(out.executable, "runner built from " + read(spec.source));
    fs::permissions(out.executable, fs::perms::owner_all);
    out.ok = true;
    return out;
  }
  BuildOutcome build_into(const std::string& output) {
    BuildSpec spec = spec_;
    spec.output_dir = (root_ / output).string();
    return cached_build((root_ / "cache").string(), build_cache_key(spec), spec,
                        [this](const BuildSpec& s) { return fake_build(s); });
  }

  fs::path root_;
  BuildSpec spec_;
  int builds_ = 0;
  bool fail_ = false;
};

TEST_F(BuildCacheTest, ARunnerIsBuiltOnceAndCopiedToTheNextGrading) {
  const BuildOutcome first = build_into("first");
  ASSERT_TRUE(first.ok);
  const BuildOutcome second = build_into("second");
  ASSERT_TRUE(second.ok);
  EXPECT_EQ(builds_, 1);
  EXPECT_EQ(second.executable, (root_ / "second" / "runner").string());
  EXPECT_EQ(read(second.executable), "runner built from kernel");
  EXPECT_EQ(::access(second.executable.c_str(), X_OK), 0);
}

TEST_F(BuildCacheTest, AChangeToAnythingTheRunnerIsMadeFromIsAnotherEntry) {
  const std::string original = build_cache_key(spec_);
  EXPECT_EQ(build_cache_key(spec_), original);

  write(root_ / "reference.cu", "another kernel");
  const std::string source_changed = build_cache_key(spec_);
  EXPECT_NE(source_changed, original);

  write(root_ / "assignment" / "contract.h", "another contract");
  const std::string header_changed = build_cache_key(spec_);
  EXPECT_NE(header_changed, source_changed);

  BuildSpec knob = spec_;
  knob.defines = {{"TILE_WIDTH", 32}};
  EXPECT_NE(build_cache_key(knob), header_changed);

  BuildSpec cpu = spec_;
  cpu.backend = Backend::cpu;
  EXPECT_NE(build_cache_key(cpu), header_changed);

  ASSERT_TRUE(build_into("before").ok);
  write(root_ / "reference.cu", "fixed kernel");
  const BuildOutcome after = build_into("after");
  EXPECT_EQ(builds_, 2);
  EXPECT_EQ(read(after.executable), "runner built from fixed kernel");
}

TEST_F(BuildCacheTest, AFailedBuildIsNeverKept) {
  fail_ = true;
  EXPECT_FALSE(build_into("first").ok);
  fail_ = false;
  EXPECT_TRUE(build_into("second").ok);
  EXPECT_EQ(builds_, 2);
}

}  // namespace
}  // namespace kit
