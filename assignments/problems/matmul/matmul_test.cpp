// Tests of the matmul problem (assignments/problems/matmul): its arrays, its inputs, its fp64 reference,
// its work model, and how it explains a wrong P.
#include "kit/problem.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "kit/tolerance.h"
#include "kit/wrong_answers.h"

namespace kit {
namespace {

const Problem& matmul() {
  const Problem* p = find_problem("matmul");
  if (!p) throw std::runtime_error("no matmul problem");
  return *p;
}

Arrays inputs(const Dims& d, std::uint64_t seed, const std::string& variant = "exact") {
  return generate_inputs(matmul(), *find_variant(matmul(), variant), d, seed);
}

std::vector<float> floats(const HostArray& a) {
  std::vector<float> v(a.spec.count());
  std::memcpy(v.data(), a.bytes.data(), a.bytes.size());
  return v;
}

// P = M x N in double, the textbook triple loop.
std::vector<double> naive_product(const Dims& d, const Arrays& in) {
  const long j = d[0], k = d[1], l = d[2];
  const std::vector<float> M = floats(in[0]), N = floats(in[1]);
  std::vector<double> p(static_cast<std::size_t>(j * l));
  for (long row = 0; row < j; ++row)
    for (long col = 0; col < l; ++col) {
      double sum = 0;
      for (long i = 0; i < k; ++i) sum += static_cast<double>(M[row * k + i]) * N[i * l + col];
      p[row * l + col] = sum;
    }
  return p;
}

TEST(Matmul, IsRegisteredWithItsAxesAndArrays) {
  ASSERT_NE(find_problem("matmul"), nullptr);
  EXPECT_EQ(find_problem("convolution"), nullptr);
  EXPECT_EQ(matmul().axes, (std::vector<std::string>{"j", "k", "l"}));
  const std::vector<ArraySpec> in = matmul().inputs({5, 7, 3});
  ASSERT_EQ(in.size(), 2u);
  EXPECT_EQ(in[0].name, "M");
  EXPECT_EQ(in[0].dtype, DType::f32);
  EXPECT_EQ(in[0].shape, (std::vector<long>{5, 7}));
  EXPECT_EQ(in[1].name, "N");
  EXPECT_EQ(in[1].shape, (std::vector<long>{7, 3}));
  const std::vector<ArraySpec> out = matmul().outputs({5, 7, 3});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].name, "P");
  EXPECT_EQ(out[0].shape, (std::vector<long>{5, 3}));
  EXPECT_EQ(matmul().metric, Metric::gflops);
  ASSERT_EQ(matmul().variants.size(), 2u);
  EXPECT_EQ(matmul().variants[0].name, "exact");
  EXPECT_EQ(matmul().variants[1].name, "full-mantissa");
}

TEST(Matmul, InputsAreMultiplesOfASixteenthWithinPlusMinusTwo) {
  const Arrays in = inputs({40, 50, 60}, 408001);
  ASSERT_EQ(in.size(), 2u);
  ASSERT_EQ(in[0].spec.count(), 40u * 50u);
  ASSERT_EQ(in[1].spec.count(), 50u * 60u);
  for (const auto& array : in) {
    std::set<float> distinct;
    for (float v : floats(array)) {
      ASSERT_GE(v, -2.0f);
      ASSERT_LE(v, 2.0f);
      ASSERT_EQ(v * 16, std::round(v * 16)) << v;
      distinct.insert(v);
    }
    // All 65 values occur, both ends included: the data is not constant, not mostly zero.
    EXPECT_EQ(distinct.size(), 65u);
  }
}

