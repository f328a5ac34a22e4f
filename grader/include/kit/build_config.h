// Where the kit's pieces are and how they were built, fixed when CMake configured the build: the grader
// needs the compilers, the runner libraries and the assignment sources to build a submission.
#pragma once

#include <map>
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
  std::string source_dir;
  std::string build_dir;
  std::string host_cxx;
  std::string nvcc;                 // empty when the kit was built without nvcc
  std::string cuda_include_dir;
  std::string gpu_probe;            // kit-gpu-probe; empty without nvcc
  std::string cuda_runner_library;  // empty without nvcc
  std::string device_memory_helper; // kit-device-memory, the trusted owner of GPU arenas; empty without nvcc
  std::string cuda_driver_library;  // libcuda (or the toolkit's stub of it) that cuda runners link
  std::string common_library;
  bool cpu_backend = false;
  std::vector<std::string> cpu_include_dirs;
  std::map<std::string, CpuFlavourConfig> cpu_flavours;  // "fast", "asan", "tsan"
};

const BuildConfig& build_config();

}  // namespace kit
