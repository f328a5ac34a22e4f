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

}  // namespace kit
