// Where an answer came from: the runtime calls a runner made while the student's function ran, and the
// judgement on them. Each call is a JSON object, the same on both backends:
//   {"call": "launch", "kernel": "matmul(float*, ...)", "grid": [x,y,z], "block": [x,y,z]}
//   {"call": "cudaMemcpy", "kind": "device-to-host", "bytes": N, "from": END, "to": END, "at": "file.cu:57"}
// where an END is {"array": "M", "role": "input"} for the arena's arrays, or {"array": "host"} and
// {"array": "device memory"} for memory of the student's own. The runner reports them on its channel
// (grader/runner/runtime_record.h): on a GPU its wrappers see the calls, on the CPU backend the runtime
// keeps them and the runner sends them once the student's function has returned.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>


namespace kit {

// Why the result cannot have come from a kernel, or "": device memory copied to the host, an output
// written from the host, or no kernel launched at all.
std::string answer_from_the_host(const std::vector<nlohmann::json>& calls);

// The first calls, one per line, for a failure's details.
std::string describe_calls(const std::vector<nlohmann::json>& calls);

}  // namespace kit
