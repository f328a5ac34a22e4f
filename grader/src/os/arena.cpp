#include "os/arena.h"

#include <algorithm>

#include "kit/poison.h"

namespace kit {
namespace {

// Counts the changed bytes of one zone, and the element-sized slots they fall in (counted from the
// array's edge), and notes how far from the array the changes reach: before it, the farthest change;
// after it, the nearest.
void inspect(const std::vector<unsigned char>& zone, std::size_t zone_start, bool before_array, GuardDamage& d) {
  const std::size_t size = std::max<std::size_t>(1, d.element_size);
  std::size_t last_slot = static_cast<std::size_t>(-1);
  for (std::size_t i = 0; i < zone.size(); ++i) {
    if (zone[i] == guard_byte(zone_start + i)) continue;
    const std::size_t slot = before_array ? (zone.size() - 1 - i) / size : i / size;
    const bool new_slot = slot != last_slot;
    last_slot = slot;
    if (before_array) {
      if (d.bytes_before == 0) d.last_before_offset = zone.size() - i;
      ++d.bytes_before;
      d.elements_before += new_slot;
    } else {
      if (d.bytes_after == 0) d.first_after_offset = i;
      ++d.bytes_after;
      d.elements_after += new_slot;
    }
  }
}

// The pattern's byte at each arena offset is fixed by the offset, so a zone after an array of bytes
// (which may end anywhere) holds the same bytes as one that starts on a page. The GPU's memory helper
// writes a 4-byte pattern only at aligned offsets: the unaligned ends go a byte at a time.
void fill_pattern(DeviceMemory& memory, std::size_t start, std::size_t length) {
  const std::size_t end = start + length;
  std::size_t at = start;
  for (; at < end && at % sizeof kUnsetBits != 0; ++at) memory.fill(at, 1, guard_byte(at), 1);
  const std::size_t whole = (end - at) / sizeof kUnsetBits * sizeof kUnsetBits;
  if (whole > 0) memory.fill(at, whole, kUnsetBits, sizeof kUnsetBits);
  for (at += whole; at < end; ++at) memory.fill(at, 1, guard_byte(at), 1);
}

void fill_zones(DeviceMemory& memory, const ArenaArray& a) {
  fill_pattern(memory, a.offset - a.guard_bytes, a.guard_bytes);
  fill_pattern(memory, a.offset + a.spec.bytes(), a.guard_bytes);
}

}  // namespace

unsigned char guard_byte(std::size_t arena_offset) {
  return static_cast<unsigned char>(kUnsetBits >> (8 * (arena_offset % sizeof kUnsetBits)));
}

void fill_guards(DeviceMemory& memory, const RunnerCase& c) {
  for (const ArenaArray& a : c.arrays) fill_zones(memory, a);
}

void load_inputs(DeviceMemory& memory, const RunnerCase& c, const Arrays& inputs) {
  std::size_t k = 0;
  for (const ArenaArray& a : c.arrays)
    if (a.input && k < inputs.size()) {
      memory.write(a.offset, inputs[k].bytes.data(), inputs[k].bytes.size());
      ++k;
    }
}

void poison_outputs(DeviceMemory& memory, const RunnerCase& c, std::uint64_t seed) {
  for (const ArenaArray& a : c.arrays)
    if (!a.input) memory.fill(a.offset, a.spec.bytes(), poison_bits(a.spec.dtype, seed), dtype_size(a.spec.dtype));
}

ArenaReadback read_back(DeviceMemory& memory, const RunnerCase& c, const Arrays& inputs) {
  ArenaReadback r;
  std::size_t k = 0;
  for (const ArenaArray& a : c.arrays) {
    HostArray value = make_array(a.spec);
    memory.read(a.offset, value.bytes.data(), value.bytes.size());
    if (a.input) {
      if (k < inputs.size() && value.bytes != inputs[k].bytes) r.inputs_modified.push_back(a.spec.name);
      ++k;
    } else {
      r.outputs.push_back(std::move(value));
    }
    GuardDamage d;
    d.array = a.spec.name;
    d.element_size = dtype_size(a.spec.dtype);
    std::vector<unsigned char> zone(a.guard_bytes);
    memory.read(a.offset - a.guard_bytes, zone.data(), zone.size());
    inspect(zone, a.offset - a.guard_bytes, true, d);
    memory.read(a.offset + a.spec.bytes(), zone.data(), zone.size());
    inspect(zone, a.offset + a.spec.bytes(), false, d);
    if (d.bytes_before || d.bytes_after) {
      r.damage.push_back(d);
      fill_zones(memory, a);
    }
  }
  return r;
}

}  // namespace kit
