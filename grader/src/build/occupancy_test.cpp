#include "build/occupancy.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

// An H100's limits, as cudaGetDeviceProperties reports them.
DeviceLimits h100_like() {
  DeviceLimits d;
  d.name = "H100-like";
  d.multiprocessor_count = 132;
  d.max_threads_per_block = 1024;
  d.max_threads_per_multiprocessor = 2048;
  d.max_blocks_per_multiprocessor = 32;
  d.shared_memory_per_block = 48 * 1024;
  d.shared_memory_per_multiprocessor = 228 * 1024;
  d.reserved_shared_memory_per_block = 1024;
  d.registers_per_block = 65536;
  d.registers_per_multiprocessor = 65536;
  d.warp_size = 32;
  d.compute_major = 9;
  return d;
}

KernelResources kernel(int registers, int shared_bytes = 0) { return {"k(float*)", registers, 0, shared_bytes}; }

TEST(Occupancy, ThirtyTwoRegistersAndTwoHundredFiftySixThreadsFillTheMultiprocessor) {
  const Occupancy o = theoretical_occupancy(h100_like(), kernel(32), 256, 0);
  EXPECT_EQ(o.warps_per_block, 8);
  EXPECT_EQ(o.blocks_by_threads, 8);
  EXPECT_EQ(o.blocks_by_registers, 8);
  EXPECT_EQ(o.blocks, 8);
  EXPECT_EQ(o.active_warps, 64);
  EXPECT_EQ(o.max_warps, 64);
  EXPECT_DOUBLE_EQ(o.percent, 100.0);
  EXPECT_EQ(o.limited_by, (std::vector<std::string>{"threads", "registers"}));
  EXPECT_EQ(o.cannot_launch, "");
}

TEST(Occupancy, OneHundredTwentyEightRegistersGiveAQuarter) {
  const Occupancy o = theoretical_occupancy(h100_like(), kernel(128), 256, 0);
  EXPECT_EQ(o.blocks_by_registers, 2);
  EXPECT_EQ(o.blocks, 2);
  EXPECT_DOUBLE_EQ(o.percent, 25.0);
  EXPECT_EQ(o.limited_by, std::vector<std::string>{"registers"});
}

TEST(Occupancy, RegistersAreAllocatedPerWarpInUnitsOf256PerPartition) {
  // 33 registers x 32 threads = 1056, allocated as 1280: 12 warps in each of the 4 partitions, 6 blocks of
  // 8 warps. Counting registers one by one (65536 / (33 x 256)) would say 7 blocks, 87.5%.
  const Occupancy o = theoretical_occupancy(h100_like(), kernel(33), 256, 0);
  EXPECT_EQ(o.blocks_by_registers, 6);
  EXPECT_DOUBLE_EQ(o.percent, 75.0);
}

TEST(Occupancy, StaticSharedMemoryLimitsWithTheReservedPartOfEachBlock) {
  // 48 KiB + 1 KiB reserved per block: 4 blocks in 228 KiB (without the reserved part it would be 4.75).
  const Occupancy o = theoretical_occupancy(h100_like(), kernel(32, 48 * 1024), 256, 0);
  EXPECT_EQ(o.blocks_by_shared_memory, 4);
  EXPECT_EQ(o.blocks, 4);
  EXPECT_DOUBLE_EQ(o.percent, 50.0);
  EXPECT_EQ(o.limited_by, std::vector<std::string>{"shared memory"});
}

TEST(Occupancy, DynamicSharedMemoryCountsAndIsRoundedToTheAllocationUnit) {
  // 20000 + 1024 reserved = 21024, allocated as 21120 (a multiple of 128): 11 blocks of 4 warps, 44 of 64.
  const Occupancy o = theoretical_occupancy(h100_like(), kernel(16), 128, 20000);
  EXPECT_EQ(o.blocks_by_shared_memory, 11);
  EXPECT_EQ(o.active_warps, 44);
  EXPECT_DOUBLE_EQ(o.percent, 68.75);
}

TEST(Occupancy, SmallBlocksRunOutOfBlockSlots) {
  const Occupancy o = theoretical_occupancy(h100_like(), kernel(16), 32, 0);
  EXPECT_EQ(o.blocks_by_threads, 64);
  EXPECT_EQ(o.blocks, 32);
  EXPECT_DOUBLE_EQ(o.percent, 50.0);
  EXPECT_EQ(o.limited_by, std::vector<std::string>{"blocks"});
}

TEST(Occupancy, AKernelWithoutRegistersOrSharedMemoryIsLimitedByThreadsAlone) {
  const Occupancy o = theoretical_occupancy(h100_like(), kernel(0), 1024, 0);
  EXPECT_EQ(o.blocks_by_registers, kNoLimit);
  EXPECT_EQ(o.blocks, 2);
  EXPECT_EQ(o.limited_by, std::vector<std::string>{"threads"});
}

TEST(Occupancy, ABlockTheDeviceCannotRunIsSaidSo) {
  const DeviceLimits d = h100_like();
  const Occupancy too_many_registers = theoretical_occupancy(d, kernel(128), 1024, 0);
  EXPECT_EQ(too_many_registers.blocks, 0);
  EXPECT_DOUBLE_EQ(too_many_registers.percent, 0.0);
  EXPECT_NE(too_many_registers.cannot_launch.find("more registers than a block may have (65536)"), std::string::npos);
  EXPECT_NE(theoretical_occupancy(d, kernel(32), 2048, 0).cannot_launch, "");
  EXPECT_NE(theoretical_occupancy(d, kernel(32, 40000), 256, 10000).cannot_launch.find("50000 bytes"), std::string::npos);
}

TEST(Occupancy, TheTextbooksDeviceDIsReadFromTheCpuBackendsTable) {
  // 1536 threads, 16384 registers, 8 blocks, compute capability 2.0 (registers in units of 64, one pool):
  // 256-thread blocks of a 10-register kernel fit 6 by threads (48 warps) and 6 by registers (51 warps).
  const DeviceLimits d = virtual_device_limits("textbook-d");
  const Occupancy o = theoretical_occupancy(d, kernel(10), 256, 0);
  EXPECT_EQ(o.blocks_by_threads, 6);
  EXPECT_EQ(o.blocks_by_registers, 6);
  EXPECT_DOUBLE_EQ(o.percent, 100.0);
}

}  // namespace
}  // namespace kit
