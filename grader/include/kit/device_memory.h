// The arena: device memory the grader owns and lends to a runner. The grader writes the inputs and the
// outputs' poison into it, the student's code works on it, and the grader reads the outputs, the inputs
// and the guard zones back itself, from memory the student's process does not control: whatever that
// process says about them on the channel is not needed, so lying there gains nothing.
//
// Two kinds, one per backend: host memory shared through a memfd (the CPU backend, whose "device
// memory" is host memory), and GPU memory exported as a file descriptor by a trusted helper process,
// kit-device-memory, which no student code is linked into (the cuda backend).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kit/array.h"
#include "kit/recipe.h"

namespace kit {

class DeviceMemory {
 public:
  virtual ~DeviceMemory() = default;
  // The descriptor a runner maps the memory from, and how (--arena-kind host|gpu).
  virtual int descriptor() const = 0;
  virtual const char* kind() const = 0;
  virtual std::size_t size() const = 0;

  // Each throws std::runtime_error when the memory cannot be reached (a kit problem, not the student's).
  virtual void write(std::size_t offset, const void* data, std::size_t bytes) = 0;
  virtual void read(std::size_t offset, void* data, std::size_t bytes) = 0;
  // `pattern` repeated, 4 bytes at a time (element_size 4) or its low byte (element_size 1).
  virtual void fill(std::size_t offset, std::size_t bytes, std::uint32_t pattern, std::size_t element_size) = 0;
  // The array at `offset` drawn from the recipe's stream, by the grader's own generator (on a GPU, a
  // kernel of the trusted helper: fresh inputs for every timed sample cost no transfer).
  virtual void generate(std::size_t offset, const ArraySpec& spec, const Recipe& recipe, std::uint64_t stream) = 0;
  // The elements at `indices` of the array at `offset`, element_size bytes each.
  virtual std::vector<unsigned char> gather(std::size_t offset, std::size_t element_size,
                                            const std::vector<std::size_t>& indices) = 0;
};

// Host memory of `bytes`, zero-filled, behind a memfd.
std::unique_ptr<DeviceMemory> host_device_memory(std::size_t bytes);

// Serves GPU memory to a grading: one helper process for the whole grading, started on first use.
class GpuMemoryServer;
std::shared_ptr<GpuMemoryServer> start_gpu_memory_server(const std::string& helper_program);
std::unique_ptr<DeviceMemory> gpu_device_memory(const std::shared_ptr<GpuMemoryServer>& server, std::size_t bytes);

// What the trusted helper measured of the GPU: the physical limits a reported time is held to.
struct GpuLimits {
  std::string name;
  int multiprocessors = 0;
  int max_sm_clock_mhz = 0;
  int memory_clock_mhz = 0;
  int memory_bus_bits = 0;
  int compute_major = 0, compute_minor = 0;
  double peak_fp32_gflops() const;  // multiprocessors x FP32 lanes per SM x 2 x clock
  double peak_bandwidth_gbs() const;  // 2 (double data rate) x memory clock x bus width
};
GpuLimits gpu_limits(GpuMemoryServer& server);

}  // namespace kit
