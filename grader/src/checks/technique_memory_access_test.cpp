#include <gtest/gtest.h>

#include "checks/technique_kinds.h"

namespace kit {
namespace {

TEST(MemoryAccessWithoutProfile, TheStudentsFunctionFailingUnderTheMeasurementFailsTheCheck) {
  EXPECT_EQ(status_without_profile(ProfileFailure::function), TestStatus::failed);
}

TEST(MemoryAccessWithoutProfile, AMissingToolSkipsTheCheck) {
  EXPECT_EQ(status_without_profile(ProfileFailure::tool_missing), TestStatus::skipped);
}

TEST(MemoryAccessWithoutProfile, AToolThatFailedOnACleanFunctionIsTheMachinesError) {
  EXPECT_EQ(status_without_profile(ProfileFailure::tool), TestStatus::error);
}

}  // namespace
}  // namespace kit
