// Tests of the block-transpose problem: each tile transposed where it lies, exactly, and the untransposed
// matrix recognised as a known wrong answer.
#include "kit/problem.h"
#include "kit/wrong_answers.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace kit {
namespace {

const Problem& block_transpose() {
  const Problem* p = find_problem("block-transpose");
  if (!p) throw std::runtime_error("no block-transpose problem");
  return *p;
}

TEST(BlockTranspose, InputAndOutputAreTheSameMatrix) {
  const std::vector<ArraySpec> in = block_transpose().inputs({6, 4});
  const std::vector<ArraySpec> out = block_transpose().outputs({6, 4});
  ASSERT_EQ(in.size(), 1u);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(in[0].shape, (std::vector<long>{6, 4}));
  EXPECT_EQ(out[0].shape, (std::vector<long>{6, 4}));
  EXPECT_EQ(block_transpose().metric, Metric::gbps);
}

TEST(BlockTranspose, EachTileIsTransposedWhereItLies) {
  const Dims d{6, 4};  // 3 x 2 tiles of 2 x 2
  const Knobs knobs{{"BLOCK_WIDTH", 2}};
  const Arrays in = generate_inputs(block_transpose(), block_transpose().variants.front(), d, 5);
  const Expected e = block_transpose().reference(d, knobs, in);
  for (long r = 0; r < 6; ++r)
    for (long c = 0; c < 4; ++c) {
      const long r0 = r / 2 * 2, c0 = c / 2 * 2;
      const long from = (r0 + (c - c0)) * 4 + (c0 + (r - r0));
      EXPECT_EQ(e.values[0][r * 4 + c], in[0].value(from)) << r << "," << c;
      double scale = -1;
      EXPECT_EQ(block_transpose().reference_element(d, knobs, input_elements(in), 0, r * 4 + c, &scale),
                e.values[0][r * 4 + c]);
      EXPECT_EQ(scale, 0.0);
    }
  // With tiles of one element, nothing moves.
  const Expected same = block_transpose().reference(d, {{"BLOCK_WIDTH", 1}}, in);
  for (std::size_t i = 0; i < 24; ++i) EXPECT_EQ(same.values[0][i], in[0].value(i));
}

}  // namespace
}  // namespace kit
