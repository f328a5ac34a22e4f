// A kernel launch from the host: the checks a GPU makes before running anything, then every block on
// the worker pool under the watchdog.
#include <kitcpu/run_protocol.h>
#include <kitcpu/launch.h>

#include <chrono>
#include <mutex>

#include <kitcpu/runtime_api.h>

#include "access_checks.h"
#include "access_recorder.h"
#include "block_runner.h"
#include "call_record.h"
#include "device_memory.h"
#include "diagnostic_sink.h"
#include "fault_handlers.h"
#include "kernel_writes.h"
#include "launch_config_check.h"
#include "runtime_config.h"
#include "sanitizer_support.h"
#include "watchdog.h"
#include "worker_pool.h"

namespace kitcpu::detail {
namespace {

struct Runtime {
  std::mutex launches;  // one launch at a time, as on the default stream, whichever host thread launches
  WorkerPool pool;
};

// Started at the first launch, never torn down: worker threads may still be parked when static
// destructors run at exit.
Runtime& runtime() {
  static Runtime* r = [] {
    const RuntimeConfig& config = runtime_config();
    install_fault_handlers();
    return new Runtime{{}, WorkerPool(config.workers)};
  }();
  return *r;
}

std::string configuration_text(const LaunchRequest& r) {
  const auto d = [](const dim3& v) {
    return "(" + std::to_string(v.x) + "," + std::to_string(v.y) + "," + std::to_string(v.z) + ")";
  };
  std::string text = "<<<" + d(r.grid) + ", " + d(r.block);
  if (r.dynamic_shared_bytes != 0) text += ", " + std::to_string(r.dynamic_shared_bytes);
  return text + ">>>";
}

void note_launch(const LaunchRequest& r, cudaError_t result) {
  if (!recording_calls()) return;
  RuntimeCall call;
  call.call = "launch";
  call.file = r.file;
  call.line = r.line;
  call.kernel = r.kernel_name;
  call.grid = {r.grid.x, r.grid.y, r.grid.z};
  call.block = {r.block.x, r.block.y, r.block.z};
  call.shared_bytes = r.dynamic_shared_bytes;
  call.stream = stream_id(r.stream);
  for (std::size_t i = 0; i < r.pointer_count; ++i)
    if (r.pointers[i] != nullptr) call.arguments.push_back(memory_reference(r.pointers[i]));
  record_call(std::move(call), result, nullptr);
}

// Only the fast build follows what kernels write: where an answer came from is judged on its runs
// alone, and in the checking builds the snapshot's reads of every region would trip the sanitizers'
// red zones and the guard zones they poison.
constexpr bool kFollowsKernelWrites = !KITCPU_SANITIZED && !KITCPU_ACCESS;

// What the kernel changed, right after its launch in the record (kernel_writes.h).
void note_writes(const LaunchRequest& r, const std::vector<RegionSnapshot>& before) {
  RuntimeCall call;
  call.call = "kernel-writes";
  call.file = r.file;
  call.line = r.line;
  call.kernel = r.kernel_name;
  call.writes = changed_ranges(before);
  record_call(std::move(call), cudaSuccess, nullptr);
}

}  // namespace

void launch_kernel(const LaunchRequest& request) {
  const auto called = std::chrono::steady_clock::now();
  if (tls_context.runner != nullptr) {
    note_launch(request, cudaErrorNotSupported);
    Diagnostic d;
    describe_current_cuda_thread(d);
    d.severity = "error";
    d.category = "unsupported";
    d.file = request.file;
    d.line = request.line;
    d.message = std::string("kernel ") + request.kernel_name +
                " is launched from device code (dynamic parallelism), which the CPU backend does not run";
    d.hint = "a launch inside a __global__ or __device__ function: launch every kernel from host code";
    report_fatal(d);
  }

  if (const auto problem = check_launch_configuration(request.grid, request.block, request.dynamic_shared_bytes,
                                                          current_virtual_device(), device_asked())) {
    // CUDA 13.0 answers cudaErrorInvalidValue for every refused configuration (measured on an H200 with
    // driver 580); earlier CUDA versions answered cudaErrorInvalidConfiguration.
    record_error(cudaErrorInvalidValue);
    note_launch(request, cudaErrorInvalidValue);
    Diagnostic d;
    d.severity = "error";
    d.category = category::kInvalidLaunch;
    d.file = request.file;
    d.line = request.line;
    d.kernel = request.kernel_name;
    d.launch_site = std::string(request.file) + ":" + std::to_string(request.line);
    d.message = "a GPU refuses the launch " + configuration_text(request) + ": " + problem->message +
                ". The kernel did not run, and cudaGetLastError() returns cudaErrorInvalidValue";
    d.hint = problem->hint;
    report_diagnostic(d);
    return;
  }

  note_launch(request, cudaSuccess);
  Runtime& r = runtime();
  const std::lock_guard<std::mutex> lock(r.launches);
  // Device memory is reachable while the kernel runs, and only then (device_memory.h).
  const DeviceMemoryAccess device_memory = DeviceMemoryAccess::all();
  const bool follow_writes = kFollowsKernelWrites && recording_calls();
  const std::vector<RegionSnapshot> before = follow_writes ? snapshot_regions() : std::vector<RegionSnapshot>();
  LaunchState launch(request);
  watchdog().arm(launch);
#if KITCPU_ACCESS
  access_begin_launch(launch);
  checks_begin_launch(launch);
#endif
  r.pool.run(launch);
  watchdog().disarm();
#if KITCPU_ACCESS
  access_end_launch(launch);  // symbolizes new access sites: not part of the launch the watchdog times
  checks_end_launch();
#endif
  if (follow_writes) note_writes(request, before);
  watchdog().resume_host();
  // What a host clock around this launch would see: the timing checks bound a reported time by it.
  if (recording_calls())
    record_launch_duration(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - called).count());
}

}  // namespace kitcpu::detail
