// Baseline runners built once for a class. Every grading of a batch times the same baselines (the
// reference solution, the naive kernel) and used to build them again; with a cache folder the first
// grading builds each and the others copy it. Only the kit's own files are cached: a student's build is
// never shared, even between two identical submissions. The folder is the builds/ of the prepared folder
// a batch hands its gradings (build/prepared.h); a grading without one builds its own.
#pragma once

#include <functional>
#include <string>

#include "build/build_spec.h"

namespace kit {

// What a baseline's runner is made from: the grader that builds it, the kit's libraries it links, the
// backend, flavour and knobs, and the bytes of the source and of every file in the assignment's folder.
// Two specs with the same text build the same runner.
std::string build_cache_key(const BuildSpec& spec);

// The runner for `key`: copied from `dir` into spec.output_dir when an earlier grading built it, else
// built with `build` and, when that succeeds, stored for the next (written whole, then renamed, so that
// gradings side by side never copy half a runner; a failure to store only costs the next one the time).
BuildOutcome cached_build(const std::string& dir, const std::string& key, const BuildSpec& spec,
                          const std::function<BuildOutcome(const BuildSpec&)>& build);

}  // namespace kit