TEST(Matmul, NoRowOrColumnOfAnInputRepeats) {
  const long w = 64;
  const Arrays in = inputs({w, w, w}, 7);
  for (const auto& a : in) {
    const std::vector<float> array = floats(a);
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
  EXPECT_NE(in[0].bytes, in[1].bytes);  // M and N come from different streams
}

TEST(Matmul, InputsAreDeterministicPerSeedAndDifferAcrossSeeds) {
  EXPECT_EQ(inputs({17, 17, 17}, 1)[0].bytes, inputs({17, 17, 17}, 1)[0].bytes);
  const Arrays a = inputs({17, 17, 17}, 1), b = inputs({17, 17, 17}, 2);
  EXPECT_NE(a[0].bytes, b[0].bytes);
  EXPECT_NE(a[1].bytes, b[1].bytes);
}

// The first values of M for one seed: a change of generator or mapping changes every dataset.
TEST(Matmul, InputsArePinned) {
  const Arrays in = inputs({2, 3, 2}, 408001);
  EXPECT_EQ(floats(in[0]), (std::vector<float>{-1.8125f, 0.0625f, 2.0f, 1.375f, 2.0f, 0.1875f}));
  EXPECT_EQ(floats(in[1]), (std::vector<float>{-1.9375f, 1.0625f, 0.5f, 0.1875f, 0.8125f, 0.4375f}));
}

// Any element can be drawn alone, without the ones before it: spot checks need only the inputs they read.
TEST(Matmul, AnInputElementCanBeDrawnAlone) {
  for (const std::string variant : {"exact", "full-mantissa"}) {
    const Arrays in = inputs({9, 11, 13}, 99, variant);
    const InputElements alone = input_elements(matmul(), *find_variant(matmul(), variant), {9, 11, 13}, 99);
    for (std::size_t a = 0; a < 2; ++a)
      for (std::size_t i : {0u, 5u, 98u}) EXPECT_EQ(alone.value(a, i), in[a].value(i)) << variant;
  }
}

TEST(Matmul, ReferenceMatchesANaiveDoubleProduct) {
  for (const Dims& d : {Dims{1, 1, 1}, Dims{7, 13, 5}, Dims{33, 17, 65}, Dims{1, 300, 2}}) {
    SCOPED_TRACE(format_dims(d));
    const Arrays in = inputs(d, 11);
    const Expected e = matmul().reference(d, {}, in);
    ASSERT_EQ(e.values.size(), 1u);
    ASSERT_EQ(e.error_scales.size(), 1u);
    // Every product is a multiple of 1/256 and every partial sum is small: both sums are exact.
    EXPECT_EQ(e.values[0], naive_product(d, in));
    ASSERT_EQ(e.error_scales[0].size(), e.values[0].size());
  }
}

// The error scale is Higham's bound for a float dot product: k * 2^-24 * sum |M[row][i] * N[i][col]|.
TEST(Matmul, ErrorScaleGrowsWithTheReductionLength) {
  for (long k : {1L, 16L, 1024L}) {
    Arrays in = {make_array({"M", DType::f32, {1, k}}), make_array({"N", DType::f32, {k, 1}})};
    for (std::size_t i = 0; i < static_cast<std::size_t>(k); ++i) {
      in[0].set(i, 1.0);
      in[1].set(i, -0.5);
    }
    const Expected e = matmul().reference({1, k, 1}, {}, in);
    EXPECT_EQ(e.values[0][0], -0.5 * k);
    EXPECT_EQ(e.error_scales[0][0], static_cast<double>(k) * std::ldexp(1.0, -24) * 0.5 * k);
  }
}

TEST(Matmul, ReferenceElementAgreesWithTheWholeReference) {
  const Dims d{9, 21, 6};
  const Arrays in = inputs(d, 3);
  const Expected e = matmul().reference(d, {}, in);
  for (std::size_t i = 0; i < e.values[0].size(); ++i) {
    double scale = -1;
    EXPECT_EQ(matmul().reference_element(d, {}, input_elements(in), 0, i, &scale), e.values[0][i]) << "element " << i;
    EXPECT_DOUBLE_EQ(scale, e.error_scales[0][i]) << "element " << i;
  }
}

// The claim the tolerance design rests on: a float kernel summing in any order gets the exact result.
TEST(Matmul, FloatSumsOfGeneratedInputsAreExactInAnyOrder) {
  const Dims d{4, 2048, 4};
  const Arrays in = inputs(d, 5);
  const std::vector<float> M = floats(in[0]), N = floats(in[1]);
  const Expected e = matmul().reference(d, {}, in);
  for (long row = 0; row < d[0]; ++row)
    for (long col = 0; col < d[2]; ++col) {
      float forward = 0, backward = 0;
      for (long i = 0; i < d[1]; ++i) forward += M[row * d[1] + i] * N[i * d[2] + col];
      for (long i = d[1] - 1; i >= 0; --i) backward += M[row * d[1] + i] * N[i * d[2] + col];
      EXPECT_EQ(forward, e.values[0][row * d[2] + col]);
      EXPECT_EQ(backward, e.values[0][row * d[2] + col]);
    }
}

TEST(Matmul, WorkIsTwoFlopsPerMultiplyAddAndEachArrayMovedOnce) {
  const Work w = matmul().work({2, 3, 4});
  EXPECT_EQ(w.flops, 2.0 * 2 * 3 * 4);
  EXPECT_EQ(w.bytes_read, 4.0 * (2 * 3 + 3 * 4));
  EXPECT_EQ(w.bytes_written, 4.0 * (2 * 4));
  EXPECT_EQ(matmul().work({4096, 4096, 4096}).flops, 2.0 * 4096.0 * 4096.0 * 4096.0);
  EXPECT_DOUBLE_EQ(throughput(matmul().work({1000, 1000, 1000}), Metric::gflops, 1e-3), 2000.0);
}

// ---- full-mantissa inputs: what a kernel computing in lower precision cannot pass

// x rounded to nearest (ties to even) with `bits` mantissa bits kept, as a TF32 (10), bf16 (7) or fp16
// (10, within its range) conversion of the inputs does.
float round_mantissa(float x, int bits) {
  std::uint32_t u;
  std::memcpy(&u, &x, 4);
  const int drop = 23 - bits;
  const std::uint32_t half = 1u << (drop - 1), mask = (1u << drop) - 1;
  const std::uint32_t rest = u & mask;
  u &= ~mask;
  if (rest > half || (rest == half && (u >> drop & 1))) u += 1u << drop;
  float y;
  std::memcpy(&y, &u, 4);
  return y;
}

// The fraction of P elements outside the tolerance when the inputs are rounded to `bits` mantissa bits
// and the products summed in float (a tensor core's TF32 or bf16 path, or a half-precision kernel).
double wrong_fraction(const Dims& d, int bits, const std::string& variant) {
  const Arrays in = inputs(d, 21, variant);
  const Expected e = matmul().reference(d, {}, in);
  std::vector<float> M = floats(in[0]), N = floats(in[1]);
  if (bits < 23) {
    for (float& v : M) v = round_mantissa(v, bits);
    for (float& v : N) v = round_mantissa(v, bits);
  }
  Tolerance t;  // reduction-length, safety 4: what the matmul rubrics use
  std::size_t wrong = 0;
  for (long row = 0; row < d[0]; ++row)
    for (long col = 0; col < d[2]; ++col) {
      float sum = 0;
      for (long i = 0; i < d[1]; ++i) sum += M[row * d[1] + i] * N[i * d[2] + col];
      const std::size_t at = static_cast<std::size_t>(row * d[2] + col);
      if (!(std::fabs(sum - e.values[0][at]) <= allowed_error(t, e.error_scales[0][at]))) ++wrong;
    }
  return static_cast<double>(wrong) / static_cast<double>(d[0] * d[2]);
}

TEST(Matmul, FullMantissaInputsHaveTwentyFourSignificantBits) {
  const Arrays in = inputs({30, 40, 50}, 4, "full-mantissa");
  std::size_t low_bit_set = 0, n = 0;
  for (const auto& a : in)
    for (float v : floats(a)) {
      ASSERT_GE(std::fabs(v), 0.5f);
      ASSERT_LT(std::fabs(v), 2.0f);
      std::uint32_t u;
      std::memcpy(&u, &v, 4);
      low_bit_set += u & 1;
      ++n;
    }
  EXPECT_GT(low_bit_set, n / 3);  // the last mantissa bit is random, so about half the values have it set
}

// The "full-mantissa" groups of the matmul rubrics hold sizes 16 to 64: there a float kernel always
// passes, and one that rounds its inputs to TF32, bf16 or fp16 gets most elements wrong (a test fails on
// one). The rounding error of a product grows like sqrt(k) while the allowed error grows like k^2, so
// longer sums would hide it.
TEST(Matmul, FullMantissaInputsPassFloatAndFailLowerPrecision) {
  for (const Dims& d : {Dims{16, 16, 16}, Dims{33, 33, 33}, Dims{64, 64, 64}, Dims{17, 40, 23}, Dims{64, 33, 16}}) {
    SCOPED_TRACE(format_dims(d));
    EXPECT_EQ(wrong_fraction(d, 23, "full-mantissa"), 0.0);
    EXPECT_GT(wrong_fraction(d, 10, "full-mantissa"), 0.5);  // TF32 and fp16
    EXPECT_GT(wrong_fraction(d, 7, "full-mantissa"), 0.9);   // bf16
    // The exact inputs cannot tell: sixteenths in [-2, 2] fit in 6 bits.
    EXPECT_EQ(wrong_fraction(d, 7, "exact"), 0.0);
  }
}

// ---- how a wrong P is explained

const char kEdgeHint[] = "only the partial tiles at the last row or column are wrong";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The explanation of a P of rows x cols whose listed elements are wrong, at tile width `tile`.
std::string explain(long rows, long cols, const std::vector<std::pair<long, long>>& wrong, long tile = 16) {
  Comparison c;
  c.total = static_cast<std::size_t>(rows * cols);
  c.wrong = wrong.size();
  c.wrong_elements.assign(c.total, false);
  for (const auto& [r, col] : wrong) c.wrong_elements[static_cast<std::size_t>(r * cols + col)] = true;
  const HostArray got = make_array({"P", DType::f32, {rows, cols}});
  const Arrays inputs;
  const Dims dims{rows, 7, cols};
  const Knobs knobs{{"TILE_WIDTH", tile}};
  return matmul().explain({c, got, inputs, dims, knobs});
}

TEST(MatmulExplain, TileMapMarksExactlyTheWrongTiles) {
  // 3 x 3 tiles of 16, the last row and column partial.
  const std::string text = explain(40, 40, {{0, 0}, {17, 35}, {39, 16}});
  EXPECT_TRUE(contains(text, "wrong output tiles (16x16):\n  X . .\n  . . X\n  . X .")) << text;
}

TEST(MatmulExplain, TileMapFollowsTheTileWidth) {
  const std::string text = explain(40, 40, {{17, 35}}, 8);  // 5 x 5 tiles of 8
  EXPECT_TRUE(contains(text, "wrong output tiles (8x8):\n  . . . . .\n  . . . . .\n  . . . . X\n  . . . . .\n  . . . . .")) << text;
}

TEST(MatmulExplain, WithoutATileWidthTheMapUsesSixteen) {
  Comparison c;
  c.total = 40 * 40;
  c.wrong = 1;
  c.wrong_elements.assign(c.total, false);
  c.wrong_elements[0] = true;
  const HostArray got = make_array({"P", DType::f32, {40, 40}});
  const Arrays inputs;
  const Dims dims{40, 40, 40};
  const Knobs none;
  EXPECT_TRUE(contains(matmul().explain({c, got, inputs, dims, none}), "wrong output tiles (16x16):"));
}

TEST(MatmulExplain, BigOutputsAreSummarisedSeveralTilesPerMark) {
  // 125 x 7 tiles of 16: 4 x 4 tiles per mark keeps the map within 32 rows.
  const std::string text = explain(2000, 100, {{1999, 99}, {64, 0}});
  EXPECT_TRUE(contains(text, "wrong output tiles (16x16, each mark covers 4x4 tiles):\n  . .\n  X .\n")) << text;
  EXPECT_EQ(text.substr(text.size() - 6), "\n  . X") << text;
}

TEST(MatmulExplain, EdgeHintOnlyWhenAllWrongTilesAreInTheLastRowOrColumn) {
  const std::string edge_text = explain(40, 40, {{39, 0}, {5, 39}});
  EXPECT_TRUE(contains(edge_text, "wrong output tiles (16x16):\n  . . X\n  . . .\n  X . .\n")) << edge_text;
  EXPECT_TRUE(contains(edge_text, kEdgeHint)) << edge_text;
  EXPECT_FALSE(contains(explain(40, 40, {{39, 0}, {5, 39}, {20, 20}}), kEdgeHint));
  EXPECT_FALSE(contains(explain(40, 40, {{0, 0}}), kEdgeHint));
  // Row 35 of 40 lies in the partial last row of tiles (rows 32 to 39): a bounds check can reach it.
  EXPECT_TRUE(contains(explain(40, 40, {{35, 5}}), kEdgeHint));
  // A size of whole tiles has no partial tile: wrong edge tiles there are some other bug.
  EXPECT_FALSE(contains(explain(48, 48, {{47, 0}, {5, 47}}), kEdgeHint));
}

// One row of tiles, all wrong: every tile is in the last row, so "only the last row" would say nothing
// true about the boundary checks; the map alone is drawn.
TEST(MatmulExplain, OneRowOfWrongTilesGetsNoEdgeHint) {
  Comparison c;
  c.total = 16 * 48;
  c.wrong = c.total;
  c.wrong_elements.assign(c.total, true);
  const HostArray got = make_array({"P", DType::f32, {16, 48}});
  const std::string text = matmul().explain({c, got, Arrays(), Dims{16, 32, 48}, {{"TILE_WIDTH", 16}}});
  EXPECT_TRUE(contains(text, "wrong output tiles (16x16)")) << text;
  EXPECT_FALSE(contains(text, kEdgeHint)) << text;
}

TEST(MatmulExplain, AKernelWithoutTilesIsPointedAtItsGridAndStore) {
  Comparison c;
  c.total = 40 * 40;
  c.wrong = 2;
  c.wrong_elements.assign(c.total, false);
  c.wrong_elements[39 * 40] = c.wrong_elements[5 * 40 + 39] = true;
  const HostArray got = make_array({"P", DType::f32, {40, 40}});
  const Arrays inputs;
  const Dims dims{40, 40, 40};
  const Knobs coalescing{{"BLOCK_WIDTH", 16}};
  const std::string text = matmul().explain({c, got, inputs, dims, coalescing});
  EXPECT_TRUE(contains(text, "only the partial blocks at the last row or column are wrong: look at the grid's rounding up "
                             "and at the boundary checks (the test before the store; in a tiled kernel also the tile "
                             "loads' zero fill and the phase count)"))
      << text;
}

TEST(MatmulExplain, NoMapForAnOutputOfOneTile) {
  const std::string text = explain(10, 10, {{3, 3}});
  EXPECT_FALSE(contains(text, "wrong output tiles")) << text;
  EXPECT_FALSE(contains(text, kEdgeHint)) << text;
}

}  // namespace
}  // namespace kit

