// What identifies the kit's own programs and libraries between gradings without hashing them: a path,
// its size and its time of change. Caches that keep what one grading computed for the next (references,
// baseline builds) key their entries with it, so a rebuilt kit never reads what an older one wrote.
#pragma once

#include <string>

namespace kit {

// "path/size/mtime", or "path/missing".
std::string file_identity(const std::string& path);

// The running grader: its version and its executable's identity.
const std::string& grader_identity();

}  // namespace kit
