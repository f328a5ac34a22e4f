// Taking in the files a run left (run/run_files.h).
#include "run/run_files.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace kit {
namespace {

namespace fs = std::filesystem;

std::string run_file_kind(mode_t mode) {
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISFIFO(mode)) return "a fifo";
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

std::string take_run_file(Worker& w, const std::string& path, std::size_t max_bytes, std::string* problem) {
  const std::string name = fs::path(path).filename().string();
  // O_NOFOLLOW refuses a link as the last component; O_NONBLOCK keeps a fifo from blocking the open.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return "";
    struct stat link_stat{};
    if (errno == ELOOP && ::lstat(path.c_str(), &link_stat) == 0)
      *problem = name + " is " + run_file_kind(link_stat.st_mode) + ", not a file the run wrote: it was not read";
    else
      *problem = "cannot open " + name + ": " + std::strerror(errno);
    return "";
  }
  struct stat st{};
  std::string bytes;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    *problem = name + " is " + run_file_kind(st.st_mode) + ", not a file the run wrote: it was not read";
  } else if (static_cast<std::size_t>(st.st_size) > max_bytes) {
    *problem = name + " is larger than " + std::to_string(max_bytes >> 20) + " MiB: it was not read";
  } else {
    bytes.resize(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    while (got < bytes.size()) {
      const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
      if (n <= 0) break;
      got += static_cast<std::size_t>(n);
    }
    bytes.resize(got);
  }
  ::close(fd);
  if (!problem->empty()) return "";

  const fs::path taken = fs::path(w.work_dir) / "taken";
  fs::create_directories(taken);
  const fs::path copy = taken / (w.scratch_prefix + std::to_string(++w.scratch_count) + "-" + name);
  std::ofstream(copy, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return copy.string();
}

}  // namespace kit
