#include "os/sandbox_binds.h"

#include <cerrno>
#include <climits>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kit {
namespace {

constexpr int kMaxLinks = 40;  // as the kernel's own resolution allows

// The names of a path, in order ("" and "." dropped: they name the folder they are in).
std::deque<std::string> names_of(const std::string& path) {
  std::deque<std::string> names;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string name = path.substr(start, end - start);
    if (!name.empty() && name != ".") names.push_back(name);
    start = end + 1;
  }
  return names;
}

void close_descriptor(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Whether the mode bits of `st` let uid/gid do `want` (a mask of S_IROTH, S_IXOTH): the owner's bits for
// the owner, the group's for the group, the others' for everyone else, as the kernel decides.
bool permits(const struct stat& st, uid_t uid, gid_t gid, mode_t want) {
  const mode_t bits = st.st_uid == uid ? (st.st_mode >> 6) & 07 : st.st_gid == gid ? (st.st_mode >> 3) & 07 : st.st_mode & 07;
  return (bits & want) == want;
}

}  // namespace

bool sandbox_user_reaches(const std::string& path, uid_t uid, gid_t gid, bool owned_by_then) {
  char resolved[PATH_MAX];
  if (::realpath(path.c_str(), resolved) == nullptr) return false;
  const std::string real = resolved;
  struct stat st {};
  for (std::size_t slash = 0; slash != std::string::npos; slash = real.find('/', slash + 1)) {
    const std::string folder = slash == 0 ? "/" : real.substr(0, slash);
    if (::stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || !permits(st, uid, gid, S_IXOTH)) return false;
  }
  if (owned_by_then) return true;
  if (::stat(real.c_str(), &st) != 0) return false;
  return permits(st, uid, gid, S_ISDIR(st.st_mode) ? S_IROTH | S_IXOTH : S_IROTH);
}

// Each link is followed by hand, as a name list pushed in front of the names still to open.
int open_bind_source(const std::string& path, uid_t sandbox_uid, std::string* why) {
  if (path.empty() || path[0] != '/') {
    *why = "a sandbox bind needs an absolute host path, not " + path;
    return -1;
  }
  std::deque<std::string> todo = names_of(path);
  int folder = ::open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
  struct stat folder_st {};
  if (folder < 0 || ::fstat(folder, &folder_st) != 0) {
    *why = std::string("cannot open /: ") + std::strerror(errno);
    close_descriptor(folder);
    return -1;
  }
  int links = 0;
  while (!todo.empty()) {
    const std::string name = todo.front();
    todo.pop_front();
    int next = ::openat(folder, name.c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC);
    struct stat st {};
    if (next < 0 || ::fstat(next, &st) != 0) {
      *why = "cannot open " + path + ": " + std::strerror(errno);
      close_descriptor(next);
      close_descriptor(folder);
      return -1;
    }
    if (S_ISLNK(st.st_mode)) {
      char target[PATH_MAX];
      const ssize_t length = ::readlinkat(next, "", target, sizeof target);
      close_descriptor(next);
      if (st.st_uid == sandbox_uid || folder_st.st_uid == sandbox_uid) {
        *why = path + " goes through the link " + name + ", which the sandbox's user made or can replace: the "
               "grader, root, follows no such link into a sandbox";
      } else if (++links > kMaxLinks || length <= 0 || length >= static_cast<ssize_t>(sizeof target)) {
        *why = "cannot open " + path + ": " + std::strerror(length <= 0 ? errno : ELOOP);
      } else {
        const std::string destination(target, static_cast<std::size_t>(length));
        const std::deque<std::string> more = names_of(destination);
        todo.insert(todo.begin(), more.begin(), more.end());
        if (destination[0] != '/') continue;
        close_descriptor(folder);
        folder = ::open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (folder >= 0 && ::fstat(folder, &folder_st) == 0) continue;
        *why = std::string("cannot open /: ") + std::strerror(errno);
      }
      close_descriptor(folder);
      return -1;
    }
    if (!todo.empty() && !S_ISDIR(st.st_mode)) {
      *why = "cannot open " + path + ": " + std::strerror(ENOTDIR);
      close_descriptor(next);
      close_descriptor(folder);
      return -1;
    }
    close_descriptor(folder);
    folder = next;
    folder_st = st;
  }
  return folder;
}

namespace {

// kStagingFolder, made when missing; refused when anyone but the grader's user could change what it is.
std::string ready_staging_folder() {
  struct stat st {};
  if (::lstat(kStagingFolder, &st) != 0) {
    if (errno == ENOENT && ::mkdir(kStagingFolder, 0755) != 0 && errno != EEXIST)
      return std::string("cannot make ") + kStagingFolder + ": " + std::strerror(errno);
    if (::lstat(kStagingFolder, &st) != 0) return std::string("cannot read ") + kStagingFolder + ": " + std::strerror(errno);
  }
  if (!S_ISDIR(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH)))
    return std::string(kStagingFolder) + " is not a folder that only the grader's user (root) may change: remove it, "
           "and the grader makes it again";
  return "";
}

}  // namespace

std::string open_staged_binds(std::vector<StagedBind>& binds, uid_t sandbox_uid) {
  if (binds.empty()) return "";
  std::string problem = ready_staging_folder();
  for (StagedBind& b : binds) {
    if (!problem.empty()) break;
    b.fd = open_bind_source(b.host_path, sandbox_uid, &problem);
    struct stat st {};
    if (b.fd >= 0 && ::fstat(b.fd, &st) == 0) b.directory = S_ISDIR(st.st_mode);
  }
  if (!problem.empty()) close_staged_binds(binds);
  return problem;
}

void close_staged_binds(std::vector<StagedBind>& binds) {
  for (StagedBind& b : binds) close_descriptor(b.fd);
}

const char* mount_staged_binds(const std::vector<StagedBind>& binds) {
  if (binds.empty()) return nullptr;
  if (::unshare(CLONE_NEWNS) != 0)
    return "cannot start the program: the grader cannot make a mount namespace to hand the sandbox its folders";
  // Before anything is mounted: with / shared (as systemd makes it), the tmpfs would appear on the host too.
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
    return "cannot start the program: the grader cannot make its mount namespace private";
  if (::mount("kit-sandbox-binds", kStagingFolder, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0711,size=64k") != 0)
    return "cannot start the program: the grader cannot mount a tmpfs on /tmp/kit-sandbox-binds";
  for (const StagedBind& b : binds) {
    const char* at = b.staged_path.c_str();
    if (b.directory) {
      if (::mkdir(at, 0700) != 0) return "cannot start the program: the grader cannot make a mount point for a bind";
    } else {
      const int made = ::open(at, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
      if (made < 0) return "cannot start the program: the grader cannot make a mount point for a bind";
      ::close(made);
    }
    // By path: a descriptor opened before unshare names a mount of the host's namespace, which no bind in
    // this one may take (EINVAL). The path is resolved again, as root; what it found must be what
    // open_staged_binds found, following no link of the sandbox user's, or nothing starts.
    if (::mount(b.host_path.c_str(), at, nullptr, MS_BIND | MS_REC, nullptr) != 0)
      return "cannot start the program: the grader cannot mount a folder the sandbox binds";
    struct stat mounted {}, opened {};
    if (::stat(at, &mounted) != 0 || ::fstat(b.fd, &opened) != 0 || mounted.st_dev != opened.st_dev ||
        mounted.st_ino != opened.st_ino) {
      errno = ESTALE;
      return "cannot start the program: a folder the sandbox binds changed while it started";
    }
  }
  return nullptr;
}

}  // namespace kit
