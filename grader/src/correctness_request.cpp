#include "correctness_request.h"

#include <algorithm>

#include <kitcpu/run_protocol.h>

#include "kit/build_config.h"
#include "kit/runner_call.h"
#include "kit/step_sandbox.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// On the CPU backend, one worker runs every block of the runs that look for races: the checking builds,
// and the default build at the sizes it runs in several thread orders. The blocks then take their turns
// in the order KITCPU_ORDER gives them (kitcpu's thread_order.h), not in the machine's, so the first
// finding and the result in each order are the same in every grading of the same file.
bool one_worker(const Session& s, const TestCase& t, RunMode mode) {
  return mode != RunMode::plain || repeated_on_cpu(t.dims, s.rubric.cpu_checks.repeats_max_volume);
}

std::string with_exit_code(const char* options, int code) { return options + (":exitcode=" + std::to_string(code)); }

// The CPU runtime's settings for the run (kitcpu/run_protocol.h).
std::vector<std::pair<std::string, std::string>> cpu_environment(const Session& s, const TestCase& t, RunMode mode,
                                                                 const std::string& order, const std::string& report,
                                                                 double timeout_s) {
  namespace env = kitcpu::env;
  const double watchdog = std::max(1.0, std::min(10.0, 0.5 * timeout_s));
  std::vector<std::pair<std::string, std::string>> vars = {
      {env::kOrder, order},
      {env::kReport, report},
      {env::kWatchdogSeconds, std::to_string(watchdog)},
      {env::kAsanOptions, with_exit_code(kitcpu::kAsanRunOptions, kitcpu::kAddressSanitizerExitCode)},
      {env::kUbsanOptions, with_exit_code(kitcpu::kUbsanRunOptions, kitcpu::kAddressSanitizerExitCode)},
      {env::kTsanOptions, with_exit_code(kitcpu::kTsanRunOptions, kitcpu::kThreadSanitizerExitCode)}};
  if (one_worker(s, t, mode)) vars.emplace_back(env::kWorkers, "1");
  if (mode == RunMode::access_checks) vars.emplace_back(env::kChecks, "1");
  // The runtime reads its device once, as the program starts (kitcpu/virtual_device.h).
  if (!t.device.empty()) vars.emplace_back(env::kDevice, t.device);
  return vars;
}

}  // namespace

std::string compute_sanitizer() {
  const std::string& nvcc = build_config().nvcc;
  if (nvcc.empty()) return {};
  const fs::path tool = fs::path(nvcc).parent_path() / "compute-sanitizer";
  return fs::exists(tool) ? tool.string() : std::string();
}

bool repeated_on_cpu(const Dims& dims, long max_volume) {
  double volume = 1;
  for (long d : dims) volume *= static_cast<double>(d);
  return volume <= static_cast<double>(max_volume);
}

ProcessRequest run_request(Session& s, const TestCase& t, const std::string& exe, RunMode mode,
                           const std::string& order, const RunnerCase& layout, DeviceMemory& memory,
                           const fs::path& dir, SeedConversation& talk) {
  const bool gpu_tool = under_compute_sanitizer(mode);
  ProcessRequest req = runner_request(exe, layout, memory.descriptor(), dir.string(), s.rubric.limits.test_seconds);
  req.converse = [&talk](const std::string& channel) { return talk.next(channel); };
  req.turn_over = [&talk] { return talk.finished; };
  req.sandbox =
      run_sandbox(s, exe, dir.string(), sanitized_build(mode), gpu_tool ? RunTool::compute_sanitizer : RunTool::none);
  // Only the runner is watched: a process the student's code forked cannot use the runner's CUDA context,
  // and compute-sanitizer would wait for every watched process to end before it reports.
  if (gpu_tool)
    req.argv.insert(req.argv.begin(), {compute_sanitizer(), "--tool", name_of(mode), "--target-processes",
                                       "application-only", "--error-exitcode",
                                       std::to_string(kitcpu::kComputeSanitizerExitCode), "--print-limit", "20"});
  // memcheck sees an access past an array only when the array is an allocation of its own.
  if (mode == RunMode::memcheck) req.argv.insert(req.argv.end(), {"--separate-buffers", "1"});
  // On a GPU a run at a correctness size takes milliseconds: one that has not finished in
  // limits.run_seconds is a kernel that never ends, and waiting out the test's whole limit for it (made
  // for the CPU backend's emulation) would cost a class minutes per hung build. compute-sanitizer's
  // tools slow every run many times over, so they get more.
  if (s.backend == Backend::cuda)
    req.stall_timeout_s = s.rubric.limits.run_seconds * (gpu_tool ? kSanitizerSlowdown : 1);
  if (s.backend == Backend::cpu)
    req.env = cpu_environment(s, t, mode, order, (dir / "diagnostics.jsonl").string(), req.timeout_s);
  return req;
}

std::string runner_key(const Session& s, const TestCase& t, const std::string& exe, RunMode mode,
                       const std::string& order) {
  const bool cpu_workers = s.backend == Backend::cpu && !one_worker(s, t, mode);
  return exe + "\n" + name_of(mode) + "\n" + order + "\n" + t.device + (cpu_workers ? "\nworkers" : "");
}

}  // namespace kit
