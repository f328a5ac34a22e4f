#include "kit/tolerance.h"

namespace kit {

double allowed_error(const Tolerance& tolerance, double error_scale) {
  if (tolerance.policy == "exact") return 0.0;
  return tolerance.safety * error_scale + 1e-30;
}

}  // namespace kit
