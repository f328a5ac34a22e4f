#include "kit/tolerance.h"

namespace kit {

const char* policy_name(Tolerance::Policy policy) {
  return policy == Tolerance::Policy::exact ? "exact" : "reduction-length";
}

double allowed_error(const Tolerance& tolerance, double error_scale) {
  if (tolerance.policy == Tolerance::Policy::exact) return 0.0;
  return tolerance.safety * error_scale + 1e-30;
}

}  // namespace kit
