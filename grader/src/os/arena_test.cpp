// The arena through host memory (the CPU backend's kind): what the grader writes, reads and concludes.
#include "os/arena.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <sys/mman.h>

#include "kit/poison.h"
#include "kit/recipe.h"

namespace kit {
namespace {

const ArraySpec kIn{"M", DType::f32, {3, 5}};
const ArraySpec kOut{"P", DType::f32, {3, 4}};

struct Fixture {
  RunnerCase layout = layout_runner_case("f", {3, 5, 4}, {kIn}, {kOut}, 4096);
  std::unique_ptr<DeviceMemory> memory = host_device_memory(layout.arena_bytes);
  Arrays inputs = {generate_array(kIn, Recipe{}, 7, 0)};
  // What a runner sees: its own mapping of the same memory.
  unsigned char* runner = static_cast<unsigned char*>(
      ::mmap(nullptr, layout.arena_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, memory->descriptor(), 0));
  const ArenaArray& out() const { return layout.arrays[1]; }
  Fixture() {
    fill_guards(*memory, layout);
    load_inputs(*memory, layout, inputs);
    poison_outputs(*memory, layout, 7);
  }
  ~Fixture() { ::munmap(runner, layout.arena_bytes); }
};

TEST(Arena, LayoutPutsEveryArrayOnAPageBetweenGuards) {
  const RunnerCase c = layout_runner_case("f", {1}, {kIn, kIn}, {kOut}, 1000);
  ASSERT_EQ(c.arrays.size(), 3u);
  EXPECT_TRUE(c.arrays[0].input);
  EXPECT_FALSE(c.arrays[2].input);
  for (const ArenaArray& a : c.arrays) {
    EXPECT_EQ(a.offset % 4096, 0u);
    EXPECT_EQ(a.guard_bytes, 4096u);  // rounded up to a page
  }
  EXPECT_GE(c.arrays[1].offset, c.arrays[0].offset + 4096 + 4096);
  EXPECT_EQ(decode_runner_case(encode_runner_case(c)).arrays[2].offset, c.arrays[2].offset);
}

TEST(Arena, ALeadMovesEveryArrayByWholePages) {
  const RunnerCase first = layout_runner_case("f", {3, 5, 4}, {kIn}, {kOut}, 4096);
  const RunnerCase next = layout_runner_case("f", {3, 5, 4}, {kIn}, {kOut}, 4096, 100);
  ASSERT_EQ(next.arrays.size(), first.arrays.size());
  for (std::size_t i = 0; i < first.arrays.size(); ++i) EXPECT_EQ(next.arrays[i].offset, first.arrays[i].offset + 4096);
  EXPECT_EQ(next.arena_bytes, first.arena_bytes + 4096);
}

// A read past an array must spoil what it joins: the guard zones read as a NaN and as a huge integer,
// and a NaN-read that a kernel copies into an output is not taken for the never-written poison.
TEST(Arena, GuardZonesReadAsNaNAndAsAHugeInteger) {
  Fixture f;
  for (std::size_t k = 0; k < 4; ++k) {
    float past_end, before_start;
    std::memcpy(&past_end, f.runner + f.out().offset + f.out().spec.bytes() + 4 * k, 4);
    std::memcpy(&before_start, f.runner + f.out().offset - 4 * (k + 1), 4);
    EXPECT_TRUE(std::isnan(past_end));
    EXPECT_TRUE(std::isnan(before_start));
  }
  std::int32_t as_int;
  std::memcpy(&as_int, f.runner + f.out().offset + f.out().spec.bytes(), 4);
  EXPECT_GT(as_int, 1 << 30);
  EXPECT_NE(kUnsetBits, kPoisonBits);
}

// An array of bytes ends anywhere: its zone after still holds the pattern at every offset, and a byte
// written there is seen.
TEST(Arena, AZoneAfterAnArrayOfBytesHoldsThePatternAndShowsDamage) {
  const ArraySpec bytes_in{"in", DType::u8, {5, 3}};
  const RunnerCase c = layout_runner_case("f", {5, 3}, {bytes_in}, {bytes_in}, 4096);
  std::unique_ptr<DeviceMemory> memory = host_device_memory(c.arena_bytes);
  fill_guards(*memory, c);
  const ArenaArray& out = c.arrays[1];
  const std::size_t after = out.offset + out.spec.bytes();
  std::vector<unsigned char> zone(8);
  memory->read(after, zone.data(), zone.size());
  for (std::size_t i = 0; i < zone.size(); ++i) EXPECT_EQ(zone[i], guard_byte(after + i)) << i;
  Arrays inputs = {generate_array(bytes_in, Recipe{}, 7, 0)};
  load_inputs(*memory, c, inputs);
  EXPECT_TRUE(read_back(*memory, c, inputs).damage.empty());
  memory->fill(after + 2, 1, 0, 1);
  const ArenaReadback r = read_back(*memory, c, inputs);
  ASSERT_EQ(r.damage.size(), 1u);
  EXPECT_EQ(r.damage[0].first_after_offset, 2u);
}

TEST(Arena, TheRunnerSeesTheInputsAndThePoison) {
  Fixture f;
  EXPECT_EQ(std::memcmp(f.runner + f.layout.arrays[0].offset, f.inputs[0].bytes.data(), f.inputs[0].bytes.size()), 0);
  std::uint32_t bits;
  std::memcpy(&bits, f.runner + f.out().offset + 4 * 11, 4);
  EXPECT_EQ(bits, kPoisonBits);
}

TEST(Arena, WhatTheRunnerWritesIsWhatTheGraderReads) {
  Fixture f;
  const float value = 2.5f;
  for (int i = 0; i < 12; ++i) std::memcpy(f.runner + f.out().offset + 4 * i, &value, 4);
  const ArenaReadback r = read_back(*f.memory, f.layout, f.inputs);
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(r.outputs[0].value(11), 2.5);
  EXPECT_TRUE(r.damage.empty());
  EXPECT_TRUE(r.inputs_modified.empty());
}

TEST(Arena, StoresOutsideAnArrayAreCountedAndTheZonesRefilled) {
  Fixture f;
  const float stray[3] = {1, 2, 3};
  std::memcpy(f.runner + f.out().offset + 12 * 4 + 20, stray, sizeof stray);  // 5 floats past the end
  std::memcpy(f.runner + f.out().offset - 8, stray, 4);                        // 8 bytes before the start
  ArenaReadback r = read_back(*f.memory, f.layout, f.inputs);
  ASSERT_EQ(r.damage.size(), 1u);
  EXPECT_EQ(r.damage[0].array, "P");
  EXPECT_EQ(r.damage[0].bytes_after, 12u);
  EXPECT_EQ(r.damage[0].first_after_offset, 20u);
  EXPECT_EQ(r.damage[0].elements_after, 3u);
  EXPECT_EQ(r.damage[0].bytes_before, 4u);
  EXPECT_EQ(r.damage[0].elements_before, 1u);
  EXPECT_EQ(r.damage[0].last_before_offset, 8u);
  EXPECT_TRUE(read_back(*f.memory, f.layout, f.inputs).damage.empty());  // refilled for the next run
}

// A NaN stored over the guard's NaN pattern changes fewer bytes than it wrote: the elements still count.
TEST(Arena, AStoreThatSharesBytesWithTheGuardCountsAsAnElement) {
  Fixture f;
  unsigned char* past = f.runner + f.out().offset + 12 * 4;
  for (int i = 0; i < 3; ++i) past[4 * i + 1] ^= 0x40;  // one byte of each of three elements
  const ArenaReadback r = read_back(*f.memory, f.layout, f.inputs);
  ASSERT_EQ(r.damage.size(), 1u);
  EXPECT_EQ(r.damage[0].bytes_after, 3u);
  EXPECT_EQ(r.damage[0].elements_after, 3u);
}

TEST(Arena, AChangedInputIsNamed) {
  Fixture f;
  f.runner[f.layout.arrays[0].offset + 3] ^= 1;
  EXPECT_EQ(read_back(*f.memory, f.layout, f.inputs).inputs_modified, (std::vector<std::string>{"M"}));
}

TEST(Arena, GeneratingInPlaceGivesTheSameInputsAsTheHost) {
  Fixture f;
  const Recipe mantissa{Recipe::Kind::full_mantissa, -1, 0, 1};
  f.memory->generate(f.layout.arrays[0].offset, kIn, mantissa, array_stream(11, "M", 0));
  HostArray got = make_array(kIn);
  f.memory->read(f.layout.arrays[0].offset, got.bytes.data(), got.bytes.size());
  EXPECT_EQ(got.bytes, generate_array(kIn, mantissa, 11, 0).bytes);
  const std::vector<unsigned char> some = f.memory->gather(f.layout.arrays[0].offset, 4, {14, 0});
  ASSERT_EQ(some.size(), 8u);
  EXPECT_EQ(std::memcmp(some.data(), got.bytes.data() + 56, 4), 0);
  EXPECT_EQ(std::memcmp(some.data() + 4, got.bytes.data(), 4), 0);
}

TEST(Arena, AccessesOutsideTheMemoryAreRefused) {
  auto memory = host_device_memory(4096);
  char byte = 0;
  EXPECT_THROW(memory->read(4096, &byte, 1), std::runtime_error);
  EXPECT_THROW(memory->write(1ull << 62, &byte, 1), std::runtime_error);
}

}  // namespace
}  // namespace kit
