// Pictures a person recognises, drawn from integer arithmetic alone: the inputs of the picture problems,
// so that a student looking at the expected output of a blur sees a blurred landscape, not blurred noise,
// and every machine draws the same pixels bit for bit (no sin, no pow: libm may round differently).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kit {

// The level, 0..255, of element `index` of a picture of shape {height, width} (grey) or
// {height, width, 3} (interleaved RGB). The stream picks the scene: a landscape with a sun and two
// ranges of hills, concentric rings that get finer outward (the hardest case for a blur), or tiles with
// a diagonal ramp. A grey picture is the luminance of the RGB one, with the greyscale problem's formula.
long scene_level(const std::vector<long>& shape, std::uint64_t stream, std::size_t index);

// (21 r + 72 g + 7 b + 50) / 100: the course's luminance weights 0.21, 0.72 and 0.07, in whole
// hundredths, rounded to nearest. Exact in integers, so a reference and a kernel agree to the bit.
inline long luminance(long r, long g, long b) { return (21 * r + 72 * g + 7 * b + 50) / 100; }

}  // namespace kit
