#include "run/correctness_request.h"

#include <algorithm>

#include <kitcpu/run_protocol.h>

#include "os/build_config.h"
#include "run/runner_backend.h"
#include "run/runner_call.h"
#include "run/step_sandbox.h"

namespace kit {

namespace fs = std::filesystem;

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
  ProcessRequest req = runner_request(exe, layout, memory.descriptor(), dir.string(), s.assignment.rubric.limits.test_seconds);
  req.converse = [&talk](const std::string& channel) { return talk.next(channel); };
  req.turn_over = [&talk] { return talk.finished; };
  req.sandbox =
      run_sandbox(s.assignment, exe, dir.string(), sanitized_build(mode), gpu_tool ? RunTool::compute_sanitizer : RunTool::none);
  // Only the runner is watched: a process the student's code forked cannot use the runner's CUDA context,
  // and compute-sanitizer would wait for every watched process to end before it reports.
  if (gpu_tool)
    req.argv.insert(req.argv.begin(), {compute_sanitizer(), "--tool", name_of(mode), "--target-processes",
                                       "application-only", "--error-exitcode",
                                       std::to_string(kitcpu::kComputeSanitizerExitCode), "--print-limit", "20"});
  // memcheck sees an access past an array only when the array is an allocation of its own.
  if (mode == RunMode::memcheck) req.argv.insert(req.argv.end(), {"--separate-buffers", "1"});
  backend_of(s).prepare_request(s, t, mode, order, dir, req);
  return req;
}

std::string runner_key(const Session& s, const TestCase& t, const std::string& exe, RunMode mode,
                       const std::string& order) {
  return exe + "\n" + name_of(mode) + "\n" + order + "\n" + t.device + backend_of(s).runner_variant(s, t, mode);
}

}  // namespace kit
