#include "kit/picture_scene.h"

#include <algorithm>

namespace kit {
namespace {

struct Rgb {
  long r, g, b;
};

// A triangle wave of period `period` and amplitude 0..`peak`: the hills' outline without a sine.
long triangle(long x, long period, long peak) {
  const long phase = ((x % period) + period) % period;
  const long half = period / 2;
  return (phase < half ? phase : period - phase) * peak / half;
}

// Mixes a and b, t in 0..1023.
Rgb blend(Rgb a, Rgb b, long t) {
  return {(a.r * (1023 - t) + b.r * t) / 1023, (a.g * (1023 - t) + b.g * t) / 1023, (a.b * (1023 - t) + b.b * t) / 1023};
}

// Doubled coordinates (2 col + 1, 2 row + 1) put a pixel's centre on an integer, so circles centred
// between pixels stay symmetric.
bool inside_circle(long row, long col, long centre_row2, long centre_col2, long radius2) {
  const long dy = 2 * row + 1 - centre_row2, dx = 2 * col + 1 - centre_col2;
  return dy * dy + dx * dx <= radius2 * radius2;
}

Rgb landscape(long row, long col, long h, long w) {
  const long v = row * 1024 / h, u = col * 1024 / w;  // 0..1023 down and across
  Rgb colour = blend({70, 120, 230}, {200, 225, 250}, std::min(1023L, v * 16 / 10));  // sky: deep to pale
  const long small = std::max(1L, std::min(h, w));
  if (inside_circle(row, col, h / 2, 3 * w / 2, std::max(2L, small / 4))) colour = {255, 215, 80};  // the sun
  if (v > 560 + triangle(u * 2 + 300, 700, 140)) colour = blend({90, 120, 150}, {60, 90, 110}, (v - 560) * 2);
  if (v > 700 + triangle(u * 3, 512, 90)) colour = blend({60, 150, 60}, {20, 70, 25}, std::min(1023L, (v - 700) * 3));
  return colour;
}

Rgb rings(long row, long col, long h, long w) {
  const long dy = 2 * row + 1 - h, dx = 2 * col + 1 - w;
  const long scale = std::max(1L, std::min(h, w) * std::min(h, w) / 256);
  const long level = triangle((dy * dy + dx * dx) / scale, 64, 255);
  return {level, (level * 3 + 255) / 4, 255 - level / 2};
}

Rgb tiles(long row, long col, long h, long w) {
  const long cell = std::max(1L, std::min(h, w) / 8);
  const bool dark = ((row / cell) + (col / cell)) % 2 == 0;
  const long ramp = (row * 1023 / std::max(1L, h) + col * 1023 / std::max(1L, w)) / 2;
  return blend(dark ? Rgb{30, 40, 90} : Rgb{240, 230, 200}, {200, 60, 40}, ramp / 3);
}

}  // namespace

long scene_level(const std::vector<long>& shape, std::uint64_t stream, std::size_t index) {
  const bool colour = shape.size() == 3;
  const long channels = colour ? 3 : 1;
  const long h = shape.empty() ? 1 : shape[0], w = shape.size() > 1 ? shape[1] : 1;
  const long pixel = static_cast<long>(index) / channels, channel = static_cast<long>(index) % channels;
  const long row = pixel / w, col = pixel % w;
  Rgb c{};
  switch (stream % 3) {
    case 0: c = landscape(row, col, h, w); break;
    case 1: c = rings(row, col, h, w); break;
    default: c = tiles(row, col, h, w); break;
  }
  if (!colour) return luminance(c.r, c.g, c.b);
  return channel == 0 ? c.r : channel == 1 ? c.g : c.b;
}

}  // namespace kit
