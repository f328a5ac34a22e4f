// The theoretical occupancy of one kernel's launch: how many of its blocks one multiprocessor holds at
// once, what stops it holding more, and the active warps as a share of the most it can hold. Computed
// from the device's limits (kit/device_limits.h) and what ptxas reported of the kernel (build.h), with the
// allocation rules of CUDA's occupancy calculator (cuda_occupancy.h), so that the numbers are the ones
// cudaOccupancyMaxActiveBlocksPerMultiprocessor gives on that GPU. `grader asm` shows it.
//
// The device-query assignment asks students for the textbook's simpler arithmetic (no allocation
// granularity); this is what the hardware does, which is why the two can differ by a block.
#pragma once

#include <string>
#include <vector>

#include "build/build.h"
#include "kit/device_limits.h"

namespace kit {

struct Occupancy {
  int block_size = 0;
  long dynamic_shared_bytes = 0;
  int warps_per_block = 0;
  // The blocks one multiprocessor could hold if each limit were the only one; kNoLimit when the kernel
  // uses none of that resource.
  int blocks_by_threads = 0;
  int blocks_by_block_slots = 0;
  int blocks_by_registers = 0;
  int blocks_by_shared_memory = 0;
  int blocks = 0;                       // the least of the four: what the launch gets
  std::vector<std::string> limited_by;  // the limits equal to `blocks`: "threads", "blocks", "registers", "shared memory"
  int active_warps = 0;
  int max_warps = 0;                    // per multiprocessor
  double percent = 0;                   // 100 * active_warps / max_warps
  std::string cannot_launch;            // why a block of this size cannot run at all; "" when it can
};

inline constexpr int kNoLimit = 1 << 30;

// Pure: the same inputs give the same numbers on any machine, with or without a GPU.
Occupancy theoretical_occupancy(const DeviceLimits& device, const KernelResources& kernel, int block_size,
                                long dynamic_shared_bytes);

}  // namespace kit
