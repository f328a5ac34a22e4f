// Scaling a picture: Pout = 2 * Pin for every pixel of a width x height picture of floats, the course's
// first 2-D kernel. Doubling a whole number below 128 is exact, so every pixel must match to the bit; it
// reads and writes each pixel once, so it is measured in GB/s.
#include "kit/picture_blocks.h"
#include "kit/problem.h"

namespace kit {
namespace {

std::vector<ArraySpec> scale_inputs(const Dims& d) { return {{"Pin", DType::f32, {d[1], d[0]}}}; }

std::vector<ArraySpec> scale_outputs(const Dims& d) { return {{"Pout", DType::f32, {d[1], d[0]}}}; }

Expected scale_reference(const Dims& d, const Knobs&, const Arrays& in) {
  const std::size_t n = static_cast<std::size_t>(d[0] * d[1]);
  Expected e;
  e.values.assign(1, std::vector<double>(n));
  e.error_scales.assign(1, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) e.values[0][i] = 2 * in[0].value(i);
  return e;
}

double scale_reference_element(const Dims&, const Knobs&, const InputElements& in, std::size_t, std::size_t index,
                               double* error_scale) {
  *error_scale = 0;
  return 2 * in.value(0, index);
}

Work scale_work(const Dims& d) {
  const double bytes = 4.0 * static_cast<double>(d[0]) * static_cast<double>(d[1]);
  return {static_cast<double>(d[0]) * static_cast<double>(d[1]), bytes, bytes};
}

// Pout holding Pin unscaled: the store forgot the factor, or stored the input.
std::vector<WrongAnswer> scale_wrong_answers(const Failure& f) {
  if (f.inputs.empty()) return {};
  const HostArray& in = f.inputs[0];
  return {{"Pout holds Pin unchanged: each pixel must be multiplied by 2", 0,
           [&in](std::size_t i) { return in.value(i); }}};
}

}  // namespace

extern const Problem kit_problem_scale = {
    "scale",
    {"width", "height"},
    scale_inputs,
    scale_outputs,
    // The first variant is the default, and what timed runs draw on the GPU: random whole numbers. The
    // correctness tests ask for scenes, pictures a student can look at.
    {{"noise", {{Recipe::Kind::integers, 0, 127, 1}}}, {"scene", {{Recipe::Kind::scene, 0, 127, 1}}}},
    scale_reference,
    scale_reference_element,
    scale_work,
    Metric::gbps,
    explain_picture_failure,
    scale_wrong_answers,
    true,
    picture_index_cause,
};

}  // namespace kit
