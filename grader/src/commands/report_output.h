// What `check` and `grade` share: their common options, and writing the report where it was asked for.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "result/result.h"

namespace kit {

// The options `check` and `grade` both take.
struct ReportFlags {
  std::string assignment;
  std::string submission;
  std::string backend = "auto";
  std::string format = "text";
  std::string output;
  std::string pictures;  // --pictures: where the pictures of failed picture tests go (failure_pictures.h)
  bool unsandboxed = false;
  bool verbose = false;
  int jobs = 0;  // --jobs: correctness tests side by side; 0: default_test_jobs()
  std::string prepared;  // --prepared: the folder a batch prepared for its gradings (build/prepared.h)
};

// Adds assignment, --submission, --backend, --format, --output, --pictures, --unsandboxed, --jobs,
// --prepared and --verbose to `command`.
// Returns the --submission option, which `grade` makes required.
CLI::Option* add_report_flags(CLI::App* command, ReportFlags& flags);

inline constexpr const char* kUnsandboxedHelp =
    "run student code without a sandbox (only where none can be made; the result says so)";

// Checked before grading starts, so a mistyped path never costs a grading run. Throws UserError.
void check_output_path(const std::string& output);

// Writes the report in `format` to the terminal, or to `output` whole or not at all (temporary +
// rename) with the people-readable report still on the terminal, so no result is lost.
void emit_report(const GradeResult& result, const ReportFlags& flags);

// Whether `grader check` says the student's file passes: no test failed, and some test passed. A test the
// machine could not check (an error: nvcc missing where a release is checked, say; result/regrade.h) and a
// written answer a person grades are neither, so a student tree without CUDA is green for a right file.
bool check_passes(const GradeResult& result);

}  // namespace kit
