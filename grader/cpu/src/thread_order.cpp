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

}  // namespace kitcpu::detail
