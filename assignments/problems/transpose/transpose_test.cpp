// Tests of the transpose problem: its arrays, its exact reference, its work model, and the explanation
// that recognises a copy handed in as a transpose.
#include "kit/problem.h"
#include "kit/wrong_answers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "kit/tolerance.h"

namespace kit {
namespace {

const Problem& transpose() {
  const Problem* p = find_problem("transpose");
  if (!p) throw std::runtime_error("no transpose problem");
  return *p;
}

Arrays inputs(const Dims& d, std::uint64_t seed) {
  return generate_inputs(transpose(), transpose().variants.front(), d, seed);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(Transpose, HasTwoAxesAndAnOutputWithThemExchanged) {
  EXPECT_EQ(transpose().axes, (std::vector<std::string>{"rows", "cols"}));
  const std::vector<ArraySpec> in = transpose().inputs({5, 7});
  ASSERT_EQ(in.size(), 1u);
  EXPECT_EQ(in[0].name, "idata");
  EXPECT_EQ(in[0].shape, (std::vector<long>{5, 7}));
  const std::vector<ArraySpec> out = transpose().outputs({5, 7});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].name, "odata");
  EXPECT_EQ(out[0].shape, (std::vector<long>{7, 5}));
  EXPECT_EQ(transpose().metric, Metric::gbps);
}

TEST(Transpose, ReferenceExchangesRowsAndColumnsExactly) {
  const Dims d{3, 4};
  const Arrays in = inputs(d, 9);
  const Expected e = transpose().reference(d, {}, in);
  for (long r = 0; r < 3; ++r)
    for (long c = 0; c < 4; ++c) {
      EXPECT_EQ(e.values[0][c * 3 + r], in[0].value(r * 4 + c));
      EXPECT_EQ(e.error_scales[0][c * 3 + r], 0.0);
    }
  for (std::size_t i = 0; i < 12; ++i) {
    double scale = -1;
    EXPECT_EQ(transpose().reference_element(d, {}, input_elements(in), 0, i, &scale), e.values[0][i]);
    EXPECT_EQ(scale, 0.0);
  }
}

// Every value has 24 significant bits: a copy through a half or a bfloat16 would change it.
TEST(Transpose, InputsUseEveryMantissaBit) {
  const Arrays in = inputs({64, 64}, 3);
  std::size_t low_bit = 0;
  for (std::size_t i = 0; i < in[0].spec.count(); ++i) {
    const float v = static_cast<float>(in[0].value(i));
    std::uint32_t u;
    std::memcpy(&u, &v, 4);
    low_bit += u & 1;
    EXPECT_GE(std::fabs(v), 0.5f);
    EXPECT_LT(std::fabs(v), 2.0f);
  }
  EXPECT_GT(low_bit, in[0].spec.count() / 3);
}

// Effective bandwidth counts every element read once and written once: 2 x 4 bytes per element.
TEST(Transpose, WorkIsEightBytesPerElementAndNoArithmetic) {
  const Work w = transpose().work({8192, 8192});
  EXPECT_EQ(w.flops, 0.0);
  EXPECT_EQ(w.bytes_read, 4.0 * 8192 * 8192);
  EXPECT_EQ(w.bytes_written, 4.0 * 8192 * 8192);
  EXPECT_DOUBLE_EQ(throughput(w, Metric::gbps, 1e-3), 2.0 * 4.0 * 8192 * 8192 / 1e-3 / 1e9);
  EXPECT_EQ(throughput(w, Metric::gflops, 1e-3), 0.0);  // the rubric refuses GFLOP/s for a transpose
}

// The explanation of a wrong odata, given what the kernel wrote.
std::string explain(const Dims& d, const HostArray& got, const Arrays& in) {
  const Expected e = transpose().reference(d, {}, in);
  Tolerance exact;
  exact.policy = Tolerance::Policy::exact;
  const Comparison c = compare_output(got, e.values[0], e.error_scales[0], exact, 1);
  const Knobs knobs{{"TILE_DIM", 32}, {"BLOCK_ROWS", 8}};
  return transpose().explain({c, got, in, d, knobs});
}

TEST(Transpose, ACopyHandedInAsATransposeIsRecognised) {
  const Dims d{40, 70};
  const Arrays in = inputs(d, 5);
  HostArray copied = make_array(transpose().outputs(d)[0]);
  copied.bytes = in[0].bytes;
  const Comparison c;
  const Knobs knobs;
  EXPECT_EQ(recognised_wrong_answer(transpose().wrong_answers({c, copied, in, d, knobs}), 0, copied),
            "odata holds idata in its own order: the elements were copied, not transposed (write odata[x][y] from "
            "idata[y][x])");

  HostArray partly = copied;
  partly.set(0, 99);
  EXPECT_EQ(recognised_wrong_answer(transpose().wrong_answers({c, partly, in, d, knobs}), 0, partly), "");
  const Dims row{1, 70};  // a single row: its copy is its transpose
  EXPECT_TRUE(transpose().wrong_answers({c, copied, inputs(row, 5), row, knobs}).empty());
}

TEST(Transpose, WrongTilesAreMappedWithTheTileDimension) {
  const Dims d{40, 70};  // odata is 70 x 40: 3 x 2 tiles of 32
  const Arrays in = inputs(d, 5);
  const Expected e = transpose().reference(d, {}, in);
  HostArray got = make_array(transpose().outputs(d)[0]);
  for (std::size_t i = 0; i < got.spec.count(); ++i) got.set(i, e.values[0][i]);
  got.set(69 * 40 + 39, 0);  // the last element: the corner tile
  const std::string text = explain(d, got, in);
  EXPECT_TRUE(contains(text, "wrong output tiles (32x32):\n  . .\n  . .\n  . X")) << text;
  EXPECT_TRUE(contains(text, "look at the bounds checks")) << text;
}

}  // namespace
}  // namespace kit
