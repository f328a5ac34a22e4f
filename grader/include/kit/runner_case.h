// What the grader asks a runner to do in one run: which of the student's functions to call, on which
// sizes, with which arrays. It travels as JSON on the runner's command line, so the runner needs no
// problem definitions of its own: adding a problem never touches the runner.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kit/array.h"
#include "kit/recipe.h"

namespace kit {

struct RunnerInput {
  ArraySpec spec;
  Recipe recipe;
};

struct RunnerCase {
  std::string entry;  // the harness entry: the student's function, e.g. "transpose_padded"
  Dims dims;
  std::vector<RunnerInput> inputs;
  std::vector<ArraySpec> outputs;
  std::vector<std::uint64_t> seeds;  // one run per seed (a timed run uses the first)
};

std::string encode_runner_case(const RunnerCase& c);

// Throws std::runtime_error with the reason when the text is not a well-formed case.
RunnerCase decode_runner_case(const std::string& text);

}  // namespace kit
