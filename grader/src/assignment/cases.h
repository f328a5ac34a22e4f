// The rubric's correctness groups expanded into concrete tests: each size (and build) with its input
// seeds. The same expansion feeds grading and the datasets, so a dataset is exactly what a test runs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "assignment/rubric.h"

namespace kit {

struct TestCase {
  std::string group;
  std::string name;        // "Width 17", "Width 17, TILE_WIDTH 8", "random size 3: Width 412"
  const Function* function = nullptr;
  const InputVariant* inputs = nullptr;
  Dims dims;
  Knobs build;             // the -D values of this test's build; empty: the default build
  Knobs knobs;             // every knob's value in that build (the rubric's defaults, then the build's)
  std::vector<std::uint64_t> seeds;
  Visibility visibility = Visibility::visible;
  double points = 0;       // the group's points shared equally by its tests
  std::string device;      // the CPU backend's virtual device it runs on; empty: the backend's own device
  DeviceTileRule device_tile;  // the group's: the tile its launches must use on that device
};

// Where a group's `devices` run. virtual_devices: one test per device and size (the CPU backend);
// own_device: one test per size on the backend's own device (a GPU), with the same points; own_and_virtual:
// both, the group's points shared among all (a GPU grading where the CPU backend is built, which runs the
// virtual devices' tests: a tile that fits only a large GPU fails there as on the CPU backend).
enum class DeviceTests { virtual_devices, own_device, own_and_virtual };

// `grading_seed` draws the random sizes and the input seeds of groups that are not visible; visible groups
// always use the rubric's public seed, so `grader datasets` reproduces them. The cases point into
// `rubric`, which must outlive them.
std::vector<TestCase> expand_cases(const Rubric& rubric, std::uint64_t grading_seed, bool visible_only,
                                   DeviceTests devices = DeviceTests::virtual_devices);

}  // namespace kit
