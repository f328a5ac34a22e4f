#include "access_counting.h"

#include <gtest/gtest.h>

#include <functional>

namespace kitcpu::detail {
namespace {

// A full warp whose lane i accesses `address(i)`, `size` bytes each.
WarpRequest warp(const std::function<std::uint64_t(unsigned)>& address, unsigned size = 4,
                 std::uint32_t active = 0xFFFFFFFFu) {
  WarpRequest r;
  r.size = size;
  r.active = active;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) r.address[lane] = address(lane);
  return r;
}

constexpr std::uint64_t kBase = 0x10000;  // 256-byte aligned, as cudaMalloc and shared memory are

TEST(GlobalSectors, ConsecutiveFloatsTakeFour) {
  EXPECT_EQ(global_sectors(warp([](unsigned i) { return kBase + 4 * i; })), 4u);
  EXPECT_EQ(ideal_global_sectors(32, 4), 4u);
}

TEST(GlobalSectors, MisalignedByOneElementTakesFive) {
  EXPECT_EQ(global_sectors(warp([](unsigned i) { return kBase + 4 + 4 * i; })), 5u);
}

TEST(GlobalSectors, ColumnOfARowMajorArrayTakesOnePerThread) {
  // The naive transpose's store: consecutive threads are one row (here 1024 floats) apart.
  EXPECT_EQ(global_sectors(warp([](unsigned i) { return kBase + 4096 * i; })), 32u);
}

TEST(GlobalSectors, SameAddressIsOneSector) {
  EXPECT_EQ(global_sectors(warp([](unsigned) { return kBase + 12; })), 1u);
}

TEST(GlobalSectors, HalfWarpsOnTwoRows) {
  // A 16x16 block: lanes 0-15 and 16-31 are two rows of the block.
  const auto row_major = [](unsigned i) { return kBase + 64 * 4 * (i / 16) + 4 * (i % 16); };
  EXPECT_EQ(global_sectors(warp(row_major)), 4u);
  // Swapped roles of x and y: 16 rows, two neighbouring columns each.
  const auto swapped = [](unsigned i) { return kBase + 64 * 4 * (i % 16) + 4 * (i / 16); };
  EXPECT_EQ(global_sectors(warp(swapped)), 16u);
}

TEST(GlobalSectors, InactiveLanesDoNotCount) {
  EXPECT_EQ(global_sectors(warp([](unsigned i) { return kBase + 4096 * i; }, 4, 0x0000000Fu)), 4u);
  EXPECT_EQ(global_sectors(warp([](unsigned i) { return kBase + 4096 * i; }, 4, 0u)), 0u);
}

TEST(GlobalSectors, WideAccesses) {
  EXPECT_EQ(global_sectors(warp([](unsigned i) { return kBase + 8 * i; }, 8)), 8u);
  EXPECT_EQ(global_sectors(warp([](unsigned i) { return kBase + 16 * i; }, 16)), 16u);
  EXPECT_EQ(ideal_global_sectors(32, 16), 16u);
  EXPECT_EQ(ideal_global_sectors(3, 4), 1u);
  // One byte per thread: 32 bytes, one sector.
  EXPECT_EQ(global_sectors(warp([](unsigned i) { return kBase + i; }, 1)), 1u);
  // An access that straddles a sector boundary touches both.
  EXPECT_EQ(global_sectors(warp([](unsigned) { return kBase + 30; }, 4)), 2u);
}

TEST(SharedCost, RowOfATileIsConflictFree) {
  const SharedCost c = shared_cost(warp([](unsigned i) { return kBase + 4 * i; }));
  EXPECT_EQ(c.wavefronts, 1u);
  EXPECT_EQ(c.bank_conflicts(), 0u);
}

TEST(SharedCost, ColumnOfA32By32TileIs32Way) {
  const SharedCost c = shared_cost(warp([](unsigned i) { return kBase + 32 * 4 * i; }));
  EXPECT_EQ(c.wavefronts, 32u);
  EXPECT_EQ(c.ideal_wavefronts, 1u);
  EXPECT_EQ(c.bank_conflicts(), 31u);
}

TEST(SharedCost, ColumnOfAPaddedTileIsConflictFree) {
  EXPECT_EQ(shared_cost(warp([](unsigned i) { return kBase + 33 * 4 * i; })).bank_conflicts(), 0u);
}

TEST(SharedCost, TwoWordsApartIsTwoWay) {
  const SharedCost c = shared_cost(warp([](unsigned i) { return kBase + 8 * i; }));
  EXPECT_EQ(c.wavefronts, 2u);
  EXPECT_EQ(c.bank_conflicts(), 1u);
}

TEST(SharedCost, SameWordIsABroadcast) {
  EXPECT_EQ(shared_cost(warp([](unsigned) { return kBase + 20; })).wavefronts, 1u);
  // Bytes of one word, and half of the lanes on each of two words of one bank.
  EXPECT_EQ(shared_cost(warp([](unsigned i) { return kBase + i % 4; }, 1)).wavefronts, 1u);
  EXPECT_EQ(shared_cost(warp([](unsigned i) { return kBase + 128 * (i % 2); })).wavefronts, 2u);
}

TEST(SharedCost, WideAccessesAreServedInPhases) {
  // 8 bytes per lane, consecutive: two half-warps of 128 bytes, no conflict.
  const SharedCost doubles = shared_cost(warp([](unsigned i) { return kBase + 8 * i; }, 8));
  EXPECT_EQ(doubles.wavefronts, 2u);
  EXPECT_EQ(doubles.bank_conflicts(), 0u);
  // 16 bytes per lane, consecutive: four quarter-warps.
  const SharedCost vectors = shared_cost(warp([](unsigned i) { return kBase + 16 * i; }, 16));
  EXPECT_EQ(vectors.wavefronts, 4u);
  EXPECT_EQ(vectors.bank_conflicts(), 0u);
  // 8 bytes per lane down a column of 32 doubles: every half-warp asks banks 0-1 for 16 words each.
  const SharedCost column = shared_cost(warp([](unsigned i) { return kBase + 32 * 8 * i; }, 8));
  EXPECT_EQ(column.wavefronts, 32u);
  EXPECT_EQ(column.bank_conflicts(), 30u);
}

TEST(SharedCost, InactiveLanesAndEmptyPhases) {
  EXPECT_EQ(shared_cost(warp([](unsigned i) { return kBase + 128 * i; }, 4, 0x3u)).wavefronts, 2u);
  const SharedCost half = shared_cost(warp([](unsigned i) { return kBase + 8 * i; }, 8, 0x0000FFFFu));
  EXPECT_EQ(half.wavefronts, 1u);
  EXPECT_EQ(half.ideal_wavefronts, 1u);
  EXPECT_EQ(shared_cost(warp([](unsigned i) { return kBase + 4 * i; }, 4, 0u)).wavefronts, 0u);
}

}  // namespace
}  // namespace kitcpu::detail
