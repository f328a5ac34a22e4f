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

#include "kit/array.h"
#include "kit/knobs.h"

namespace kit {

// Why the result cannot have come from a kernel, or "": device memory copied to the host, an output
// written from the host, or no kernel launched at all.
std::string answer_from_the_host(const std::vector<nlohmann::json>& calls);

// Why a GPU would refuse one of the launches, from its grid and block: "the launch of MatrixMulKernel
// asks for blocks of (65,65,1) = 4225 threads; a block may have at most 1024", or "" when every launch
// is within CUDA's limits.
std::string refused_launch(const std::vector<nlohmann::json>& calls);

// The first launch whose record says the runtime refused it (a "result" other than cudaSuccess): "the
// launch of vecAddKernel at vector_add.cu:31 was refused: cudaErrorInvalidConfiguration", or "". Both
// backends record what each launch returned.
std::string failed_launch(const std::vector<nlohmann::json>& calls);

// Why `never_written` elements of a 2-D output were never written, when the launches (one kernel, the
// same grid every time) have threads (x for columns, y for rows, as the course maps them) that leave
// exactly that many uncovered: "the grid of
// (4,4) blocks of (16,16) threads covers 64 x 64 elements of the 65 x 65 P: round the number of blocks
// up". "" otherwise.
// `blocks`: what the build's knobs say a block should be, where they say it: a block BLOCK_WIDTH (or
// TILE_WIDTH) threads on a side, and the rows one block covers (a transpose's TILE_DIM, walked by
// BLOCK_ROWS rows of threads). A grid counted in the knob's blocks launched with blocks of another size is
// named as that, not as a count to round up.
struct KnobBlocks {
  std::string name;         // "BLOCK_WIDTH", "TILE_WIDTH", "TILE_DIM"; "" when the build has none
  long width = 0;           // its value
  long rows_per_block = 0;  // rows one block covers when its threads loop over them (TILE_DIM); 0: blockDim.y
};
KnobBlocks knob_blocks(const Knobs& knobs);

// `transposed_input`: an input of the function has the output's shape with rows and columns exchanged
// (a transpose), whose grid may rightly cover the input instead of the output.
std::string uncovered_output(const std::vector<nlohmann::json>& calls, const ArraySpec& output,
                             std::size_t never_written, const KnobBlocks& blocks = {},
                             const ArraySpec* transposed_input = nullptr);

// The same for a 1-D output whose wrong elements (`wrong`, one flag per element) are exactly its tail past
// what the launches' threads reach: "the grid of (3,1,1) blocks of (256,1,1) threads covers 768
// elements; C has 1000: round the number of blocks up". Written or not does not matter: with host code
// the tail holds whatever the student's own device memory held. "" otherwise.
std::string uncovered_tail(const std::vector<nlohmann::json>& calls, const ArraySpec& output,
                           const std::vector<bool>& wrong);

// The first calls, one per line, for a failure's details.
std::string describe_calls(const std::vector<nlohmann::json>& calls);

}  // namespace kit
