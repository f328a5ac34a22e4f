// What a problem is to the kit: the arrays it takes and gives, how inputs are generated, and (for the
// grader only) the fp64 reference, the error each element may have, and the work it does.
//
// The runner (which links student code) gets only the input half, ProblemInputs: the reference and the
// tolerance live in a library the runner never links, so a student cannot call them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kit {

// A problem's sizes, in the order of ProblemInputs::dim_names. Matmul: {j, k, l}.
using Dims = std::vector<long>;

struct ArrayShape {
  std::string name;  // "M"
  long rows = 0;
  long cols = 0;
  std::size_t count() const { return static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols); }
};

using Arrays = std::vector<std::vector<float>>;

struct ProblemInputs {
  std::string name;                                   // "matmul"
  std::vector<std::string> dim_names;                 // {"j", "k", "l"}
  std::vector<ArrayShape> (*input_shapes)(const Dims&);
  std::vector<ArrayShape> (*output_shapes)(const Dims&);
  Arrays (*generate_inputs)(const Dims&, std::uint64_t seed);
};

// The arithmetic a problem does, for throughput: GFLOP/s = flops / seconds / 1e9.
struct Work {
  double flops = 0;
  double bytes = 0;  // the fewest bytes that must move: each input read once, each output written once
};

// Expected outputs, and per element the rounding error a correct float computation can make (for a sum
// or a product, it grows with the reduction length). The rubric's tolerance policy turns the scale into
// the error it allows; see compare.h.
struct Expected {
  std::vector<std::vector<double>> values;
  std::vector<std::vector<double>> error_scales;
};

struct ProblemDef {
  const ProblemInputs* inputs;
  Expected (*reference)(const Dims&, const Arrays& inputs);
  // One element of one output, for spot checks of outputs too large to recompute whole.
  double (*reference_element)(const Dims&, const Arrays& inputs, std::size_t output, std::size_t index,
                              double* error_scale);
  Work (*work)(const Dims&);
};

// The input halves, linked into runners; nullptr for an unknown name.
const ProblemInputs* find_problem_inputs(const std::string& name);
// The whole definitions, for the grader; nullptr for an unknown name.
const ProblemDef* find_problem(const std::string& name);

// "17x17x17"
std::string format_dims(const Dims& dims);

}  // namespace kit
