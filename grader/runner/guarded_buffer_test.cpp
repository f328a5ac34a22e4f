// The guard zones and the poison, through the CUDA runtime API (built against the CPU backend's runtime,
// so it runs without a GPU).
#include "guarded_buffer.h"

#include "kit/poison.h"

#include <cstring>

#include <cuda_runtime.h>
#include <gtest/gtest.h>

namespace kit {
namespace {

GuardedBuffer make(std::size_t count, std::size_t guard, DType dtype = DType::f32) {
  GuardedBuffer b{{"P", dtype, {static_cast<long>(count)}}, guard};
  EXPECT_EQ(allocate(b), "");
  return b;
}

TEST(GuardedBuffer, UntouchedGuardsReportNoDamage) {
  GuardedBuffer b = make(100, 4096);
  ASSERT_EQ(upload(b, std::vector<unsigned char>(400, 0x3F)), "");
  GuardDamage d;
  ASSERT_EQ(check_guards(b, d), "");
  EXPECT_EQ(d.bytes_after, 0u);
  EXPECT_EQ(d.bytes_before, 0u);
  release(b);
}

TEST(GuardedBuffer, AWritePastTheEndIsCountedAndLocated) {
  GuardedBuffer b = make(100, 4096);
  const float stray[3] = {1, 2, 3};
  // Three floats written 5 floats past the end, as an unguarded store of a partial tile would.
  ASSERT_EQ(cudaMemcpy(b.data + 105 * sizeof(float), stray, sizeof stray, cudaMemcpyHostToDevice), cudaSuccess);
  GuardDamage d;
  ASSERT_EQ(check_guards(b, d), "");
  EXPECT_EQ(d.bytes_after, 12u);
  EXPECT_EQ(d.first_after_offset, 20u);
  EXPECT_EQ(d.bytes_before, 0u);
  release(b);
}

TEST(GuardedBuffer, AWriteBeforeTheStartIsCounted) {
  GuardedBuffer b = make(10, 256);
  const float stray = 7;
  ASSERT_EQ(cudaMemcpy(b.data - sizeof(float), &stray, sizeof stray, cudaMemcpyHostToDevice), cudaSuccess);
  GuardDamage d;
  ASSERT_EQ(check_guards(b, d), "");
  EXPECT_EQ(d.bytes_before, 4u);
  EXPECT_EQ(d.last_before_offset, 4u);
  release(b);
}

TEST(GuardedBuffer, PoisonFillsEveryElementWithThePoisonBits) {
  GuardedBuffer b = make(64, 128);
  ASSERT_EQ(poison(b, 7), "");
  std::vector<unsigned char> got;
  ASSERT_EQ(download(b, got), "");
  ASSERT_EQ(got.size(), 64u * sizeof(float));
  for (std::size_t i = 0; i < 64; ++i) {
    unsigned bits;
    std::memcpy(&bits, got.data() + 4 * i, sizeof bits);
    EXPECT_EQ(bits, kPoisonBits);
  }
  release(b);
}

TEST(GuardedBuffer, AnEightBitOutputIsPoisonedWithTheSeedsByte) {
  GuardedBuffer b = make(50, 64, DType::u8);
  ASSERT_EQ(poison(b, 7), "");
  std::vector<unsigned char> got;
  ASSERT_EQ(download(b, got), "");
  ASSERT_EQ(got.size(), 50u);
  for (unsigned char v : got) EXPECT_EQ(v, static_cast<unsigned char>(poison_bits(DType::u8, 7)));
  GuardDamage d;
  ASSERT_EQ(check_guards(b, d), "");
  EXPECT_EQ(d.bytes_after, 0u);
  release(b);
}

TEST(GuardedBuffer, NoGuardsMeansNothingToCheck) {
  GuardedBuffer b = make(8, 0);
  GuardDamage d;
  EXPECT_EQ(check_guards(b, d), "");
  EXPECT_EQ(d.bytes_after, 0u);
  release(b);
}

}  // namespace
}  // namespace kit
