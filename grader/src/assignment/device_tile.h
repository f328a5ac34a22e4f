// A launch sized from the device it runs on (tiled-dynamic): the handout's rule picks a square tile for
// each device, and a correct file's launches use that tile there. A tile fixed at a width that fits every
// device passes every output check; this rule is what tells it from a tile the host code asked for.
#pragma once

#include <string>
#include <vector>

#include "assignment/launch_record.h"
#include "kit/device_limits.h"

namespace kit {

// The rubric's `device_tile` (assignments/README.md): start from `widest`, halve until a block of
// width x width threads fits maxThreadsPerBlock and width x width x `bytes_per_thread` bytes of dynamic
// shared memory fit sharedMemPerBlock.
struct DeviceTileRule {
  int widest = 0;            // 0: no rule
  int bytes_per_thread = 0;  // the dynamic shared memory each thread of the tile stands for
};

// The width the rule gives on `device`, or 0 when not even a tile of 1 fits.
int rule_tile_width(const DeviceTileRule& rule, const DeviceLimits& device);

// "" when there is at least one launch and every one uses the rule's tile on `device`: blocks of
// (width, width, 1) threads and at least width x width x bytes_per_thread bytes of dynamic shared memory.
// Otherwise why not, naming the first launch that does not and the device's limits.
std::string launches_against_rule(const DeviceTileRule& rule, const DeviceLimits& device,
                                  const std::vector<LaunchRecord>& launches);

}  // namespace kit
