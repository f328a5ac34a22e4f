// A transpose of each tile in place: A (rows x cols, row-major floats, both multiples of BLOCK_WIDTH) is
// cut into BLOCK_WIDTH x BLOCK_WIDTH tiles, and each tile is replaced by its own transpose; the tiles stay
// where they are. The kernel works in place, so the problem's output is A after the kernel, and the
// harness copies the input into it first. Like a copy, it reads and writes every byte once.
#include "kit/problem.h"
#include "kit/tile_map.h"

namespace kit {
namespace {

std::vector<ArraySpec> block_inputs(const Dims& d) { return {{"A", DType::f32, {d[0], d[1]}}}; }

std::vector<ArraySpec> block_outputs(const Dims& d) { return {{"A", DType::f32, {d[0], d[1]}}}; }

long tile_of(const Knobs& knobs) { return std::max(1L, knob_value(knobs, "BLOCK_WIDTH", 1)); }

// The index of A that the element at `index` comes from: the same tile, row and column exchanged within it.
std::size_t source_index(const Dims& d, long tile, std::size_t index) {
  const long cols = d[1];
  const long r = static_cast<long>(index) / cols, c = static_cast<long>(index) % cols;
  const long r0 = r - r % tile, c0 = c - c % tile;
  return static_cast<std::size_t>((r0 + (c - c0)) * cols + (c0 + (r - r0)));
}

Expected block_reference(const Dims& d, const Knobs& knobs, const Arrays& in) {
  const std::size_t n = static_cast<std::size_t>(d[0] * d[1]);
  const long tile = tile_of(knobs);
  Expected e;
  e.values.assign(1, std::vector<double>(n));
  e.error_scales.assign(1, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) e.values[0][i] = in[0].value(source_index(d, tile, i));
  return e;
}

double block_reference_element(const Dims& d, const Knobs& knobs, const InputElements& in, std::size_t,
                               std::size_t index, double* error_scale) {
  *error_scale = 0;
  return in.value(0, source_index(d, tile_of(knobs), index));
}

Work block_work(const Dims& d) {
  const double bytes = 4.0 * static_cast<double>(d[0]) * static_cast<double>(d[1]);
  return {0, bytes, bytes};
}

// A kernel that wrote nothing back, or wrote back what it loaded, leaves A as it was: each tile
// untransposed (the same as the right answer when BLOCK_WIDTH is 1).
std::vector<WrongAnswer> block_wrong_answers(const Failure& f) {
  if (f.inputs.empty() || tile_of(f.knobs) == 1) return {};
  const HostArray& a = f.inputs[0];
  return {{"A is unchanged: every tile was written back as it was read; thread (x, y) must store the element "
           "that thread (y, x) loaded",
           0, [&a](std::size_t index) { return a.value(index); }}};
}

// The grid is to blame only where the wrong tiles still hold what A held: tiles no block reached. A tile
// a block did transpose, wrongly (a barrier in the wrong place), says nothing about the grid.
bool wrong_elements_unchanged(const Failure& f) {
  if (f.inputs.empty()) return false;
  const HostArray& a = f.inputs[0];
  for (std::size_t i = 0; i < f.comparison.wrong_elements.size(); ++i)
    if (f.comparison.wrong_elements[i] && f.got.value(i) != a.value(i)) return false;
  return true;
}

std::string explain_block_failure(const Failure& f) {
  const long tile = tile_of(f.knobs);
  return draw_tile_map(f.comparison.wrong_elements, f.got.spec.shape[0], f.got.spec.shape[1], tile,
                       wrong_elements_unchanged(f)
                           ? "only tiles in the last row or column are wrong, and they hold what A held: no block "
                             "reached them. Look at the grid, which needs A_width / BLOCK_WIDTH blocks across and "
                             "A_height / BLOCK_WIDTH down"
                           : "");
}

const Recipe kFullMantissa{Recipe::Kind::full_mantissa, -1, 0, 1};

}  // namespace

extern const Problem kit_problem_block_transpose = {
    "block-transpose",
    {"rows", "cols"},
    block_inputs,
    block_outputs,
    {{"full-mantissa", {kFullMantissa}}},
    block_reference,
    block_reference_element,
    block_work,
    Metric::gbps,
    explain_block_failure,
    block_wrong_answers,
};

}  // namespace kit
