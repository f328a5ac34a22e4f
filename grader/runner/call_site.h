// Where a wrapped runtime call was made, for the cuda runner's record: the return addresses on the stack,
// as offsets into the runner's executable. The grader resolves them with the runner's debug information
// (grader/src/run/call_sites.h) and names the first frame in the student's file, "vector_add.cu:31": a launch goes
// through nvcc's stub before it reaches the runtime, a cudaMalloc<T> through the runtime's header.
#pragma once

#include <nlohmann/json.hpp>

namespace kit {

// ["0x1a2b", ...], innermost first; frames outside the executable (the C library) are left out.
nlohmann::json call_site_frames();

}  // namespace kit
