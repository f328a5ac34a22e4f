#include "assignment/cases.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace kit {
namespace {

CorrectnessGroup group(const std::string& name, double points, std::vector<Dims> shapes,
                       Visibility visibility = Visibility::visible) {
  CorrectnessGroup g;
  g.name = name;
  g.points = points;
  g.shapes = std::move(shapes);
  g.visibility = visibility;
  return g;
}

CorrectnessGroup random_group(const std::string& name, Visibility visibility, int count, long min, long max) {
  CorrectnessGroup g = group(name, 12, {}, visibility);
  g.random = {count, min, max};
  return g;
}

// A rubric of one function solving matmul, with no groups yet.
Rubric matmul_rubric(bool square) {
  Rubric r;
  r.functions = {{"matmul_tiled", find_problem("matmul")}};
  r.square = square;
  r.square_name = "Width";
  r.knobs = {{"TILE_WIDTH", 16}};
  return r;
}

// Like matmul-tiled: explicit sizes, other tile widths, hidden random sizes.
Rubric square_rubric() {
  Rubric r = matmul_rubric(true);
  r.assignment = "matmul-tiled";
  r.seed = 408002;
  r.correctness.push_back(group("multiples of the tile", 15, {{16, 16, 16}, {32, 32, 32}, {64, 64, 64}, {256, 256, 256}}));
  CorrectnessGroup widths = group("other tile widths", 12, {{17, 17, 17}, {33, 33, 33}, {100, 100, 100}});
  widths.builds = {{{"TILE_WIDTH", 8}}, {{"TILE_WIDTH", 32}}};
  r.correctness.push_back(widths);
  r.correctness.push_back(random_group("hidden random sizes", Visibility::hidden, 6, 1, 600));
  r.correctness.push_back(group("after the due date", 5, {{5, 5, 5}}, Visibility::after_due_date));
  return r;
}

std::vector<TestCase> of_group(const std::vector<TestCase>& cases, const std::string& name) {
  std::vector<TestCase> out;
  for (const TestCase& c : cases)
    if (c.group == name) out.push_back(c);
  return out;
}

TEST(Cases, EachSizeAndTileWidthIsOneCaseWithTheGroupsSeedCount) {
  Rubric r = square_rubric();
  r.correctness[0].seeds = 2;
  const std::vector<TestCase> cases = expand_cases(r, 1, false);
  EXPECT_EQ(cases.size(), 4u + 3u * 2u + 6u + 1u);
  EXPECT_EQ(of_group(cases, "multiples of the tile").size(), 4u);
  EXPECT_EQ(of_group(cases, "other tile widths").size(), 6u);
  EXPECT_EQ(of_group(cases, "hidden random sizes").size(), 6u);
  for (const TestCase& c : cases) EXPECT_EQ(c.seeds.size(), c.group == "multiples of the tile" ? 2u : 3u) << c.name;
}

TEST(Cases, GroupPointsAreSharedEquallyByItsCases) {
  const std::vector<TestCase> cases = expand_cases(square_rubric(), 1, false);
  struct Share {
    std::string group;
    double points;
    int count;
  };
  for (const auto& [name, points, count] : std::vector<Share>{
           {"multiples of the tile", 15, 4}, {"other tile widths", 12, 6}, {"hidden random sizes", 12, 6}}) {
    double sum = 0;
    for (const TestCase& c : of_group(cases, name)) {
      EXPECT_DOUBLE_EQ(c.points, points / count) << c.name;
      sum += c.points;
    }
    EXPECT_DOUBLE_EQ(sum, points) << name;
  }
}

TEST(Cases, NamesDescribeTheSizeAndTheTileWidth) {
  const std::vector<TestCase> cases = expand_cases(square_rubric(), 1, false);
  const std::vector<TestCase> plain = of_group(cases, "multiples of the tile");
  EXPECT_EQ(plain[0].name, "Width 16");
  EXPECT_EQ(plain[0].dims, (Dims{16, 16, 16}));
  EXPECT_TRUE(plain[0].build.empty());
  EXPECT_EQ(knob_value(plain[0].knobs, "TILE_WIDTH", 0), 16);  // the rubric's default, for the map of tiles

  std::vector<std::string> names;
  std::vector<long> widths, built;
  for (const TestCase& c : of_group(cases, "other tile widths")) {
    names.push_back(c.name);
    widths.push_back(knob_value(c.knobs, "TILE_WIDTH", 0));
    built.push_back(knob_value(c.build, "TILE_WIDTH", 0));
  }
  EXPECT_EQ(names, (std::vector<std::string>{"Width 17, TILE_WIDTH 8", "Width 33, TILE_WIDTH 8",
                                              "Width 100, TILE_WIDTH 8", "Width 17, TILE_WIDTH 32",
                                              "Width 33, TILE_WIDTH 32", "Width 100, TILE_WIDTH 32"}));
  EXPECT_EQ(widths, (std::vector<long>{8, 8, 8, 32, 32, 32}));
  EXPECT_EQ(built, widths);

  Rubric rect = matmul_rubric(false);
  rect.correctness.push_back(group("rectangular", 10, {{67, 53, 64}}));
  EXPECT_EQ(expand_cases(rect, 1, false)[0].name, "67x53x64");
}

TEST(Cases, VisibleGroupsUseTheRubricSeedWhateverTheGradingSeed) {
  const std::vector<TestCase> a = of_group(expand_cases(square_rubric(), 1, false), "multiples of the tile");
  const std::vector<TestCase> b = of_group(expand_cases(square_rubric(), 987654321, false), "multiples of the tile");
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].seeds, b[i].seeds) << a[i].name;

  Rubric other = square_rubric();
  other.seed = 408003;
  EXPECT_NE(of_group(expand_cases(other, 1, false), "multiples of the tile")[0].seeds, a[0].seeds);

  // Random sizes of a visible group too: `grader datasets` must reproduce them.
  Rubric visible_random = matmul_rubric(true);
  visible_random.correctness.push_back(random_group("random", Visibility::visible, 8, 1, 1000));
  const std::vector<TestCase> x = expand_cases(visible_random, 1, false);
  const std::vector<TestCase> y = expand_cases(visible_random, 2, false);
  ASSERT_EQ(x.size(), y.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    EXPECT_EQ(x[i].dims, y[i].dims);
    EXPECT_EQ(x[i].seeds, y[i].seeds);
  }
}

