// What a kernel wrote, for the record of where an answer came from (kitcpu/runtime_calls.h): the words
// of device memory (and of managed and pinned memory, which kernels reach too) whose bytes changed while
// it ran. A snapshot of every live region is taken when the launch has opened them, and compared when
// its blocks have finished, so the record knows the kernel's writes to the byte range, wherever its
// pointers came from (arguments, __device__ variables, pointers stored in device memory).
//
// A word the kernel wrote with the value it already held looks unwritten here. The grader gives such
// words of an argument's region to the kernel when no copy from the host put them there
// (grader/src/run/answer_flow.h): fresh memory and cudaMemset's bytes.
#pragma once

#include <vector>

#include <kitcpu/runtime_calls.h>

#include "device_memory.h"

namespace kitcpu::detail {

struct RegionSnapshot {
  Region region;
  std::vector<unsigned char> bytes;
};

// Call with every region open (DeviceMemoryAccess::all).
std::vector<RegionSnapshot> snapshot_regions();

// The changed 4-byte words of each snapshot's region as (reference, bytes) ranges, merged when
// adjacent; the first kMaxWrittenRanges of each region. Call with the regions still open.
std::vector<std::pair<MemoryReference, std::uint64_t>> changed_ranges(const std::vector<RegionSnapshot>& before);

}  // namespace kitcpu::detail
