#include "kit/tile_map.h"

namespace kit {
namespace {

constexpr long kMaxMapCells = 32;  // a bigger output is summarised several tiles per mark

}  // namespace

std::string draw_tile_map(const std::vector<bool>& wrong, long rows, long cols, long tile, const std::string& edge_hint) {
  if (tile < 1) tile = 1;
  const long tiles_r = (rows + tile - 1) / tile, tiles_c = (cols + tile - 1) / tile;
  long per_cell = 1;
  while ((tiles_r + per_cell - 1) / per_cell > kMaxMapCells || (tiles_c + per_cell - 1) / per_cell > kMaxMapCells)
    ++per_cell;
  const long map_rows = (tiles_r + per_cell - 1) / per_cell, map_cols = (tiles_c + per_cell - 1) / per_cell;
  if (map_rows * map_cols <= 1) return {};

  std::vector<std::string> map(map_rows, std::string(map_cols, '.'));
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c)
      if (wrong[static_cast<std::size_t>(r) * cols + c]) map[(r / tile) / per_cell][(c / tile) / per_cell] = 'X';

  const std::string unit = std::to_string(tile) + "x" + std::to_string(tile);
  std::string text = "wrong output tiles (" + unit +
                     (per_cell > 1 ? ", each mark covers " + std::to_string(per_cell) + "x" + std::to_string(per_cell) + " tiles"
                                   : "") +
                     "):\n";
  bool any_wrong = false, any_interior = false;
  for (long r = 0; r < map_rows; ++r) {
    std::string line = "  ";
    for (long c = 0; c < map_cols; ++c) {
      if (c) line += ' ';
      line += map[r][c];
      any_wrong = any_wrong || map[r][c] == 'X';
      if (map[r][c] == 'X' && r != map_rows - 1 && c != map_cols - 1) any_interior = true;
    }
    text += line + "\n";
  }
  // "Only the last row or column" says something only where there are tiles outside them, all right.
  const bool has_interior = map_rows > 1 && map_cols > 1;
  if (any_wrong && has_interior && !any_interior && !edge_hint.empty()) text += edge_hint + "\n";
  text.pop_back();
  return text;
}

bool wrong_only_in_partial_tiles(const std::vector<bool>& wrong, long rows, long cols, long tile) {
  if (tile < 1) return false;
  const long full_rows = rows / tile * tile, full_cols = cols / tile * tile;
  bool any = false;
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c) {
      if (!wrong[static_cast<std::size_t>(r) * cols + c]) continue;
      if (r < full_rows && c < full_cols) return false;
      any = true;
    }
  return any;
}

}  // namespace kit
