// One kernel launch while it runs: the request, its shape, and the counters the workers share.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include <kitcpu/launch.h>

namespace kitcpu::detail {

struct LaunchState {
  explicit LaunchState(const LaunchRequest& r)
      : request(r),
        block_count(std::uint64_t{r.grid.x} * r.grid.y * r.grid.z),
        block_threads(r.block.x * r.block.y * r.block.z),
        launch_site(std::string(r.file) + ":" + std::to_string(r.line)) {}

  const LaunchRequest request;
  const std::uint64_t block_count;
  const unsigned block_threads;
  const std::string launch_site;  // "matmul.cu:58"

  std::atomic<std::uint64_t> next_block{0};           // turns handed out so far (block_at, thread_order.h)
  std::atomic<bool> early_exit_reported{false};       // the warning is given once per launch
  std::atomic<bool> exited_lane_read_reported{false}; // the warning is given once per launch
};

// x fastest, as CUDA numbers threads within a block and blocks within a grid.
inline uint3 unflatten(std::uint64_t linear, const dim3& extent) {
  return uint3{static_cast<unsigned>(linear % extent.x), static_cast<unsigned>((linear / extent.x) % extent.y),
               static_cast<unsigned>(linear / (std::uint64_t{extent.x} * extent.y))};
}

// "(3,15,0)", the way diagnostics write thread and block indices.
inline std::string format_index(const uint3& i) {
  return "(" + std::to_string(i.x) + "," + std::to_string(i.y) + "," + std::to_string(i.z) + ")";
}

}  // namespace kitcpu::detail
