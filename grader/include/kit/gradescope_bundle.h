// `grader bundle gradescope`: the zip Gradescope takes as an autograder (docs/gradescope.md). It carries
// the kit's sources, which setup.sh builds and installs on Gradescope's Ubuntu image (a tree installed
// here would be linked against this machine's libraries), run_autograder, bundle.conf naming the
// assignment, and the course's tree when one is in use (kit/kit_tree.h), hidden seeds included.
#pragma once

#include <string>
#include <vector>

#include "kit/rubric.h"

namespace kit {

struct BundleOptions {
  std::string assignment;
  std::string out;           // the .zip to write
  bool unsandboxed = false;  // run_autograder grades with --unsandboxed (where the image refuses namespaces)
};

// What bundle.conf says: the assignment, its student files and whether to grade unsandboxed, as bash.
// Throws UserError for a name bash could misread (anything but letters, digits, '.', '_', '-').
std::string bundle_conf(const Rubric& rubric, bool unsandboxed);

// Writes the zip (whole or not at all) and returns the paths it holds, sorted. Throws UserError: an
// unknown assignment, an installed kit (no sources to carry), no `zip` command, an unwritable --out.
std::vector<std::string> write_gradescope_bundle(const BundleOptions& options);

}  // namespace kit
