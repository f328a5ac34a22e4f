// Tests of compare.cpp and tolerance.cpp: what counts as wrong, and how the failure is explained.
#include "kit/compare.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "kit/problem.h"
#include "kit/tolerance.h"

namespace kit {
namespace {

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
  Comparison compare(const Tolerance& tolerance = {}, int tile_width = 16) const {
    return compare_output(got, expected, scales, rows, cols, tolerance, tile_width);
  }
};

// The bits the runner writes before a run (kit/poison.h), spelled out: the runner and the grader must agree.
float poison() {
  const unsigned bits = 0x7FDEAD00u;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const char kEdgeHint[] = "only tiles in the last row or column are wrong";

TEST(Compare, ExactMatchPasses) {
  const Output o(20, 30);
  const Comparison c = o.compare();
  EXPECT_TRUE(c.passed());
  EXPECT_EQ(c.total, 600u);
  EXPECT_EQ(c.wrong, 0u);
  EXPECT_TRUE(c.first.empty());
  EXPECT_EQ(summarize(c), "all 600 elements right");
  EXPECT_EQ(explain(c, "P", 16), "");
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
  Tolerance exact;
  exact.policy = "exact";
  EXPECT_EQ(allowed_error(exact, 0.5), 0.0);
  EXPECT_EQ(allowed_error(exact, 1e9), 0.0);
}

// The same error of 1/100 in one P element is a bug for a short sum and rounding for a long one.
TEST(Compare, AllowedErrorGrowsWithTheReductionLength) {
  const ProblemDef* matmul = find_problem("matmul");
  ASSERT_NE(matmul, nullptr);
  auto compare_with_error = [&](long k) {
    const Arrays in = {std::vector<float>(k, 1.0f), std::vector<float>(k, 1.0f)};
    const Expected e = matmul->reference({1, k, 1}, in);
    const std::vector<float> got = {static_cast<float>(e.values[0][0]) + 0.01f};
    return compare_output(got, e.values[0], e.error_scales[0], 1, 1, Tolerance{}, 16);
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
  EXPECT_TRUE(is_poison(poison()));
  EXPECT_FALSE(is_poison(std::numeric_limits<float>::quiet_NaN()));
  EXPECT_FALSE(is_poison(0.0f));

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
  EXPECT_TRUE(contains(explain(c, "P", 16), "P[0][1] expected -2.75, got NaN (never written)"));
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
  o.got.resize(6);  // the runner sent half an array
  const Comparison c = o.compare();
  EXPECT_EQ(c.wrong, 6u);
  EXPECT_EQ(c.first[0].row, 1);
  EXPECT_EQ(c.first[0].col, 2);
}

TEST(Compare, ExactPolicyFailsAnyDifference) {
  Tolerance exact;
  exact.policy = "exact";
  Output o(4, 4, 1e6);  // a scale that would allow anything under reduction-length
  EXPECT_TRUE(o.compare(exact).passed());
  o.at(3, 2) = std::nextafter(o.at(3, 2), 100.0f);
  const Comparison c = o.compare(exact);
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
    EXPECT_EQ(c.first[i].row, row_major[i].first);
    EXPECT_EQ(c.first[i].col, row_major[i].second);
    EXPECT_EQ(c.first[i].expected, o.expected_at(row_major[i].first, row_major[i].second));
    EXPECT_EQ(c.first[i].got, 100.0f + row_major[i].first);
    EXPECT_FALSE(c.first[i].never_written);
  }
  const std::string text = explain(c, "P", 16);
  EXPECT_EQ(text.rfind("first wrong: P[0][3] expected -2.25, got 100\n", 0), 0u) << text;
  EXPECT_TRUE(contains(text, "largest error among finite values: ")) << text;
}

TEST(Compare, TileMapMarksExactlyTheWrongTiles) {
  Output o(40, 40);  // 3 x 3 tiles of 16, the last row and column partial
  o.at(0, 0) = -50;
  o.at(17, 35) = -50;  // tile (1, 2)
  o.at(39, 16) = -50;  // tile (2, 1)
  const Comparison c = o.compare();
  EXPECT_EQ(c.tile_rows, 3);
  EXPECT_EQ(c.tile_cols, 3);
  EXPECT_EQ(c.tiles_per_cell, 1);
  EXPECT_EQ(c.tile_map, (std::vector<std::string>{"X..", "..X", ".X."}));
}

TEST(Compare, TileMapFollowsTheTileWidth) {
  Output o(40, 40);
  o.at(17, 35) = -50;
  const Comparison c = o.compare(Tolerance{}, 8);  // 5 x 5 tiles of 8
  EXPECT_EQ(c.tile_map, (std::vector<std::string>{".....", ".....", "....X", ".....", "....."}));
}

TEST(Compare, BigOutputsAreSummarisedSeveralTilesPerMark) {
  Output o(2000, 100);  // 125 x 7 tiles of 16: 4 x 4 tiles per mark keeps the map within 32 rows
  o.at(1999, 99) = -50;
  o.at(64, 0) = -50;  // tile (4, 0): cell (1, 0)
  const Comparison c = o.compare();
  EXPECT_EQ(c.tiles_per_cell, 4);
  EXPECT_EQ(c.tile_rows, 32);
  EXPECT_EQ(c.tile_cols, 2);
  ASSERT_EQ(c.tile_map.size(), 32u);
  EXPECT_EQ(c.tile_map[0], "..");
  EXPECT_EQ(c.tile_map[1], "X.");
  EXPECT_EQ(c.tile_map[31], ".X");
  EXPECT_TRUE(contains(explain(c, "P", 16), "wrong output tiles (16x16, each mark covers 4x4 tiles):")) << explain(c, "P", 16);
}

TEST(Compare, EdgeHintOnlyWhenAllWrongTilesAreInTheLastRowOrColumn) {
  Output edges(40, 40);
  edges.at(39, 0) = -50;   // last row of tiles
  edges.at(5, 39) = -50;   // last column of tiles
  const std::string edge_text = explain(edges.compare(), "P", 16);
  EXPECT_TRUE(contains(edge_text, "wrong output tiles (16x16):\n  . . X\n  . . .\n  X . .\n")) << edge_text;
  EXPECT_TRUE(contains(edge_text, kEdgeHint)) << edge_text;

  Output interior = edges;
  interior.at(20, 20) = -50;  // tile (1, 1)
  const std::string interior_text = explain(interior.compare(), "P", 16);
  EXPECT_FALSE(contains(interior_text, kEdgeHint)) << interior_text;

  Output corner(40, 40);
  corner.at(0, 0) = -50;
  EXPECT_FALSE(contains(explain(corner.compare(), "P", 16), kEdgeHint));
}

TEST(Compare, NoMapForAnOutputOfOneTile) {
  Output o(10, 10);
  o.at(3, 3) = -50;
  const std::string text = explain(o.compare(), "P", 16);
  EXPECT_FALSE(contains(text, "wrong output tiles")) << text;
  EXPECT_FALSE(contains(text, kEdgeHint)) << text;
}

}  // namespace
}  // namespace kit
