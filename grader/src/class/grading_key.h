// The secret a batch seals its result files with (class/result_seal.h), and where it lives. A batch uses
// grading.key in its own folder (--out) when there is one; else grading.key at the top of the course tree
// (--kit, KIT_ROOT) when the course keeps one there; else it makes <out>/grading.key, 32 random bytes in
// hex, readable by its owner only. The Slurm tasks of a batch share its folder, so they share its key; a
// course that merges batches from several folders may keep one key in its tree for all of them.
// `grader gradebook` looks for the key the same way, and never makes one. docs/batch.md says it for people.
#pragma once

#include <optional>
#include <string>

namespace kit {

inline constexpr const char* kGradingKeyFile = "grading.key";

struct GradingKey {
  std::string secret;  // the file's text without surrounding blanks: at least 32 characters
  std::string path;    // where it was read from, for messages
};

// The key for a batch whose folder is `out` (which must exist). A key made here is written whole under
// its name at once (a link from a private temporary file), so that tasks starting together all end up
// reading the one that won. Throws UserError when a key file is there but is no key (a link, a folder,
// fewer than 32 characters) or cannot be made.
GradingKey batch_grading_key(const std::string& out);

// The key to check the results in `dir` with: `dir` is a batch's folder, or its results/ folder (then the
// key is looked for in the folder above it). nullopt when neither it nor the course tree holds one.
// Throws UserError as batch_grading_key does.
std::optional<GradingKey> find_grading_key(const std::string& dir);

}  // namespace kit
