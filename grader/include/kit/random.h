// The kit's own random numbers. std:: distributions differ between standard libraries, so every value the
// kit generates is mapped from raw 64-bit output here: the same seed gives the same bytes on every machine.
#pragma once

#include <cstdint>
#include <string_view>

namespace kit {

// SplitMix64: tiny, fast, and statistically fine for test data.
struct Rng {
  std::uint64_t state = 0;
};

std::uint64_t next_u64(Rng& rng);

// A uniform integer in [0, n), n > 0, without modulo bias (multiply-shift with rejection).
std::uint64_t uniform_below(Rng& rng, std::uint64_t n);

// A uniform integer in [lo, hi].
long uniform_between(Rng& rng, long lo, long hi);

// A seed for one purpose, derived from a base seed: different labels or indices give independent streams.
std::uint64_t derive_seed(std::uint64_t base, std::string_view label, std::uint64_t index = 0);

}  // namespace kit
