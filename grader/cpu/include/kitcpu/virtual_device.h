// The devices the CPU backend can present, one of them per run (KITCPU_DEVICE names it; `cc80` when
// unset). Each is the numbers a GPU reports to cudaGetDeviceProperties: the launch checks, the shared
// memory a block may use and the occupancy API all read the run's device, so a launch its GPU would
// refuse is refused here too. A rubric group's `devices` runs the same test on several of them, so that
// host code which hard-codes what it should ask the device is caught.
//
// The table is plain data: a device is added by adding a row, and the grader reads the same rows to know
// the names a rubric may use and the values a student's device query must report.
#pragma once

// Only <cstddef>: kitcpu.h includes this file in every student file, which must see the same macros
// under the CPU backend as under nvcc (src/backend_macros.cpp).
#include <cstddef>

namespace kitcpu {

struct VirtualDevice {
  const char* key;   // what a rubric and KITCPU_DEVICE call it: "small-shared"
  const char* name;  // cudaDeviceProp::name
  const char* about; // one line for people: what it is for
  int compute_major;
  int compute_minor;
  int warp_size;
  unsigned max_threads_per_block;
  unsigned max_block_dim[3];
  unsigned max_grid_dim[3];
  std::size_t shared_memory_per_block;  // static plus dynamic, without an opt-in
  std::size_t shared_memory_per_block_optin;
  std::size_t shared_memory_per_multiprocessor;
  std::size_t reserved_shared_memory_per_block;
  std::size_t constant_memory;
  // A fixed count rather than the host's core count: results a student sees (e.g. a grid sized from
  // multiProcessorCount) must not depend on the machine that graded them.
  int multiprocessor_count;
  int max_threads_per_multiprocessor;
  int max_blocks_per_multiprocessor;
  int registers_per_block;
  int registers_per_multiprocessor;
  std::size_t global_memory;
  int l2_cache_bytes;
  int memory_bus_width_bits;
  // Nominal clocks in kHz, answered by cudaDeviceGetAttribute; nothing here is timed against them.
  int clock_rate_khz;
  int memory_clock_rate_khz;
};

inline constexpr VirtualDevice kVirtualDevices[] = {
    // The default: a compute capability 8.0 GPU, the common teaching GPU of the kit's era.
    {"cc80", "kit CPU backend (virtual device)", "compute capability 8.0: 1024 threads and 48 KiB of shared memory per block",
     8, 0, 32, 1024, {1024, 1024, 64}, {2147483647u, 65535, 65535},
     48 * 1024, 163 * 1024, 164 * 1024, 1024, 64 * 1024,
     8, 2048, 32, 65536, 65536,
     std::size_t{8} << 30, 4 * 1024 * 1024, 256, 1000000, 1000000},
    // Too little shared memory for the book's pair of 16x16 float tiles (2 KiB), enough for 8x8 (512 B):
    // a tile hard-coded rather than sized from sharedMemPerBlock is refused.
    {"small-shared", "kit virtual device small-shared", "1.5 KiB of shared memory per block: a 16x16 float tile pair does not fit",
     8, 0, 32, 1024, {1024, 1024, 64}, {2147483647u, 65535, 65535},
     1536, 1536, 12 * 1024, 0, 64 * 1024,
     8, 2048, 32, 65536, 65536,
     std::size_t{8} << 30, 4 * 1024 * 1024, 256, 1000000, 1000000},
    // At most 256 threads per block: a 32x32 block is refused, 16x16 is the largest square one.
    {"threads-256", "kit virtual device threads-256", "at most 256 threads per block: a 32x32 block is refused",
     8, 0, 32, 256, {256, 256, 64}, {2147483647u, 65535, 65535},
     48 * 1024, 48 * 1024, 64 * 1024, 0, 64 * 1024,
     8, 1024, 16, 32768, 32768,
     std::size_t{8} << 30, 4 * 1024 * 1024, 256, 1000000, 1000000},
    // The textbook's device D (chapter on memory as a limit to parallelism): 1536 threads, 16,384
    // registers, 16 KiB of shared memory and 8 blocks per SM, with the 512-thread blocks of its day.
    {"textbook-d", "kit virtual device textbook-d", "the textbook's device D: 1536 threads, 16384 registers, 16 KiB shared memory, 8 blocks per SM",
     2, 0, 32, 512, {512, 512, 64}, {65535, 65535, 65535},
     16 * 1024, 16 * 1024, 16 * 1024, 0, 64 * 1024,
     4, 1536, 8, 16384, 16384,
     std::size_t{1} << 30, 256 * 1024, 128, 1000000, 1000000},
};

inline constexpr const VirtualDevice& kDefaultVirtualDevice = kVirtualDevices[0];

constexpr bool same_key(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) ++a, ++b;
  return *a == *b;
}

// The row of that key; nullptr when there is none.
constexpr const VirtualDevice* find_virtual_device(const char* key) {
  for (const VirtualDevice& d : kVirtualDevices)
    if (same_key(key, d.key)) return &d;
  return nullptr;
}

// What storage sized once for every device must hold (a worker's fibers, its shared-memory arena).
constexpr unsigned largest_threads_per_block() {
  unsigned most = 0;
  for (const VirtualDevice& d : kVirtualDevices) most = d.max_threads_per_block > most ? d.max_threads_per_block : most;
  return most;
}
constexpr std::size_t largest_shared_memory_per_block() {
  std::size_t most = 0;
  for (const VirtualDevice& d : kVirtualDevices)
    most = d.shared_memory_per_block > most ? d.shared_memory_per_block : most;
  return most;
}

// The device of this process's run, from KITCPU_DEVICE (runtime_config.h); defined by the runtime.
const VirtualDevice& current_virtual_device();

}  // namespace kitcpu