TEST(Cases, HiddenGroupsChangeWithTheGradingSeed) {
  for (const std::string name : {"hidden random sizes", "after the due date"}) {
    const std::vector<TestCase> a = of_group(expand_cases(square_rubric(), 1, false), name);
    const std::vector<TestCase> b = of_group(expand_cases(square_rubric(), 2, false), name);
    ASSERT_EQ(a.size(), b.size());
    EXPECT_NE(a[0].seeds, b[0].seeds) << name;
  }
  std::vector<Dims> sizes_a, sizes_b;
  for (const TestCase& c : of_group(expand_cases(square_rubric(), 1, false), "hidden random sizes")) sizes_a.push_back(c.dims);
  for (const TestCase& c : of_group(expand_cases(square_rubric(), 2, false), "hidden random sizes")) sizes_b.push_back(c.dims);
  EXPECT_NE(sizes_a, sizes_b);
}

TEST(Cases, VisibleOnlyLeavesOutHiddenAndAfterDueDateGroups) {
  const std::vector<TestCase> cases = expand_cases(square_rubric(), 1, true);
  EXPECT_EQ(cases.size(), 10u);
  for (const TestCase& c : cases) EXPECT_EQ(c.visibility, Visibility::visible) << c.name;
}

TEST(Cases, RandomSizesStayWithinTheirBounds) {
  Rubric square = matmul_rubric(true);
  square.correctness.push_back(random_group("random", Visibility::visible, 200, 5, 9));
  std::set<long> widths;
  for (const TestCase& c : expand_cases(square, 1, false)) {
    ASSERT_EQ(c.dims.size(), 3u);
    EXPECT_EQ(c.dims[0], c.dims[1]);
    EXPECT_EQ(c.dims[1], c.dims[2]);
    EXPECT_GE(c.dims[0], 5);
    EXPECT_LE(c.dims[0], 9);
    widths.insert(c.dims[0]);
  }
  EXPECT_EQ(widths, (std::set<long>{5, 6, 7, 8, 9}));

  Rubric rect = matmul_rubric(false);
  rect.correctness.push_back(random_group("random", Visibility::visible, 50, 1, 300));
  bool some_not_square = false;
  for (const TestCase& c : expand_cases(rect, 1, false)) {
    ASSERT_EQ(c.dims.size(), 3u);
    for (long d : c.dims) {
      EXPECT_GE(d, 1);
      EXPECT_LE(d, 300);
    }
    some_not_square = some_not_square || c.dims[0] != c.dims[1] || c.dims[1] != c.dims[2];
  }
  EXPECT_TRUE(some_not_square);
}

