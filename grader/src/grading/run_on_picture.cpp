#include "grading/run_on_picture.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include "assignment/kit_tree.h"
#include "assignment/picture_file.h"
#include "build/backend_choice.h"
#include "checks/correctness_run.h"
#include "grading/grade.h"
#include "kit/poison.h"
#include "kit/problem.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// The problem whose reference turns a colour picture into a grey one: a colour picture given to a function
// that takes a grey one is converted the way the course converts it.
constexpr const char* kGreyscaleProblem = "greyscale";

enum class PictureKind { grey, colour, other };

PictureKind picture_kind(const ArraySpec& spec, const Dims& dims) {
  const long width = dims[0], height = dims[1];
  if (spec.shape == std::vector<long>{height, width}) return PictureKind::grey;
  if (spec.shape == std::vector<long>{height, width, 3}) return PictureKind::colour;
  return PictureKind::other;
}

const Function& find_function(const Rubric& rubric, const RunOnPictureOptions& o) {
  if (o.function.empty()) return rubric.functions.front();
  std::string names;
  for (const Function& f : rubric.functions) {
    if (f.name == o.function) return f;
    names += (names.empty() ? "" : ", ") + f.name;
  }
  throw UserError("--function '" + o.function + "' is not one of " + o.assignment + "'s (" + names + ")");
}

// A colour picture in grey, by the greyscale problem's own reference.
Picture to_grey(const Picture& colour, const std::string& input_name) {
  const Problem* greyscale = find_problem(kGreyscaleProblem);
  const Dims dims = {colour.width, colour.height};
  if (!greyscale || greyscale->inputs(dims).size() != 1 || picture_kind(greyscale->inputs(dims)[0], dims) != PictureKind::colour)
    throw UserError(input_name + " is a colour picture and the function takes a grey one, and this kit has no " +
                    kGreyscaleProblem + " problem to convert it with: give a grey picture (.pgm)");
  HostArray rgb = make_array(greyscale->inputs(dims)[0]);
  rgb.bytes = colour.pixels;
  const Expected grey = greyscale->reference(dims, {}, {rgb});
  Picture p = colour;
  p.channels = 1;
  p.pixels.resize(grey.values[0].size());
  for (std::size_t i = 0; i < p.pixels.size(); ++i)
    p.pixels[i] = pixel_value(grey.values[0][i]);
  return p;
}

// The picture as the function's one input, in the input's dtype.
Arrays inputs_from(const Picture& given, const Problem& problem, const Dims& dims, const RunOnPictureOptions& o,
                   std::string* notes) {
  const std::vector<ArraySpec> specs = problem.inputs(dims);
  if (specs.size() != 1)
    throw UserError("`grader run` gives a function one picture, and " + problem.name + " takes " +
                    std::to_string(specs.size()) + " inputs");
  const PictureKind wanted = picture_kind(specs[0], dims);
  Picture picture = given;
  if (wanted == PictureKind::other)
    throw UserError("the input " + specs[0].name + " of " + problem.name + " is not a picture (" +
                    format_dims(specs[0].shape) + ")");
  if (wanted == PictureKind::colour && picture.channels == 1)
    throw UserError(o.input + " is a grey picture, and the function takes a colour one (" + specs[0].name +
                    ": height x width x 3, RGB): give it a colour picture (.ppm" +
                    std::string(png_supported() ? " or a colour .png)" : ")"));
  if (wanted == PictureKind::grey && picture.channels == 3) {
    picture = to_grey(picture, o.input);
    *notes += o.input + " is in colour and the function takes a grey picture: converted to grey with the " +
              kGreyscaleProblem + " problem's formula\n";
  }
  HostArray input = make_array(specs[0]);
  for (std::size_t i = 0; i < input.spec.count(); ++i) input.set(i, picture.pixels[i]);
  return {input};
}

// An integer output has no value arithmetic cannot produce, so a pixel holding the poison may be a right
// one: a second run with another poison tells them apart (a pixel never written holds each run's poison).
std::vector<std::uint64_t> poison_seeds(std::uint64_t seed, DType dtype) {
  if (dtype == DType::f32) return {seed};
  std::uint64_t other = seed + 1;
  while (poison_bits(dtype, other) == poison_bits(dtype, seed)) ++other;
  return {seed, other};
}

