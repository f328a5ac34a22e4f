#include "matmul_explain.h"

#include "kit/tile_map.h"

namespace kit {
namespace {

constexpr long kDefaultTile = 16;  // the naive kernels' 16x16 blocks, when no knob sets them

}  // namespace

std::string explain_matmul_failure(const Failure& f) {
  // A kernel with compile-time tiles has loads and phases to blame; one without (naive, coalescing, tiles
  // sized at run time) is told of what every kernel has, and of tiles only as a possibility.
  const long tile = knob_value(f.knobs, "TILE_WIDTH", 0);
  const long rows = f.got.spec.shape[0], cols = f.got.spec.shape[1];
  const long block = tile > 0 ? tile : knob_value(f.knobs, "BLOCK_WIDTH", kDefaultTile);
  const bool edge = !f.grid_named && wrong_only_in_partial_tiles(f.comparison.wrong_elements, rows, cols, block);
  if (tile > 0)
    return draw_tile_map(f.comparison.wrong_elements, rows, cols, tile,
                         edge ? "only the partial tiles at the last row or column are wrong: look at the boundary "
                                "checks (the tile loads' zero fill, the phase count, the store) and at the grid's "
                                "rounding up"
                              : "");
  return draw_tile_map(f.comparison.wrong_elements, rows, cols, block,
                       edge ? "only the partial blocks at the last row or column are wrong: look at the grid's "
                              "rounding up and at the boundary checks (the test before the store; in a tiled kernel "
                              "also the tile loads' zero fill and the phase count)"
                            : "");
}

}  // namespace kit
