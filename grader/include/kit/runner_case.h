// What the grader asks a runner to do: which of the student's functions to call, on which sizes, and
// where each array lies in the arena, the device memory the grader owns and lends to the runner
// (device_memory.h). It travels as JSON on the runner's command line. The runner never sees how the
// inputs were drawn, their seeds, or a reference: the grader fills and reads the arena itself.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kit/array.h"

namespace kit {

// One array in the arena: guard_bytes of guard zone, the array, guard_bytes again.
struct ArenaArray {
  ArraySpec spec;
  bool input = true;
  std::size_t offset = 0;  // of the array's first element, from the arena's start
  std::size_t guard_bytes = 0;
};

struct RunnerCase {
  std::string entry;  // the harness entry: the student's function, e.g. "transpose_padded"
  Dims dims;
  std::vector<ArenaArray> arrays;  // inputs first, then outputs, in the problem's order
  std::size_t arena_bytes = 0;
  // The nth device allocation the student's code makes in a run fails with cudaErrorMemoryAllocation
  // (counting from 1; 0: none): the test that its errors are checked (kit/host_code_checks.h).
  int fail_allocation = 0;
  // The GPU runner leaves shared memory as it finds it, though calls are recorded: the run is a timing or a
  // profile, and the filler's launches (grader/runner/shared_memory_fill.h) would be in what it measures.
  bool keep_shared_memory = false;
};

// Places the arrays one after another, each between two guard zones, every array on a 4096-byte
// boundary (a page: the CPU backend protects device memory page by page), after `lead_bytes` (rounded up
// to a page) that no array uses: a kept runner's next case moves every array, so that a pointer kept
// from its last case no longer points at the start of the array it pointed at (grader/src/run/runner_pool.h).
RunnerCase layout_runner_case(const std::string& entry, const Dims& dims, const std::vector<ArraySpec>& inputs,
                              const std::vector<ArraySpec>& outputs, std::size_t guard_bytes,
                              std::size_t lead_bytes = 0);

std::string encode_runner_case(const RunnerCase& c);

// Throws std::runtime_error with the reason when the text is not a well-formed case (arrays outside the
// arena, overlapping, of impossible sizes).
RunnerCase decode_runner_case(const std::string& text);

}  // namespace kit
