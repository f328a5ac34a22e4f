#include "kit/device_limits.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace kit {
namespace {

TEST(DeviceLimits, VirtualDevicesComeFromTheCpuBackendsTable) {
  const DeviceLimits cc80 = virtual_device_limits("");
  EXPECT_EQ(cc80.name, "kit CPU backend (virtual device)");
  EXPECT_EQ(cc80.max_threads_per_multiprocessor, 2048);
  EXPECT_EQ(cc80.shared_memory_per_block, 48 * 1024);
  EXPECT_EQ(virtual_device_limits("cc80").name, cc80.name);
  const DeviceLimits d = virtual_device_limits("textbook-d");
  EXPECT_EQ(d.max_threads_per_multiprocessor, 1536);
  EXPECT_EQ(d.registers_per_multiprocessor, 16384);
  EXPECT_EQ(d.max_blocks_per_multiprocessor, 8);
  EXPECT_EQ(cc80.shared_memory_per_multiprocessor, 164 * 1024);
  EXPECT_EQ(cc80.reserved_shared_memory_per_block, 1024);
  EXPECT_EQ(cc80.compute_major, 8);
  EXPECT_EQ(virtual_device_limits("threads-256").max_threads_per_block, 256);
  EXPECT_THROW(virtual_device_limits("gtx480"), std::invalid_argument);
}

TEST(DeviceLimits, ProbeOutputIsReadFieldByField) {
  const std::string out =
      "name: NVIDIA H100 80GB HBM3\ncompute_capability: 9.0\nmultiprocessor_count: 132\n"
      "max_threads_per_block: 1024\nmax_threads_per_multiprocessor: 2048\nmax_blocks_per_multiprocessor: 32\n"
      "shared_memory_per_block: 49152\nregisters_per_block: 65536\nregisters_per_multiprocessor: 65536\n"
      "warp_size: 32\nshared_memory_per_multiprocessor: 233472\nreserved_shared_memory_per_block: 1024\n";
  const auto l = parse_probe_limits(out);
  ASSERT_TRUE(l);
  EXPECT_EQ(l->name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(l->multiprocessor_count, 132);
  EXPECT_EQ(l->shared_memory_per_block, 49152);
  EXPECT_EQ(l->warp_size, 32);
  EXPECT_EQ(l->shared_memory_per_multiprocessor, 233472);
  EXPECT_EQ(l->reserved_shared_memory_per_block, 1024);
  EXPECT_EQ(l->compute_major, 9);
  EXPECT_EQ(l->compute_minor, 0);
  // A probe that does not say the shared memory of a multiprocessor is refused too.
  EXPECT_FALSE(parse_probe_limits(out.substr(0, out.find("shared_memory_per_multiprocessor"))));
}

TEST(DeviceLimits, ProbeOutputWithAFieldMissingOrNotANumberIsRefused) {
  // What an older probe prints: a name, but none of the limits.
  EXPECT_FALSE(parse_probe_limits("name: NVIDIA H100 80GB HBM3\ncompute_capability: 9.0\n"));
  EXPECT_FALSE(parse_probe_limits(
      "name: x\nmultiprocessor_count: many\nmax_threads_per_block: 1024\nmax_threads_per_multiprocessor: 2048\n"
      "max_blocks_per_multiprocessor: 32\nshared_memory_per_block: 49152\nregisters_per_block: 65536\n"
      "registers_per_multiprocessor: 65536\nwarp_size: 32\n"));
  EXPECT_FALSE(parse_probe_limits(""));
}

}  // namespace
}  // namespace kit
