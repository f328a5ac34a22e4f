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
      " bytes of dynamic shared memory";
  // The code may well ask the device already: the rule's result is what the launch must match.
  const std::string follow = "; follow the rule with the device's limits (cudaGetDeviceProperties: maxThreadsPerBlock, "
                             "sharedMemPerBlock)";
  if (launches.empty()) return "no kernel was launched; " + why + follow;
  for (const LaunchRecord& l : launches) {
    const bool block_ok = l.block[0] == w && l.block[1] == w && l.block[2] == 1;
    if (block_ok && l.shared_bytes >= bytes) continue;
    // The rule's block, too few bytes: the third value of <<<...>>> leaves out a tile or a factor.
    if (block_ok)
      return "the launch of " + l.kernel.substr(0, l.kernel.find('(')) + (l.at.empty() ? "" : " at " + l.at) +
             " uses the rule's blocks of (" + std::to_string(w) + "," + std::to_string(w) + ",1) threads but only " +
             std::to_string(l.shared_bytes) + " bytes of dynamic shared memory, where the tiles need " +
             std::to_string(bytes) + " (" + std::to_string(rule.bytes_per_thread) + " bytes per thread: every "
             "tile the block holds, in bytes): the launch's third value must count them all";
    return "the launch of " + l.kernel.substr(0, l.kernel.find('(')) + (l.at.empty() ? "" : " at " + l.at) +
           " uses blocks of (" + std::to_string(l.block[0]) + "," + std::to_string(l.block[1]) + "," +
           std::to_string(l.block[2]) + ") threads and " + std::to_string(l.shared_bytes) +
           " bytes of dynamic shared memory, but " + why + follow;
  }
  return "";
}

}  // namespace kit
