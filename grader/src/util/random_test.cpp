// Tests of grader/common/random.cpp. Datasets and hidden cases are regenerated from seeds, so these pin the
// generator's exact output: changing it changes every dataset and must not happen by accident.
#include "kit/random.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace kit {
namespace {

std::vector<std::uint64_t> first_outputs(std::uint64_t seed, int count) {
  Rng rng{seed};
  std::vector<std::uint64_t> values;
  for (int i = 0; i < count; ++i) values.push_back(next_u64(rng));
  return values;
}

// The published SplitMix64 outputs for seeds 0 and 1234567.
TEST(Random, NextU64IsSplitMix64) {
  EXPECT_EQ(first_outputs(0, 3),
            (std::vector<std::uint64_t>{0xE220A8397B1DCDAFULL, 0x6E789E6AA1B965F4ULL, 0x06C45D188009454FULL}));
  EXPECT_EQ(first_outputs(1234567, 5),
            (std::vector<std::uint64_t>{6457827717110365317ULL, 3203168211198807973ULL, 9817491932198370423ULL,
                                        4593380528125082431ULL, 16408922859458223821ULL}));
}

TEST(Random, SameSeedGivesTheSameSequence) {
  EXPECT_EQ(first_outputs(408001, 100), first_outputs(408001, 100));
  EXPECT_NE(first_outputs(408001, 100), first_outputs(408002, 100));
}

TEST(Random, UniformBelowIsPinned) {
  Rng rng{42};
  std::vector<std::uint64_t> values;
  for (int i = 0; i < 8; ++i) values.push_back(uniform_below(rng, 100));
  EXPECT_EQ(values, (std::vector<std::uint64_t>{74, 15, 27, 34, 3, 86, 21, 80}));
}

TEST(Random, UniformBelowStaysBelowTheBound) {
  Rng rng{7};
  for (std::uint64_t n : {1ULL, 2ULL, 3ULL, 65ULL, 1000ULL, (1ULL << 63) + 1, ~0ULL}) {
    for (int i = 0; i < 2000; ++i) ASSERT_LT(uniform_below(rng, n), n) << "n = " << n;
  }
}

TEST(Random, UniformBelowIsRoughlyUniform) {
  Rng rng{2024};
  constexpr int kBuckets = 6, kDraws = 60000;
  std::vector<int> counts(kBuckets);
  for (int i = 0; i < kDraws; ++i) ++counts[uniform_below(rng, kBuckets)];
  for (int b = 0; b < kBuckets; ++b) {
    // 10000 expected; the standard deviation is about 91.
    EXPECT_GT(counts[b], 9500) << "bucket " << b;
    EXPECT_LT(counts[b], 10500) << "bucket " << b;
  }
}

// With n = 3 * 2^62, reducing by modulo would put half the values below 2^62 instead of a third.
TEST(Random, UniformBelowHasNoModuloBiasForLargeBounds) {
  Rng rng{99};
  const std::uint64_t n = 3ULL << 62;
  int low = 0;
  constexpr int kDraws = 30000;
  for (int i = 0; i < kDraws; ++i) low += uniform_below(rng, n) < (1ULL << 62);
  EXPECT_NEAR(static_cast<double>(low) / kDraws, 1.0 / 3.0, 0.02);
}

TEST(Random, UniformBetweenCoversBothEndsAndNothingOutside) {
  Rng rng{5};
  std::set<long> seen;
  for (int i = 0; i < 1000; ++i) {
    const long v = uniform_between(rng, -3, 3);
    ASSERT_GE(v, -3);
    ASSERT_LE(v, 3);
    seen.insert(v);
  }
  EXPECT_EQ(seen.size(), 7u);
  EXPECT_EQ(uniform_between(rng, 17, 17), 17);
}

TEST(Random, DeriveSeedIsPinned) {
  EXPECT_EQ(derive_seed(408001, "M", 0), 0xF806E48BA8182C08ULL);
  EXPECT_EQ(derive_seed(408001, "N", 1), 0x9435A764CC9A3C32ULL);
  EXPECT_EQ(derive_seed(1, "", 0), 0xC9127E24E395EF11ULL);
}

TEST(Random, DeriveSeedDiffersByLabelIndexAndBase) {
  const std::uint64_t base = derive_seed(408001, "small sizes/Width 17", 0);
  EXPECT_EQ(derive_seed(408001, "small sizes/Width 17", 0), base);
  EXPECT_NE(derive_seed(408001, "small sizes/Width 18", 0), base);
  EXPECT_NE(derive_seed(408001, "small sizes/Width 17", 1), base);
  EXPECT_NE(derive_seed(408002, "small sizes/Width 17", 0), base);
  // Many labels and indices, no collisions.
  std::set<std::uint64_t> seeds;
  for (int label = 0; label < 50; ++label)
    for (std::uint64_t index = 0; index < 20; ++index) seeds.insert(derive_seed(1, "case " + std::to_string(label), index));
  EXPECT_EQ(seeds.size(), 1000u);
}

}  // namespace
}  // namespace kit