namespace kit {
namespace {

// P computed the way a bug computes it, as the float output a kernel would leave.
HostArray output_of(const Dims& d, const std::function<double(long row, long col)>& element) {
  HostArray p = make_array({"P", DType::f32, {d[0], d[2]}});
  for (long row = 0; row < d[0]; ++row)
    for (long col = 0; col < d[2]; ++col) p.set(static_cast<std::size_t>(row * d[2] + col), static_cast<float>(element(row, col)));
  return p;
}

std::string cause_for(const Dims& d, const Arrays& in, const HostArray& got,
                      const Knobs& knobs = {{"TILE_WIDTH", 16}}) {  // a tiled build, unless a test says otherwise
  const Comparison c;
  const Failure f{c, got, in, d, knobs};
  return recognised_wrong_answer(matmul().wrong_answers(f), 0, got);
}

double partial(const Arrays& in, const Dims& d, long row, long col, long depth) {
  double sum = 0;
  for (long i = 0; i < depth; ++i) sum += in[0].value(row * d[1] + i) * in[1].value(i * d[2] + col);
  return sum;
}

TEST(MatmulWrongAnswers, PhasesThatRoundDownAreNamed) {
  const Dims d = {17, 17, 17};
  const Arrays in = inputs(d, 3);
  const HostArray got = output_of(d, [&](long r, long c) { return partial(in, d, r, c, 16); });
  EXPECT_EQ(cause_for(d, in, got),
            "your result equals M x N with k running only up to 16 of 17: the phase count rounds down; 17 needs "
            "(17 + TILE_WIDTH - 1) / TILE_WIDTH phases, the last one partial");
  const HostArray got8 = output_of(d, [&](long r, long c) { return partial(in, d, r, c, 16); });
  EXPECT_EQ(cause_for(d, in, got8, {{"TILE_WIDTH", 8}}).rfind("your result equals M x N with k running only up to 16 of 17", 0), 0u);
  EXPECT_EQ(cause_for(d, in, got, {{"TILE_WIDTH", 32}}), "");  // with 32-wide tiles, 16 is no phase boundary
  const Dims small = {5, 5, 5};  // smaller than one tile: rounded down, no phase runs
  const Arrays small_in = inputs(small, 3);
  EXPECT_EQ(cause_for(small, small_in, output_of(small, [](long, long) { return 0.0; })).rfind(
                "your result is all zeros, M x N with no phase at all: the phase count rounds down", 0),
            0u);
}

TEST(MatmulWrongAnswers, AKernelWithoutTilesIsToldOfItsLoopNotOfPhases) {
  const Knobs naive = {{"BLOCK_WIDTH", 16}};  // a naive or coalescing build: no TILE_WIDTH
  const Dims one = {1, 1, 1};
  const Arrays one_in = inputs(one, 3);
  const std::string zero = cause_for(one, one_in, output_of(one, [](long, long) { return 0.0; }), naive);
  EXPECT_EQ(zero, "your result is all zeros, as if the sum over k had no term: the loop over k never ran (at k = 1, a "
                  "bound one too small, k < Width - 1, leaves no term)");
  const Dims d = {20, 20, 20};
  const Arrays in = inputs(d, 3);
  EXPECT_EQ(cause_for(d, in, output_of(d, [&](long r, long c) { return partial(in, d, r, c, 19); }), naive),
            "your result equals M x N with k running only up to 19 of 20: the loop over k stops one short (look at its "
            "bound: k < Width, not k < Width - 1)");
  // 17 - 1 is also 17 rounded down to 16: both slips fit, and both are said.
  const Dims d17 = {17, 17, 17};
  const Arrays in17 = inputs(d17, 3);
  const std::string both = cause_for(d17, in17, output_of(d17, [&](long r, long c) { return partial(in17, d17, r, c, 16); }), naive);
  EXPECT_NE(both.find("stops one short, or at a multiple of 16"), std::string::npos) << both;
  for (const std::string& cause : {zero, both}) EXPECT_EQ(cause.find("phase"), std::string::npos) << cause;
  // A bound from the wrong axis, exact: no tile to round it to.
  const Dims rect = {12, 30, 20};
  const Arrays rect_in = inputs(rect, 5);
  EXPECT_EQ(cause_for(rect, rect_in, output_of(rect, [&](long r, long c) { return partial(rect_in, rect, r, c, 12); }), naive),
            "your result equals M x N with k running only up to 12 of 30: the loop over k is bounded by j (the rows of M), "
            "not k");
}

TEST(MatmulWrongAnswers, APhaseCountFromTheWrongAxisIsNamed) {
  const Dims d = {20, 40, 24};  // j < k: phases from j stop at 32 of 40
  const Arrays in = inputs(d, 5);
  const HostArray got = output_of(d, [&](long r, long c) { return partial(in, d, r, c, 32); });
  // 32 is also 20 and 24 rounded up to whole tiles of 16: a phase count from j or l stops there too.
  EXPECT_EQ(cause_for(d, in, got), "your result equals M x N with k running only up to 32 of 40: the phase count rounds down; "
                                   "40 needs (40 + TILE_WIDTH - 1) / TILE_WIDTH phases, the last one partial; or the "
                                   "phase count is computed from j (the rows of M), not k; or the phase count is "
                                   "computed from l (the columns of N), not k");
  const HostArray from_j = output_of(d, [&](long r, long c) { return partial(in, d, r, c, 24); });
  EXPECT_EQ(cause_for(d, in, from_j, {{"TILE_WIDTH", 8}}),
            "your result equals M x N with k running only up to 24 of 40: the phase count is computed from j (the rows of M), "
            "not k; or the phase count is computed from l (the columns of N), not k, or a tile load's bounds test along k "
            "compares with l (the columns of N), not k");
  // j not a multiple of the tile: the phase count rounds it up, a bounds test stops at j itself; l a
  // multiple of it: both fit, and both are said.
  const Dims odd = {21, 40, 16};
  const Arrays odd_in = inputs(odd, 5);
  const HostArray rounded = output_of(odd, [&](long r, long c) { return partial(odd_in, odd, r, c, 24); });
  EXPECT_EQ(cause_for(odd, odd_in, rounded, {{"TILE_WIDTH", 8}}),
            "your result equals M x N with k running only up to 24 of 40: the phase count is computed from j (the rows of M), not k");
  const HostArray tested = output_of(odd, [&](long r, long c) { return partial(odd_in, odd, r, c, 21); });
  EXPECT_EQ(cause_for(odd, odd_in, tested, {{"TILE_WIDTH", 8}}),
            "your result equals M x N with k running only up to 21 of 40: a tile load's bounds test along k compares with j "
            "(the rows of M), not k");
  const HostArray from_l = output_of(odd, [&](long r, long c) { return partial(odd_in, odd, r, c, 16); });
  EXPECT_EQ(cause_for(odd, odd_in, from_l, {{"TILE_WIDTH", 8}}),
            "your result equals M x N with k running only up to 16 of 40: the phase count is computed from l (the columns of "
            "N), not k, or a tile load's bounds test along k compares with l (the columns of N), not k");
}

TEST(MatmulWrongAnswers, TransposesAndSwapsAreNamed) {
  const Dims d = {9, 9, 9};
  const Arrays in = inputs(d, 7);
  const std::vector<double> right = naive_product(d, in);
  const HostArray transposed = output_of(d, [&](long r, long c) { return right[c * 9 + r]; });
  EXPECT_EQ(cause_for(d, in, transposed).rfind("your result is M x N transposed", 0), 0u);
  const HostArray n_t = output_of(d, [&](long r, long c) {
    double s = 0;
    for (long i = 0; i < 9; ++i) s += in[0].value(r * 9 + i) * in[1].value(c * 9 + i);
    return s;
  });
  EXPECT_EQ(cause_for(d, in, n_t), "your result equals M x N^T: N is read as N[col][k] instead of N[k][col]");
  const HostArray swapped = output_of(d, [&](long r, long c) {
    double s = 0;
    for (long i = 0; i < 9; ++i) s += in[1].value(r * 9 + i) * in[0].value(i * 9 + c);
    return s;
  });
  EXPECT_EQ(cause_for(d, in, swapped), "your result equals N x M: M and N are swapped");
}

TEST(MatmulWrongAnswers, TheRightAnswerAndOtherBugsAreNotNamed) {
  const Dims d = {17, 17, 17};
  const Arrays in = inputs(d, 3);
  const std::vector<double> right = naive_product(d, in);
  EXPECT_EQ(cause_for(d, in, output_of(d, [&](long r, long c) { return right[r * 17 + c]; })), "");
  // One element off, NaN in a corner: no known wrong answer.
  EXPECT_EQ(cause_for(d, in, output_of(d, [&](long r, long c) { return right[r * 17 + c] + (r == 3 && c == 4); })), "");
  HostArray nan = output_of(d, [&](long r, long c) { return partial(in, d, r, c, 16); });
  nan.set(0, std::nan(""));
  EXPECT_EQ(cause_for(d, in, nan), "");
  // Shapes where a candidate cannot apply: no transpose of a 3 x 5 P.
  const Dims rect = {3, 4, 5};
  const Arrays rin = inputs(rect, 1);
  EXPECT_EQ(cause_for(rect, rin, output_of(rect, [](long, long) { return 1.0; })), "");
}

}  // namespace
}  // namespace kit
