// Whether a GPU would accept a launch configuration: the checks a real device makes before it runs a
// single thread, against a virtual device's limits (virtual_device.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include <kitcpu/vector_types.h>
#include <kitcpu/virtual_device.h>

namespace kitcpu::detail {

struct LaunchProblem {
  std::string message;  // which limit, with the numbers
  std::string hint;     // the usual mistake behind it
};

// Empty when the configuration is valid on `device`. `code_read_limits`: the run read the device's limits
// (cudaGetDeviceProperties, cudaDeviceGetAttribute) before the launch, so a block or a tile too large
// for a small device comes from the rule that chose it, not from a size fixed at compile time.
std::optional<LaunchProblem> check_launch_configuration(const dim3& grid, const dim3& block,
                                                        std::size_t dynamic_shared_bytes,
                                                        const VirtualDevice& device = kDefaultVirtualDevice,
                                                        bool code_read_limits = false);

// The run read the device's limits (device_api.cpp calls it); whether it has.
void note_device_asked();
bool device_asked();

}  // namespace kitcpu::detail
