// Tests of compare.cpp and tolerance.cpp: what counts as wrong, and how the failure is described.
#include "kit/compare.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "kit/poison.h"
#include "kit/problem.h"
#include "kit/tolerance.h"
#include "util/text.h"

namespace kit {
namespace {

constexpr std::uint64_t kSeed = 12345;

// An expected output of rows x cols with varied values, every element allowed the same error scale.
struct Output {
  long rows, cols;
  std::vector<double> expected, scales;
  std::vector<float> got;  // starts as the right answer

  Output(long r, long c, double scale = 0x1p-10) : rows(r), cols(c) {
    for (long i = 0; i < r * c; ++i) {
      expected.push_back(static_cast<double>(i % 97) / 4.0 - 3.0);
      scales.push_back(scale);
      got.push_back(static_cast<float>(expected.back()));
    }
  }
  float& at(long r, long c) { return got[static_cast<std::size_t>(r * cols + c)]; }
  double expected_at(long r, long c) const { return expected[static_cast<std::size_t>(r * cols + c)]; }
  HostArray array() const {
    HostArray a{{"P", DType::f32, {rows, cols}}, std::vector<unsigned char>(got.size() * sizeof(float))};
    std::memcpy(a.bytes.data(), got.data(), a.bytes.size());
    return a;
  }
  Comparison compare(const Tolerance& tolerance = {}) const {
    return compare_output(array(), expected, scales, tolerance, kSeed);
  }
  std::string explain() const { return explain_mismatches(compare(), array().spec); }
};

// The bits the runner writes before a run (kit/poison.h), spelled out: the runner and the grader must agree.
float poison() {
  const unsigned bits = 0x7F9EAD00u;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}


Tolerance exact() {
  Tolerance t;
  t.policy = Tolerance::Policy::exact;
  return t;
}

TEST(Compare, ExactMatchPasses) {
  const Output o(20, 30);
  const Comparison c = o.compare();
  EXPECT_TRUE(c.passed());
  EXPECT_EQ(c.total, 600u);
  EXPECT_EQ(c.wrong, 0u);
  EXPECT_TRUE(c.first.empty());
  EXPECT_EQ(summarize(c), "all 600 elements right");
  EXPECT_EQ(o.explain(), "");
}

// Safety 4 times a scale of 2^-10 allows an error of exactly 2^-8.
TEST(Compare, ErrorAtTheBoundPassesAndOneUlpBeyondFails) {
  Output o(4, 4);
  o.expected[5] = 1.0;
  o.at(1, 1) = 1.0f + 0x1p-8f;
  EXPECT_TRUE(o.compare().passed());
  o.at(1, 1) = std::nextafter(1.0f + 0x1p-8f, 2.0f);
  const Comparison c = o.compare();
  EXPECT_FALSE(c.passed());
  EXPECT_EQ(c.wrong, 1u);
  EXPECT_DOUBLE_EQ(c.max_error, 0x1p-8 + 0x1p-23);
  // Below the expected value, the same.
  o.at(1, 1) = 1.0f - 0x1p-8f;
  EXPECT_TRUE(o.compare().passed());
  o.at(1, 1) = std::nextafter(1.0f - 0x1p-8f, 0.0f);
  EXPECT_FALSE(o.compare().passed());
}

TEST(Tolerance, ReductionLengthScalesTheErrorScaleAndExactAllowsNothing) {
  Tolerance reduction;
  reduction.safety = 4;
  EXPECT_DOUBLE_EQ(allowed_error(reduction, 0.5), 2.0);
  EXPECT_GT(allowed_error(reduction, 0.0), 0.0);  // a hair, so that 0 == 0 is never an error
  EXPECT_LT(allowed_error(reduction, 0.0), 1e-20);
  EXPECT_EQ(allowed_error(exact(), 0.5), 0.0);
  EXPECT_EQ(allowed_error(exact(), 1e9), 0.0);
}

// The same error of 1/100 in one P element is a bug for a short sum and rounding for a long one.
TEST(Compare, AllowedErrorGrowsWithTheReductionLength) {
  const Problem* matmul = find_problem("matmul");
  ASSERT_NE(matmul, nullptr);
  auto compare_with_error = [&](long k) {
    Arrays in = {make_array({"M", DType::f32, {1, k}}), make_array({"N", DType::f32, {k, 1}})};
    for (HostArray& a : in)
      for (std::size_t i = 0; i < a.spec.count(); ++i) a.set(i, 1.0);
    const Expected e = matmul->reference({1, k, 1}, {}, in);
    HostArray got = make_array({"P", DType::f32, {1, 1}});
    got.set(0, static_cast<float>(e.values[0][0]) + 0.01f);
    return compare_output(got, e.values[0], e.error_scales[0], Tolerance{}, kSeed);
  };
  EXPECT_FALSE(compare_with_error(16).passed());
  EXPECT_TRUE(compare_with_error(4096).passed());
}

TEST(Compare, NanOrInfWhereTheReferenceIsFiniteFailsWhateverTheTolerance) {
  Tolerance loose;
  loose.safety = 1e300;
  for (float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                    -std::numeric_limits<float>::infinity()}) {
    SCOPED_TRACE(bad);
    Output o(3, 3, 1.0);
    o.at(2, 0) = bad;
    const Comparison c = o.compare(loose);
    EXPECT_FALSE(c.passed());
    EXPECT_EQ(c.wrong, 1u);
    EXPECT_EQ(c.non_finite, 1u);
    EXPECT_EQ(c.never_written, 0u);
    EXPECT_EQ(summarize(c), "1 of 9 elements wrong (1 NaN or Inf)");
  }
}

TEST(Compare, PoisonCountsAsNeverWritten) {
  Output o(4, 5);
  o.at(0, 1) = poison();
  o.at(3, 4) = poison();
  const Comparison c = o.compare();
  EXPECT_EQ(c.wrong, 2u);
  EXPECT_EQ(c.never_written, 2u);
  EXPECT_EQ(c.non_finite, 0u);  // the poison is a NaN, but it is reported as never written
  ASSERT_EQ(c.first.size(), 2u);
  EXPECT_TRUE(c.first[0].never_written);
  EXPECT_EQ(summarize(c), "2 of 20 elements wrong (2 never written)");
  EXPECT_TRUE(contains(o.explain(), "P[0][1] expected -2.75, got NaN (never written)"));
  Output other_nan(4, 5);
  other_nan.at(0, 1) = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(other_nan.compare().never_written, 0u);
}

TEST(Compare, AllPoisonIsSummarisedAsNeverWritten) {
  Output o(3, 4);
  for (float& v : o.got) v = poison();
  const Comparison c = o.compare();
  EXPECT_EQ(c.never_written, 12u);
  EXPECT_EQ(summarize(c), "all 12 elements never written");
}

TEST(Compare, MissingOutputElementsAreWrong) {
  Output o(3, 4);
  HostArray half = o.array();
  half.bytes.resize(6 * sizeof(float));  // the runner sent half an array
  const Comparison c = compare_output(half, o.expected, o.scales, Tolerance{}, kSeed);
  EXPECT_EQ(c.wrong, 6u);
  EXPECT_EQ(element_name(half.spec, c.first[0].index), "P[1][2]");
}

TEST(Compare, ExactPolicyFailsAnyDifference) {
  Output o(4, 4, 1e6);  // a scale that would allow anything under reduction-length
  EXPECT_TRUE(o.compare(exact()).passed());
  o.at(3, 2) = std::nextafter(o.at(3, 2), 100.0f);
  const Comparison c = o.compare(exact());
  EXPECT_EQ(c.wrong, 1u);
  EXPECT_TRUE(o.compare().passed());
}

TEST(Compare, FirstMismatchesAreInRowMajorOrderWithRowAndCol) {
  Output o(6, 7);
  // Wrong elements, set out of order; row-major order is the sorted one.
  const std::vector<std::pair<long, long>> wrong = {{5, 6}, {2, 1}, {0, 3}, {4, 4}, {1, 0}, {2, 6}, {0, 5}, {3, 3}};
  for (const auto& [r, col] : wrong) o.at(r, col) = 100.0f + r;
  std::vector<std::pair<long, long>> row_major = wrong;
  std::sort(row_major.begin(), row_major.end());

  const Comparison c = o.compare();
  EXPECT_EQ(c.wrong, wrong.size());
  ASSERT_FALSE(c.first.empty());
  EXPECT_LT(c.first.size(), wrong.size());  // only the first few are kept
  for (std::size_t i = 0; i < c.first.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(c.first[i].index, static_cast<std::size_t>(row_major[i].first * 7 + row_major[i].second));
    EXPECT_EQ(c.first[i].expected, o.expected_at(row_major[i].first, row_major[i].second));
    EXPECT_EQ(c.first[i].got, 100.0f + row_major[i].first);
    EXPECT_FALSE(c.first[i].never_written);
  }
  const std::string text = o.explain();
  EXPECT_EQ(text.rfind("first wrong: P[0][3] expected -2.25, got 100\n", 0), 0u) << text;
  EXPECT_TRUE(contains(text, "largest error among finite values: ")) << text;
  std::size_t flagged = 0;
  for (bool w : c.wrong_elements) flagged += w;
  EXPECT_EQ(flagged, wrong.size());
  EXPECT_TRUE(c.wrong_elements[5 * 7 + 6]);
}

TEST(Compare, ElementsAreNamedByEveryAxis) {
  EXPECT_EQ(element_name({"v", DType::f32, {10}}, 7), "v[7]");
  EXPECT_EQ(element_name({"img", DType::u8, {62, 76, 3}}, 76 * 3 * 2 + 3 * 5 + 1), "img[2][5][1]");
}

// Integers have no impossible value: the poison of the seed is "never written" unless it is the answer.
TEST(Compare, IntegerPoisonIsNeverWrittenUnlessItIsTheRightAnswer) {
  for (DType dtype : {DType::u8, DType::i32}) {
    SCOPED_TRACE(dtype_name(dtype));
    HostArray got = make_array({"out", dtype, {4}});
    fill_poison(got, kSeed);
    const double poison_value = got.value(0);
    got.set(1, 7);
    got.set(2, 9);
    const std::vector<double> expected = {poison_value == 5 ? 6.0 : 5.0, 7, 9, poison_value};
    const Comparison c = compare_output(got, expected, std::vector<double>(4, 0), exact(), kSeed);
    EXPECT_EQ(c.wrong, 1u);
    EXPECT_EQ(c.never_written, 1u);
    EXPECT_TRUE(c.first[0].never_written);
    EXPECT_TRUE(contains(explain_mismatches(c, got.spec), "out[0] expected"));
    EXPECT_TRUE(contains(explain_mismatches(c, got.spec), "got the poison value (never written)"));
    // Another seed poisons with another value, so an element skipped in every seed is always caught.
    EXPECT_NE(poison_bits(dtype, kSeed), poison_bits(dtype, kSeed + 1));
  }
}

// A written value that equals this seed's poison by chance: another seed's run wrote that element, so it
// is wrong, not never written (the blur whose every pixel is written is not told "32 never written").
TEST(Compare, AnElementAnotherSeedWroteIsWrongNotNeverWritten) {
  HostArray got = make_array({"out", DType::u8, {3}});
  fill_poison(got, kSeed);
  const double poison_value = got.value(0);
  got.set(2, 9);
  const std::vector<double> expected = {poison_value == 5 ? 6.0 : 5.0, poison_value == 5 ? 6.0 : 5.0, 9};
  const std::vector<bool> written_elsewhere = {true, false, true};
  const Comparison c = compare_output(got, expected, std::vector<double>(3, 0), exact(), kSeed, &written_elsewhere);
  EXPECT_EQ(c.wrong, 2u);
  EXPECT_EQ(c.never_written, 1u);  // out[1]: the poison in every seed's run
  EXPECT_EQ(c.unwritten_elements, (std::vector<bool>{false, true, false}));
  EXPECT_FALSE(c.first[0].never_written);
  EXPECT_TRUE(c.first[1].never_written);
}

TEST(Compare, EightBitImagesCompareExactly) {
  HostArray got = make_array({"out", DType::u8, {2, 3}});
  for (std::size_t i = 0; i < 6; ++i) got.set(i, 10.0 * i);
  std::vector<double> expected = {0, 10, 20, 30, 40, 50};
  EXPECT_TRUE(compare_output(got, expected, std::vector<double>(6, 0), exact(), kSeed).passed());
  expected[4] = 41;
  const Comparison c = compare_output(got, expected, std::vector<double>(6, 0), exact(), kSeed);
  EXPECT_EQ(c.wrong, 1u);
  EXPECT_EQ(explain_mismatches(c, got.spec).rfind("first wrong: out[1][1] expected 41, got 40", 0), 0u);
}

TEST(Compare, ANaNComputedFromThePoisonIsReadBeforeWrittenNotNeverWritten) {
  HostArray got = make_array({"P", DType::f32, {3}});
  fill_poison(got, 1);
  const float sum = got.as<float>()[1] + 2.0f;  // what P[1] += 2 does to an output never stored to
  std::memcpy(got.bytes.data() + 4, &sum, 4);
  got.set(2, 3.0);
  const Comparison c = compare_output(got, {1.0, 2.0, 3.0}, {0, 0, 0}, Tolerance{}, 1);
  EXPECT_EQ(c.wrong, 2u);
  EXPECT_EQ(c.never_written, 1u);  // P[0] was never touched
  EXPECT_EQ(c.from_poison, 1u);
  ASSERT_EQ(c.first.size(), 2u);
  EXPECT_TRUE(c.first[1].from_poison);
  EXPECT_NE(explain_mismatches(c, got.spec).find("P[1] expected 2, got NaN computed from the poison"), std::string::npos)
      << explain_mismatches(c, got.spec);
  // Every wrong value made so: said in the summary too.
  fill_poison(got, 1);
  for (std::size_t i = 0; i < 3; ++i) std::memcpy(got.bytes.data() + 4 * i, &sum, 4);
  EXPECT_EQ(summarize(compare_output(got, {1.0, 2.0, 3.0}, {0, 0, 0}, Tolerance{}, 1)),
            "3 of 3 elements wrong (3 read before written)");
}

}  // namespace
}  // namespace kit
