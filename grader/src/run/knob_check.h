// Whether a -D build of the student's file really uses the values it was built with. A file can undo
// `-DTILE_WIDTH=8` with `#undef TILE_WIDTH` / `#define TILE_WIDTH 16`, and then pass the tests meant to
// catch a kernel written for one tile width only. The preprocessor's final definitions tell.
#pragma once

#include <string>

#include "kit/knobs.h"
#include "run/assignment.h"
#include "run/worker.h"
#include "submission/submission.h"

namespace kit {

// "" when every knob of `build` ends the file with the value given; otherwise what the file did
// ("the file redefines TILE_WIDTH: built with -DTILE_WIDTH=8, it uses 16"). Asked once per build.
std::string knobs_overridden(const Assignment& assignment, const Submission& submission, Worker& worker,
                             const Knobs& build);

}  // namespace kit
