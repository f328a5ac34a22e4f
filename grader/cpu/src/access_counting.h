// What one warp-wide load or store costs the memory system, counted the way Nsight Compute counts it:
// pure functions of the addresses the active lanes of the warp touch, so that they can be tested
// without running anything.
//
// Global memory: the L1 splits a request into 32-byte aligned sectors; ncu's
//   l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum / l1tex__t_requests_...
// is the number of distinct sectors per request (4 for 32 threads reading consecutive 4-byte words).
//
// Shared memory: 32 banks of 4-byte words. Threads that touch the same word share it (a broadcast);
// distinct words in one bank are served one after another, one wavefront each. For 4-byte (and
// smaller) accesses a request needs as many wavefronts as the most distinct words any one bank is asked
// for, and ncu's l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum adds wavefronts - 1.
// An 8-byte access moves 256 bytes for a full warp and a 16-byte one 512, more than the 128 bytes the
// banks deliver at once: the hardware serves them by half-warps and quarter-warps. We count each such
// phase as its own group of lanes, and report as conflicts only the wavefronts beyond one per phase.
#pragma once

#include <array>
#include <cstdint>

namespace kitcpu::detail {

inline constexpr unsigned kWarpSize = 32;
inline constexpr unsigned kSectorBytes = 32;
inline constexpr unsigned kBankCount = 32;
inline constexpr unsigned kBankWordBytes = 4;

// The lanes of one warp that executed one load or store instruction together.
struct WarpRequest {
  std::array<std::uint64_t, kWarpSize> address{};  // meaningful for active lanes only
  std::uint32_t active = 0;                         // bit i: lane i took part
  unsigned size = 4;                                // bytes each lane reads or writes
};

// Distinct 32-byte sectors the request touches (an access that straddles a boundary counts both).
unsigned global_sectors(const WarpRequest& request);

// The fewest sectors `lanes` threads accessing `size` bytes each can touch: ceil(lanes * size / 32).
unsigned ideal_global_sectors(unsigned lanes, unsigned size);

struct SharedCost {
  unsigned wavefronts = 0;        // what the request takes
  unsigned ideal_wavefronts = 0;  // what it would take without conflicts: one per phase with an active lane
  unsigned bank_conflicts() const { return wavefronts - ideal_wavefronts; }
};

SharedCost shared_cost(const WarpRequest& request);

}  // namespace kitcpu::detail
