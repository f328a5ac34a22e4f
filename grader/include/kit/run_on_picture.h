// `grader run`: one of the student's functions run once on a picture the student chooses, and what it
// produced written as a picture, so a student sees their blur on a photo of their own. The run is a
// correctness run without a reference: the same build, sandbox, arena, guard zones and verdicts on
// crashes and hangs as `check`.
#pragma once

#include <string>

#include "kit/array.h"
#include "kit/cases.h"
#include "kit/session.h"

namespace kit {

struct RunOnPictureOptions {
  std::string assignment;
  std::string submission;  // the student's file or its folder; empty: the starter
  std::string input;       // the picture to run on (PGM, PPM, or PNG where supported)
  std::string output;      // where the result goes; its extension says the format
  std::string function;    // empty: the assignment's first function
  std::string backend = "auto";
  bool unsandboxed = false;
};

struct RunOnPictureResult {
  std::string function;
  std::string backend;         // "cuda" | "cpu"
  std::string backend_reason;
  Dims dims;                   // width, height: the picture's
  std::string notes;           // what was done to the picture on the way in and out (lines; may be empty)
  bool written = false;        // the output picture was written
  std::string problem;         // the student's code did not build, crashed, timed out, wrote out of bounds...
  std::string details;         // the lines under it (compiler output, the program's last output)
};

// Throws UserError for bad input: an unknown assignment or function, a problem that is not a picture
// problem, an unreadable picture, a colour picture's grey conversion unavailable, an output format
// that cannot hold the result. Anything the student's code does is in the result.
RunOnPictureResult run_on_picture(const RunOnPictureOptions& options);

// What run_on_picture builds on, shared with the correctness tests (defined in correctness_run.cpp):
// the test's function run on `inputs` instead of its drawn ones, once per seed of the test, each seed
// fixing the poison the outputs are filled with before that run.
struct GivenInputsRun {
  bool finished = false;  // the function ran to its end for every seed: `outputs` hold what it left
  std::string problem;    // why the run is not clean (did not build, crashed, wrote out of bounds); "" when clean
  std::string details;
  std::vector<Arrays> outputs;  // per seed
};
GivenInputsRun run_on_given_inputs(Session& session, const TestCase& test, const Arrays& inputs);

}  // namespace kit
