// One grading run of one submission: the rubric, the files, the backend, and the runners built so far
// (each build is made once and reused by every test that needs it).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "kit/build.h"
#include "kit/problem.h"
#include "kit/rubric.h"

namespace kit {

struct Session {
  Rubric rubric;
  const ProblemDef* problem = nullptr;
  std::string kit_root;
  std::string assignment_dir;
  std::string source;    // the student's file
  Backend backend = Backend::cpu;
  std::string work_dir;  // a private temporary folder, removed at the end
  std::uint64_t grading_seed = 0;
  std::map<std::string, BuildOutcome> builds;
  std::map<std::string, Expected> references;  // by dims and seed
};

// The student's runner for a flavour ("fast", "asan", "tsan"; cuda ignores it) and tile width (0: default).
const BuildOutcome& student_runner(Session& session, const std::string& flavour, int tile_width);

// A baseline's runner (cuda only): `file` relative to the kit root, built with `assignment`'s harness.
const BuildOutcome& baseline_runner(Session& session, const std::string& name, const std::string& assignment,
                                    const std::string& file);

// The reference outputs for a size and seed, computed once.
const Expected& reference_for(Session& session, const Dims& dims, std::uint64_t seed);

}  // namespace kit
