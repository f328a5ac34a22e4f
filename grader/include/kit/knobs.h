// Build knobs: the compile-time constants of an assignment's contract (TILE_WIDTH; TILE_DIM and
// BLOCK_ROWS), which the rubric may set to other values with -D builds so that a kernel written for one
// value only is caught.
#pragma once

#include <string>
#include <vector>

namespace kit {

struct Knob {
  std::string name;  // a macro name: "TILE_WIDTH"
  long value = 0;
};

// In the order the rubric lists them.
using Knobs = std::vector<Knob>;

// "TILE_DIM 16, BLOCK_ROWS 4"; empty for no knobs.
std::string describe_knobs(const Knobs& knobs);

// "TILE_DIM=16,BLOCK_ROWS=4": a name for a build, safe in a file name.
std::string knobs_key(const Knobs& knobs);

// The knob's value, or `fallback` when it is not set.
long knob_value(const Knobs& knobs, const std::string& name, long fallback);

}  // namespace kit
