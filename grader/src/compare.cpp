#include "kit/compare.h"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "kit/poison.h"
#include "kit/tolerance.h"

namespace kit {
namespace {

constexpr std::size_t kFirstShown = 5;
constexpr long kMaxMapCells = 32;

std::string number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

}  // namespace

bool is_poison(float value) {
  unsigned bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits == kPoisonBits;
}

Comparison compare_output(const std::vector<float>& got, const std::vector<double>& expected,
                          const std::vector<double>& error_scales, long rows, long cols,
                          const Tolerance& tolerance, int tile_width) {
  Comparison c;
  c.total = expected.size();
  const long tw = tile_width > 0 ? tile_width : 16;
  const long tiles_r = (rows + tw - 1) / tw, tiles_c = (cols + tw - 1) / tw;
  c.tiles_per_cell = 1;
  while ((tiles_r + c.tiles_per_cell - 1) / c.tiles_per_cell > kMaxMapCells ||
         (tiles_c + c.tiles_per_cell - 1) / c.tiles_per_cell > kMaxMapCells)
    ++c.tiles_per_cell;
  c.tile_rows = (tiles_r + c.tiles_per_cell - 1) / c.tiles_per_cell;
  c.tile_cols = (tiles_c + c.tiles_per_cell - 1) / c.tiles_per_cell;
  c.tile_map.assign(c.tile_rows, std::string(c.tile_cols, '.'));

  for (long r = 0; r < rows; ++r) {
    for (long col = 0; col < cols; ++col) {
      const std::size_t i = static_cast<std::size_t>(r) * cols + col;
      const float g = i < got.size() ? got[i] : std::nanf("");
      const double e = expected[i];
      bool wrong = false, poison = false;
      if (is_poison(g)) {
        wrong = poison = true;
        ++c.never_written;
      } else if (!std::isfinite(g)) {
        wrong = std::isfinite(e) || std::isnan(g) != std::isnan(e);
        if (wrong) ++c.non_finite;
      } else {
        const double err = std::fabs(static_cast<double>(g) - e);
        wrong = !(err <= allowed_error(tolerance, error_scales[i]));
        if (wrong && err > c.max_error) c.max_error = err;
      }
      if (!wrong) continue;
      ++c.wrong;
      if (c.first.size() < kFirstShown) c.first.push_back({r, col, e, g, poison});
      c.tile_map[(r / tw) / c.tiles_per_cell][(col / tw) / c.tiles_per_cell] = 'X';
    }
  }
  return c;
}

std::string summarize(const Comparison& c) {
  if (c.passed()) return "all " + std::to_string(c.total) + " elements right";
  if (c.never_written == c.total) return "all " + std::to_string(c.total) + " elements never written";
  std::string text = std::to_string(c.wrong) + " of " + std::to_string(c.total) + " elements wrong";
  if (c.never_written) text += " (" + std::to_string(c.never_written) + " never written)";
  else if (c.non_finite) text += " (" + std::to_string(c.non_finite) + " NaN or Inf)";
  return text;
}

std::string explain(const Comparison& c, const std::string& name, int tile_width) {
  if (c.passed()) return {};
  std::string text;
  for (std::size_t i = 0; i < c.first.size(); ++i) {
    const Mismatch& m = c.first[i];
    text += i == 0 ? "first wrong: " : "             ";
    text += name + "[" + std::to_string(m.row) + "][" + std::to_string(m.col) + "] expected " + number(m.expected) +
            ", got " + (m.never_written ? std::string("NaN (never written)") : number(m.got)) + "\n";
  }
  if (c.max_error > 0) text += "largest error among finite values: " + number(c.max_error) + "\n";
  if (c.tile_rows * c.tile_cols > 1) {
    const std::string unit = std::to_string(tile_width) + "x" + std::to_string(tile_width);
    text += "wrong output tiles (" + unit + (c.tiles_per_cell > 1 ? ", each mark covers " +
                                                  std::to_string(c.tiles_per_cell) + "x" +
                                                  std::to_string(c.tiles_per_cell) + " tiles" : "") + "):\n";
    bool edge_only = true, any_interior = false;
    for (long r = 0; r < c.tile_rows; ++r) {
      std::string line = "  ";
      for (long col = 0; col < c.tile_cols; ++col) {
        const char mark = c.tile_map[r][col];
        if (col) line += ' ';
        line += mark;
        const bool edge = r == c.tile_rows - 1 || col == c.tile_cols - 1;
        if (mark == 'X' && !edge) any_interior = true;
      }
      text += line + "\n";
    }
    edge_only = !any_interior;
    if (edge_only)
      text += "only tiles in the last row or column are wrong: look at the boundary checks (the tile loads' "
              "zero fill, the phase count, the store)\n";
  }
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

}  // namespace kit
