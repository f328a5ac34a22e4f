// The CPU backend (grader/cpu): the student's file rewritten and built with the host compiler in one of
// four flavours, run in several thread orders, its checking builds (AddressSanitizer, ThreadSanitizer,
// the access checks) run on small sizes, its settings passed in the environment (kitcpu/run_protocol.h),
// and its diagnostics and the sanitizers' reports read back.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include <kitcpu/run_protocol.h>

#ifdef KIT_HAVE_CPU_BACKEND
#include <kitcpu/rewrite.h>
#include <kitcpu/sanitizer_report.h>
#endif

#include "build/build_steps.h"
#include "checks/memory_access.h"
#include "os/build_config.h"
#include "run/correctness_request.h"
#include "run/run_once.h"
#include "backends/backend_table.h"
#include "run/runner_backend.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// The runtime's watchdog stops a run that stalls well before the run's time limit does.
std::string watchdog_seconds(double timeout_s) { return std::to_string(std::max(1.0, std::min(10.0, 0.5 * timeout_s))); }

// One worker runs every block of the runs that look for races: the checking builds, and the default build
// at the sizes it runs in several thread orders. The blocks then take their turns in the order KITCPU_ORDER
// gives them (kitcpu's thread_order.h), not in the machine's, so the first finding and the result in each
// order are the same in every grading of the same file.
bool one_cpu_worker(const Session& s, const TestCase& t, RunMode mode) {
  return mode != RunMode::plain || repeated_on_cpu(t.dims, s.assignment.rubric.cpu_checks.repeats_max_volume);
}

std::string with_exit_code(const char* options, int code) { return options + (":exitcode=" + std::to_string(code)); }

// The CPU runtime's settings for the run (kitcpu/run_protocol.h).
std::vector<std::pair<std::string, std::string>> cpu_environment(const Session& s, const TestCase& t, RunMode mode,
                                                                 const std::string& order, const std::string& report,
                                                                 double timeout_s) {
  namespace env = kitcpu::env;
  std::vector<std::pair<std::string, std::string>> vars = {
      {env::kOrder, order},
      {env::kReport, report},
      {env::kWatchdogSeconds, watchdog_seconds(timeout_s)},
      {env::kAsanOptions, with_exit_code(kitcpu::kAsanRunOptions, kitcpu::kAddressSanitizerExitCode)},
      {env::kUbsanOptions, with_exit_code(kitcpu::kUbsanRunOptions, kitcpu::kAddressSanitizerExitCode)},
      {env::kTsanOptions, with_exit_code(kitcpu::kTsanRunOptions, kitcpu::kThreadSanitizerExitCode)}};
  if (one_cpu_worker(s, t, mode)) vars.emplace_back(env::kWorkers, "1");
  if (mode == RunMode::access_checks) vars.emplace_back(env::kChecks, "1");
  // The runtime reads its device once, as the program starts (kitcpu/virtual_device.h).
  if (!t.device.empty()) vars.emplace_back(env::kDevice, t.device);
  return vars;
}

BuildOutcome build_cpu(const BuildSpec& spec) {
#ifdef KIT_HAVE_CPU_BACKEND
  const BuildConfig& config = build_config();
  auto flavour = config.cpu_flavours.find(to_string(spec.flavour));
  if (flavour == config.cpu_flavours.end())
    return {false, "", "", "unknown CPU build flavour " + std::string(to_string(spec.flavour))};
  const std::string rewritten = (fs::path(spec.output_dir) / "student.cpp").string();
  try {
    std::ofstream(rewritten) << kitcpu::rewrite_cuda_source(read_text_file(spec.source), source_file_name(spec));
  } catch (const kitcpu::RewriteError& e) {
    BuildOutcome failed;
    // The rewriter's refusals say what to change (a launch it cannot read, a test of __CUDACC__...).
    failed.summary = "the CPU backend cannot run this file: " + std::string(e.what());
    failed.log = source_file_name(spec) + ":" + std::to_string(e.line) + ": " + e.what();
    failed.backend_cannot_run = e.unsupported;
    return failed;
  }
  const std::string exe = (fs::path(spec.output_dir) / "runner").string();
  std::vector<std::string> argv = {config.host_cxx, "-std=c++17"};
  argv.insert(argv.end(), flavour->second.compile_flags.begin(), flavour->second.compile_flags.end());
  for (const auto& dir : config.cpu_include_dirs) argv.push_back("-I" + dir);
  const std::string harness = harness_input(argv, spec);
  add_common_includes(argv, spec);
  argv.insert(argv.end(), {"-o", exe, rewritten, harness, flavour->second.runner_library,
                           config.common_library, flavour->second.runtime_library});
  argv.insert(argv.end(), flavour->second.link_flags.begin(), flavour->second.link_flags.end());
  return run_compiler(argv, spec, exe, "the C++ compiler (CPU backend)");
#else
  (void)spec;
  return {false, "", "", "the kit was built without the CPU backend (Boost.Context was missing)"};
#endif
}


