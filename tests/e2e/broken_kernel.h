// A broken kernel of the kit: assignments/<a>/broken/<name>.patch, a patch against the assignment's
// solution with one deliberate bug, whose header holds what the end-to-end tests expect of its grading
// (the format: assignments/README.md, "Broken kernels"). A correct variant, assignments/<a>/correct/
// <name>.patch, is the same kind of patch whose header says only how it differs (README, "Correct variants").
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace kit_e2e {

struct BrokenKernel {
  std::string assignment;    // the folder of assignments/ the patch sits in
  std::string name;          // the patch's file name without ".patch": the e2e test is e2e.broken.<backend>.<name>
  std::string student_file;  // the solution's file name, which the patched file is graded under
  std::string header;        // the patch's text before its "---" line
  std::string source;        // the solution with the patch applied
};

// Reads the patch and applies it to the solution it names, which must be solutions/<a>/<file>.cu of
// the same kit and the same assignment. Throws PatchError saying what is wrong.
BrokenKernel load_broken_kernel(const std::filesystem::path& patch);

// The metadata block of a header: "key: value" lines up to the first blank line, a line that starts
// with a space continuing the value above it.
struct Expectations {
  std::string bug;
  std::vector<std::string> fail_groups, pass_groups, texts;
  std::vector<std::string> diagnoses;  // "category" or "category file:line"
};

// The expectations that hold on `backend`: the plain keys and those with its suffix (expect-fail-cpu).
// Throws PatchError for a line that is not "key: value", an unknown key or a missing bug line.
Expectations read_expectations(const std::string& header, const std::string& backend);

// A correct variant's header: `style:` (required), how it differs from the solution, and `not-on:`, the
// backends that cannot run it (valid CUDA the CPU backend does not support), where every test must be
// reported as not checked, never as failed. Throws PatchError for any other key or a missing style.
struct VariantHeader {
  std::string style;
  std::vector<std::string> not_on;
};
VariantHeader read_variant(const std::string& header);

}  // namespace kit_e2e
