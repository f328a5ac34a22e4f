// Maps the arena (kit/device_memory.h) into the runner from the descriptor the grader passed: host
// memory on the CPU backend, GPU memory through the CUDA driver on the cuda backend. One header, one
// file per backend, like timing_protocol.
#pragma once

#include <cstddef>
#include <string>

namespace kit {

// The arena's first byte as a device pointer, or nullptr with *error set.
unsigned char* map_arena(int fd, std::size_t bytes, std::string* error);

}  // namespace kit
