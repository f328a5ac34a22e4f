#include "assignment/device_tile.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

const DeviceTileRule kRule{32, 8};  // tiled-dynamic's: two float tiles

LaunchRecord launch(unsigned long long width, unsigned long long bytes) {
  LaunchRecord l;
  l.kernel = "DynamicTiledMatrixMulKernel(float const*, float const*, float*, int, int)";
  l.grid = {3, 3, 1};
  l.block = {width, width, 1};
  l.shared_bytes = bytes;
  l.at = "tiled_dynamic.cu:97";
  l.result = "cudaSuccess";
  return l;
}

TEST(DeviceTile, TheRuleGivesTheHandoutsTableOnEveryVirtualDevice) {
  EXPECT_EQ(rule_tile_width(kRule, virtual_device_limits("cc80")), 32);
  EXPECT_EQ(rule_tile_width(kRule, virtual_device_limits("threads-256")), 16);
  EXPECT_EQ(rule_tile_width(kRule, virtual_device_limits("small-shared")), 8);
  EXPECT_EQ(rule_tile_width(kRule, virtual_device_limits("textbook-d")), 16);
  DeviceLimits nothing = virtual_device_limits("cc80");
  nothing.shared_memory_per_block = 4;
  EXPECT_EQ(rule_tile_width(kRule, nothing), 0);
}

TEST(DeviceTile, TheRulesTileOnEachDevicePasses) {
  for (const char* key : {"cc80", "threads-256", "small-shared", "textbook-d"}) {
    const DeviceLimits d = virtual_device_limits(key);
    const unsigned long long w = rule_tile_width(kRule, d);
    EXPECT_EQ(launches_against_rule(kRule, d, {launch(w, 8 * w * w)}), "") << key;
    EXPECT_EQ(launches_against_rule(kRule, d, {launch(w, 8 * w * w + 64)}), "") << key << ": padded tiles";
  }
}

TEST(DeviceTile, ATileFixedAt8FailsWhereTheRuleGivesAWiderOne) {
  EXPECT_EQ(launches_against_rule(kRule, virtual_device_limits("small-shared"), {launch(8, 512)}), "");
  const std::string cc80 = launches_against_rule(kRule, virtual_device_limits("cc80"), {launch(8, 512)});
  EXPECT_EQ(cc80,
            "the launch of DynamicTiledMatrixMulKernel at tiled_dynamic.cu:97 uses blocks of (8,8,1) threads and 512 "
            "bytes of dynamic shared memory, but on this device (kit CPU backend (virtual device): 1024 threads and "
            "49152 bytes of shared memory per block) the handout's rule (from 32, halve until both fit) gives a tile "
            "of 32 x 32: blocks of (32,32,1) threads and at least 8192 bytes of dynamic shared memory; follow the rule "
            "with the device's limits (cudaGetDeviceProperties: maxThreadsPerBlock, sharedMemPerBlock)");
  EXPECT_NE(launches_against_rule(kRule, virtual_device_limits("threads-256"), {launch(8, 512)}), "");
}

TEST(DeviceTile, TooFewBytesAFlatBlockOrNoLaunchFail) {
  const DeviceLimits d = virtual_device_limits("threads-256");
  EXPECT_NE(launches_against_rule(kRule, d, {launch(16, 16 * 16 * 2)}), "");  // elements, not bytes
  LaunchRecord flat = launch(16, 2048);
  flat.block = {256, 1, 1};
  EXPECT_NE(launches_against_rule(kRule, d, {flat}), "");
  EXPECT_NE(launches_against_rule(kRule, d, {launch(16, 2048), launch(8, 512)}), "");  // every launch counts
  EXPECT_EQ(launches_against_rule(kRule, d, {}).rfind("no kernel was launched; on this device", 0), 0u);
}

// The rule's block with one tile's bytes where the kernel holds two: the third value of <<<...>>> is named,
// not the device query, which the code may well make already.
TEST(DeviceTile, TheRulesBlockWithTooFewBytesNamesTheLaunchsThirdValue) {
  const std::string said = launches_against_rule(kRule, virtual_device_limits("cc80"), {launch(32, 4 * 32 * 32)});
  EXPECT_EQ(said,
            "the launch of DynamicTiledMatrixMulKernel at tiled_dynamic.cu:97 uses the rule's blocks of (32,32,1) "
            "threads but only 4096 bytes of dynamic shared memory, where the tiles need 8192 (8 bytes per thread: "
            "every tile the block holds, in bytes): the launch's third value must count them all");
}

}  // namespace
}  // namespace kit
