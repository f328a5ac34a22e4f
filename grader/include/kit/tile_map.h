// A map of which tiles of a 2-D output hold wrong elements: a picture a student reads faster than a list
// of indices, and the shape of the picture often names the bug (only the last row and column of tiles:
// the boundary checks). Problems draw it in their explanations (matmul's P, transpose's odata).
#pragma once

#include <string>
#include <vector>

namespace kit {

// `wrong` holds one flag per element of a rows x cols row-major array. The map has one mark per
// tile x tile square ('X' wrong, '.' right), several tiles per mark when the output is big. Returns ""
// for an output of one tile. `edge_hint` is added when every wrong tile is in the last row or column.
std::string draw_tile_map(const std::vector<bool>& wrong, long rows, long cols, long tile, const std::string& edge_hint);

// Whether some element is wrong and every wrong one lies past the last whole tile of its row or column:
// in the partial tiles, where only bounds checks and a grid's rounding change anything. False for a size
// that is a whole number of tiles: its edge tiles are whole, and a wrong one there is some other bug.
// Callers give draw_tile_map a bounds or grid hint only when this holds.
bool wrong_only_in_partial_tiles(const std::vector<bool>& wrong, long rows, long cols, long tile);

}  // namespace kit
