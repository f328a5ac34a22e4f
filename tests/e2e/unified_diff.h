// A unified diff of one file, as `diff -u` and `git diff` write it, applied strictly: every hunk at the
// line its header names, every context and removed line exactly as written, no offset and no fuzz. A
// patch that no longer applies means the file it was made against has changed since; the error says which
// hunk, which line, and where the hunk's lines are now if they are found elsewhere.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace kit_e2e {

struct PatchError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Hunk {
  int old_start = 0, old_count = 0;  // as in "@@ -old_start,old_count +new_start,new_count @@"
  int new_start = 0, new_count = 0;
  int patch_line = 0;               // the line of the patch its "@@" header is on, for messages
  std::vector<std::string> lines;   // each with its first character: ' ' context, '-' removed, '+' added
};

struct UnifiedDiff {
  std::string header;  // everything before the "---" line: patch and git apply ignore it
  std::string old_path, new_path;  // without the "a/" and "b/" that git writes
  std::vector<Hunk> hunks;
};

// Throws PatchError naming the patch's line when the text is not one file's unified diff.
UnifiedDiff parse_unified_diff(const std::string& text);

// The file after the diff; throws PatchError when a hunk does not match `original` where it says.
std::string apply_unified_diff(const UnifiedDiff& diff, const std::string& original);

}  // namespace kit_e2e
