// The kernel the timing assignment times, y = 2 * x over n floats, and the four numbers the student's
// host code reports about it (timing_bandwidth.h's TimingReport: event_ms, host_ms_without_sync,
// host_ms_with_sync, effective_gbps). y has one right answer, to the bit. The report has none a
// reference could compute: any finite number passes here, and the timing checks judge it against the
// kit's own measurement (grader/src/checks/technique_timing_report.cpp).
#include <limits>

#include "kit/problem.h"

namespace kit {
namespace {

constexpr std::size_t kReportValues = 4;

std::vector<ArraySpec> timed_scale_inputs(const Dims& d) { return {{"x", DType::f32, {d[0]}}}; }

std::vector<ArraySpec> timed_scale_outputs(const Dims& d) {
  return {{"y", DType::f32, {d[0]}}, {"report", DType::f32, {static_cast<long>(kReportValues)}}};
}

// An error scale of infinity allows any finite value (tolerance.h): NaN, infinity or a value never
// written still fail.
constexpr double kAnyFiniteValue = std::numeric_limits<double>::infinity();

Expected timed_scale_reference(const Dims& d, const Knobs&, const Arrays& in) {
  const std::size_t n = static_cast<std::size_t>(d[0]);
  Expected e;
  e.values = {std::vector<double>(n), std::vector<double>(kReportValues, 0.0)};
  e.error_scales = {std::vector<double>(n, 0.0), std::vector<double>(kReportValues, kAnyFiniteValue)};
  for (std::size_t i = 0; i < n; ++i) e.values[0][i] = 2 * in[0].value(i);
  return e;
}

double timed_scale_reference_element(const Dims&, const Knobs&, const InputElements& in, std::size_t output,
                                     std::size_t index, double* error_scale) {
  if (output == 1) {
    *error_scale = kAnyFiniteValue;
    return 0;
  }
  *error_scale = 0;
  return 2 * in.value(0, index);
}

// One launch reads x once and writes y once: 4 bytes each per element, the bytes the course's
// effective bandwidth counts.
Work timed_scale_work(const Dims& d) {
  const double n = static_cast<double>(d[0]);
  return {n, 4 * n, 4 * n};
}

std::vector<WrongAnswer> timed_scale_wrong_answers(const Failure& f) {
  if (f.inputs.empty() || f.got.spec.name != "y") return {};
  const HostArray& x = f.inputs[0];
  return {{"y holds x unchanged: was launch_scale called at all, or its result overwritten?", 0,
           [&x](std::size_t i) { return x.value(i); }}};
}

}  // namespace

extern const Problem kit_problem_timed_scale = {
    "timed-scale",
    {"n"},
    timed_scale_inputs,
    timed_scale_outputs,
    {{"integers", {{Recipe::Kind::integers, -1000, 1000, 1}}}},
    timed_scale_reference,
    timed_scale_reference_element,
    timed_scale_work,
    Metric::gbps,
    nullptr,
    timed_scale_wrong_answers,
};

}  // namespace kit
