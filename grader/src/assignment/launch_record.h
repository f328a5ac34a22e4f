// The kernel launches a test's run made, as reports show them: the JSON result's "launches" and the
// `--verbose` text. The runner records them on both backends (grader/runner/runtime_record.h); this is
// the plain form, read from the record of runtime calls (run/runtime_calls.h).
#pragma once

#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kit {

struct LaunchRecord {
  std::string kernel;  // "vecAddKernel(float const*, float const*, float*, int)"
  std::array<unsigned long long, 3> grid{}, block{};
  unsigned long long shared_bytes = 0;  // dynamic shared memory
  std::string stream;  // "0" for the default stream; an id (CPU backend) or an address (GPU) otherwise
  std::string at;      // "vector_add.cu:38", or "" when the line is not known
  std::string result;  // what the launch returned: "cudaSuccess", "cudaErrorInvalidConfiguration", ...
};

// The first `limit` launches among `calls`.
std::vector<LaunchRecord> launches_in_record(const std::vector<nlohmann::json>& calls, std::size_t limit = 16);

// "vecAddKernel<<<(4,1,1), (256,1,1), 0 bytes, stream 0>>> at vector_add.cu:38: cudaSuccess"
std::string format_launch(const LaunchRecord& launch);

nlohmann::json launch_json(const LaunchRecord& launch);

}  // namespace kit
