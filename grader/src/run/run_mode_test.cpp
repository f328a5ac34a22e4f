#include "run/run_mode.h"

#include <string>

#include <gtest/gtest.h>

namespace kit {
namespace {

// The builds are the CPU backend's flavours (grader/cpu/CMakeLists.txt): a mode with a build of another
// name would ask for a runtime that does not exist.
TEST(RunMode, EachModeRunsOneOfTheCpuBackendsBuilds) {
  EXPECT_EQ(build_of(RunMode::plain), Flavour::fast);
  EXPECT_EQ(build_of(RunMode::asan), Flavour::asan);
  EXPECT_EQ(build_of(RunMode::tsan), Flavour::tsan);
  EXPECT_EQ(build_of(RunMode::access_checks), Flavour::access);
  EXPECT_EQ(build_of(RunMode::racecheck), Flavour::fast);
  EXPECT_EQ(build_of(RunMode::memcheck), Flavour::fast);
}

TEST(RunMode, OnlyTheGpuToolsRunUnderComputeSanitizerAndNameItsTool) {
  for (RunMode m : {RunMode::plain, RunMode::asan, RunMode::tsan, RunMode::access_checks})
    EXPECT_FALSE(under_compute_sanitizer(m)) << name_of(m);
  EXPECT_TRUE(under_compute_sanitizer(RunMode::racecheck));
  EXPECT_TRUE(under_compute_sanitizer(RunMode::memcheck));
  EXPECT_STREQ(name_of(RunMode::racecheck), "racecheck");
  EXPECT_STREQ(name_of(RunMode::memcheck), "memcheck");
}

TEST(RunMode, OnlyThePlainRunGoesUnlabelled) {
  EXPECT_EQ(std::string(label_of(RunMode::plain)), "");
  for (RunMode m : {RunMode::asan, RunMode::tsan, RunMode::access_checks, RunMode::racecheck, RunMode::memcheck})
    EXPECT_NE(std::string(label_of(m)), "") << name_of(m);
  EXPECT_TRUE(sanitized_build(RunMode::asan));
  EXPECT_TRUE(sanitized_build(RunMode::tsan));
  EXPECT_FALSE(sanitized_build(RunMode::access_checks));
}

}  // namespace
}  // namespace kit
