// Binds the student's matmul_rect() to the matmul problem's arrays: M is j x k, N is k x l, P is j x l.
#include "kit/harness.h"
#include "matmul_rect.h"

namespace {

void call(const kit::DeviceArrays& a, const kit::Dims& d) {
  matmul_rect(a.in<float>(0), a.in<float>(1), a.out<float>(0), static_cast<int>(d[0]), static_cast<int>(d[1]),
              static_cast<int>(d[2]));
}

}  // namespace

const kit::Harness kit_harness = {"matmul-rect", {{"matmul_rect", call}}};
