#include "build/occupancy.h"

#include <algorithm>

namespace kit {
namespace {

long round_up(long value, long unit) { return (value + unit - 1) / unit * unit; }

// The allocation rules by compute capability, as CUDA's occupancy calculator has them. A device whose
// capability is unknown (0) is taken to be a current one (7.0 and later).
struct AllocationRules {
  int register_unit;        // a warp's registers are allocated in units of this many
  int register_partitions;  // the register file is split among the warp schedulers, each its own pool
  int max_registers_per_thread;
  int shared_memory_unit;   // a block's shared memory is allocated in units of this many bytes
};

AllocationRules allocation_rules(const DeviceLimits& d) {
  if (d.compute_major != 0 && d.compute_major < 3) return {64, 1, 63, 128};
  if (d.compute_major == 6 && d.compute_minor == 0) return {256, 2, 255, 256};
  if (d.compute_major >= 3 && d.compute_major <= 6) return {256, 4, 255, 256};
  return {256, 4, 255, 128};
}

// The blocks the register file holds, or -1 when one block needs more registers than a block may have.
int blocks_by_registers(const DeviceLimits& d, const AllocationRules& rules, int registers, int warps_per_block) {
  if (registers == 0) return kNoLimit;
  if (registers > rules.max_registers_per_thread) return -1;
  const long per_warp = round_up(static_cast<long>(registers) * d.warp_size, rules.register_unit);
  // The launch check assumes a block's warps spread over every partition, so it rounds them up to a
  // whole number per partition; the allocation itself does not.
  const long assumed_per_block = per_warp * round_up(warps_per_block, rules.register_partitions);
  if (assumed_per_block > d.registers_per_block || per_warp * warps_per_block > d.registers_per_block) return -1;
  const long warps_per_partition = d.registers_per_multiprocessor / rules.register_partitions / per_warp;
  return static_cast<int>(warps_per_partition * rules.register_partitions / warps_per_block);
}

// The blocks the multiprocessor's shared memory holds (each with the part the system reserves for it).
int blocks_by_shared_memory(const DeviceLimits& d, const AllocationRules& rules, long bytes) {
  const long per_block = round_up(bytes + d.reserved_shared_memory_per_block, rules.shared_memory_unit);
  if (per_block == 0) return kNoLimit;
  return static_cast<int>(std::min<long>(kNoLimit, d.shared_memory_per_multiprocessor / per_block));
}

}  // namespace

Occupancy theoretical_occupancy(const DeviceLimits& d, const KernelResources& kernel, int block_size,
                                long dynamic_shared_bytes) {
  Occupancy o;
  o.block_size = block_size;
  o.dynamic_shared_bytes = dynamic_shared_bytes;
  o.max_warps = d.warp_size > 0 ? d.max_threads_per_multiprocessor / d.warp_size : 0;
  if (block_size < 1 || block_size > d.max_threads_per_block || d.warp_size < 1) {
    o.cannot_launch = "a block of " + std::to_string(block_size) + " threads: the device allows 1 to " +
                      std::to_string(d.max_threads_per_block);
    return o;
  }
  const AllocationRules rules = allocation_rules(d);
  o.warps_per_block = (block_size + d.warp_size - 1) / d.warp_size;
  o.blocks_by_threads = o.max_warps / o.warps_per_block;
  o.blocks_by_block_slots = d.max_blocks_per_multiprocessor;
  o.blocks_by_registers = blocks_by_registers(d, rules, kernel.registers, o.warps_per_block);
  const long shared_bytes = kernel.shared_bytes + dynamic_shared_bytes;
  o.blocks_by_shared_memory = blocks_by_shared_memory(d, rules, shared_bytes);
  if (o.blocks_by_registers < 0) {
    o.blocks_by_registers = 0;
    o.cannot_launch = "a block of " + std::to_string(block_size) + " threads at " + std::to_string(kernel.registers) +
                      " registers each: more registers than a block may have (" + std::to_string(d.registers_per_block) + ")";
    return o;
  }
  // Without cudaFuncSetAttribute's opt-in, a block's static and dynamic shared memory together may not pass
  // the per-block limit; the command shows launches as written, without the opt-in.
  if (shared_bytes > d.shared_memory_per_block) {
    o.cannot_launch = "a block with " + std::to_string(shared_bytes) + " bytes of shared memory: more than a block may have (" +
                      std::to_string(d.shared_memory_per_block) + ") without cudaFuncSetAttribute's opt-in";
    return o;
  }
  const std::pair<const char*, int> limits[] = {{"threads", o.blocks_by_threads},
                                                {"blocks", o.blocks_by_block_slots},
                                                {"registers", o.blocks_by_registers},
                                                {"shared memory", o.blocks_by_shared_memory}};
  o.blocks = kNoLimit;
  for (const auto& [name, blocks] : limits) o.blocks = std::min(o.blocks, blocks);
  for (const auto& [name, blocks] : limits)
    if (blocks == o.blocks) o.limited_by.push_back(name);
  o.active_warps = o.blocks * o.warps_per_block;
  o.percent = o.max_warps > 0 ? 100.0 * o.active_warps / o.max_warps : 0;
  return o;
}

}  // namespace kit
