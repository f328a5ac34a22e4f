// The one table from the Backend enum to its implementation (cuda_backend.cpp, cpu_backend.cpp). Only the
// grading, above every layer that runs a runner, asks it, and hands its answer down in the Assignment
// (run/assignment.h): the layers below know the interface (run/runner_backend.h), never a backend.
#pragma once

#include "build/build.h"
#include "run/runner_backend.h"

namespace kit {

const RunnerBackend& cuda_backend();
const RunnerBackend& cpu_backend();

const RunnerBackend& runner_backend(Backend kind);

}  // namespace kit
