#include "kit/cases.h"

#include "kit/random.h"

namespace kit {

std::vector<TestCase> expand_cases(const Rubric& rubric, std::uint64_t grading_seed, bool visible_only) {
  std::vector<TestCase> cases;
  for (const CorrectnessGroup& g : rubric.correctness) {
    if (visible_only && g.visibility != "visible") continue;
    const std::uint64_t base = g.visibility == "visible" ? rubric.seed : grading_seed;
    std::vector<std::pair<std::string, Dims>> sizes;
    for (const Dims& d : g.shapes) sizes.push_back({describe_shape(rubric, d), d});
    Rng rng{derive_seed(base, g.name + "/random sizes")};
    for (int i = 0; i < g.random.count; ++i) {
      Dims d;
      if (rubric.square) {
        d.assign(3, uniform_between(rng, g.random.min, g.random.max));
      } else {
        for (int k = 0; k < 3; ++k) d.push_back(uniform_between(rng, g.random.min, g.random.max));
      }
      sizes.push_back({"random size " + std::to_string(i + 1) + ": " + describe_shape(rubric, d), d});
    }
    std::vector<int> widths = g.tile_widths.empty() ? std::vector<int>{0} : g.tile_widths;
    const std::size_t count = sizes.size() * widths.size();
    for (int w : widths) {
      for (const auto& [name, dims] : sizes) {
        TestCase c;
        c.group = g.name;
        c.name = w ? name + ", TILE_WIDTH " + std::to_string(w) : name;
        c.dims = dims;
        c.tile_width = w;
        c.visibility = g.visibility;
        c.points = g.points / static_cast<double>(count);
        for (int s = 0; s < g.seeds; ++s) c.seeds.push_back(derive_seed(base, g.name + "/" + c.name, s) >> 1);
        cases.push_back(c);
      }
    }
  }
  return cases;
}

}  // namespace kit
