// A case's arena seen from the grader (device memory the grader owns, kit/device_memory.h): filled with
// the inputs, the outputs' poison and the guard bytes before the student's function runs, read back
// after it. Every verdict about memory (outputs, inputs unchanged, stores outside an array) comes from
// these reads, not from anything the student's process reports.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kit/device_memory.h"
#include "kit/runner_case.h"

namespace kit {

// Guard zones hold kUnsetBits (kit/poison.h) word after word: a kernel that reads past an array reads a
// NaN (f32) or a huge integer (i32), which spoils its result on a GPU as the CPU backend's checks would.
// The byte at arena offset x is the pattern's byte x % 4, wherever the zone starts (an array of bytes
// may end anywhere), so a word read past an array of words is always the whole pattern.
unsigned char guard_byte(std::size_t arena_offset);

// Bytes changed before and after one array: how far before its start the changes reach, and where past
// its end the first one is. The elements count every element-sized slot with a changed byte: a store of a
// value that shares bytes with the guard pattern (a NaN over the NaN pattern changes one byte of four)
// changes fewer bytes than it wrote, never fewer elements.
struct GuardDamage {
  std::string array;
  std::size_t element_size = 4;
  std::size_t bytes_before = 0;
  std::size_t bytes_after = 0;
  std::size_t elements_before = 0;
  std::size_t elements_after = 0;
  std::size_t first_after_offset = 0;  // bytes past the end of the array
  std::size_t last_before_offset = 0;  // bytes before the start
};

// What one run left in the arena.
struct ArenaReadback {
  Arrays outputs;                            // in the case's order
  std::vector<GuardDamage> damage;           // only arrays whose guards changed
  std::vector<std::string> inputs_modified;  // names of inputs that differ from what was written
};

// Before the first run: every guard zone filled with the guard pattern.
void fill_guards(DeviceMemory& memory, const RunnerCase& c);

// Before a run: the inputs written, the outputs set to the seed's poison (kit/poison.h).
void load_inputs(DeviceMemory& memory, const RunnerCase& c, const Arrays& inputs);
void poison_outputs(DeviceMemory& memory, const RunnerCase& c, std::uint64_t seed);

// After a run: the outputs, the guard damage (the zones are then refilled for the next run), and which
// inputs changed from `inputs`.
ArenaReadback read_back(DeviceMemory& memory, const RunnerCase& c, const Arrays& inputs);

}  // namespace kit
