#include "matmul_explain.h"

#include "kit/tile_map.h"

namespace kit {
namespace {

constexpr long kDefaultTile = 16;  // the naive kernels' 16x16 blocks, when no TILE_WIDTH is set

}  // namespace

std::string explain_matmul_failure(const Failure& f) {
  return draw_tile_map(f.comparison.wrong_elements, f.got.spec.shape[0], f.got.spec.shape[1],
                       knob_value(f.knobs, "TILE_WIDTH", kDefaultTile),
                       "only tiles in the last row or column are wrong: look at the boundary checks (the tile "
                       "loads' zero fill, the phase count, the store)");
}

}  // namespace kit
