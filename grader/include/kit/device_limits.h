// The properties of the device a test runs on, as the grader knows them itself: on the CPU backend the
// virtual device's row of the table (kitcpu/virtual_device.h), on a GPU what kit-gpu-probe, the grader's
// own small program, reads from the driver. A problem whose answer is the device's (device-query) is
// checked against these, never against anything the student's process reported.
#pragma once

#include <optional>
#include <string>

namespace kit {

struct DeviceLimits {
  std::string name;
  int multiprocessor_count = 0;
  int max_threads_per_block = 0;
  int max_threads_per_multiprocessor = 0;
  int max_blocks_per_multiprocessor = 0;
  long shared_memory_per_block = 0;  // bytes
  // What the blocks resident on one multiprocessor share, and what the system keeps of it for each
  // block: the shared-memory limit of occupancy (build/occupancy.h).
  long shared_memory_per_multiprocessor = 0;   // bytes
  long reserved_shared_memory_per_block = 0;   // bytes
  int registers_per_block = 0;
  int registers_per_multiprocessor = 0;
  int warp_size = 0;
  int compute_major = 0;  // the compute capability, 9.0 for an H100: the architecture nvcc targets for it
  int compute_minor = 0;
};

// The CPU backend's virtual device of that key; "" is the default device. Throws std::invalid_argument
// for a key the table does not have.
DeviceLimits virtual_device_limits(const std::string& key);

// The limits in kit-gpu-probe's output ("key: value" lines); empty when a value is missing or not a number.
std::optional<DeviceLimits> parse_probe_limits(const std::string& probe_output);

// The GPU's, from a run of kit-gpu-probe. Throws UserError when there is no probe or it fails.
DeviceLimits gpu_device_limits();

}  // namespace kit
