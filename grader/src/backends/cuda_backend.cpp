// The cuda backend: the student's file built with nvcc into one runner for every mode, run on the GPU,
// its arenas in the trusted GPU memory helper (kit/device_memory.h), a stalled kernel stopped at
// limits.run_seconds, and compute-sanitizer's racecheck and memcheck as its checking runs.
#include <filesystem>

#include "build/build_steps.h"
#include "checks/memory_access.h"
#include "os/build_config.h"
#include "run/run_once.h"
#include "backends/backend_table.h"
#include "run/runner_backend.h"
#include "run/wrapped_calls.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

BuildOutcome build_cuda(const BuildSpec& spec) {
  const BuildConfig& config = build_config();
  if (config.nvcc.empty()) return {false, "", "", "the kit was built without nvcc: the cuda backend is unavailable"};
  const std::string exe = (fs::path(spec.output_dir) / "runner").string();
  std::vector<std::string> argv = {config.nvcc, "-std=c++17", "-O3", "-lineinfo", "-g", "-arch=native"};
  const std::string harness = harness_input(argv, spec);
  add_common_includes(argv, spec);
  // The runner maps the grader's arena with the CUDA driver (runner/arena_map_cuda.cpp), and sees the
  // student's runtime calls through wrappers (runner/runtime_record.h); -g (host debug information, not
  // -G) lets the grader name the line of each call (run/call_sites.h).
  argv.insert(argv.end(), {"-o", exe, source_file_name(spec), harness, config.cuda_runner_library,
                           config.common_library, config.cuda_driver_library});
  for (const char* call : kWrappedRuntimeCalls) argv.insert(argv.end(), {"-Xlinker", std::string("--wrap=") + call});
  return run_compiler(argv, spec, exe, "nvcc");
}

class CudaBackend final : public RunnerBackend {
 public:
  const char* name() const override { return "cuda"; }
  bool on_gpu() const override { return true; }
  bool times_performance() const override { return true; }
  bool has_virtual_devices() const override { return false; }

  // One runner serves every mode: compute-sanitizer wraps the plain build.
  Flavour build_flavour(Flavour) const override { return Flavour::fast; }
  BuildOutcome build(const BuildSpec& spec) const override { return build_cuda(spec); }

  std::unique_ptr<DeviceMemory> new_arena(Worker& w, std::size_t bytes) const override {
    start_shared(w);
    return gpu_device_memory(w.gpu_memory, bytes);
  }
  // The GPU's own limits, read once.
  const DeviceLimits& device_limits(Worker& w, const TestCase&, DeviceLimits*) const override {
    if (!w.learned.gpu_limits) w.learned.gpu_limits = gpu_device_limits();
    return *w.learned.gpu_limits;
  }

  // The GPU memory helper serves one request at a time, for every worker.
  void start_shared(Worker& w) const override {
    if (!w.gpu_memory) w.gpu_memory = start_gpu_memory_server(build_config().device_memory_helper);
  }
  // Each kept runner holds a CUDA context and its memory.
  std::size_t kept_runners() const override { return 2; }
  // Starting a runner means a CUDA context, far more than a test's run.
  bool groups_tests_by_build() const override { return true; }

  PlainRuns plain_runs(const Session&, const TestCase& t) const override {
    PlainRuns runs;
    runs.seeds = t.seeds;
    return runs;
  }
  CheckingRuns checking_runs() const override { return {{RunMode::racecheck, RunMode::memcheck}, ""}; }
  RunVerdict run(Session& s, const RunnerRun& r) const override { return run_once(s, r); }

  // A run at a correctness size takes milliseconds on a GPU: one that has not finished in
  // limits.run_seconds is a kernel that never ends, and waiting out the test's whole limit for it (made for
  // the CPU backend's emulation) would cost a class minutes per hung build. compute-sanitizer's tools slow
  // every run many times over, so they get more.
  void prepare_request(const Session& s, const TestCase&, RunMode mode, const std::string&, const fs::path&,
                       ProcessRequest& req) const override {
    req.stall_timeout_s = s.assignment.rubric.limits.run_seconds * (under_compute_sanitizer(mode) ? kSanitizerSlowdown : 1);
  }
  std::string runner_variant(const Session&, const TestCase&, RunMode) const override { return ""; }
  // The run's folder is taken in as on the CPU backend (run_files.h); compute-sanitizer's report is read
  // from the process's output (run_ending.h).
  CpuReports read_reports(Session& s, RunMode, const std::string& report, const ProcessResult&,
                          std::string* tampered) const override {
    return read_cpu_reports(runtime_diagnostics(s, report, tampered), {});
  }
  std::string launch_error_note(const std::string& error) const override { return " (the GPU's error: " + error + ")"; }

  AccessProfile access_profile(Session& s, const Function& function, const Dims& dims) const override {
    return gpu_access_profile(s, function, dims);
  }
  void prepare_function_run(ProcessRequest&) const override {}
  Dims timing_size(const Dims& size, const std::map<std::string, double>&) const override { return size; }
  KitTiming kit_timing() const override { return {true, "cudaEvents around one launch, L2 flushed first (timing_protocol.h)"}; }
};

}  // namespace

const RunnerBackend& cuda_backend() {
  static const CudaBackend backend;
  return backend;
}

}  // namespace kit
