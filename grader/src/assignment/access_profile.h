// How the student's kernels touched memory when one of their functions ran once at one size, counted
// the way the hardware counts it (measured by memory_access.h): plain data.
#pragma once

#include <string>
#include <vector>

namespace kit {

// One access site (CPU backend: a line of the student's file) or one kernel's loads or stores (GPU).
struct MemoryAccess {
  std::string kernel;
  std::string space;  // "global" | "shared"
  std::string kind;   // "load" | "store"
  double requests = 0;        // warp-wide executions
  double sectors = 0;         // global: 32-byte sectors, summed over the requests
  double bank_conflicts = 0;  // shared: passes beyond the first, summed over the requests
  std::string sentence;       // what a student reads: where, the figures, what they mean
};

// Why there is no profile, which decides the check's status (checks/technique_memory_access.cpp): the
// student's function failed under the measurement (failed), the machine lacks the tool (skipped), or the
// tool failed where the function runs cleanly without it (an error: not checked, and not the student's
// fault).
enum class ProfileFailure { none, function, tool_missing, tool };

struct AccessProfile {
  std::string error;        // non-empty when it could not be measured
  ProfileFailure failure = ProfileFailure::none;
  std::string measured_by;  // "the CPU backend's count of every warp's addresses", "Nsight Compute"
  std::vector<MemoryAccess> accesses;
};

}  // namespace kit
