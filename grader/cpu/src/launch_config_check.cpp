#include "launch_config_check.h"

#include <atomic>
#include <cstdint>

#include <kitcpu/virtual_device.h>

namespace kitcpu::detail {
namespace {

std::string dims(const dim3& d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

constexpr const char* kAxis[3] = {"x", "y", "z"};

bool is_default(const VirtualDevice& device) { return &device == &kDefaultVirtualDevice; }

// Names the device when it is not the default one: its limits are then not the ones a student knows.
std::string on(const VirtualDevice& device) {
  return is_default(device) ? "" : std::string(" on this device (") + device.key + ")";
}

// On a device with smaller limits than the usual 1024 threads and 48 KiB, the usual cause is a size fixed
// at compile time where the device should have been asked.
const char* kAskTheDevice = "this device's limits are smaller than those the code assumes: size the block and its "
                            "shared memory from cudaGetDeviceProperties (maxThreadsPerBlock, sharedMemPerBlock) "
                            "instead of fixing them at compile time";
// Where the code did ask, its rule let through a size the device refuses.
const char* kCheckTheRule = "the code asks the device for its limits, but the rule that picks the tile let through "
                            "one this device refuses: compare like with like, sharedMemPerBlock in bytes (a w x w "
                            "tile of floats takes w * w * sizeof(float), times the tiles a block holds) and "
                            "maxThreadsPerBlock in threads (w * w), and keep each at or below its limit";

std::atomic<bool> g_device_asked{false};

}  // namespace

void note_device_asked() { g_device_asked.store(true, std::memory_order_relaxed); }
bool device_asked() { return g_device_asked.load(std::memory_order_relaxed); }

std::optional<LaunchProblem> check_launch_configuration(const dim3& grid, const dim3& block,
                                                        std::size_t dynamic_shared_bytes, const VirtualDevice& device,
                                                        bool code_read_limits) {
  const char* ask_the_device = code_read_limits ? kCheckTheRule : kAskTheDevice;
  const unsigned max_threads = device.max_threads_per_block;
  const unsigned g[3] = {grid.x, grid.y, grid.z};
  const unsigned b[3] = {block.x, block.y, block.z};
  for (int a = 0; a < 3; ++a) {
    if (g[a] == 0) {
      return LaunchProblem{"gridDim." + std::string(kAxis[a]) + " is 0 in gridDim " + dims(grid) +
                               "; every dimension must be at least 1",
                           "a grid size computed by integer division that rounds down to 0, e.g. Width / "
                           "TILE_WIDTH with Width < TILE_WIDTH: round up with (Width + TILE_WIDTH - 1) / TILE_WIDTH"};
    }
    if (b[a] == 0) {
      return LaunchProblem{"blockDim." + std::string(kAxis[a]) + " is 0 in blockDim " + dims(block) +
                               "; every dimension must be at least 1",
                           "a block size computed from the problem size instead of a constant such as TILE_WIDTH"};
    }
  }
  const std::uint64_t threads = std::uint64_t{block.x} * block.y * block.z;
  const std::uint64_t grid_blocks = std::uint64_t{grid.x} * grid.y * grid.z;
  if (threads > max_threads && grid_blocks > 1 && grid_blocks <= max_threads && g[2] <= device.max_block_dim[2] &&
      threads > kDefaultVirtualDevice.max_threads_per_block) {
    // A grid small enough to be a block, and a block that grows with the data: <<<block, grid>>>.
    return LaunchProblem{"blockDim " + dims(block) + " has " + std::to_string(threads) +
                             " threads; a block may have at most " + std::to_string(max_threads) + on(device),
                         "the grid and the block exchanged: gridDim " + dims(grid) +
                             " has the shape of a block. <<<grid, block>>> takes the grid first"};
  }
  if (threads > max_threads) {
    return LaunchProblem{"blockDim " + dims(block) + " has " + std::to_string(threads) +
                             " threads; a block may have at most " + std::to_string(max_threads) + on(device),
                         threads <= kDefaultVirtualDevice.max_threads_per_block ? ask_the_device :
                         "a block as large as the matrix, e.g. dim3 block(Width, Width): use fixed tiles such as "
                         "dim3 block(TILE_WIDTH, TILE_WIDTH) and enough blocks to cover the matrix"};
  }
  for (int a = 0; a < 3; ++a) {
    if (b[a] > device.max_block_dim[a]) {
      return LaunchProblem{"blockDim." + std::string(kAxis[a]) + " is " + std::to_string(b[a]) +
                               ", above the limit of " + std::to_string(device.max_block_dim[a]) + on(device),
                           "a block as large as the matrix, e.g. dim3 block(Width, Width): use fixed tiles such as "
                           "dim3 block(TILE_WIDTH, TILE_WIDTH) and enough blocks to cover the matrix"};
    }
  }
  for (int a = 0; a < 3; ++a) {
    if (g[a] > device.max_grid_dim[a]) {
      return LaunchProblem{"gridDim." + std::string(kAxis[a]) + " is " + std::to_string(g[a]) +
                               ", above the limit of " + std::to_string(device.max_grid_dim[a]) + on(device),
                           "a negative or overflowing grid size converted to unsigned, or the grid's x and y "
                           "swapped for a tall matrix"};
    }
  }
  if (dynamic_shared_bytes > device.shared_memory_per_block) {
    return LaunchProblem{"the launch asks for " + std::to_string(dynamic_shared_bytes) +
                             " bytes of dynamic shared memory; a block may use at most " +
                             std::to_string(device.shared_memory_per_block) + on(device),
                         dynamic_shared_bytes <= kDefaultVirtualDevice.shared_memory_per_block ? ask_the_device :
                         "the third value of <<<...>>> is in bytes: multiply the element count by sizeof(float), "
                         "and size it for one block's tile, not the whole matrix"};
  }
  return std::nullopt;
}

}  // namespace kitcpu::detail
