// Maps the arena (kit/device_memory.h) into the runner from the descriptor the grader passed: host
// memory on the CPU backend, GPU memory through the CUDA driver on the cuda backend. One header, one
// file per backend, like timing_protocol.
#pragma once

#include <cstddef>
#include <string>

#include "kit/runner_case.h"

namespace kit {

// The arena's first byte as a device pointer, or nullptr with *error set.
unsigned char* map_arena(int fd, std::size_t bytes, std::string* error);

// Undoes map_arena when the runner moves on to its next case, which comes with an arena of its own.
void unmap_arena(unsigned char* base, std::size_t bytes);

// Tells the backend which array lies where, so that its diagnostics name elements ("P[1][4]") and it
// can refuse a kernel's store to an input. Only the CPU backend listens.
void name_arrays(const RunnerCase& c, unsigned char* base);

}  // namespace kit
