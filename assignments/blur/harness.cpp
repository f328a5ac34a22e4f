// Binds the student's blur_picture() to the blur problem's arrays: width w is the first axis, height h
// the second.
#include "kit/harness.h"
#include "blur.h"

namespace {

void call(const kit::DeviceArrays& a, const kit::Dims& d) {
  blur_picture(a.in<unsigned char>(0), a.out<unsigned char>(0), static_cast<int>(d[0]), static_cast<int>(d[1]));
}

}  // namespace

const kit::Harness kit_harness = {"blur", {{"blur_picture", call}}};
