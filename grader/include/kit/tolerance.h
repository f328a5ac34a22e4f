// Where a tolerance is decided: the absolute error an output element may have, from the rubric's policy
// and the problem's error scale for that element.
#pragma once

#include <string>

namespace kit {

struct Tolerance {
  enum class Policy {
    reduction_length,  // safety x the problem's error scale, which grows with the length of a sum
    exact,             // no error at all: copies, transposes, integer results
  };
  Policy policy = Policy::reduction_length;
  double safety = 4.0;
};

const char* policy_name(Tolerance::Policy policy);  // "reduction-length", "exact"

// reduction-length: safety x the scale, plus a hair so an exact zero passes; exact: nothing.
double allowed_error(const Tolerance& tolerance, double error_scale);

}  // namespace kit
