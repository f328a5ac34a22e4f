#include "os/remove_tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

namespace kit {
namespace {

constexpr int kDirectoryFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

std::vector<std::string> entries_of(int fd) {
  std::vector<std::string> names;
  const int copy = ::dup(fd);  // closedir closes the descriptor it was given
  if (copy < 0) return names;
  DIR* dir = ::fdopendir(copy);
  if (dir == nullptr) {
    ::close(copy);
    return names;
  }
  ::rewinddir(dir);
  while (const dirent* e = ::readdir(dir)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  ::closedir(dir);
  return names;
}

// Removes `name` in `fd` if it is a file, a link or an empty folder; false when it is a folder with
// something in it.
bool remove_entry(int fd, const std::string& name) {
  if (::unlinkat(fd, name.c_str(), 0) == 0 || errno == ENOENT) return true;
  if (::unlinkat(fd, name.c_str(), AT_REMOVEDIR) == 0 || errno == ENOENT) return true;
  return false;
}

// Opens the folder `name` in `fd`, first giving its owner the rights to list and empty it (a run may
// have left it with none).
int open_folder(int fd, const std::string& name) {
  int child = ::openat(fd, name.c_str(), kDirectoryFlags);
  if (child < 0 && errno == EACCES && ::fchmodat(fd, name.c_str(), 0700, 0) == 0)
    child = ::openat(fd, name.c_str(), kDirectoryFlags);
  if (child >= 0) ::fchmod(child, 0700);
  return child;
}

}  // namespace

bool remove_tree(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return errno == ENOENT;
  if (!S_ISDIR(st.st_mode)) return ::unlink(path.c_str()) == 0;
  int fd = ::open(path.c_str(), kDirectoryFlags);
  if (fd < 0 && errno == EACCES && ::chmod(path.c_str(), 0700) == 0) fd = ::open(path.c_str(), kDirectoryFlags);
  if (fd < 0) return false;
  long depth = 0;
  // Each pass empties the current folder of what it can; the first folder that is not empty is entered,
  // and a folder found empty is left for its parent ("..": nothing runs in the tree any more) to remove.
  for (long passes = 0; passes < 100'000'000; ++passes) {
    bool entered = false;
    bool stuck = true;
    for (const std::string& name : entries_of(fd)) {
      if (remove_entry(fd, name)) {
        stuck = false;
        continue;
      }
      const int child = open_folder(fd, name);
      if (child < 0) continue;  // neither removable nor enterable: left, and reported below
      ::close(fd);
      fd = child;
      ++depth;
      entered = true;
      break;
    }
    if (entered) continue;
    if (depth == 0) break;
    const bool emptied = entries_of(fd).empty();
    const int parent = ::openat(fd, "..", kDirectoryFlags);
    ::close(fd);
    if (parent < 0) return false;
    fd = parent;
    --depth;
    if (!emptied && stuck) break;  // a folder that cannot be emptied: stop rather than loop
  }
  ::close(fd);
  return ::rmdir(path.c_str()) == 0 || errno == ENOENT;
}

}  // namespace kit
