// The fp64 reference for matmul and the error each P element may have.
#include <algorithm>
#include <cmath>

#include "matmul.h"

namespace kit {
namespace {

// A float dot product of length k, summed in any order, is off by at most about k * 2^-24 * sum|a*b|
// (Higham's bound). That is the scale returned here; the rubric's tolerance policy multiplies it.
constexpr double kUnitRoundoff = 0x1p-24;

Expected matmul_reference(const Dims& d, const Arrays& in) {
  const long j = d[0], k = d[1], l = d[2];
  const std::vector<float>& M = in[0];
  const std::vector<float>& N = in[1];
  Expected e;
  e.values.assign(1, std::vector<double>(static_cast<std::size_t>(j * l)));
  e.error_scales.assign(1, std::vector<double>(static_cast<std::size_t>(j * l)));
  std::vector<double> sum(l), magnitude(l);
  for (long row = 0; row < j; ++row) {
    std::fill(sum.begin(), sum.end(), 0.0);
    std::fill(magnitude.begin(), magnitude.end(), 0.0);
    for (long i = 0; i < k; ++i) {
      const double m = M[row * k + i];
      const float* n_row = &N[i * l];
      for (long col = 0; col < l; ++col) {
        sum[col] += m * n_row[col];
        magnitude[col] += std::fabs(m * n_row[col]);
      }
    }
    for (long col = 0; col < l; ++col) {
      e.values[0][row * l + col] = sum[col];
      e.error_scales[0][row * l + col] = static_cast<double>(k) * kUnitRoundoff * magnitude[col];
    }
  }
  return e;
}

double matmul_reference_element(const Dims& d, const Arrays& in, std::size_t, std::size_t index,
                                double* error_scale) {
  const long k = d[1], l = d[2];
  const long row = static_cast<long>(index) / l, col = static_cast<long>(index) % l;
  double sum = 0, magnitude = 0;
  for (long i = 0; i < k; ++i) {
    const double product = static_cast<double>(in[0][row * k + i]) * in[1][i * l + col];
    sum += product;
    magnitude += std::fabs(product);
  }
  *error_scale = static_cast<double>(k) * kUnitRoundoff * magnitude;
  return sum;
}

Work matmul_work(const Dims& d) {
  const double j = d[0], k = d[1], l = d[2];
  return {2.0 * j * k * l, 4.0 * (j * k + k * l + j * l)};
}

}  // namespace

const ProblemDef kMatmulProblem = {&kMatmulInputs, matmul_reference, matmul_reference_element, matmul_work};

}  // namespace kit
