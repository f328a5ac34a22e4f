#include "runtime_config.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>
#include <thread>

#include <kitcpu/run_protocol.h>

#include "sanitizer_support.h"

namespace kitcpu::detail {
namespace {

std::optional<std::uint64_t> parse_unsigned(std::string_view text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const std::uint64_t next = value * 10 + static_cast<unsigned>(c - '0');
    if (next / 10 != value) return std::nullopt;  // overflow
    value = next;
  }
  return value;
}

[[noreturn]] void reject(const char* variable, const char* value, const char* expected) {
  std::fprintf(stderr, "kitcpu: %s=\"%s\" is not valid: expected %s\n", variable, value, expected);
  std::fflush(stderr);
  std::_Exit(kBadEnvironmentExitCode);
}

std::string virtual_device_choices() {
  std::string text = "one of";
  for (const VirtualDevice& d : kVirtualDevices) text += std::string(" ") + d.key;
  return text;
}

RuntimeConfig read_environment() {
  RuntimeConfig config;
  const unsigned cores = std::thread::hardware_concurrency();
  config.workers = cores > 0 ? cores : 1;
  if (const char* v = std::getenv(env::kOrder)) {
    const auto order = parse_thread_order(v);
    if (!order) reject(env::kOrder, v, "forward, reverse or random:<seed>");
    config.order = *order;
  }
  if (const char* v = std::getenv(env::kWorkers)) {
    const auto workers = parse_worker_count(v);
    if (!workers) reject(env::kWorkers, v, "a number of worker threads from 1 to 256");
    config.workers = *workers;
  }
  if (const char* v = std::getenv(env::kWatchdogSeconds)) {
    const auto seconds = parse_watchdog_seconds(v);
    if (!seconds) reject(env::kWatchdogSeconds, v, "a positive number of seconds");
    config.watchdog_seconds = *seconds;
  }
  if (const char* v = std::getenv(env::kReport)) config.report_path = v;
  if (const char* v = std::getenv(env::kCalls)) config.calls_path = v;
  if (const char* v = std::getenv(env::kDevice)) {
    config.device = find_virtual_device(v);
    if (config.device == nullptr) reject(env::kDevice, v, virtual_device_choices().c_str());
  }
#if KITCPU_ACCESS
  // Only the flavour that reads them rejects bad values: the others run whatever these say.
  if (const char* v = std::getenv(env::kAccessReport)) config.access_report_path = v;
  if (const char* v = std::getenv(env::kAccessBlocks)) {
    const auto blocks = parse_access_blocks(v);
    if (!blocks) reject(env::kAccessBlocks, v, "a number of blocks per launch, 0 for all");
    config.access_blocks = *blocks;
  }
  if (const char* v = std::getenv(env::kChecks)) {
    const std::string_view text = v;
    if (text != "0" && text != "1") reject(env::kChecks, v, "1 to check every access, 0 not to");
    config.checks = text == "1";
  }
#endif
  return config;
}

}  // namespace

std::optional<ThreadOrderPolicy> parse_thread_order(std::string_view text) {
  ThreadOrderPolicy policy;
  if (text == "forward") return policy;
  if (text == "reverse") {
    policy.kind = ThreadOrderPolicy::Kind::reverse;
    return policy;
  }
  constexpr std::string_view kRandom = "random:";
  if (text.substr(0, kRandom.size()) == kRandom) {
    const auto seed = parse_unsigned(text.substr(kRandom.size()));
    if (!seed) return std::nullopt;
    policy.kind = ThreadOrderPolicy::Kind::random;
    policy.seed = *seed;
    return policy;
  }
  return std::nullopt;
}

std::optional<unsigned> parse_worker_count(std::string_view text) {
  const auto n = parse_unsigned(text);
  if (!n || *n < 1 || *n > 256) return std::nullopt;
  return static_cast<unsigned>(*n);
}

std::optional<double> parse_watchdog_seconds(std::string_view text) {
  const std::string copy(text);
  char* end = nullptr;
  errno = 0;
  const double seconds = std::strtod(copy.c_str(), &end);
  if (copy.empty() || *end != '\0' || errno != 0 || !std::isfinite(seconds) || seconds <= 0) return std::nullopt;
  return seconds;
}

std::optional<std::uint64_t> parse_access_blocks(std::string_view text) { return parse_unsigned(text); }

const RuntimeConfig& runtime_config() {
  static const RuntimeConfig config = read_environment();
  return config;
}

namespace {

// The settings are the grader's, not the program's: a program that read KITCPU_DEVICE could choose a
// tile per virtual device by its name instead of by the properties the runtime reports, and pass "on
// every device" while ignoring the device. Each value is overwritten where the process started with it
// (what /proc/self/environ reads) and then removed from the environment.
void hide_settings_from_the_program() {
  std::vector<std::string> names;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    char* text = *entry;
    if (std::strncmp(text, "KITCPU_", 7) != 0) continue;
    char* equals = std::strchr(text, '=');
    if (equals == nullptr) continue;
    names.emplace_back(text, equals);
    std::memset(equals + 1, 0, std::strlen(equals + 1));
  }
  for (const std::string& name : names) unsetenv(name.c_str());
}

}  // namespace

// Read as the program starts (before the program's own constructors, which run at the default
// priority) rather than at the first call that needs them: a program that changes KITCPU_DEVICE in main
// still runs on the device the grader chose, and none can read it.
__attribute__((constructor(101))) static void read_settings_as_the_program_starts() {
  (void)runtime_config();
  hide_settings_from_the_program();
}

}  // namespace kitcpu::detail

namespace kitcpu {

const VirtualDevice& current_virtual_device() { return *detail::runtime_config().device; }

}  // namespace kitcpu
