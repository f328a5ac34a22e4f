// Tests of the matmul problem (assignments/problems): its inputs, its fp64 reference and its work model.
#include "kit/problem.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace kit {
namespace {

const ProblemDef& matmul() {
  const ProblemDef* p = find_problem("matmul");
  if (!p) throw std::runtime_error("no matmul problem");
  return *p;
}

// P = M x N in double, the textbook triple loop.
std::vector<double> naive_product(const Dims& d, const Arrays& in) {
  const long j = d[0], k = d[1], l = d[2];
  std::vector<double> p(static_cast<std::size_t>(j * l));
  for (long row = 0; row < j; ++row)
    for (long col = 0; col < l; ++col) {
      double sum = 0;
      for (long i = 0; i < k; ++i) sum += static_cast<double>(in[0][row * k + i]) * in[1][i * l + col];
      p[row * l + col] = sum;
    }
  return p;
}

TEST(Problems, MatmulIsRegisteredWithItsArrays) {
  ASSERT_NE(find_problem("matmul"), nullptr);
  EXPECT_EQ(find_problem("convolution"), nullptr);
  EXPECT_EQ(find_problem_inputs("matmul"), matmul().inputs);
  EXPECT_EQ(find_problem_inputs("convolution"), nullptr);
  const ProblemInputs& in = *matmul().inputs;
  EXPECT_EQ(in.dim_names, (std::vector<std::string>{"j", "k", "l"}));
  const std::vector<ArrayShape> inputs = in.input_shapes({5, 7, 3});
  ASSERT_EQ(inputs.size(), 2u);
  EXPECT_EQ(inputs[0].name, "M");
  EXPECT_EQ(inputs[0].rows, 5);
  EXPECT_EQ(inputs[0].cols, 7);
  EXPECT_EQ(inputs[1].name, "N");
  EXPECT_EQ(inputs[1].rows, 7);
  EXPECT_EQ(inputs[1].cols, 3);
  const std::vector<ArrayShape> outputs = in.output_shapes({5, 7, 3});
  ASSERT_EQ(outputs.size(), 1u);
  EXPECT_EQ(outputs[0].name, "P");
  EXPECT_EQ(outputs[0].rows, 5);
  EXPECT_EQ(outputs[0].cols, 3);
}

TEST(Problems, InputsAreMultiplesOfASixteenthWithinPlusMinusTwo) {
  const Arrays in = matmul().inputs->generate_inputs({40, 50, 60}, 408001);
  ASSERT_EQ(in.size(), 2u);
  ASSERT_EQ(in[0].size(), 40u * 50u);
  ASSERT_EQ(in[1].size(), 50u * 60u);
  for (const auto& array : in) {
    std::set<float> distinct;
    for (float v : array) {
      ASSERT_GE(v, -2.0f);
      ASSERT_LE(v, 2.0f);
      ASSERT_EQ(v * 16, std::round(v * 16)) << v;
      distinct.insert(v);
    }
    // All 65 values occur, both ends included: the data is not constant, not mostly zero.
    EXPECT_EQ(distinct.size(), 65u);
  }
}

TEST(Problems, NoRowOrColumnOfAnInputRepeats) {
  const long w = 64;
  const Arrays in = matmul().inputs->generate_inputs({w, w, w}, 7);
  for (const auto& array : in) {
    std::set<std::vector<float>> rows, cols;
    for (long r = 0; r < w; ++r) rows.insert(std::vector<float>(array.begin() + r * w, array.begin() + (r + 1) * w));
    for (long c = 0; c < w; ++c) {
      std::vector<float> col;
      for (long r = 0; r < w; ++r) col.push_back(array[r * w + c]);
      cols.insert(col);
    }
    EXPECT_EQ(rows.size(), static_cast<std::size_t>(w));
    EXPECT_EQ(cols.size(), static_cast<std::size_t>(w));
  }
  EXPECT_NE(in[0], in[1]);  // M and N come from different streams
}

TEST(Problems, InputsAreDeterministicPerSeedAndDifferAcrossSeeds) {
  const ProblemInputs& p = *matmul().inputs;
  EXPECT_EQ(p.generate_inputs({17, 17, 17}, 1), p.generate_inputs({17, 17, 17}, 1));
  const Arrays a = p.generate_inputs({17, 17, 17}, 1), b = p.generate_inputs({17, 17, 17}, 2);
  EXPECT_NE(a[0], b[0]);
  EXPECT_NE(a[1], b[1]);
}

// The first values of M for one seed: a change of generator or mapping changes every dataset.
TEST(Problems, InputsArePinned) {
  const Arrays in = matmul().inputs->generate_inputs({2, 3, 2}, 408001);
  EXPECT_EQ(in[0], (std::vector<float>{-1.8125f, 0.0625f, 2.0f, 1.375f, 2.0f, 0.1875f}));
  EXPECT_EQ(in[1], (std::vector<float>{-1.9375f, 1.0625f, 0.5f, 0.1875f, 0.8125f, 0.4375f}));
}

TEST(Problems, ReferenceMatchesANaiveDoubleProduct) {
  for (const Dims& d : {Dims{1, 1, 1}, Dims{7, 13, 5}, Dims{33, 17, 65}, Dims{1, 300, 2}}) {
    SCOPED_TRACE(format_dims(d));
    const Arrays in = matmul().inputs->generate_inputs(d, 11);
    const Expected e = matmul().reference(d, in);
    ASSERT_EQ(e.values.size(), 1u);
    ASSERT_EQ(e.error_scales.size(), 1u);
    // Every product is a multiple of 1/256 and every partial sum is small: both sums are exact.
    EXPECT_EQ(e.values[0], naive_product(d, in));
    ASSERT_EQ(e.error_scales[0].size(), e.values[0].size());
  }
}

// The error scale is Higham's bound for a float dot product: k * 2^-24 * sum |M[row][i] * N[i][col]|.
TEST(Problems, ErrorScaleGrowsWithTheReductionLength) {
  for (long k : {1L, 16L, 1024L}) {
    const Arrays ones = {std::vector<float>(k, 1.0f), std::vector<float>(k, -0.5f)};
    const Expected e = matmul().reference({1, k, 1}, ones);
    EXPECT_EQ(e.values[0][0], -0.5 * k);
    EXPECT_EQ(e.error_scales[0][0], static_cast<double>(k) * std::ldexp(1.0, -24) * 0.5 * k);
  }
}

TEST(Problems, ReferenceElementAgreesWithTheWholeReference) {
  const Dims d{9, 21, 6};
  const Arrays in = matmul().inputs->generate_inputs(d, 3);
  const Expected e = matmul().reference(d, in);
  for (std::size_t i = 0; i < e.values[0].size(); ++i) {
    double scale = -1;
    EXPECT_EQ(matmul().reference_element(d, in, 0, i, &scale), e.values[0][i]) << "element " << i;
    EXPECT_DOUBLE_EQ(scale, e.error_scales[0][i]) << "element " << i;
  }
}

// The claim the tolerance design rests on: a float kernel summing in any order gets the exact result.
TEST(Problems, FloatSumsOfGeneratedInputsAreExactInAnyOrder) {
  const Dims d{4, 2048, 4};
  const Arrays in = matmul().inputs->generate_inputs(d, 5);
  const Expected e = matmul().reference(d, in);
  for (long row = 0; row < d[0]; ++row)
    for (long col = 0; col < d[2]; ++col) {
      float forward = 0, backward = 0;
      for (long i = 0; i < d[1]; ++i) forward += in[0][row * d[1] + i] * in[1][i * d[2] + col];
      for (long i = d[1] - 1; i >= 0; --i) backward += in[0][row * d[1] + i] * in[1][i * d[2] + col];
      EXPECT_EQ(forward, e.values[0][row * d[2] + col]);
      EXPECT_EQ(backward, e.values[0][row * d[2] + col]);
    }
}

TEST(Problems, WorkIsTwoFlopsPerMultiplyAddAndEachArrayMovedOnce) {
  const Work w = matmul().work({2, 3, 4});
  EXPECT_EQ(w.flops, 2.0 * 2 * 3 * 4);
  EXPECT_EQ(w.bytes, 4.0 * (2 * 3 + 3 * 4 + 2 * 4));
  EXPECT_EQ(matmul().work({4096, 4096, 4096}).flops, 2.0 * 4096.0 * 4096.0 * 4096.0);
}

}  // namespace
}  // namespace kit
