// A matrix copy: odata = idata, both rows x cols row-major floats. It does no arithmetic and moves every
// byte once in and once out, so its effective bandwidth is the ceiling a transpose is measured against.
#include "kit/problem.h"
#include "kit/tile_map.h"

namespace kit {
namespace {

std::vector<ArraySpec> copy_inputs(const Dims& d) { return {{"idata", DType::f32, {d[0], d[1]}}}; }

std::vector<ArraySpec> copy_outputs(const Dims& d) { return {{"odata", DType::f32, {d[0], d[1]}}}; }

Expected copy_reference(const Dims& d, const Knobs&, const Arrays& in) {
  const std::size_t n = static_cast<std::size_t>(d[0] * d[1]);
  Expected e;
  e.values.assign(1, std::vector<double>(n));
  e.error_scales.assign(1, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) e.values[0][i] = in[0].value(i);
  return e;
}

double copy_reference_element(const Dims&, const Knobs&, const InputElements& in, std::size_t, std::size_t index,
                              double* error_scale) {
  *error_scale = 0;
  return in.value(0, index);
}

Work copy_work(const Dims& d) {
  const double bytes = 4.0 * static_cast<double>(d[0]) * static_cast<double>(d[1]);
  return {0, bytes, bytes};
}

std::string explain_copy_failure(const Failure& f) {
  const long rows = f.got.spec.shape[0], cols = f.got.spec.shape[1], tile = knob_value(f.knobs, "TILE_DIM", 32);
  return draw_tile_map(f.comparison.wrong_elements, rows, cols, tile,
                       !f.grid_named && wrong_only_in_partial_tiles(f.comparison.wrong_elements, rows, cols, tile)
                           ? "only the partial tiles at the last row or column are wrong: look at the bounds check "
                             "and at the grid, which must round up to cover a partial tile"
                           : "");
}

// Every bit of every value matters in a copy: a value that went through a half or a bfloat16 on its way
// would lose its low mantissa bits.
const Recipe kFullMantissa{Recipe::Kind::full_mantissa, -1, 0, 1};

}  // namespace

extern const Problem kit_problem_copy = {
    "copy",
    {"rows", "cols"},
    copy_inputs,
    copy_outputs,
    {{"full-mantissa", {kFullMantissa}}},
    copy_reference,
    copy_reference_element,
    copy_work,
    Metric::gbps,
    explain_copy_failure,
};

}  // namespace kit
