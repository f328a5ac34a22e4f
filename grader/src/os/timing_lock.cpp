// The timing lock (os/timing_lock.h): an flock on the timing.lock of a batch's prepared folder. The kernel
// drops an flock when its holder exits however it exits, so a grading that crashes while timing never
// leaves the rest of the class waiting.
#include "os/timing_lock.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <sys/file.h>
#include <unistd.h>

namespace kit {

namespace {

int open_lock_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    throw std::runtime_error("cannot open the batch's timing lock " + path + ": " + std::strerror(errno));
  return fd;
}

void lock_file(int fd, int operation, const std::string& path) {
  while (::flock(fd, operation) != 0) {
    if (errno == EINTR) continue;
    throw std::runtime_error("cannot lock the batch's timing lock " + path + ": " + std::strerror(errno));
  }
}

// Only what may appear in a file name: CUDA_VISIBLE_DEVICES is a list ("0,1") or UUIDs ("GPU-8f2...").
std::string file_name_part(const char* text) {
  std::string part;
  for (const char* c = text; *c != '\0' && part.size() < 128; ++c)
    part += (std::isalnum(static_cast<unsigned char>(*c)) || *c == '-') ? *c : '_';
  return part;
}

}  // namespace

std::string machine_gpu_lock_path(std::string* why) {
  const char* chosen = std::getenv("KIT_GPU_LOCK");
  std::string path;
  if (chosen != nullptr && *chosen != '\0') {
    if (std::string(chosen) == "none") return "";
    path = chosen;
  } else {
    const char* tmp = std::getenv("TMPDIR");
    const char* devices = std::getenv("CUDA_VISIBLE_DEVICES");
    path = std::string(tmp != nullptr && *tmp == '/' ? tmp : "/tmp") + "/kit-gpu-" + std::to_string(::getuid()) +
           (devices != nullptr && *devices != '\0' ? "-" + file_name_part(devices) : std::string()) + ".lock";
  }
  // Never through a link another user planted in a shared folder; the queue file is made the same way.
  for (const std::string& file : {path, path + ".queue"}) {
    const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
      if (why) *why = "cannot open " + file + ": " + std::strerror(errno);
      return "";
    }
    ::close(fd);
  }
  return path;
}

TimingLock::TimingLock(const std::string& path, Use use, bool wanted) {
  if (!wanted || path.empty()) return;
  try {
    queue_fd_ = open_lock_file(path + ".queue");
    lock_file(queue_fd_, LOCK_EX, path + ".queue");
    fd_ = open_lock_file(path);
    lock_file(fd_, use == Use::timing ? LOCK_EX : LOCK_SH, path);
  } catch (...) {
    if (fd_ >= 0) ::close(fd_);
    if (queue_fd_ >= 0) ::close(queue_fd_);
    fd_ = queue_fd_ = -1;
    throw;
  }
  if (use == Use::run) {  // the next in the queue may go: another run shares the lock, a timing waits for it
    ::close(queue_fd_);
    queue_fd_ = -1;
  }
}

bool TimingLock::timing_waits(const std::string& path) {
  if (path.empty()) return false;
  const std::string queue = path + ".queue";
  const int fd = ::open(queue.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return false;  // no grading has queued yet
  const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  ::close(fd);  // and with it the lock, if it was taken
  return !free;
}

void TimingLock::release() {
  // Closing the only descriptor releases its lock.
  if (fd_ >= 0) ::close(fd_);
  if (queue_fd_ >= 0) ::close(queue_fd_);
  fd_ = queue_fd_ = -1;
}

TimingLock::~TimingLock() { release(); }

TimingLock::TimingLock(TimingLock&& other) noexcept : fd_(other.fd_), queue_fd_(other.queue_fd_) {
  other.fd_ = other.queue_fd_ = -1;
}

TimingLock& TimingLock::operator=(TimingLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = other.fd_;
    queue_fd_ = other.queue_fd_;
    other.fd_ = other.queue_fd_ = -1;
  }
  return *this;
}

}  // namespace kit
