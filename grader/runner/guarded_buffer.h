// A device array with guard zones on both sides. The zones are filled with a known byte before the student's
// code runs and read back afterwards, so a store past the end of P is reported as an out-of-bounds write
// even on a GPU, where nothing else would notice it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "kit/array.h"

namespace kit {

constexpr unsigned char kGuardByte = 0xA5;

struct GuardedBuffer {
  ArraySpec spec;
  std::size_t guard_bytes = 0;    // on each side
  unsigned char* base = nullptr;  // the whole allocation
  unsigned char* data = nullptr;  // what the student gets
};

// What a guard check found: bytes changed before and after the array, and where the first change was.
struct GuardDamage {
  std::size_t bytes_before = 0;
  std::size_t bytes_after = 0;
  std::size_t first_after_offset = 0;  // bytes past the end of the array
  std::size_t last_before_offset = 0;  // bytes before the start
};

// Each returns an empty string on success, else the CUDA error as text.
std::string allocate(GuardedBuffer& buffer);
std::string release(GuardedBuffer& buffer);
std::string upload(GuardedBuffer& buffer, const std::vector<unsigned char>& bytes);
// Fills every element with the poison of the buffer's dtype for this input seed (kit/poison.h).
std::string poison(GuardedBuffer& buffer, std::uint64_t seed);
std::string download(const GuardedBuffer& buffer, std::vector<unsigned char>& bytes);
std::string check_guards(const GuardedBuffer& buffer, GuardDamage& damage);

}  // namespace kit