class CpuBackend final : public RunnerBackend {
 public:
  const char* name() const override { return "cpu"; }
  bool on_gpu() const override { return false; }
  bool times_performance() const override { return false; }
  bool has_virtual_devices() const override { return true; }

  Flavour build_flavour(Flavour wanted) const override { return wanted; }
  BuildOutcome build(const BuildSpec& spec) const override { return build_cpu(spec); }

  std::unique_ptr<DeviceMemory> new_arena(Worker&, std::size_t bytes) const override {
    return host_device_memory(bytes);
  }
  // The virtual device's row the test names (kitcpu/virtual_device.h).
  const DeviceLimits& device_limits(Worker&, const TestCase& t, DeviceLimits* scratch) const override {
    return *scratch = virtual_device_limits(t.device);
  }

  void start_shared(Worker&) const override {}
  // One per build, flavour and thread order, which are cheap.
  std::size_t kept_runners() const override { return 8; }
  bool groups_tests_by_build() const override { return false; }

  // Every thread order of the rubric; a large size runs once, in one order, with one seed.
  PlainRuns plain_runs(const Session& s, const TestCase& t) const override {
    PlainRuns runs;
    runs.seeds = t.seeds;
    runs.orders = s.assignment.rubric.cpu_checks.orders;
    runs.large = !repeated_on_cpu(t.dims, s.assignment.rubric.cpu_checks.repeats_max_volume);
    if (runs.large) {
      runs.orders.resize(1);
      runs.seeds.resize(1);
    }
    return runs;
  }
  CheckingRuns checking_runs() const override {
    return {{RunMode::asan, RunMode::access_checks, RunMode::tsan}, "forward"};
  }
  RunVerdict run(Session& s, const RunnerRun& r) const override { return run_once(s, r); }

  void prepare_request(const Session& s, const TestCase& t, RunMode mode, const std::string& order,
                       const fs::path& dir, ProcessRequest& req) const override {
    req.env = cpu_environment(s, t, mode, order, (dir / "diagnostics.jsonl").string(), req.timeout_s);
  }
  std::string runner_variant(const Session& s, const TestCase& t, RunMode mode) const override {
    return one_cpu_worker(s, t, mode) ? "" : "\nworkers";
  }
  // A checking build's sanitizer reports are on its stderr, named by the file's name as the runtime's own
  // diagnostics name it, not by the grading's folder.
  CpuReports read_reports(Session& s, RunMode mode, const std::string& report, const ProcessResult& p,
                          std::string* tampered) const override {
    std::vector<kitcpu::Diagnostic> sanitizer;
    std::vector<kitcpu::Diagnostic> runtime = runtime_diagnostics(s, report, tampered);
#ifdef KIT_HAVE_CPU_BACKEND
    if (mode != RunMode::plain) sanitizer = kitcpu::parse_sanitizer_output(p.err, fs::path(s.submission.source).filename().string());
#else
    (void)mode;
    (void)p;
#endif
    return read_cpu_reports(runtime, sanitizer);
  }
  // The CPU backend names the limit itself, in the error.
  std::string launch_error_note(const std::string& error) const override { return " (" + error + ")"; }

  AccessProfile access_profile(Session& s, const Function& function, const Dims& dims) const override {
    return cpu_access_profile(s, function, dims);
  }
  void prepare_function_run(ProcessRequest& req) const override {
    req.env = {{kitcpu::env::kWatchdogSeconds, watchdog_seconds(req.timeout_s)}};
  }
  // At most the check's `cpu_max_elements`: an emulated kernel runs a thousand times slower than on a GPU.
  Dims timing_size(const Dims& size, const std::map<std::string, double>& limits) const override {
    Dims d = size;
    const auto cap = limits.find("cpu_max_elements");
    if (cap != limits.end() && !d.empty()) d[0] = std::min<long>(d[0], static_cast<long>(cap->second));
    return d;
  }
  // The CPU backend's kernels run synchronously: a run is the kernel's time plus a pipe's round trip.
  KitTiming kit_timing() const override {
    return {false, "the grader's clock around one run (the CPU backend runs kernels synchronously)"};
  }
};

}  // namespace

const RunnerBackend& cpu_backend() {
  static const CpuBackend backend;
  return backend;
}

}  // namespace kit
