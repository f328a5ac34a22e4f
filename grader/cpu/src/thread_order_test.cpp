#include "thread_order.h"

#include <algorithm>
#include <numeric>

#include <gtest/gtest.h>

namespace kitcpu::detail {
namespace {

ThreadOrderPolicy policy(ThreadOrderPolicy::Kind kind, std::uint64_t seed = 0) {
  ThreadOrderPolicy p;
  p.kind = kind;
  p.seed = seed;
  return p;
}

bool is_permutation_of_indices(std::vector<unsigned> order) {
  std::sort(order.begin(), order.end());
  for (unsigned i = 0; i < order.size(); ++i) {
    if (order[i] != i) return false;
  }
  return true;
}

TEST(ThreadOrder, ForwardAndReverse) {
  ThreadOrder forward(policy(ThreadOrderPolicy::Kind::forward));
  forward.begin_block(4, 0);
  EXPECT_EQ(forward.next_round(), (std::vector<unsigned>{0, 1, 2, 3}));
  ThreadOrder reverse(policy(ThreadOrderPolicy::Kind::reverse));
  reverse.begin_block(4, 7);
  EXPECT_EQ(reverse.next_round(), (std::vector<unsigned>{3, 2, 1, 0}));
  EXPECT_EQ(reverse.next_round(), (std::vector<unsigned>{3, 2, 1, 0}));
}

TEST(ThreadOrder, RandomIsAPermutationThatChangesBetweenRounds) {
  ThreadOrder order(policy(ThreadOrderPolicy::Kind::random, 42));
  order.begin_block(256, 3);
  const std::vector<unsigned> first = order.next_round();
  const std::vector<unsigned> second = order.next_round();
  EXPECT_TRUE(is_permutation_of_indices(first));
  EXPECT_TRUE(is_permutation_of_indices(second));
  EXPECT_NE(first, second);
  std::vector<unsigned> identity(256);
  std::iota(identity.begin(), identity.end(), 0u);
  EXPECT_NE(first, identity);
}

TEST(ThreadOrder, RandomDependsOnlyOnSeedBlockAndRound) {
  ThreadOrder a(policy(ThreadOrderPolicy::Kind::random, 7));
  ThreadOrder b(policy(ThreadOrderPolicy::Kind::random, 7));
  a.begin_block(64, 5);
  b.begin_block(64, 9);  // b runs another block first, as another worker might
  b.next_round();
  b.begin_block(64, 5);
  EXPECT_EQ(a.next_round(), b.next_round());
  EXPECT_EQ(a.next_round(), b.next_round());

  ThreadOrder other_seed(policy(ThreadOrderPolicy::Kind::random, 8));
  other_seed.begin_block(64, 5);
  ThreadOrder same_seed(policy(ThreadOrderPolicy::Kind::random, 7));
  same_seed.begin_block(64, 5);
  EXPECT_NE(other_seed.next_round(), same_seed.next_round());
}

TEST(BlockOrder, EveryPolicyRunsEveryBlockOnce) {
  for (const auto& p : {policy(ThreadOrderPolicy::Kind::forward), policy(ThreadOrderPolicy::Kind::reverse),
                        policy(ThreadOrderPolicy::Kind::random, 1), policy(ThreadOrderPolicy::Kind::random, 7)}) {
    for (std::uint64_t count : {1u, 2u, 12u, 25u, 64u, 1089u}) {
      std::vector<unsigned> order;
      for (std::uint64_t turn = 0; turn < count; ++turn) order.push_back(static_cast<unsigned>(block_at(turn, count, p)));
      EXPECT_TRUE(is_permutation_of_indices(order)) << "count " << count;
    }
  }
}

TEST(BlockOrder, ForwardKeepsTheLinearOrderAndTheOthersChangeIt) {
  std::vector<std::uint64_t> forward, reverse, random;
  for (std::uint64_t turn = 0; turn < 25; ++turn) {
    forward.push_back(block_at(turn, 25, policy(ThreadOrderPolicy::Kind::forward)));
    reverse.push_back(block_at(turn, 25, policy(ThreadOrderPolicy::Kind::reverse)));
    random.push_back(block_at(turn, 25, policy(ThreadOrderPolicy::Kind::random, 1)));
  }
  EXPECT_EQ(forward.front(), 0u);
  EXPECT_EQ(forward.back(), 24u);
  EXPECT_EQ(reverse.front(), 24u);
  EXPECT_EQ(reverse.back(), 0u);
  EXPECT_NE(random, forward);
  EXPECT_NE(random, reverse);
}

}  // namespace
}  // namespace kitcpu::detail
