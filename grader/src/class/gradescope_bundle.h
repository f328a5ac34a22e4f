// `grader bundle gradescope`: the zip Gradescope takes as an autograder (docs/gradescope.md). It carries
// the kit's sources, which setup.sh builds and installs on Gradescope's Ubuntu image (a tree installed
// here would be linked against this machine's libraries), run_autograder, bundle.conf naming the
// assignment and the grading seed, and the course's tree when one is in use (assignment/kit_tree.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "assignment/rubric.h"

namespace kit {

struct BundleOptions {
  std::string assignment;
  std::string out;           // the .zip to write
  bool unsandboxed = false;  // run_autograder grades with --unsandboxed (where the image refuses namespaces)
  // The seed the hidden tests are drawn from (`--seed`); without it, the course tree's grading seed
  // (assignment/grading_seed.h). The rubric's own seed is public: a bundle is never made with it.
  std::optional<std::uint64_t> seed;
};

// What bundle.conf says: the assignment, its student files, the grading seed and whether to grade
// unsandboxed, as bash. Throws UserError for a name bash could misread (anything but letters, digits,
// '.', '_', '-').
std::string bundle_conf(const Rubric& rubric, bool unsandboxed, std::uint64_t seed);

// The seed a bundle grades hidden tests with: `given`, else the course's grading seed. Throws UserError
// when there is neither: students' copies of the kit hold the rubric's seed, so the hidden tests it draws
// are not hidden.
std::uint64_t bundle_seed(const Rubric& rubric, const std::optional<std::uint64_t>& given);

// Writes the zip (whole or not at all) and returns the paths it holds, sorted. Throws UserError: an
// unknown assignment, no grading seed, an installed kit (no sources to carry), no `zip` command, an
// unwritable --out.
std::vector<std::string> write_gradescope_bundle(const BundleOptions& options);

}  // namespace kit
