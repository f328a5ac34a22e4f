// The CPU backend's memory-access count: the student's file built in the `access` flavour, which records
// the addresses every warp of a sample of blocks touches and counts sectors and bank conflicts per line
// (grader/cpu/README.md, "access").
#include <filesystem>

#include "checks/memory_access.h"

#include <kitcpu/run_protocol.h>

#include "run/run_files.h"
#include "run/runner_call.h"
#include "run/step_sandbox.h"
#include "util/text.h"

#ifdef KIT_HAVE_CPU_BACKEND
#include <kitcpu/access_report.h>
#endif

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxAccessReport = std::size_t{64} << 20;
constexpr const char* kSampledBlocks = "64";  // enough for every warp shape a tile kernel has

}  // namespace

AccessProfile cpu_access_profile(Session& s, const Function& function, const Dims& dims) {
  AccessProfile p;
  p.measured_by = "the CPU backend, which records the addresses each warp touches";
#ifdef KIT_HAVE_CPU_BACKEND
  const BuildOutcome& build = student_runner(s, Flavour::access, {});
  if (!build.ok) {
    p.error = "the memory-access build failed: " + build.summary;
    p.failure = ProfileFailure::function;
    return p;
  }
  const fs::path dir = new_scratch_folder(s.worker, "access");
  const std::string report = (dir / "access.jsonl").string();
  const double timeout = s.assignment.rubric.limits.test_seconds;
  const ProcessResult r =
      run_function_once(s, build.executable, function, dims, s.assignment.rubric.seed, dir.string(), [&](ProcessRequest& req) {
        const double watchdog = std::max(1.0, std::min(10.0, 0.5 * req.timeout_s));
        req.env = {{kitcpu::env::kAccessReport, report}, {kitcpu::env::kAccessBlocks, kSampledBlocks},
                   {kitcpu::env::kWatchdogSeconds, std::to_string(watchdog)}};
        req.sandbox = run_sandbox(s.assignment, build.executable, dir.string(), false, RunTool::none);
      });
  if (!r.ok()) {
    p.error = function.name + " did not run to the end at " + format_dims(dims) + " (" + describe_ending(r, timeout) + ")";
    p.failure = ProfileFailure::function;
    return p;
  }
  std::string tampered;
  const std::string taken = take_run_file(s.worker, report, kMaxAccessReport, &tampered);
  if (!tampered.empty()) {
    p.error = "the program tampered with the grader's files: " + tampered;
    p.failure = ProfileFailure::function;
    return p;
  }
  const std::string source = read_text_file(s.submission.source);
  for (const kitcpu::AccessRecord& rec : kitcpu::read_access_file(taken))
    p.accesses.push_back({rec.kernel, rec.space, rec.kind, static_cast<double>(rec.requests),
                          static_cast<double>(rec.sectors), static_cast<double>(rec.bank_conflicts),
                          kitcpu::format_access_record(rec, source)});
#else
  (void)s;
  (void)function;
  (void)dims;
  p.error = "the kit was built without the CPU backend";
  p.failure = ProfileFailure::tool_missing;
#endif
  return p;
}

}  // namespace kit
