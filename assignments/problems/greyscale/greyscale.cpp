// Colour to greyscale: each pixel of a width x height RGB picture (3 bytes per pixel, interleaved:
// r, g, b, r, g, b, ...) becomes one byte of luminance, (21 r + 72 g + 7 b + 50) / 100 in integers
// (kit/picture_scene.h): the course's weights, rounded to nearest, exact on every machine.
#include "kit/picture_blocks.h"
#include "kit/picture_scene.h"
#include "kit/problem.h"

namespace kit {
namespace {

std::vector<ArraySpec> greyscale_inputs(const Dims& d) { return {{"rgb", DType::u8, {d[1], d[0], 3}}}; }

std::vector<ArraySpec> greyscale_outputs(const Dims& d) { return {{"grey", DType::u8, {d[1], d[0]}}}; }

long channel(const InputElements& in, std::size_t pixel, std::size_t c) {
  return static_cast<long>(in.value(0, 3 * pixel + c));
}

double grey_of(const InputElements& in, std::size_t pixel) {
  return static_cast<double>(luminance(channel(in, pixel, 0), channel(in, pixel, 1), channel(in, pixel, 2)));
}

Expected greyscale_reference(const Dims& d, const Knobs&, const Arrays& in) {
  const std::size_t n = static_cast<std::size_t>(d[0] * d[1]);
  const InputElements elements = input_elements(in);
  Expected e;
  e.values.assign(1, std::vector<double>(n));
  e.error_scales.assign(1, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) e.values[0][i] = grey_of(elements, i);
  return e;
}

double greyscale_reference_element(const Dims&, const Knobs&, const InputElements& in, std::size_t,
                                   std::size_t index, double* error_scale) {
  *error_scale = 0;
  return grey_of(in, index);
}

Work greyscale_work(const Dims& d) {
  const double pixels = static_cast<double>(d[0]) * static_cast<double>(d[1]);
  return {5 * pixels, 3 * pixels, pixels};  // three products and two sums per pixel
}

// The usual slips: truncating instead of rounding, the channels in the wrong order, the luminance kept in
// a byte, the picture read as three planes instead of interleaved pixels.
std::vector<WrongAnswer> greyscale_wrong_answers(const Failure& f) {
  if (f.inputs.empty()) return {};
  const HostArray& rgb = f.inputs[0];
  const std::size_t pixels = f.got.spec.count();
  auto at = [&rgb](std::size_t i) { return static_cast<long>(rgb.value(i)); };
  return {
      {"your grey levels are the luminance rounded down: add 50 before dividing by 100 to round to nearest", 0,
       [at](std::size_t i) { return static_cast<double>((21 * at(3 * i) + 72 * at(3 * i + 1) + 7 * at(3 * i + 2)) / 100); }},
      {"your grey levels weigh blue with 0.21 and red with 0.07: the channels of a pixel are r, g, b in that order",
       0, [at](std::size_t i) { return static_cast<double>(luminance(at(3 * i + 2), at(3 * i + 1), at(3 * i))); }},
      {"your luminance wraps at 256: 21r + 72g + 7b is kept in an unsigned char (8 bits) before the division; "
       "keep it in an int",
       0, [at](std::size_t i) {
         const long wrapped = (21 * at(3 * i) + 72 * at(3 * i + 1) + 7 * at(3 * i + 2)) % 256;
         return static_cast<double>((wrapped + 50) / 100);
       }},
      {"your kernel reads the picture as three planes (all red, then all green, then all blue); its pixels are "
       "interleaved: pixel i's red, green and blue are rgb[3*i], rgb[3*i+1] and rgb[3*i+2]",
       0, [at, pixels](std::size_t i) {
         return static_cast<double>(luminance(at(i), at(i + pixels), at(i + 2 * pixels)));
       }},
  };
}

}  // namespace

extern const Problem kit_problem_greyscale = {
    "greyscale",
    {"width", "height"},
    greyscale_inputs,
    greyscale_outputs,
    {{"noise", {{Recipe::Kind::integers, 0, 255, 1}}}, {"scene", {{Recipe::Kind::scene, 0, 255, 1}}}},
    greyscale_reference,
    greyscale_reference_element,
    greyscale_work,
    Metric::gbps,
    explain_picture_failure,
    greyscale_wrong_answers,
    true,
    picture_index_cause,
};

}  // namespace kit
