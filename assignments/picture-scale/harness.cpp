// Binds the student's two picture functions to the scale and greyscale problems' arrays: width n is the
// first axis, height m the second.
#include "kit/harness.h"
#include "picture_scale.h"

namespace {

void scale(const kit::DeviceArrays& a, const kit::Dims& d) {
  scale_picture(a.in<float>(0), a.out<float>(0), static_cast<int>(d[0]), static_cast<int>(d[1]));
}

void grey(const kit::DeviceArrays& a, const kit::Dims& d) {
  colour_to_grey(a.in<unsigned char>(0), a.out<unsigned char>(0), static_cast<int>(d[0]), static_cast<int>(d[1]));
}

}  // namespace

const kit::Harness kit_harness = {"picture-scale", {{"scale_picture", scale}, {"colour_to_grey", grey}}};