// What the function left (its first run), as a picture: values rounded and held to 0..255, values
// never written black.
Picture picture_from(const std::vector<Arrays>& runs, const std::vector<std::uint64_t>& seeds, std::string* notes) {
  const HostArray& output = runs.front().front();
  Picture picture = picture_of(output);
  std::size_t held = 0, not_finite = 0, never_written = 0;
  for (std::size_t i = 0; i < output.spec.count(); ++i) {
    bool poison = true;
    for (std::size_t k = 0; k < runs.size(); ++k) poison = poison && is_poison(runs[k].front(), i, seeds[k]);
    const double v = output.value(i);
    if (poison) {
      ++never_written;
      picture.pixels[i] = 0;
    } else if (!std::isfinite(v)) {
      ++not_finite;
    } else if (v < 0 || v > 255) {
      ++held;
    }
  }
  const std::string& name = output.spec.name;
  if (never_written)
    *notes += std::to_string(never_written) + " of the " + std::to_string(output.spec.count()) + " values of " + name +
              " were never written (shown black)\n";
  if (not_finite) *notes += std::to_string(not_finite) + " values of " + name + " are NaN or Inf (shown black)\n";
  if (held) *notes += std::to_string(held) + " values of " + name + " were outside 0..255 and were clamped\n";
  return picture;
}

// The output file can hold the result, and its folder exists: checked before anything is built.
void check_output(const std::string& output, PictureKind kind) {
  picture_format_for(output);
  std::string ext = fs::path(output).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (kind == PictureKind::colour && ext == ".pgm")
    throw UserError("--output " + output + ": the function writes a colour picture, and a .pgm holds grey ones; use .ppm" +
                    std::string(png_supported() ? " or .png" : ""));
  const fs::path target(output);
  if (target.has_parent_path() && !fs::is_directory(target.parent_path()))
    throw UserError("cannot write --output " + output + ": the folder " + target.parent_path().string() +
                    " does not exist");
}

}  // namespace

RunOnPictureResult run_on_picture(const RunOnPictureOptions& o) {
  // Everything the user can get wrong is found before anything is built.
  const Rubric rubric = load_assignment_rubric(o.assignment);
  const Function& function = find_function(rubric, o);
  const Problem& problem = *function.problem;
  if (!problem.pictures)
    throw UserError(function.name + " computes " + problem.name + ", whose arrays are not pictures: `grader run` "
                    "runs the functions of picture assignments");
  const Picture picture = read_picture(o.input);
  const Dims dims = {picture.width, picture.height};
  RunOnPictureResult result;
  result.function = function.name;
  result.dims = dims;
  const Arrays inputs = inputs_from(picture, problem, dims, o, &result.notes);
  const std::vector<ArraySpec> outputs = problem.outputs(dims);
  if (outputs.size() != 1 || picture_kind(outputs[0], dims) == PictureKind::other)
    throw UserError("`grader run` writes one picture, and " + problem.name + "'s outputs are not one picture");
  check_output(o.output, picture_kind(outputs[0], dims));

  const std::string submission =
      o.submission.empty() ? kit_file("starter/" + o.assignment) : o.submission;
  with_submission_session(o.assignment, submission, o.backend, o.unsandboxed, [&](Session& s, const std::string& why) {
    result.backend = to_string(s.assignment.backend);
    result.backend_reason = why;
    TestCase test;
    test.group = "run";
    test.name = "picture " + format_dims(dims);
    // The session's rubric is the one the function must point into.
    test.function = &find_function(s.assignment.rubric, o);
    if (!problem.variants.empty()) test.inputs = &problem.variants.front();
    test.dims = dims;
    test.seeds = poison_seeds(s.assignment.rubric.seed, outputs[0].dtype);
    GivenInputsRun run = run_on_given_inputs(s, test, inputs);
    result.problem = run.problem;
    result.details = run.details;
    if (!run.finished) return;
    write_picture(o.output, picture_from(run.outputs, test.seeds, &result.notes));
    result.written = true;
  });
  while (!result.notes.empty() && result.notes.back() == '\n') result.notes.pop_back();
  return result;
}

}  // namespace kit
