// Grading one submission against one assignment's rubric: the whole pipeline, from finding the files to
// the scored result every report format renders.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kit/result.h"
#include "kit/rubric.h"

namespace kit {

struct GradeOptions {
  std::string assignment;
  std::string submission;              // the student's file, or a folder holding it
  std::string backend = "auto";        // auto | cuda | cpu
  std::optional<std::uint64_t> seed;   // draws hidden sizes and seeds; default: the rubric's
  bool visible_only = false;           // `check`: visible correctness tests and technique, no timing
};

// Throws UserError for anything the user can fix (unknown assignment, missing file, invalid rubric,
// no GPU for --backend cuda). Otherwise always returns a result, whatever the submission does.
GradeResult grade_submission(const GradeOptions& options);

// The folder that holds assignments/, solutions/ and starter/.
std::string kit_root();

// The assignment folders under assignments/ that hold a rubric.yaml, sorted.
std::vector<std::string> list_assignments();

// assignments/<name>/rubric.yaml, validated; throws UserError naming the known assignments.
Rubric load_assignment_rubric(const std::string& name);

}  // namespace kit
