// The runtime's settings, read from the environment once, at the first launch or runtime call that
// needs one of them.
//
//   KITCPU_ORDER      forward | reverse | random:<seed>   order of the CUDA threads of a block in each
//                                                         round between barriers (default forward)
//   KITCPU_WORKERS    worker threads running blocks (default: the host's hardware concurrency)
//   KITCPU_WATCHDOG_S seconds one launch may run before it is reported as a hang (default 20)
//   KITCPU_REPORT     file that diagnostics are appended to, one JSON object per line (default none)
//   KITCPU_CALLS      file the record of runtime calls is appended to, one JSON object per line
//                     (kitcpu/runtime_calls.h; default none: nothing is recorded)
//   KITCPU_DEVICE     the virtual device the run presents, a key of kitcpu/virtual_device.h's table
//                     (default cc80)
// and, read by the access flavour only:
//   KITCPU_ACCESS_REPORT  file the memory-access statistics are written to (default none: nothing is
//                         recorded)
//   KITCPU_ACCESS_BLOCKS  blocks per launch whose accesses are recorded, spread evenly over the grid;
//                         0 = every block (default 4)
//   KITCPU_CHECKS         1: check every access of every block (access_checks.h): a load of shared
//                         memory no thread stored, two threads storing one element, a store to an
//                         input (default 0)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <kitcpu/virtual_device.h>

namespace kitcpu::detail {

struct ThreadOrderPolicy {
  enum class Kind { forward, reverse, random };
  Kind kind = Kind::forward;
  std::uint64_t seed = 0;  // random only
};

struct RuntimeConfig {
  ThreadOrderPolicy order;
  unsigned workers = 1;
  double watchdog_seconds = 20;
  std::string report_path;
  std::string calls_path;
  std::string access_report_path;
  std::uint64_t access_blocks = 4;  // 0: every block
  bool checks = false;
  const VirtualDevice* device = &kDefaultVirtualDevice;
};

// Parsers of single values; empty when the text is not valid.
std::optional<ThreadOrderPolicy> parse_thread_order(std::string_view text);
std::optional<unsigned> parse_worker_count(std::string_view text);
std::optional<double> parse_watchdog_seconds(std::string_view text);
std::optional<std::uint64_t> parse_access_blocks(std::string_view text);

// The settings of this process. A value that does not parse ends the process with a message and
// kBadEnvironmentExitCode: grading with settings other than the ones asked for would be worse.
const RuntimeConfig& runtime_config();

}  // namespace kitcpu::detail
