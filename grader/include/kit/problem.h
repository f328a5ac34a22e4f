// What a problem is to the kit: its named axes, its typed input and output arrays, how its inputs are
// drawn, the fp64 (or exact) reference and the error each element may have, the work it does and the
// metric it is scored in, and how a failure is explained in its own terms.
//
// Problems live in assignments/problems/<name>/, one folder each, and are found by the build: the
// grading core never names one. Runners never see a problem: the grader tells them the arrays to make
// (runner_case.h), so a student's process cannot reach the reference.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "kit/array.h"
#include "kit/compare.h"
#include "kit/device_limits.h"
#include "kit/knobs.h"
#include "kit/recipe.h"

namespace kit {

// One way of drawing a problem's inputs: a recipe per input array, in order. A problem's first variant
// is its default; a rubric group may ask for another by name.
struct InputVariant {
  std::string name;  // "exact", "full-mantissa"
  std::vector<Recipe> recipes;
};

enum class Metric {
  gflops,  // floating-point operations per second
  gbps,    // effective bandwidth: (bytes read + bytes written) per second, as the course defines it
};
const char* metric_unit(Metric metric);  // "GFLOP/s", "GB/s"
bool parse_metric(const std::string& unit, Metric* metric);

// The work one call does: the fewest bytes that must move (each input read once, each output written
// once) and the arithmetic.
struct Work {
  double flops = 0;
  double bytes_read = 0;
  double bytes_written = 0;
};

// Work per second in the metric's unit (1e9 operations or bytes per second).
double throughput(const Work& work, Metric metric, double seconds);

// Expected outputs, and per element the rounding error a correct computation can make (for a sum or a
// product it grows with the reduction length; 0 for exact results). The rubric's tolerance policy turns
// the scale into the error it allows (tolerance.h).
struct Expected {
  std::vector<std::vector<double>> values;
  std::vector<std::vector<double>> error_scales;
};

// The inputs of one case, one element at a time: what a spot check of a big output reads. Drawn from
// the recipes, any element costs the same whether the array is 10 floats or 64 million.
struct InputElements {
  std::function<double(std::size_t array, std::size_t index)> value;
};

// A wrong output, handed to the problem to explain in its own words: what was compared, and what the
// student's code was given and gave back, so a problem can recognise a known wrong answer.
struct Failure {
  const Comparison& comparison;
  const HostArray& got;   // the wrong output
  const Arrays& inputs;   // the inputs of that run
  const Dims& dims;
  const Knobs& knobs;     // the build's compile-time constants, the rubric's defaults included
  const std::vector<double>* expected = nullptr;  // the reference values of the wrong output, when known
  // The grid's coverage is already named as the cause (an exchanged or short grid): an explanation then
  // draws its map without sending the student to bounds checks that may be right.
  bool grid_named = false;
};

// A known wrong answer: what a typical bug computes instead of the right output, and what to tell a
// student whose output equals it. Elements are computed one at a time, so that a candidate that differs
// at its first element costs one element.
struct WrongAnswer {
  std::string cause;  // "your result equals M x N with k running only up to 16 of 17: the phase count rounds down"
  std::size_t output = 0;
  std::function<double(std::size_t index)> element;
};

struct Problem {
  std::string name;               // "matmul"
  std::vector<std::string> axes;  // {"j", "k", "l"}
  std::vector<ArraySpec> (*inputs)(const Dims&);
  std::vector<ArraySpec> (*outputs)(const Dims&);
  std::vector<InputVariant> variants;
  // `knobs`: the build's compile-time constants (every knob, the rubric's defaults included), for a
  // problem whose answer depends on one (a blur's BLUR_SIZE); most problems ignore them.
  Expected (*reference)(const Dims&, const Knobs& knobs, const Arrays& inputs);
  // One element of one output, for spot checks of outputs too large to recompute whole.
  double (*reference_element)(const Dims&, const Knobs& knobs, const InputElements& inputs, std::size_t output,
                              std::size_t index, double* error_scale);
  Work (*work)(const Dims&);
  Metric metric;  // what its throughput is naturally measured in
  // Lines that say what the wrong elements mean (a map, a likely cause); nullptr when the generic
  // lines of compare.h say it all.
  std::string (*explain)(const Failure&);
  // The wrong answers a typical bug gives for these inputs (wrong_answers.h matches them); nullptr: none.
  std::vector<WrongAnswer> (*wrong_answers)(const Failure&) = nullptr;
  // Its arrays are pictures a person can look at: axes {"width", "height"}, every array height x width
  // (one value per pixel, 0..255 when shown) or height x width x 3 (interleaved RGB, u8). Datasets, the
  // pictures of a failed test and `grader run` treat them as images.
  bool pictures = false;
  // A cause read from where the wrong elements are rather than from their values (the pixels a kernel
  // with x and y exchanged in its index never writes), for the headline; "" when the shape names
  // nothing. Tried after the wrong answers and after the launch's own coverage; nullptr: none.
  std::string (*shape_cause)(const Failure&) = nullptr;
  // A problem whose answer is the device's own (device-query): the reference for the device the test
  // runs on, as the grader knows it (kit/device_limits.h). `reference` then answers for the CPU backend's
  // default device; the grading uses this one.
  Expected (*device_reference)(const DeviceLimits& device, const Dims&, const Arrays& inputs) = nullptr;
  // Its outputs are host code's answer (a device's properties): no kernel is expected, and an output
  // written from the host is the harness's doing, not host code doing a kernel's work.
  bool host_answer = false;
};

// nullptr for an unknown name.
const Problem* find_problem(const std::string& name);
std::vector<std::string> problem_names();

// The variant of that name; nullptr when the problem has none.
const InputVariant* find_variant(const Problem& problem, const std::string& name);

// The inputs of one case, drawn from `variant`'s recipes.
Arrays generate_inputs(const Problem& problem, const InputVariant& variant, const Dims& dims, std::uint64_t seed);

// The same inputs, element by element (the arrays are never made), or read from arrays already made.
InputElements input_elements(const Problem& problem, const InputVariant& variant, const Dims& dims, std::uint64_t seed);
InputElements input_elements(const Arrays& arrays);

}  // namespace kit
