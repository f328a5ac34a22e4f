#include "thread_order.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace kitcpu::detail {

void ThreadOrder::begin_block(unsigned thread_count, std::uint64_t block) {
  order_.resize(thread_count);
  std::iota(order_.begin(), order_.end(), 0u);
  if (policy_.kind == ThreadOrderPolicy::Kind::reverse) std::reverse(order_.begin(), order_.end());
  // Distinct, well-mixed streams per (seed, block): the golden-ratio increment keeps neighbouring
  // blocks apart, and next_random mixes the state before every use.
  state_ = policy_.seed * 0x9E3779B97F4A7C15ull ^ (block + 1) * 0xD1B54A32D192ED03ull;
}

const std::vector<unsigned>& ThreadOrder::next_round() {
  if (policy_.kind == ThreadOrderPolicy::Kind::random) {
    // Fisher-Yates with our own generator: std::shuffle's use of the engine differs between standard
    // libraries, and a replayed order must be the same everywhere.
    for (std::size_t i = order_.size(); i > 1; --i) {
      const std::size_t j = next_random() % i;
      std::swap(order_[i - 1], order_[j]);
    }
  }
  return order_;
}

// splitmix64: small, fast and good enough to scramble thread orders.
std::uint64_t ThreadOrder::next_random() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t block_at(std::uint64_t turn, std::uint64_t block_count, const ThreadOrderPolicy& policy) {
  if (policy.kind == ThreadOrderPolicy::Kind::forward || block_count < 2) return turn;
  if (policy.kind == ThreadOrderPolicy::Kind::reverse) return block_count - 1 - turn;
  // turn * step + offset (mod block_count) visits every block once when step and block_count are coprime.
  const std::uint64_t mixed = policy.seed * 0x9E3779B97F4A7C15ull ^ block_count * 0xD1B54A32D192ED03ull;
  std::uint64_t step = mixed % block_count;
  while (std::gcd(step, block_count) != 1) step = (step + 1) % block_count;
  const std::uint64_t offset = (mixed >> 32) % block_count;
  // 128-bit product: turn * step may not fit in 64 bits for the largest grids.
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(turn) * step + offset) % block_count);
}

}  // namespace kitcpu::detail
