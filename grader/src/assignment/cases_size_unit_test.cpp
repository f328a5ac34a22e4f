// A group's size_unit: sizes counted in each build's tile.
#include "assignment/cases.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

Rubric block_rubric() {
  Rubric r;
  r.functions = {{"block_transpose", find_problem("block-transpose")}};
  r.knobs = {{"BLOCK_WIDTH", 16}};
  return r;
}

TEST(CasesSizeUnit, SizesAreCountedInEachBuildsTile) {
  Rubric r = block_rubric();
  CorrectnessGroup g;
  g.name = "tiles";
  g.points = 10;
  g.size_unit = "BLOCK_WIDTH";
  g.shapes = {{3, 2}};
  g.builds = {{{"BLOCK_WIDTH", 4}}, {{"BLOCK_WIDTH", 7}}};
  r.correctness = {g};
  const std::vector<TestCase> cases = expand_cases(r, 1, false);
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].dims, (Dims{12, 8}));
  EXPECT_EQ(cases[0].name, "12x8, BLOCK_WIDTH 4");
  EXPECT_EQ(cases[1].dims, (Dims{21, 14}));
  EXPECT_EQ(knob_value(cases[1].knobs, "BLOCK_WIDTH", 0), 7);
}

TEST(CasesSizeUnit, TheDefaultBuildUsesTheRubricsValueAndRandomSizesToo) {
  Rubric r = block_rubric();
  CorrectnessGroup g;
  g.name = "random tiles";
  g.points = 10;
  g.size_unit = "BLOCK_WIDTH";
  g.random = {3, 1, 4};
  r.correctness = {g};
  for (const TestCase& c : expand_cases(r, 1, false)) {
    EXPECT_EQ(c.dims[0] % 16, 0) << c.name;
    EXPECT_EQ(c.dims[1] % 16, 0) << c.name;
    EXPECT_LE(c.dims[0], 64);
    EXPECT_EQ(c.name.rfind("random size ", 0), 0u) << c.name;
  }
}

}  // namespace
}  // namespace kit
