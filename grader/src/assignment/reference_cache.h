// Reference outputs kept on disk between gradings, so that a class is checked against references
// computed once per case and seed rather than once per student (the fp64 matmul references of one
// grading of matmul-tiled take seconds). Only the grader reads and writes the cache; student code never
// sees it (its folder is not in the sandbox). The folder is the references/ of the prepared folder a
// batch hands its gradings (build/prepared.h); a grading without one computes its own.
#pragma once

#include <optional>
#include <string>

#include "kit/problem.h"

namespace kit {

// `key` says which case (problem, variant, dims, knobs, seed); the file also records which grader
// computed it, so a rebuilt grader (whose reference may have changed) never reads an older entry.
// nullopt for an entry that is missing, from another grader, or damaged.
std::optional<Expected> load_cached_reference(const std::string& dir, const std::string& key);

// Written whole (a temporary file renamed into place), so that gradings running side by side never read
// half an entry. Failing to write (a full disk, a read-only folder) only costs the next grading the time.
void store_cached_reference(const std::string& dir, const std::string& key, const Expected& expected);

}  // namespace kit
