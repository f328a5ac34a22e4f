// Reading what a run of student code left in its scratch folder (step_sandbox.h): the CPU backend's
// diagnostics, its record of runtime calls, its access report, Nsight Compute's log. The student's
// program could write that folder, so any of these may be a symbolic link to a secret of the grader's
// user, a fifo that blocks a reader forever, a device that never ends, or gigabytes. The grader never
// opens them by path in place: it takes them in.
#pragma once

#include <cstddef>
#include <string>

#include "run/worker.h"

namespace kit {

// Copies `path` into a folder of the worker's own and returns the copy's path, which the readers of
// each format may then open. Returns "" when there is no file (the run wrote none). Returns "" and sets
// *problem ("access.jsonl is a symbolic link, not a file the run wrote") when it is anything but a
// regular file of at most `max_bytes`: the link is not followed and a fifo or device is not read.
std::string take_run_file(Worker& worker, const std::string& path, std::size_t max_bytes, std::string* problem);

}  // namespace kit
