// Shared memory as the student's kernel finds it on a GPU: before each launch of a checked run, a kernel
// of the runner's own fills every SM's shared memory with a NaN pattern, so that a tile entry no thread
// stored reads as NaN (and as a large integer), as the CPU backend's shared memory does, instead of a
// finite leftover of an earlier kernel that a sum barely notices. Best effort: the hardware promises
// nothing about what a block's shared memory holds, and a kernel whose blocks share an SM with the
// filler's leftovers of an L1 carveout may still find other bytes.
// Never in a run that measures (a profile, a student's own clocks): RunnerCase::keep_shared_memory.
#pragma once

#include <cuda_runtime.h>

namespace kit {

// Fills, on `stream`, before the launch that follows. Does nothing when a CUDA error is pending (the
// student's to see, never hidden or replaced by the filler's) or when the filler cannot be set up; a
// launch of its own that fails is cleared, so the student's code never sees an error it did not cause.
void fill_shared_memory(cudaStream_t stream);

}  // namespace kit