TEST(Cases, RandomCasesAreNamedByNumberAndSize) {
  const std::vector<TestCase> cases = of_group(expand_cases(square_rubric(), 1, false), "hidden random sizes");
  ASSERT_EQ(cases.size(), 6u);
  EXPECT_EQ(cases[2].name, "random size 3: Width " + std::to_string(cases[2].dims[0]));
}

TEST(Cases, ExpansionIsDeterministicAndEverySeedDistinct) {
  const std::vector<TestCase> a = expand_cases(square_rubric(), 77, false);
  const std::vector<TestCase> b = expand_cases(square_rubric(), 77, false);
  ASSERT_EQ(a.size(), b.size());
  std::set<std::uint64_t> seeds;
  std::size_t seed_count = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].dims, b[i].dims);
    EXPECT_EQ(a[i].seeds, b[i].seeds);
    seeds.insert(a[i].seeds.begin(), a[i].seeds.end());
    seed_count += a[i].seeds.size();
  }
  EXPECT_EQ(seeds.size(), seed_count);
}

// A group run on several virtual devices: one test per device and size on the CPU backend, named with
// the device; on the GPU one test per size, with the group's points all the same.
TEST(Cases, EachVirtualDeviceIsATestOfItsOwnOnTheCpuBackendAndOneOnTheGpu) {
  Rubric r = matmul_rubric(true);
  CorrectnessGroup g = group("any device", 12, {{17, 17, 17}, {64, 64, 64}});
  g.devices = {"cc80", "small-shared", "threads-256"};
  r.correctness.push_back(g);

  const std::vector<TestCase> cpu = expand_cases(r, 1, false, DeviceTests::virtual_devices);
  ASSERT_EQ(cpu.size(), 6u);
  EXPECT_EQ(cpu[0].name, "Width 17 on cc80");
  EXPECT_EQ(cpu[0].device, "cc80");
  EXPECT_EQ(cpu[3].name, "Width 64 on small-shared");
  EXPECT_EQ(cpu[3].device, "small-shared");
  double points = 0;
  for (const TestCase& c : cpu) points += c.points;
  EXPECT_DOUBLE_EQ(points, 12);
  EXPECT_NE(cpu[0].seeds, cpu[2].seeds);  // each device's test draws its own inputs

  const std::vector<TestCase> gpu = expand_cases(r, 1, false, DeviceTests::own_device);
  ASSERT_EQ(gpu.size(), 2u);
  EXPECT_EQ(gpu[0].name, "Width 17");
  EXPECT_TRUE(gpu[0].device.empty());
  EXPECT_DOUBLE_EQ(gpu[0].points + gpu[1].points, 12);

  // Both: the GPU's own tests first, as alone (the same seeds), then the virtual devices' as on the CPU.
  const std::vector<TestCase> both = expand_cases(r, 1, false, DeviceTests::own_and_virtual);
  ASSERT_EQ(both.size(), 8u);
  EXPECT_EQ(both[0].name, "Width 17");
  EXPECT_EQ(both[0].seeds, gpu[0].seeds);
  EXPECT_EQ(both[2].name, "Width 17 on cc80");
  EXPECT_EQ(both[2].seeds, cpu[0].seeds);
  points = 0;
  for (const TestCase& c : both) points += c.points;
  EXPECT_DOUBLE_EQ(points, 12);
}

}  // namespace
}  // namespace kit
