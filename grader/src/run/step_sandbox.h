// What each step of a grading that touches student code may see, as a sandbox (os/sandbox.h). A
// compile sees the toolchain, the kit's headers and runner libraries, the submission's folder and its
// own output folder; a run sees its program's folder, a scratch folder of its own and, on a GPU, the
// device. Neither sees the kit's tree, the solutions, the datasets, another step's folders, the network,
// or the grader's environment; a run does not see the CUDA toolkit either, so cuBLAS and the other
// libraries that could do the student's work are not there to be loaded.
#pragma once

#include <optional>
#include <string>

#include "build/build.h"
#include "os/sandbox.h"
#include "run/assignment.h"
#include "run/worker.h"

namespace kit {

// What a run is wrapped in: the tools that need the toolkit visible.
enum class RunTool { none, compute_sanitizer, nsight_compute };

// Nothing when the assignment is graded unsandboxed (--unsandboxed).
std::optional<SandboxSpec> compile_sandbox(const Assignment& assignment, const BuildSpec& spec);

// `program` is the runner; `scratch` a folder of this run's own, writable (reports go there).
// `sanitizer_build`: an AddressSanitizer or ThreadSanitizer runner, which reserves terabytes of address
// space and so runs without the memory limit.
std::optional<SandboxSpec> run_sandbox(const Assignment& assignment, const std::string& program, const std::string& scratch,
                                       bool sanitizer_build, RunTool tool);

// A new folder for one run's scratch files, under the worker's work folder.
std::string new_scratch_folder(Worker& worker, const std::string& label);

}  // namespace kit
