#include "kit/random.h"

namespace kit {

std::uint64_t next_u64(Rng& rng) {
  std::uint64_t z = (rng.state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::uint64_t uniform_below(Rng& rng, std::uint64_t n) {
  // Lemire's method: the high half of a 64x64 product, rejecting the few low values that would bias it.
  for (;;) {
    unsigned __int128 product = static_cast<unsigned __int128>(next_u64(rng)) * n;
    std::uint64_t low = static_cast<std::uint64_t>(product);
    if (low >= n || low >= (-n) % n) return static_cast<std::uint64_t>(product >> 64);
  }
}

long uniform_between(Rng& rng, long lo, long hi) {
  return lo + static_cast<long>(uniform_below(rng, static_cast<std::uint64_t>(hi - lo) + 1));
}

std::uint64_t derive_seed(std::uint64_t base, std::string_view label, std::uint64_t index) {
  // FNV-1a over the label, mixed with the base and index through SplitMix64's finaliser.
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (unsigned char c : label) h = (h ^ c) * 0x100000001B3ULL;
  Rng rng{base ^ h ^ (index * 0xD1B54A32D192ED03ULL)};
  next_u64(rng);
  return next_u64(rng);
}

}  // namespace kit
