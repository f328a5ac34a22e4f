// The prepared-assignment folder: what a batch makes once for its gradings of one assignment on one
// backend, and hands to each child as `grader grade --prepared DIR` (docs/batch.md). It holds
//   prepared.json  the manifest: the assignment, the SHA-256 of its rubric, the backend
//   references/    reference outputs, computed once per case and seed (assignment/reference_cache.h)
//   builds/        the baselines' runners, built once (build/build_cache.h)
//   harness/       harness objects, compiled once per compile command (build/harness_cache.h)
//   timing.lock    the lock of the gradings that share one GPU (os/timing_lock.h), beside it its queue
//                  and the record of the baselines' rounds (performance/baseline_rounds.h)
// A grading handed no folder shares no caches with another: every path is empty, except on a GPU the
// timing lock, which is then the machine's (os/timing_lock.h). Only the grader reads and
// writes the folder; student code never sees it, except harness/, read-only, in its compile.
#pragma once

#include <string>

#include "assignment/rubric.h"
#include "build/build.h"

namespace kit {

inline constexpr const char* kPreparedManifest = "prepared.json";

struct PreparedFolder {
  std::string dir;          // "": none
  std::string references;   // dir/references
  std::string builds;       // dir/builds
  std::string harness;      // dir/harness
  std::string timing_lock;  // dir/timing.lock; outside a batch on a GPU, the machine's; "": none
};

// The SHA-256 of the rubric's bytes and its questions file's: a result records the rubric it was graded
// against, so that neither a batch run again nor `grader gradebook` takes a grade made under another; a
// prepared folder records it too, so that a grading never reads references of another rubric.
std::string rubric_sha256(const Rubric& rubric);

// Makes `dir` ready for gradings of `rubric`'s assignment on `backend`: its folders, its lock file and a
// manifest, written whole (a folder an earlier batch prepared for another rubric is taken over: what its
// caches hold is keyed by everything it was made from). Throws UserError when it cannot be written.
PreparedFolder prepare_folder(const std::string& dir, const Rubric& rubric, Backend backend);

// The folder a grading was handed, once its manifest says it was prepared for `rubric` (the same
// assignment and rubric bytes) and `backend`. Throws UserError, naming the folder and what differs,
// when it cannot be read or was prepared for something else. "" gives the empty folder.
PreparedFolder open_prepared_folder(const std::string& dir, const Rubric& rubric, Backend backend);

}  // namespace kit
