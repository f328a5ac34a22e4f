#include "assignment/cases.h"

#include "kit/random.h"

namespace kit {
namespace {

Knobs with_build(Knobs knobs, const Knobs& build) {
  for (const Knob& b : build) {
    bool set = false;
    for (Knob& k : knobs)
      if (k.name == b.name) k.value = b.value, set = true;
    if (!set) knobs.push_back(b);
  }
  return knobs;
}

}  // namespace

std::vector<TestCase> expand_cases(const Rubric& rubric, std::uint64_t grading_seed, bool visible_only,
                                   DeviceTests device_tests) {
  std::vector<TestCase> cases;
  for (const CorrectnessGroup& g : rubric.correctness) {
    if (visible_only && g.visibility != Visibility::visible) continue;
    const Function& function = rubric.functions[g.function];
    const std::size_t axes = function.problem->axes.size();
    const std::uint64_t base = g.visibility == Visibility::visible ? rubric.seed : grading_seed;
    std::vector<std::pair<std::string, Dims>> sizes;
    for (const Dims& d : g.shapes) sizes.push_back({describe_shape(rubric, d), d});
    Rng rng{derive_seed(base, g.name + "/random sizes")};
    for (int i = 0; i < g.random.count; ++i) {
      Dims d;
      if (rubric.square) {
        d.assign(axes, uniform_between(rng, g.random.min, g.random.max));
      } else {
        for (std::size_t k = 0; k < axes; ++k) d.push_back(uniform_between(rng, g.random.min, g.random.max));
      }
      sizes.push_back({"random size " + std::to_string(i + 1) + ": " + describe_shape(rubric, d), d});
    }
    const std::vector<Knobs> builds = g.builds.empty() ? std::vector<Knobs>{Knobs{}} : g.builds;
    // "" is the backend's own device.
    std::vector<std::string> devices = {std::string()};
    if (!g.devices.empty() && device_tests == DeviceTests::virtual_devices) devices = g.devices;
    if (device_tests == DeviceTests::own_and_virtual) devices.insert(devices.end(), g.devices.begin(), g.devices.end());
    const std::size_t count = sizes.size() * builds.size() * devices.size();
    for (const std::string& device : devices) {
      for (const Knobs& build : builds) {
        const Knobs knobs = with_build(rubric.knobs, build);
        for (auto [name, dims] : sizes) {
          if (!g.size_unit.empty()) {
            // Sizes counted in tiles: this build's tile makes them elements.
            const long unit = knob_value(knobs, g.size_unit, 1);
            for (long& d : dims) d *= unit;
            name = name.rfind("random size ", 0) == 0 ? name.substr(0, name.find(':') + 2) + describe_shape(rubric, dims)
                                                      : describe_shape(rubric, dims);
          }
          TestCase c;
          c.group = g.name;
          c.name = build.empty() ? name : name + ", " + describe_knobs(build);
          if (!device.empty()) c.name += " on " + device;
          c.device = device;
          c.device_tile = g.device_tile;
          c.function = &function;
          c.inputs = g.inputs.empty() ? &function.problem->variants.front() : find_variant(*function.problem, g.inputs);
          c.dims = dims;
          c.build = build;
          c.knobs = knobs;
          c.visibility = g.visibility;
          c.points = g.points / static_cast<double>(count);
          for (int s = 0; s < g.seeds; ++s) c.seeds.push_back(derive_seed(base, g.name + "/" + c.name, s) >> 1);
          cases.push_back(c);
        }
      }
    }
  }
  return cases;
}

}  // namespace kit
