#include "kernel_writes.h"

#include <algorithm>
#include <cstring>

#include "call_record.h"

namespace kitcpu::detail {

std::vector<RegionSnapshot> snapshot_regions() {
  std::vector<RegionSnapshot> snapshots;
  for (const Region& region : live_regions()) {
    const auto* data = reinterpret_cast<const unsigned char*>(region.begin);
    snapshots.push_back({region, std::vector<unsigned char>(data, data + region.size)});
  }
  return snapshots;
}

std::vector<std::pair<MemoryReference, std::uint64_t>> changed_ranges(const std::vector<RegionSnapshot>& before) {
  constexpr std::size_t kWord = 4;
  std::vector<std::pair<MemoryReference, std::uint64_t>> ranges;
  for (const RegionSnapshot& s : before) {
    // Freed while the kernel ran (it cannot be) or by another thread: nothing to compare.
    const auto now = find_region(reinterpret_cast<const void*>(s.region.begin));
    if (!now || now->freed || now->begin != s.region.begin) continue;
    const auto* data = reinterpret_cast<const unsigned char*>(s.region.begin);
    std::vector<std::pair<std::size_t, std::size_t>> changed;  // [begin, end) in bytes
    for (std::size_t at = 0; at < s.region.size; at += kWord) {
      const std::size_t n = std::min(kWord, s.region.size - at);
      if (std::memcmp(data + at, s.bytes.data() + at, n) == 0) continue;
      if (!changed.empty() && changed.back().second == at) {
        changed.back().second = at + n;
      } else if (changed.size() < kMaxWrittenRanges) {
        changed.push_back({at, at + n});
      }
    }
    for (const auto& [begin, end] : changed) ranges.push_back({region_reference(s.region, begin), end - begin});
  }
  return ranges;
}

}  // namespace kitcpu::detail
