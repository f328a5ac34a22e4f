#include "matmul_wrong_answers.h"

#include <string>

namespace kit {
namespace {

constexpr long kDefaultTile = 16;  // the naive kernels' 16x16 blocks, when no TILE_WIDTH is set

// A product of the j x k matrix M and the k x l matrix N, each read through its own indexing, summed
// over the first `depth` values of the inner index.
struct Product {
  const float* M;
  const float* N;
  long j, k, l;

  double element(long row, long col, long depth, bool m_transposed, bool n_transposed) const {
    double sum = 0;
    for (long i = 0; i < depth; ++i) {
      const double m = m_transposed ? M[i * j + row] : M[row * k + i];
      const double n = n_transposed ? N[col * k + i] : N[i * l + col];
      sum += m * n;
    }
    return sum;
  }
};

std::string number(long v) { return std::to_string(v); }

}  // namespace

std::vector<WrongAnswer> matmul_wrong_answers(const Failure& f) {
  const long j = f.dims[0], k = f.dims[1], l = f.dims[2];
  const Product p{f.inputs[0].as<float>(), f.inputs[1].as<float>(), j, k, l};
  const long tile = knob_value(f.knobs, "TILE_WIDTH", kDefaultTile);
  std::vector<WrongAnswer> answers;
  auto add = [&](std::string cause, std::function<double(long row, long col)> element) {
    answers.push_back({std::move(cause), 0, [element, l](std::size_t index) {
                         return element(static_cast<long>(index) / l, static_cast<long>(index) % l);
                       }});
  };

  // Sums that stop short. A kernel with compile-time tiles (a TILE_WIDTH knob) walks k in phases: k
  // rounded down to whole tiles, or a phase count computed from j or l. A kernel without (naive, coalescing,
  // tiles sized at run time) is told of its loop over k, never of phases it may not have.
  const bool phases = knob_value(f.knobs, "TILE_WIDTH", 0) > 0;
  // `also`: a slip of another kind that stops k at a depth already named; the result cannot tell them
  // apart, so it joins the cause already there.
  const auto short_depth = [&](long depth, const std::string& why, bool also = false) {
    if (depth >= k || depth < 0) return;
    for (WrongAnswer& a : answers)
      if (a.cause.find(depth == 0 ? "all zeros" : " up to " + number(depth) + " ") != std::string::npos) {
        if (also && a.cause.find(why) == std::string::npos) a.cause += "; or " + why;
        return;
      }
    const std::string what =
        depth == 0 ? (phases ? "your result is all zeros, M x N with no phase at all"
                             : "your result is all zeros, as if the sum over k had no term")
                   : "your result equals M x N with k running only up to " + number(depth) + " of " + number(k);
    add(what + ": " + why,
        [p, depth](long row, long col) { return p.element(row, col, depth, false, false); });
  };
  if (phases) {
    short_depth(k / tile * tile, "the phase count rounds down; " + number(k) + " needs (" + number(k) +
                                     " + TILE_WIDTH - 1) / TILE_WIDTH phases, the last one partial");
    // A phase count from j stops at j rounded up to whole tiles; a tile load whose bounds test along k
    // compares with j (zero fill from there on) stops at j itself. Where the two agree both are said.
    const auto from_other_axis = [&](long extent, const std::string& axis) {
      const long rounded_up = (extent + tile - 1) / tile * tile;
      const std::string count = "the phase count is computed from " + axis + ", not k";
      const std::string test = "a tile load's bounds test along k compares with " + axis + ", not k";
      if (rounded_up == extent) {
        short_depth(extent, count + ", or " + test, true);
      } else {
        short_depth(rounded_up, count, true);
        short_depth(extent, test, true);
      }
    };
    if (j != k) from_other_axis(j, "j (the rows of M)");
    if (l != k) from_other_axis(l, "l (the columns of N)");
  } else {
    // One bound can fit two slips; then both are said.
    const long rounded = k / tile * tile;
    if (k - 1 == 0)
      short_depth(0, "the loop over k never ran (at k = 1, a bound one too small, k < Width - 1, leaves no term)");
    else if (rounded == k - 1)
      short_depth(k - 1, "the loop over k stops one short, or at a multiple of " + number(tile) + " (look at its bound)");
    else
      short_depth(k - 1, "the loop over k stops one short (look at its bound: k < Width, not k < Width - 1)");
    short_depth(rounded, rounded == 0 ? "the loop over k never ran (look at its bound)"
                                      : "the loop over k stops at a multiple of " + number(tile) + " (look at its bound)");
    if (j < k) short_depth(j, "the loop over k is bounded by j (the rows of M), not k");
    if (l < k) short_depth(l, "the loop over k is bounded by l (the columns of N), not k");
  }

  if (j == l)
    add("your result is M x N transposed: P's row and column are swapped (in the index of P, or in the thread's row and column)",
        [p, k](long row, long col) { return p.element(col, row, k, false, false); });
  if (k == l)
    add("your result equals M x N^T: N is read as N[col][k] instead of N[k][col]",
        [p, k](long row, long col) { return p.element(row, col, k, false, true); });
  if (j == k)
    add("your result equals M^T x N: M is read as M[k][row] instead of M[row][k]",
        [p, k](long row, long col) { return p.element(row, col, k, true, false); });
  if (j == k && k == l) {
    const Product swapped{p.N, p.M, j, k, l};
    add("your result equals N x M: M and N are swapped",
        [swapped, k](long row, long col) { return swapped.element(row, col, k, false, false); });
  }
  return answers;
}

}  // namespace kit
