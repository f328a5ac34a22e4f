// Image blur: each pixel of a width x height greyscale picture (one byte per pixel) becomes the average
// of the (2 BLUR_SIZE + 1)^2 patch around it, counting only the patch's pixels that lie inside the
// picture, with the integer division of the course's kernel: (unsigned char)(sum / pixels). BLUR_SIZE is
// a compile-time constant (a knob), so the reference takes it from the build.
#include <algorithm>

#include "kit/picture_blocks.h"
#include "kit/problem.h"

namespace kit {
namespace {

std::vector<ArraySpec> blur_inputs(const Dims& d) { return {{"in", DType::u8, {d[1], d[0]}}}; }

std::vector<ArraySpec> blur_outputs(const Dims& d) { return {{"out", DType::u8, {d[1], d[0]}}}; }

long blur_size(const Knobs& knobs) { return knob_value(knobs, "BLUR_SIZE", 1); }

// The blurred pixel at `index` of a w x h picture, with a patch of radius `radius`. `divide_by_patch`:
// divide by the whole patch, as a kernel that forgets the border does; `reach`: how far the loops go
// to the right and down (radius + 1 for the right loops, radius for one that stops one short);
// `byte_sum`: the sum kept in an unsigned char, as a kernel that declares it so, wrapping at 256.
template <class Pixel>
double blurred(Pixel pixel, long w, long h, std::size_t index, long radius, bool divide_by_patch, long reach,
               bool byte_sum = false) {
  const long row = static_cast<long>(index) / w, col = static_cast<long>(index) % w;
  long sum = 0, pixels = 0;
  for (long dr = -radius; dr < reach; ++dr)
    for (long dc = -radius; dc < reach; ++dc) {
      const long r = row + dr, c = col + dc;
      if (r > -1 && r < h && c > -1 && c < w) {
        sum += pixel(static_cast<std::size_t>(r * w + c));
        ++pixels;
      }
    }
  if (divide_by_patch) pixels = (radius + reach) * (radius + reach);
  if (byte_sum) sum %= 256;
  return static_cast<double>(static_cast<unsigned char>(sum / std::max(1L, pixels)));
}

Expected blur_reference(const Dims& d, const Knobs& knobs, const Arrays& in) {
  const std::size_t n = static_cast<std::size_t>(d[0] * d[1]);
  const long radius = blur_size(knobs);
  const unsigned char* pixels = in[0].as<unsigned char>();
  auto pixel = [pixels](std::size_t i) { return static_cast<long>(pixels[i]); };
  Expected e;
  e.values.assign(1, std::vector<double>(n));
  e.error_scales.assign(1, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) e.values[0][i] = blurred(pixel, d[0], d[1], i, radius, false, radius + 1);
  return e;
}

double blur_reference_element(const Dims& d, const Knobs& knobs, const InputElements& in, std::size_t,
                              std::size_t index, double* error_scale) {
  *error_scale = 0;
  const long radius = blur_size(knobs);
  auto pixel = [&in](std::size_t i) { return static_cast<long>(in.value(0, i)); };
  return blurred(pixel, d[0], d[1], index, radius, false, radius + 1);
}

Work blur_work(const Dims& d) {
  const double pixels = static_cast<double>(d[0]) * static_cast<double>(d[1]);
  // The fewest bytes: each pixel read once and written once. (The sums of a 3x3 patch, BLUR_SIZE 1, as
  // flops: the metric is GB/s, and the work does not depend on the build.)
  return {9 * pixels, pixels, pixels};
}

std::vector<WrongAnswer> blur_wrong_answers(const Failure& f) {
  if (f.inputs.empty()) return {};
  const HostArray& in = f.inputs[0];
  const long w = f.dims[0], h = f.dims[1], radius = blur_size(f.knobs);
  auto pixel = [&in](std::size_t i) { return static_cast<long>(in.as<unsigned char>()[i]); };
  std::vector<WrongAnswer> answers = {
      {"near the border your average divides by the whole patch, (2*BLUR_SIZE+1)^2 pixels; only the pixels "
       "inside the picture were added, so divide by the number of pixels counted",
       0, [=](std::size_t i) { return blurred(pixel, w, h, i, radius, true, radius + 1); }},
      {"your patch stops one pixel short on the right and at the bottom: the loops run from -BLUR_SIZE to "
       "+BLUR_SIZE inclusive (blurRow < BLUR_SIZE + 1)",
       0, [=](std::size_t i) { return blurred(pixel, w, h, i, radius, false, radius); }},
      {"your sum wraps at 256: it is kept in an unsigned char (8 bits), which a patch of bright pixels "
       "overflows; sum into an int and convert only the average",
       0, [=](std::size_t i) { return blurred(pixel, w, h, i, radius, false, radius + 1, true); }},
  };
  if (radius != 1)
    answers.push_back({"your result is the blur with BLUR_SIZE 1, but this build sets BLUR_SIZE " +
                           std::to_string(radius) + ": write the patch's bounds with the name BLUR_SIZE, not its value",
                       0, [=](std::size_t i) { return blurred(pixel, w, h, i, 1, false, 2); }});
  return answers;
}

}  // namespace

extern const Problem kit_problem_blur = {
    "blur",
    {"width", "height"},
    blur_inputs,
    blur_outputs,
    {{"noise", {{Recipe::Kind::integers, 0, 255, 1}}}, {"scene", {{Recipe::Kind::scene, 0, 255, 1}}}},
    blur_reference,
    blur_reference_element,
    blur_work,
    Metric::gbps,
    explain_picture_failure,
    blur_wrong_answers,
    true,
    picture_index_cause,
};

}  // namespace kit
