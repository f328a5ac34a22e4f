// The bit pattern the runner writes into every output element before the student's code runs, so an
// element still holding it afterwards was never written.
//
// For f32 it is a signalling NaN. No arithmetic produces one: on the CPU, arithmetic on it gives the same
// payload made quiet (kPoisonComputedBits), on a GPU the canonical NaN. So an element holding these bits was
// never written, and one holding the quiet ones was computed from the poison: read before it was written
// (P[i] += ... with no store first), which the CPU backend can therefore tell from never written. Integers have no value arithmetic
// cannot produce, so their pattern changes with the input seed: an element never written holds that
// seed's pattern in every seed, while a right answer equals it only by a rare coincidence (and then it
// is right anyway).
#pragma once

#include <cstddef>
#include <cstdint>

#include "kit/array.h"

namespace kit {

constexpr std::uint32_t kPoisonBits = 0x7F9EAD00u;
constexpr std::uint32_t kPoisonComputedBits = kPoisonBits | 0x00400000u;  // the quiet bit set

// The pattern of memory the student's code has no business reading: the guard zones around every array
// (grader/src/os/arena.h) and, on a GPU, shared memory before each launch of a checked run
// (grader/runner/shared_memory_fill.h). Read as f32 it is a NaN, so one such read spoils the sum it joins,
// as the CPU backend's NaN-filled memory does; read as i32 it is 2141562277. It differs from kPoisonBits,
// so an output element that copied it is a wrong value, never taken for one the code did not write.
constexpr std::uint32_t kUnsetBits = 0x7FA5A5A5u;

// The pattern of one element: 4 bytes for f32 and i32, the low byte for u8.
std::uint32_t poison_bits(DType dtype, std::uint64_t seed);

// True when element `index` holds the pattern.
bool is_poison(const HostArray& array, std::size_t index, std::uint64_t seed);

void fill_poison(HostArray& array, std::uint64_t seed);

}  // namespace kit
