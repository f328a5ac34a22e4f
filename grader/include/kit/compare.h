// Compares a student's output with the fp64 reference and describes what is wrong in a way that teaches:
// the first wrong elements by (row, col), expected against got, and a map of which output tiles are wrong.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "kit/rubric.h"

namespace kit {

struct Mismatch {
  long row = 0;
  long col = 0;
  double expected = 0;
  float got = 0;
  bool never_written = false;  // still holds the poison the harness wrote before the run
};

struct Comparison {
  std::size_t total = 0;
  std::size_t wrong = 0;          // every element outside its tolerance, including the two below
  std::size_t never_written = 0;
  std::size_t non_finite = 0;     // NaN or Inf where the reference is finite (never the poison)
  double max_error = 0;           // over finite wrong elements
  std::vector<Mismatch> first;    // the first few, in row-major order
  long tile_rows = 0, tile_cols = 0;  // the map's size in cells
  long tiles_per_cell = 1;            // > 1 when a big output is summarised
  std::vector<std::string> tile_map;  // one string per row of cells: '.' right, 'X' wrong
  bool passed() const { return wrong == 0; }
};

Comparison compare_output(const std::vector<float>& got, const std::vector<double>& expected,
                          const std::vector<double>& error_scales, long rows, long cols,
                          const Tolerance& tolerance, int tile_width);

// "33 of 289 elements wrong", "all 289 elements never written", ...
std::string summarize(const Comparison& c);

// The lines under the summary: first wrong elements, the largest error, the map with a hint.
std::string explain(const Comparison& c, const std::string& array_name, int tile_width);

// True when the float holds the harness's poison bits.
bool is_poison(float value);

}  // namespace kit
