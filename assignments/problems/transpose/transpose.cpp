// A matrix transpose: odata (cols x rows) holds idata (rows x cols) with rows and columns exchanged,
// odata[c][r] = idata[r][c], both row-major floats. It does no arithmetic: like a copy it reads and writes
// every byte once, so its effective bandwidth is measured against the copy's.
#include "kit/problem.h"
#include "kit/tile_map.h"

namespace kit {
namespace {

std::vector<ArraySpec> transpose_inputs(const Dims& d) { return {{"idata", DType::f32, {d[0], d[1]}}}; }

std::vector<ArraySpec> transpose_outputs(const Dims& d) { return {{"odata", DType::f32, {d[1], d[0]}}}; }

Expected transpose_reference(const Dims& d, const Knobs&, const Arrays& in) {
  const long rows = d[0], cols = d[1];
  Expected e;
  e.values.assign(1, std::vector<double>(static_cast<std::size_t>(rows * cols)));
  e.error_scales.assign(1, std::vector<double>(static_cast<std::size_t>(rows * cols), 0.0));
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c) e.values[0][c * rows + r] = in[0].value(static_cast<std::size_t>(r * cols + c));
  return e;
}

double transpose_reference_element(const Dims& d, const Knobs&, const InputElements& in, std::size_t, std::size_t index,
                                   double* error_scale) {
  const long rows = d[0], cols = d[1];
  const long c = static_cast<long>(index) / rows, r = static_cast<long>(index) % rows;
  *error_scale = 0;
  return in.value(0, static_cast<std::size_t>(r * cols + c));
}

Work transpose_work(const Dims& d) {
  const double bytes = 4.0 * static_cast<double>(d[0]) * static_cast<double>(d[1]);
  return {0, bytes, bytes};
}

// The known wrong answer: odata holding idata in its own order, a copy where a transpose was asked for
// (indistinguishable from the right answer when either side is 1).
std::vector<WrongAnswer> transpose_wrong_answers(const Failure& f) {
  if (f.inputs.empty() || f.dims[0] == 1 || f.dims[1] == 1) return {};
  const HostArray& idata = f.inputs[0];
  return {{"odata holds idata in its own order: the elements were copied, not transposed (write odata[x][y] from "
           "idata[y][x])",
           0, [&idata](std::size_t index) { return idata.value(index); }}};
}

std::string explain_transpose_failure(const Failure& f) {
  const long rows = f.got.spec.shape[0], cols = f.got.spec.shape[1], tile = knob_value(f.knobs, "TILE_DIM", 32);
  return draw_tile_map(f.comparison.wrong_elements, rows, cols, tile,
                       !f.grid_named && wrong_only_in_partial_tiles(f.comparison.wrong_elements, rows, cols, tile)
                           ? "only the partial tiles at the last row or column are wrong: look at the bounds checks "
                             "of the read and of the write, and at the grid, which must round up to cover a partial "
                             "tile"
                           : "");
}

const Recipe kFullMantissa{Recipe::Kind::full_mantissa, -1, 0, 1};

}  // namespace

extern const Problem kit_problem_transpose = {
    "transpose",
    {"rows", "cols"},
    transpose_inputs,
    transpose_outputs,
    {{"full-mantissa", {kFullMantissa}}},
    transpose_reference,
    transpose_reference_element,
    transpose_work,
    Metric::gbps,
    explain_transpose_failure,
    transpose_wrong_answers,
};

}  // namespace kit
