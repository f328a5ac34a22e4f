// The rubric's correctness groups expanded into concrete tests: each size (and tile width) with its input
// seeds. The same expansion feeds grading and the datasets, so a dataset is exactly what a test runs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kit/rubric.h"

namespace kit {

struct TestCase {
  std::string group;
  std::string name;        // "Width 17", "Width 17, TILE_WIDTH 8", "random size 3: Width 412"
  Dims dims;
  int tile_width = 0;      // 0: the default build
  std::vector<std::uint64_t> seeds;
  std::string visibility;
  double points = 0;       // the group's points shared equally by its tests
};

// `grading_seed` draws the random sizes and the input seeds of groups that are not visible; visible groups
// always use the rubric's public seed, so `grader datasets` reproduces them.
std::vector<TestCase> expand_cases(const Rubric& rubric, std::uint64_t grading_seed, bool visible_only);

}  // namespace kit
