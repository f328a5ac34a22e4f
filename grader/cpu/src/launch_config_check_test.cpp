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

// On a virtual device with smaller limits, the same launch is checked against that device, and the
// message names the device and the hint says to ask it.
TEST(LaunchConfigCheck, ChecksAgainstTheDevicesOwnLimits) {
  const VirtualDevice& threads_256 = *find_virtual_device("threads-256");
  const auto block = check_launch_configuration(dim3(4, 4), dim3(32, 32), 0, threads_256);
  ASSERT_TRUE(block);
  EXPECT_NE(block->message.find("1024 threads; a block may have at most 256 on this device (threads-256)"),
            std::string::npos) << block->message;
  EXPECT_NE(block->hint.find("maxThreadsPerBlock"), std::string::npos);
  EXPECT_FALSE(check_launch_configuration(dim3(4, 4), dim3(16, 16), 0, threads_256));

  const VirtualDevice& small = *find_virtual_device("small-shared");
  const auto shared = check_launch_configuration(dim3(4, 4), dim3(16, 16), 2 * 16 * 16 * sizeof(float), small);
  ASSERT_TRUE(shared);
  EXPECT_NE(shared->message.find("2048 bytes of dynamic shared memory; a block may use at most 1536 on this device "
                                 "(small-shared)"), std::string::npos) << shared->message;
  EXPECT_NE(shared->hint.find("sharedMemPerBlock"), std::string::npos);
  EXPECT_FALSE(check_launch_configuration(dim3(4, 4), dim3(8, 8), 2 * 8 * 8 * sizeof(float), small));
  // The default device's messages stay as they were: no device named.
  EXPECT_EQ(check_launch_configuration(dim3(1), dim3(64, 64), 0)->message.find("this device"), std::string::npos);
}

// Code that asked the device and still launched what it refuses got the rule wrong, not a constant: the
// hint then says so instead of telling it to ask.
TEST(LaunchConfigCheck, CodeThatReadTheLimitsIsToldToCheckItsRule) {
  const VirtualDevice& small = *find_virtual_device("small-shared");
  const std::size_t bytes = 2 * 16 * 16 * sizeof(float);
  EXPECT_NE(check_launch_configuration(dim3(4, 4), dim3(16, 16), bytes, small)->hint.find("instead of fixing them at "
                                                                                          "compile time"),
            std::string::npos);
  const auto asked = check_launch_configuration(dim3(4, 4), dim3(16, 16), bytes, small, /*code_read_limits=*/true);
  ASSERT_TRUE(asked);
  EXPECT_EQ(asked->hint.find("compile time"), std::string::npos) << asked->hint;
  EXPECT_NE(asked->hint.find("the code asks the device for its limits, but the rule"), std::string::npos) << asked->hint;
  EXPECT_NE(asked->hint.find("sizeof(float)"), std::string::npos) << asked->hint;
}

// The table's rows are devices a GPU could be: limits that agree with one another.
TEST(VirtualDeviceTable, EveryRowIsConsistentAndNamedOnce) {
  for (const VirtualDevice& d : kVirtualDevices) {
    SCOPED_TRACE(d.key);
    EXPECT_EQ(find_virtual_device(d.key), &d);
    EXPECT_LE(d.max_block_dim[0], d.max_threads_per_block);
    EXPECT_LE(d.max_threads_per_block, static_cast<unsigned>(d.max_threads_per_multiprocessor));
    EXPECT_LE(d.shared_memory_per_block, d.shared_memory_per_block_optin);
    EXPECT_LE(d.shared_memory_per_block_optin, d.shared_memory_per_multiprocessor);
    EXPECT_LE(d.registers_per_block, d.registers_per_multiprocessor);
    EXPECT_EQ(d.max_threads_per_multiprocessor % d.warp_size, 0);
    EXPECT_LE(d.max_threads_per_block, largest_threads_per_block());
    EXPECT_LE(d.shared_memory_per_block, largest_shared_memory_per_block());
  }
  EXPECT_EQ(&kDefaultVirtualDevice, find_virtual_device("cc80"));
  EXPECT_EQ(find_virtual_device("gtx480"), nullptr);
}

}  // namespace
}  // namespace kitcpu::detail
