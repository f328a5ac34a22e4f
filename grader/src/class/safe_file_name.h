// A student's name as a file name. A batch names each student's result file after them, and the names come
// from the students (folder names, GitHub user names, Gradescope's export): one may be 250 bytes long, hold
// a slash's look-alike, control bytes, invalid UTF-8, or start with a dot. Such a name becomes a short
// readable part and a hash of the whole name, the same on every run, so a batch run again finds the result.
#pragma once

#include <cstddef>
#include <string>

namespace kit {

// Names up to this many bytes may be kept as they are: a result's file name (<name>.json.partial while it
// is written) then stays far below the 255 bytes a file name may have.
inline constexpr std::size_t kMaxKeptNameBytes = 128;

// `name` itself when it is a fine file name: 1 to kMaxKeptNameBytes bytes of UTF-8, no control byte, no
// '/', not starting with '.', and not ending the way a made name ends. Otherwise a made name: the name's
// letters, digits, '-' and '_' (at most 48 bytes, "student" when none), '~', and 20 hex digits of the
// SHA-256 of the whole name. A kept name never ends like a made one, so two different names never get one
// file name (short of a collision of 80 bits of SHA-256).
std::string safe_file_name(const std::string& name);

}  // namespace kit
