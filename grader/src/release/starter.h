// Starter files are derived from the solutions, so the two never drift apart. In a solution file, every
// line from `// BEGIN SOLUTION` to `// END SOLUTION` is replaced in the starter by the region's
// `// STARTER: <text>` lines, each becoming <text> at the STARTER line's own indentation. Everything else
// is copied unchanged.
#pragma once

#include <stdexcept>
#include <string>

namespace kit {

struct StarterError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws StarterError (naming the path and line) for unbalanced or nested markers.
std::string derive_starter(const std::string& solution, const std::string& path);

}  // namespace kit
