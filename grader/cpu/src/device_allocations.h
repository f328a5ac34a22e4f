// The memory cudaMalloc (and its relatives) handed out and not yet freed, and the regions the runner
// adopted (device_memory.h keeps them): what counts as global memory for the access flavour, which must
// tell device buffers from the stack and host memory.
#pragma once

#include <cstdint>
#include <vector>

namespace kitcpu::detail {

struct AddressRange {
  std::uintptr_t begin;
  std::uintptr_t end;  // one past the last byte
};

// Sorted by address; ranges never overlap.
std::vector<AddressRange> device_allocation_ranges();

}  // namespace kitcpu::detail
