// What a grading is asked to do (`grader grade` and `grader check`): plain data that the grading and each
// check read (grading/grade.h, checks/check.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace kit {

struct GradeOptions {
  std::string assignment;
  std::string submission;              // the student's file, or a folder holding it
  std::string backend = "auto";        // auto | cuda | cpu
  std::optional<std::uint64_t> seed;   // draws hidden sizes and seeds; default: the rubric's
  bool visible_only = false;           // `check`: visible correctness tests and technique, no timing
  bool unsandboxed = false;            // run student code without a sandbox (the result says so)
  std::string unsandboxed_why;         // why, when not asked for with --unsandboxed (commands/own_machine_sandbox.h)
  int jobs = 0;                        // correctness tests side by side; 0: default_test_jobs()
  // Where the pictures of failed picture tests are copied (failure_pictures.h); empty: none are kept.
  std::string pictures_dir;
  // The folder a batch prepared for its gradings (build/prepared.h, `--prepared`): its caches and timing
  // lock are shared with the batch's other gradings. Empty: this grading shares nothing.
  std::string prepared;
  // `check --only`: one correctness group, or one correctness test, by its name; nothing else runs (no
  // technique, written or performance check), so a student iterates on one thing quickly. Empty: all.
  std::string only;
  // `check --first-failure`: the correctness tests in the rubric's order up to the first that fails; the
  // tests after it and every other check are skipped, "not run: --first-failure stopped at <test>".
  bool first_failure = false;
};

}  // namespace kit
