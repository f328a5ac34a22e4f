#include "checks/correctness_modes.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

TestCase sized(const Function* f, const std::string& name, Dims dims) {
  TestCase t;
  t.group = "sizes";
  t.name = name;
  t.function = f;
  t.dims = std::move(dims);
  return t;
}

// The probe is where a read past an array hides: a size off the tile's edge, the largest such one.
TEST(MemcheckProbes, EachFunctionGetsItsLargestSizeOffATileEdge) {
  Function tiled, other;
  const TestCase w16 = sized(&tiled, "Width 16", {16, 16, 16}), w17 = sized(&tiled, "Width 17", {17, 17, 17}),
                 w33 = sized(&tiled, "Width 33", {33, 33, 33}), w64 = sized(&tiled, "Width 64", {64, 64, 64}),
                 o32 = sized(&other, "n 32", {32});
  const std::set<std::string> probes = pick_memcheck_probes({&w16, &w17, &w33, &w64, &o32});
  EXPECT_EQ(probes, (std::set<std::string>{"sizes\nWidth 33", "sizes\nn 32"}));
}

TEST(MemcheckProbes, RectangularSizesCountAnyDimensionOffTheEdge) {
  Function f;
  const TestCase square = sized(&f, "32x32", {32, 32}), tall = sized(&f, "32x17", {32, 17});
  EXPECT_EQ(pick_memcheck_probes({&square, &tall}), (std::set<std::string>{"sizes\n32x17"}));
  EXPECT_TRUE(pick_memcheck_probes({}).empty());
}

}  // namespace
}  // namespace kit
