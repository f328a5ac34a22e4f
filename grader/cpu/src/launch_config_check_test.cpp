#include "launch_config_check.h"

#include <gtest/gtest.h>

namespace kitcpu::detail {
namespace {

TEST(LaunchConfigCheck, AcceptsWhatAGpuAccepts) {
  EXPECT_FALSE(check_launch_configuration(dim3(64, 64), dim3(16, 16), 0));
  EXPECT_FALSE(check_launch_configuration(dim3(1), dim3(1024), 48 * 1024));
  EXPECT_FALSE(check_launch_configuration(dim3(2147483647u, 65535, 65535), dim3(1, 1, 64), 0));
  EXPECT_FALSE(check_launch_configuration(dim3(1), dim3(32, 32, 1), 0));
}

TEST(LaunchConfigCheck, RejectsZeroDimensions) {
  const auto grid = check_launch_configuration(dim3(0, 4), dim3(16, 16), 0);
  ASSERT_TRUE(grid);
  EXPECT_NE(grid->message.find("gridDim.x is 0"), std::string::npos);
  EXPECT_NE(grid->hint.find("(Width + TILE_WIDTH - 1) / TILE_WIDTH"), std::string::npos);
  const auto block = check_launch_configuration(dim3(4), dim3(16, 0), 0);
  ASSERT_TRUE(block);
  EXPECT_NE(block->message.find("blockDim.y is 0"), std::string::npos);
}

TEST(LaunchConfigCheck, RejectsTooManyThreads) {
  const auto problem = check_launch_configuration(dim3(1), dim3(64, 64), 0);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->message.find("4096 threads"), std::string::npos);
  EXPECT_TRUE(check_launch_configuration(dim3(1), dim3(2048), 0));
  EXPECT_TRUE(check_launch_configuration(dim3(1), dim3(1, 1, 65), 0));
}

TEST(LaunchConfigCheck, SaysWhenTheGridAndTheBlockLookExchanged) {
  // <<<dimBlock, dimGrid>>> for a 640x480 picture: a 16x16 grid of 40x30 blocks.
  const auto problem = check_launch_configuration(dim3(16, 16), dim3(40, 30), 0);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->message.find("1200 threads"), std::string::npos);
  EXPECT_NE(problem->hint.find("the grid and the block exchanged"), std::string::npos);
  // One block as large as the matrix is another bug.
  EXPECT_EQ(check_launch_configuration(dim3(1), dim3(64, 64), 0)->hint.find("exchanged"), std::string::npos);
}

TEST(LaunchConfigCheck, RejectsGridsAboveTheLimits) {
  EXPECT_TRUE(check_launch_configuration(dim3(4294967295u), dim3(256), 0));  // a negative int, converted
  EXPECT_TRUE(check_launch_configuration(dim3(1, 65536), dim3(256), 0));
  EXPECT_TRUE(check_launch_configuration(dim3(1, 1, 65536), dim3(256), 0));
}

TEST(LaunchConfigCheck, RejectsTooMuchDynamicSharedMemory) {
  const auto problem = check_launch_configuration(dim3(1), dim3(256), 48 * 1024 + 1);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->message.find("49153 bytes"), std::string::npos);
}

}  // namespace
}  // namespace kitcpu::detail
