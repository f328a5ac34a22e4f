// Compares a student's output with the reference, element by element, and describes what is wrong in
// words every problem shares: how many elements, which ones first, expected against got, the largest
// error. What a failure means for one problem (matmul's map of wrong tiles) is the problem's own
// explain function (problem.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kit/array.h"
#include "kit/tolerance.h"

namespace kit {

struct Mismatch {
  std::size_t index = 0;
  double expected = 0;
  double got = 0;
  bool never_written = false;  // still holds the poison the runner wrote before the run
  bool from_poison = false;    // f32: a NaN computed from the poison (kit/poison.h): read before written
};

struct Comparison {
  std::size_t total = 0;
  std::size_t wrong = 0;          // every element outside its tolerance, including the two below
  std::size_t never_written = 0;
  std::size_t non_finite = 0;     // NaN or Inf where the reference is finite (never the poison)
  std::size_t from_poison = 0;    // of those, NaNs computed from the poison: the output read before written
  double max_error = 0;           // over finite wrong elements
  std::vector<Mismatch> first;    // the first few, in row-major order
  std::vector<bool> wrong_elements;  // one flag per element, for maps of where the errors are
  std::vector<bool> unwritten_elements;  // one flag per element: counted in never_written
  bool passed() const { return wrong == 0; }
};

// `seed` is the input seed of the run, which fixes the poison of integer outputs (poison.h).
// `written_elsewhere` (integer outputs, whose poison a real value can equal): per element, whether another
// seed's run of the same code wrote it; such an element holding this seed's poison was written, wrongly.
Comparison compare_output(const HostArray& got, const std::vector<double>& expected,
                          const std::vector<double>& error_scales, const Tolerance& tolerance, std::uint64_t seed,
                          const std::vector<bool>* written_elsewhere = nullptr);

// "33 of 289 elements wrong", "all 289 elements never written", ...
std::string summarize(const Comparison& c);

// The lines under the summary: the first wrong elements by position, expected against got, and the
// largest error. No trailing newline.
std::string explain_mismatches(const Comparison& c, const ArraySpec& output);

}  // namespace kit
