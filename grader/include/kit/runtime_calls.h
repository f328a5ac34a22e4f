// Where an answer came from: the runtime calls a runner made while the student's function ran, and the
// judgement on them. Each call is a JSON object, the same on both backends:
//   {"call": "launch", "kernel": "matmul(float*, ...)", "grid": [x,y,z], "block": [x,y,z]}
//   {"call": "cudaMemcpy", "kind": "device-to-host", "bytes": N, "from": END, "to": END, "at": "file.cu:57"}
// where an END is {"array": "M", "role": "input"} for the arena's arrays, or {"array": "host"} and
// {"array": "device memory"} for memory of the student's own. On a GPU the runner's wrappers report
// them (grader/runner/runtime_record.h); the CPU backend writes its own record (KITCPU_CALLS), which
// read_cpu_runtime_calls turns into the same form.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kit/runner_case.h"

namespace kit {

// Why the result cannot have come from a kernel, or "": device memory copied to the host, an output
// written from the host, or no kernel launched at all.
std::string answer_from_the_host(const std::vector<nlohmann::json>& calls);

// The first calls, one per line, for a failure's details.
std::string describe_calls(const std::vector<nlohmann::json>& calls);

// The launches and copies in a CPU backend's KITCPU_CALLS file, naming the arena's arrays by `layout`
// (the runner adopts the arena as region 0). Empty without the CPU backend or without the file.
std::vector<nlohmann::json> read_cpu_runtime_calls(const std::string& path, const RunnerCase& layout);

}  // namespace kit
