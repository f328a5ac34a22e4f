#include "run/step_sandbox.h"

#include <filesystem>
#include <sys/stat.h>

#include "build/harness_cache.h"
#include "os/build_config.h"
#include "os/runner_seccomp.h"
#include "run/runner_backend.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

void add_bind(SandboxSpec& spec, const std::string& path, bool writable) {
  if (path.empty()) return;
  for (const SandboxBind& b : spec.binds)
    if (b.host_path == path) return;
  spec.binds.push_back({path, "", writable});
}

constexpr const char* kNvidiaTools = "/opt/nvidia";

std::string folder_of(const std::string& file) { return fs::path(file).parent_path().string(); }

// The CUDA toolkit's own folder (/usr/local/cuda-13.0 for /usr/local/cuda/bin/nvcc), real path.
std::string toolkit_folder() {
  const std::string& nvcc = build_config().nvcc;
  if (nvcc.empty()) return {};
  std::error_code error;
  const fs::path real = fs::canonical(nvcc, error);
  return error ? std::string() : real.parent_path().parent_path().string();
}

}  // namespace

std::optional<SandboxSpec> compile_sandbox(const Assignment& a, const BuildSpec& spec) {
  if (!a.sandboxed) return std::nullopt;
  const BuildConfig& config = build_config();
  SandboxSpec box;
  // Headers: the kit's public ones, the assignment's contract, the CPU backend's.
  add_bind(box, config.kit_dir + "/grader/include", false);
  add_bind(box, spec.assignment_dir, false);
  for (const std::string& dir : config.cpu_include_dirs) add_bind(box, dir, false);
  // The libraries a runner links, all in the build's library folder.
  add_bind(box, folder_of(config.common_library), false);
  if (!config.cuda_runner_library.empty()) add_bind(box, folder_of(config.cuda_runner_library), false);
  for (const auto& [name, flavour] : config.cpu_flavours) {
    add_bind(box, folder_of(flavour.runtime_library), false);
    add_bind(box, folder_of(flavour.runner_library), false);
    // A library linked by its path outside /usr, which the sandbox shows anyway (Boost.Context where CMake
    // found it in a prefix of its own).
    for (const std::string& flag : flavour.link_flags)
      if (!flag.empty() && flag.front() == '/' && flag.rfind("/usr/", 0) != 0 && fs::is_regular_file(flag))
        add_bind(box, folder_of(flag), false);
  }
  for (const SandboxBind& b : program_binds(config.nvcc)) box.binds.push_back(b);
  // The CPU backend's compiler, where it lives outside the system folders (a GPU host's /opt/gcc).
  for (const SandboxBind& b : program_binds(config.host_cxx)) box.binds.push_back(b);
  // The harness objects a runner links (build/harness_cache.h): that folder of the prepared one, not the rest.
  const std::string& harnesses = a.prepared.harness;
  std::error_code error;
  if (!harnesses.empty()) {
    fs::create_directories(harnesses, error);  // the first build of all puts its object there, after this
    if (fs::is_directory(harnesses, error)) add_bind(box, harnesses, false);
  }
  add_bind(box, folder_of(spec.source), false);
  add_bind(box, spec.output_dir, true);
  return box;
}

std::optional<SandboxSpec> run_sandbox(const Assignment& a, const std::string& program, const std::string& scratch,
                                       bool sanitizer_build, RunTool tool) {
  if (!a.sandboxed) return std::nullopt;
  SandboxSpec box;
  box.gpu = backend_of(a).on_gpu();
  add_bind(box, folder_of(program), false);
  add_bind(box, scratch, true);
  if (sanitizer_build) box.limits.max_memory_bytes = 0;
  if (tool == RunTool::none) {
    const std::string toolkit = toolkit_folder();
    if (!toolkit.empty()) box.hidden.push_back(toolkit);
    // Not under compute-sanitizer or Nsight Compute: the runner is then the tool's child, and the tool
    // may need what the filter forbids. Those tools run on a GPU only, where the arena is GPU memory that
    // none of the forbidden calls reaches.
    box.seccomp_program = runner_seccomp_program();
  } else {
    for (const SandboxBind& b : program_binds(build_config().nvcc)) box.binds.push_back(b);
    // Nsight Compute may live outside the toolkit: its launcher looks for it under /opt/nvidia too.
    std::error_code error;
    if (tool == RunTool::nsight_compute && fs::is_directory(kNvidiaTools, error)) add_bind(box, kNvidiaTools, false);
  }
  return box;
}

std::string new_scratch_folder(Worker& w, const std::string& label) {
  const fs::path dir = fs::path(w.work_dir) / "runs" / (w.scratch_prefix + std::to_string(++w.scratch_count) + "-" + label);
  fs::create_directories(dir);
  // The sandbox user must reach it through the work folder (mkdtemp makes that 0700).
  ::chmod(dir.parent_path().c_str(), 0711);
  return dir.string();
}

}  // namespace kit
