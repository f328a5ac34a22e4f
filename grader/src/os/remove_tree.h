// Removing a folder student code wrote into: whatever it left there (a path far longer than PATH_MAX,
// folders nested thousands deep, folders it made unreadable), without following a link out of it.
#pragma once

#include <string>

namespace kit {

// Removes `path` and everything under it; true when nothing is left. Works through directory
// descriptors one level at a time, so neither the depth nor the length of the paths inside matters, and
// it never holds more than one descriptor open.
bool remove_tree(const std::string& path);

}  // namespace kit
