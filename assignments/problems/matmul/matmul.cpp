// Matrix multiplication P = M x N with M of j x k, N of k x l and P of j x l, all row-major floats. The
// square assignments use j = k = l = Width.
#include <algorithm>
#include <cmath>

#include "matmul_explain.h"
#include "matmul_wrong_answers.h"

namespace kit {
namespace {

// A float dot product of length k, summed in any order, is off by at most about k * 2^-24 * sum|a*b|
// (Higham's bound). That is the scale returned here; the rubric's tolerance policy multiplies it.
constexpr double kUnitRoundoff = 0x1p-24;

std::vector<ArraySpec> matmul_inputs(const Dims& d) {
  return {{"M", DType::f32, {d[0], d[1]}}, {"N", DType::f32, {d[1], d[2]}}};
}

std::vector<ArraySpec> matmul_outputs(const Dims& d) { return {{"P", DType::f32, {d[0], d[2]}}}; }

Expected matmul_reference(const Dims& d, const Knobs&, const Arrays& in) {
  const long j = d[0], k = d[1], l = d[2];
  const float* M = in[0].as<float>();
  const float* N = in[1].as<float>();
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

double matmul_reference_element(const Dims& d, const Knobs&, const InputElements& in, std::size_t, std::size_t index,
                                double* error_scale) {
  const long k = d[1], l = d[2];
  const long row = static_cast<long>(index) / l, col = static_cast<long>(index) % l;
  double sum = 0, magnitude = 0;
  for (long i = 0; i < k; ++i) {
    const double product = in.value(0, static_cast<std::size_t>(row * k + i)) * in.value(1, static_cast<std::size_t>(i * l + col));
    sum += product;
    magnitude += std::fabs(product);
  }
  *error_scale = static_cast<double>(k) * kUnitRoundoff * magnitude;
  return sum;
}

Work matmul_work(const Dims& d) {
  const double j = d[0], k = d[1], l = d[2];
  return {2.0 * j * k * l, 4.0 * (j * k + k * l), 4.0 * j * l};
}

// "exact": multiples of 1/16 in [-2, 2]. Every product is a multiple of 1/256 below 4 in magnitude, so a
// float sum of up to 2^16 of them is exact in any order: a correct kernel's result is exact, and any
// difference is a bug, not rounding.
// "full-mantissa": every input has 24 significant bits, so a kernel that computes in TF32, bf16 or fp16
// (10, 7 or 10 mantissa bits) cannot round its way to the float result (see the matmul handouts).
const Recipe kSixteenths{Recipe::Kind::grid, -2, 2, 16};
const Recipe kFullMantissa{Recipe::Kind::full_mantissa, -1, 0, 1};

}  // namespace

extern const Problem kit_problem_matmul = {
    "matmul",
    {"j", "k", "l"},
    matmul_inputs,
    matmul_outputs,
    {{"exact", {kSixteenths, kSixteenths}}, {"full-mantissa", {kFullMantissa, kFullMantissa}}},
    matmul_reference,
    matmul_reference_element,
    matmul_work,
    Metric::gflops,
    explain_matmul_failure,
    matmul_wrong_answers,
};

}  // namespace kit
