// The assignment a command grades against, prepared once and then only read: the rubric, where the
// assignment's files are, the backend, the seed, whether student code runs in a sandbox, and the folder
// a batch prepared for its gradings (build/prepared.h). Every worker of a grading reads the same one.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "assignment/rubric.h"
#include "build/build.h"
#include "build/prepared.h"

namespace kit {

class RunnerBackend;  // run/runner_backend.h

struct Assignment {
  Rubric rubric;
  std::string assignment_dir;
  Backend backend = Backend::cpu;
  // What builds and runs the runners (backend_of): the grading sets the one of `backend`
  // (backends/backend_table.h), from above this layer; a test may put a fake here.
  const RunnerBackend* backend_impl = nullptr;
  bool sandboxed = true;  // every compile and run of student code in a sandbox (false: --unsandboxed)
  std::uint64_t grading_seed = 0;
  PreparedFolder prepared;  // what a batch prepared for its gradings (build/prepared.h); empty paths: none
  // A GPU grading where the CPU backend is built: the same assignment on the CPU backend, which runs the
  // tests of the groups' virtual devices (assignment/cases.h, DeviceTests::own_and_virtual) and checks
  // again one small test per function (checks/cpu_twin.h). Null: none.
  const Assignment* cpu_twin = nullptr;
  // The CPU backend's AddressSanitizer and ThreadSanitizer builds (checks/correctness_modes.h). The twin
  // beside a GPU goes without them: the GPU's memcheck and racecheck look for the same bugs, and two
  // more compilers per grading would hold up the GPU's own work in a busy batch.
  bool sanitizer_builds = true;
};

// The assignment's backend (run/runner_backend.h), as the grading set it. An assignment nobody gave a
// backend is a bug in the grader, not in a submission.
inline const RunnerBackend& backend_of(const Assignment& assignment) {
  if (!assignment.backend_impl) throw std::logic_error("the grading's Assignment has no backend_impl");
  return *assignment.backend_impl;
}

}  // namespace kit
