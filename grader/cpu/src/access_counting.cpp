#include "access_counting.h"

#include <algorithm>

namespace kitcpu::detail {
namespace {

// Lanes served together by the shared-memory banks: a full warp for accesses of up to 4 bytes, half
// a warp for 8 bytes, a quarter for 16 (each phase moves at most 128 bytes).
unsigned lanes_per_phase(unsigned size) {
  if (size <= kBankWordBytes) return kWarpSize;
  const unsigned lanes = kWarpSize * kBankWordBytes / size;
  return lanes > 0 ? lanes : 1;
}

// Wavefronts of the lanes [first, first + count): per bank, the number of distinct words asked for.
unsigned phase_wavefronts(const WarpRequest& request, unsigned first, unsigned count) {
  // Every word an active lane touches; a lane of 16 bytes touches 4. 32 lanes x 4 words at most.
  std::array<std::uint64_t, kWarpSize * 4> words;
  unsigned n = 0;
  for (unsigned lane = first; lane < first + count; ++lane) {
    if (!(request.active >> lane & 1u)) continue;
    const std::uint64_t begin = request.address[lane] / kBankWordBytes;
    const std::uint64_t end = (request.address[lane] + std::max(request.size, 1u) - 1) / kBankWordBytes;
    for (std::uint64_t word = begin; word <= end && n < words.size(); ++word) words[n++] = word;
  }
  if (n == 0) return 0;
  std::sort(words.begin(), words.begin() + n);
  const unsigned distinct = static_cast<unsigned>(std::unique(words.begin(), words.begin() + n) - words.begin());
  std::array<unsigned, kBankCount> per_bank{};
  unsigned most = 0;
  for (unsigned i = 0; i < distinct; ++i) most = std::max(most, ++per_bank[words[i] % kBankCount]);
  return most;
}

}  // namespace

unsigned global_sectors(const WarpRequest& request) {
  std::array<std::uint64_t, kWarpSize * 2> sectors;  // an aligned access of up to 32 bytes touches at most 2
  unsigned n = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!(request.active >> lane & 1u)) continue;
    const std::uint64_t first = request.address[lane] / kSectorBytes;
    const std::uint64_t last = (request.address[lane] + std::max(request.size, 1u) - 1) / kSectorBytes;
    for (std::uint64_t s = first; s <= last && n < sectors.size(); ++s) sectors[n++] = s;
  }
  std::sort(sectors.begin(), sectors.begin() + n);
  return static_cast<unsigned>(std::unique(sectors.begin(), sectors.begin() + n) - sectors.begin());
}

unsigned ideal_global_sectors(unsigned lanes, unsigned size) {
  return (lanes * std::max(size, 1u) + kSectorBytes - 1) / kSectorBytes;
}

SharedCost shared_cost(const WarpRequest& request) {
  SharedCost cost;
  const unsigned phase = lanes_per_phase(request.size);
  for (unsigned first = 0; first < kWarpSize; first += phase) {
    const unsigned wavefronts = phase_wavefronts(request, first, phase);
    cost.wavefronts += wavefronts;
    if (wavefronts > 0) ++cost.ideal_wavefronts;
  }
  return cost;
}

}  // namespace kitcpu::detail
