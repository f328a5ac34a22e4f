// A runner's build: one student file (or a baseline) with one assignment's harness, for one backend (each
// backend builds it its own way, src/backends/). Also the nvcc check every submission gets when nvcc is
// present: real CUDA compile errors, and the compiler's resource usage per kernel, which the technique
// checks read.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kit/knobs.h"
#include "os/sandbox.h"

namespace kit {

enum class Backend { cuda, cpu };
const char* to_string(Backend backend);  // "cuda", "cpu": the backend's name (src/backends/)

// The builds of a student's runner the CPU backend makes (grader/cpu/CMakeLists.txt's flavours): as
// graded, with AddressSanitizer, with ThreadSanitizer, and recording every memory access. cuda makes
// `fast` for all.
enum class Flavour { fast, asan, tsan, access };
const char* to_string(Flavour flavour);  // "fast", "asan", "tsan", "access": its name in the kit's build

struct BuildSpec {
  Backend backend = Backend::cpu;
  Flavour flavour = Flavour::fast;
  std::string assignment_dir;       // assignments/<name>, holding harness.cpp and the contract header
  std::string source;               // the student's .cu file
  Knobs defines;                    // -D<name>=<value> for each
  std::string output_dir;           // where the runner and intermediate files go
  double timeout_s = 180;
  std::optional<SandboxSpec> sandbox;  // the compile's sandbox (step_sandbox.h); none for the kit's own code
  std::string harness_cache;  // where the harness object is kept (build/harness_cache.h); empty: compiled each time
};

struct BuildOutcome {
  bool ok = false;
  std::string executable;
  std::string log;      // what the compilers printed
  std::string summary;  // one line: "nvcc failed (exit code 1)"
  double seconds = 0;
};

struct KernelResources {
  std::string name;  // demangled
  int registers = 0;
  int barriers = 0;
  int shared_bytes = 0;  // static shared memory
};

struct NvccCheck {
  bool ran = false;  // false when the kit was built without nvcc
  bool ok = false;
  std::string object;  // the compiled file, for the check of what it calls (symbol_check.h)
  std::string log;
  std::vector<KernelResources> kernels;
};

// Compiles the file with nvcc for one fixed architecture (so the report is the same on every machine),
// without linking, and reads the per-kernel resource usage.
NvccCheck nvcc_check(const BuildSpec& spec);

// Parses ptxas's "--resource-usage" report.
std::vector<KernelResources> parse_resource_usage(const std::string& ptxas_output);

}  // namespace kit
