// A runner's build: one student file (or a baseline) with one assignment's harness, for one backend (each
// backend builds it its own way, src/backends/). Also the nvcc check every submission gets when nvcc is
// present: real CUDA compile errors, and the compiler's resource usage per kernel, which the technique
// checks read.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "build/build_spec.h"

namespace kit {

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
