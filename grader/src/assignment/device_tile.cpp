#include "assignment/device_tile.h"

namespace kit {

int rule_tile_width(const DeviceTileRule& rule, const DeviceLimits& device) {
  for (long width = rule.widest; width >= 1; width /= 2) {
    const long threads = width * width;
    if (threads <= device.max_threads_per_block && threads * rule.bytes_per_thread <= device.shared_memory_per_block)
      return static_cast<int>(width);
  }
  return 0;
}

std::string launches_against_rule(const DeviceTileRule& rule, const DeviceLimits& device,
                                  const std::vector<LaunchRecord>& launches) {
  const int width = rule_tile_width(rule, device);
  const unsigned long long w = static_cast<unsigned long long>(width);
  const unsigned long long bytes = w * w * static_cast<unsigned long long>(rule.bytes_per_thread);
  const std::string why =
      "on this device (" + device.name + ": " + std::to_string(device.max_threads_per_block) + " threads and " +
      std::to_string(device.shared_memory_per_block) + " bytes of shared memory per block) the handout's rule (from " +
      std::to_string(rule.widest) + ", halve until both fit) gives a tile of " + std::to_string(width) + " x " +
      std::to_string(width) + ": blocks of (" + std::to_string(width) + "," + std::to_string(width) +
      ",1) threads and at least " + std::to_string(bytes) +
      " bytes of dynamic shared memory; ask the device (cudaGetDeviceProperties) and size the tile from it";
  if (launches.empty()) return "no kernel was launched; " + why;
  for (const LaunchRecord& l : launches) {
    const bool block_ok = l.block[0] == w && l.block[1] == w && l.block[2] == 1;
    if (block_ok && l.shared_bytes >= bytes) continue;
    return "the launch of " + l.kernel.substr(0, l.kernel.find('(')) + (l.at.empty() ? "" : " at " + l.at) +
           " uses blocks of (" + std::to_string(l.block[0]) + "," + std::to_string(l.block[1]) + "," +
           std::to_string(l.block[2]) + ") threads and " + std::to_string(l.shared_bytes) +
           " bytes of dynamic shared memory, but " + why;
  }
  return "";
}

}  // namespace kit
