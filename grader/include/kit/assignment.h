// The assignment a command grades against, prepared once and then only read: the rubric, where the
// assignment's files are, the backend, the seed, whether student code runs in a sandbox, and the folder
// a batch prepared for its gradings (kit/prepared.h). Every worker of a grading reads the same one.
#pragma once

#include <cstdint>
#include <string>

#include "kit/build.h"
#include "kit/prepared.h"
#include "kit/rubric.h"

namespace kit {

class RunnerBackend;  // backends/runner_backend.h

struct Assignment {
  Rubric rubric;
  std::string assignment_dir;
  Backend backend = Backend::cpu;
  // What builds and runs the runners (backend_of): the one of `backend`, unless a test put a fake here.
  const RunnerBackend* backend_impl = nullptr;
  bool sandboxed = true;  // every compile and run of student code in a sandbox (false: --unsandboxed)
  std::uint64_t grading_seed = 0;
  PreparedFolder prepared;  // what a batch prepared for its gradings (kit/prepared.h); empty paths: none
};

// The assignment's backend (backends/runner_backend.h): a test's fake when it put one, else the one of its
// kind.
const RunnerBackend& backend_of(const Assignment& assignment);

}  // namespace kit
