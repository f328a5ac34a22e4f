// Where the kit's pieces are and how they were built: the grader needs the compilers, the runner
// libraries and the assignment sources to build a submission. A grader in its build tree uses the paths
// CMake fixed at configure time; an installed one (cmake --install) finds everything relative to its own
// executable, so that the install prefix can be moved.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kit {

struct CpuFlavourConfig {
  std::vector<std::string> compile_flags;
  std::vector<std::string> link_flags;
  std::string runtime_library;  // the CPU backend's runtime for this flavour
  std::string runner_library;   // the harness side of the runner, built with the same flags
};

struct BuildConfig {
  std::string version;
  std::string kit_dir;              // assignments/, starter/, solutions/, grader/include: the source tree,
                                    // or <prefix>/share/cuda-memory-kit when installed
  std::string host_cxx;
  std::string nvcc;                 // empty when the kit was built without nvcc
  std::string cuda_include_dir;
  std::string gpu_probe;            // kit-gpu-probe; empty without nvcc
  std::string cuda_runner_library;  // empty without nvcc
  std::string device_memory_helper; // kit-device-memory, the trusted owner of GPU arenas; empty without nvcc
  std::string cuda_driver_library;  // libcuda (or the toolkit's stub of it) that cuda runners link
  std::string common_library;
  // libkit_problems.a compiled and stripped, with its target.cmake, which `grader release` ships instead of
  // the problems' sources; empty in an installed kit and where the build had no strip.
  std::string compiled_problems_dir;
  bool cpu_backend = false;
  std::vector<std::string> cpu_include_dirs;
  std::map<std::string, CpuFlavourConfig> cpu_flavours;  // "fast", "asan", "tsan"
};

// Where an install keeps its pieces, relative to the prefix (set in grader/CMakeLists.txt).
struct InstallLayout {
  std::string kit_dir;      // share/cuda-memory-kit
  std::string library_dir;  // lib/cuda-memory-kit
  std::string helper_dir;   // libexec/cuda-memory-kit
};
const InstallLayout& install_layout();

BuildConfig build_tree_config();
BuildConfig installed_config(const std::string& prefix);

// The prefix of an installed kit that `executable` is <prefix>/bin/<name> of, when that prefix holds the
// kit's assignments; none for a grader in a build tree.
std::optional<std::string> installed_prefix(const std::string& executable);

// installed_config of the running program's prefix when it is installed, else build_tree_config.
const BuildConfig& build_config();

}  // namespace kit
