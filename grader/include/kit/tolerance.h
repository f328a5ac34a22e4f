// Where a tolerance is decided: the absolute error an output element may have, from the rubric's policy
// and the problem's error scale for that element.
#pragma once

#include "kit/rubric.h"

namespace kit {

// reduction-length: safety x the scale (which grows with the length of the sum), plus a hair for zeros;
// exact: no error at all (copies, transposes).
double allowed_error(const Tolerance& tolerance, double error_scale);

}  // namespace kit
