// The arrays the runner named in device memory (kitcpu/device_memory.h), looked up by address.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kitcpu::detail {

struct NamedElement {
  std::string text;  // "P[1][4]"; empty when no named array holds the address
  bool read_only = false;
};

NamedElement named_element_at(std::uintptr_t address);

// Where `address` lies outside every named array, from the nearest one: "right after the end of P",
// "8 bytes after the end of P", "4 bytes before the start of M"; empty when no array is named or the
// address is inside one.
std::string outside_named_arrays(std::uintptr_t address);

// Forgets the arrays named in [begin, end): that memory holds no case's arrays any more.
void forget_named_arrays(std::uintptr_t begin, std::uintptr_t end);

// [begin, end) of every read-only array, for a check that must not take a lock on every store.
std::vector<std::pair<std::uintptr_t, std::uintptr_t>> read_only_ranges();

}  // namespace kitcpu::detail
