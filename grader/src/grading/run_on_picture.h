// `grader run`: one of the student's functions run once on a picture the student chooses, and what it
// produced written as a picture, so a student sees their blur on a photo of their own. The run is a
// correctness run without a reference: the same build, sandbox, arena, guard zones and verdicts on
// crashes and hangs as `check`.
#pragma once

#include <string>

#include "assignment/cases.h"
#include "kit/array.h"
#include "run/session.h"

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

}  // namespace kit
