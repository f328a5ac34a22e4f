// Vector addition: C[i] = A[i] + B[i] for i < n, floats. A float addition is correctly rounded, so the
// answer has one right value, the float sum: the reference is that value, and the comparison exact.
#include "kit/problem.h"

namespace kit {
namespace {

std::vector<ArraySpec> vector_add_inputs(const Dims& d) {
  return {{"A", DType::f32, {d[0]}}, {"B", DType::f32, {d[0]}}};
}

std::vector<ArraySpec> vector_add_outputs(const Dims& d) { return {{"C", DType::f32, {d[0]}}}; }

double float_sum(double a, double b) { return static_cast<double>(static_cast<float>(a) + static_cast<float>(b)); }

Expected vector_add_reference(const Dims& d, const Knobs&, const Arrays& in) {
  const std::size_t n = static_cast<std::size_t>(d[0]);
  Expected e;
  e.values.assign(1, std::vector<double>(n));
  e.error_scales.assign(1, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) e.values[0][i] = float_sum(in[0].value(i), in[1].value(i));
  return e;
}

double vector_add_reference_element(const Dims&, const Knobs&, const InputElements& in, std::size_t,
                                    std::size_t index, double* error_scale) {
  *error_scale = 0;
  return float_sum(in.value(0, index), in.value(1, index));
}

// Two floats read and one written per element; one addition.
Work vector_add_work(const Dims& d) {
  const double n = static_cast<double>(d[0]);
  return {n, 8.0 * n, 4.0 * n};
}

// A + A or B + B: one input read twice, a slip in the kernel's or the copy's pointers.
std::vector<WrongAnswer> vector_add_wrong_answers(const Failure& f) {
  const Arrays& in = f.inputs;
  return {
      {"your result equals A + A: B is never read (check the kernel's arguments and the copy of B to the device)",
       0, [&in](std::size_t i) { return float_sum(in[0].value(i), in[0].value(i)); }},
      {"your result equals B + B: A is never read (check the kernel's arguments and the copy of A to the device)",
       0, [&in](std::size_t i) { return float_sum(in[1].value(i), in[1].value(i)); }},
  };
}

// Every bit of the mantissa random, and exponents apart: a sum through a half or with one operand
// truncated shows.
const Recipe kFullMantissa{Recipe::Kind::full_mantissa, -4, 4, 1};

}  // namespace

extern const Problem kit_problem_vector_add = {
    "vector_add",
    {"n"},
    vector_add_inputs,
    vector_add_outputs,
    {{"full-mantissa", {kFullMantissa, kFullMantissa}}},
    vector_add_reference,
    vector_add_reference_element,
    vector_add_work,
    Metric::gbps,
    nullptr,
    vector_add_wrong_answers,
};

}  // namespace kit
