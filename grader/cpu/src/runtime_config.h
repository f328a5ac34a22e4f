// The runtime's settings, read from the environment once, at the first kernel launch.
//
//   KITCPU_ORDER      forward | reverse | random:<seed>   order of the CUDA threads of a block in each
//                                                         round between barriers (default forward)
//   KITCPU_WORKERS    worker threads running blocks (default: the host's hardware concurrency)
//   KITCPU_WATCHDOG_S seconds one launch may run before it is reported as a hang (default 20)
//   KITCPU_REPORT     file that diagnostics are appended to, one JSON object per line (default none)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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
};

// Parsers of single values; empty when the text is not valid.
std::optional<ThreadOrderPolicy> parse_thread_order(std::string_view text);
std::optional<unsigned> parse_worker_count(std::string_view text);
std::optional<double> parse_watchdog_seconds(std::string_view text);

// The settings of this process. A value that does not parse ends the process with a message and
// kBadEnvironmentExitCode: grading with settings other than the ones asked for would be worse.
const RuntimeConfig& runtime_config();

}  // namespace kitcpu::detail
