#include "kit/picture_blocks.h"

#include <algorithm>

#include "kit/tile_map.h"

namespace kit {
namespace {

long round_up(long n, long block) { return (n + block - 1) / block * block; }

// With the grid right ((width / B) x (height / B) blocks, rounded up) but the index's x and y exchanged,
// threads along x count rows and threads along y count columns: only rows below the x threads' reach
// and columns below the y threads' are written.
bool never_written_as_with_exchanged_index(const Comparison& c, long height, long width, long block) {
  const long rows_reached = std::min(height, round_up(width, block));
  const long cols_reached = std::min(width, round_up(height, block));
  if (rows_reached == height && cols_reached == width) return false;
  std::size_t expected_unwritten = 0, matched = 0;
  for (long r = 0; r < height; ++r)
    for (long col = 0; col < width; ++col) {
      const bool unreached = r >= rows_reached || col >= cols_reached;
      expected_unwritten += unreached;
      matched += unreached && c.wrong_elements[static_cast<std::size_t>(r * width + col)];
    }
  return expected_unwritten == c.never_written && matched == expected_unwritten;
}

}  // namespace

std::string explain_picture_failure(const Failure& f) {
  const long height = f.got.spec.shape[0], width = f.got.spec.shape[1], block = knob_value(f.knobs, "BLOCK_WIDTH", 16);
  return draw_tile_map(f.comparison.wrong_elements, height, width, block,
                       !f.grid_named && wrong_only_in_partial_tiles(f.comparison.wrong_elements, height, width, block)
                           ? "only the partial blocks at the last row or column are wrong: those are the blocks "
                             "whose threads fall partly outside the picture. Look at the tests of Col < width and "
                             "Row < height (and, where a thread reads its neighbours, of each neighbour's row and "
                             "column), at the grid's rounding up, and at the row length in the index (Row * width + "
                             "Col)"
                           : "");
}

std::string picture_index_cause(const Failure& f) {
  const long height = f.got.spec.shape[0], width = f.got.spec.shape[1];
  if (f.comparison.never_written == 0 ||
      !never_written_as_with_exchanged_index(f.comparison, height, width, knob_value(f.knobs, "BLOCK_WIDTH", 16)))
    return "";
  return "the pixels never written are exactly those a kernel misses when Row comes from the x index and Col "
         "from the y index: Col = blockIdx.x * blockDim.x + threadIdx.x counts columns (x runs across the "
         "picture), Row = blockIdx.y * blockDim.y + threadIdx.y counts rows";
}

}  // namespace kit
