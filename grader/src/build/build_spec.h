// What a runner's build is made from and what it gave, as plain data: the caches (build_cache.h,
// harness_cache.h) key and keep these, and build.h makes them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kit/knobs.h"
#include "os/sandbox.h"

namespace kit {

enum class Backend { cuda, cpu };
const char* to_string(Backend backend);  // "cuda", "cpu": the backend's name (src/backends/)
std::optional<Backend> backend_named(const std::string& name);  // to_string's inverse; nothing for other words

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
  bool backend_cannot_run = false;  // the file is valid CUDA this backend does not run (the CPU backend's refusals)
};

}  // namespace kit
