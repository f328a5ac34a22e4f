#include "class/grading_key.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "assignment/kit_tree.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMinSecretChars = 32;
constexpr std::size_t kMaxKeyFileBytes = 4096;
constexpr std::size_t kRandomBytes = 32;

std::string what_to_do(const std::string& path) {
  return "delete " + path + " to have a batch make a new key (every result sealed with the old one is then "
         "graded again), or put back the key the batch made";
}

// The key in `path`, read without following a link and without reading more than a key file holds;
// nullopt when there is no such file.
std::optional<GradingKey> read_key(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    throw UserError("cannot read the grading key " + path.string() + " (" + std::strerror(errno) + "): " +
                    what_to_do(path.string()));
  }
  struct stat st {};
  std::string text;
  const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= static_cast<off_t>(kMaxKeyFileBytes);
  if (regular) {
    char buffer[kMaxKeyFileBytes];
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) text.assign(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  text = first == std::string::npos ? "" : text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
  if (!regular || text.size() < kMinSecretChars)
    throw UserError("the grading key " + path.string() + " is not one (a file of at least " +
                    std::to_string(kMinSecretChars) + " characters): " + what_to_do(path.string()));
  return GradingKey{text, path.string()};
}

std::string random_secret() {
  unsigned char bytes[kRandomBytes];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0 && errno != EINTR) throw UserError(std::string("cannot draw a grading key: ") + std::strerror(errno));
    if (n > 0) got += static_cast<std::size_t>(n);
  }
  static const char* hex = "0123456789abcdef";
  std::string secret;
  for (unsigned char b : bytes) secret += {hex[b >> 4], hex[b & 15]};
  return secret;
}

// Writes a new key to a private temporary file and links it in as `path` unless one is already there;
// either way, the key now at `path` is returned.
GradingKey make_key(const fs::path& path) {
  const std::string secret = random_secret();
  const fs::path temporary = path.string() + "." + secret.substr(0, 16) + ".partial";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    throw UserError("cannot write the grading key " + path.string() + " (" + std::strerror(errno) +
                    "): check that the batch's folder is writable");
  const std::string text = secret + "\n";
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) && ::fsync(fd) == 0;
  ::close(fd);
  const bool linked = written && (::link(temporary.c_str(), path.c_str()) == 0 || errno == EEXIST);
  const int link_errno = errno;
  ::unlink(temporary.c_str());
  if (!linked)
    throw UserError("cannot write the grading key " + path.string() + " (" + std::strerror(link_errno) +
                    "): check that the batch's folder is writable");
  return *read_key(path);
}

std::optional<GradingKey> course_key() {
  const auto course = course_tree();
  return course ? read_key(fs::path(*course) / kGradingKeyFile) : std::nullopt;
}

}  // namespace

GradingKey batch_grading_key(const std::string& out) {
  const fs::path own = fs::path(out) / kGradingKeyFile;
  if (auto key = read_key(own)) return *key;
  if (auto key = course_key()) return *key;
  return make_key(own);
}

std::optional<GradingKey> find_grading_key(const std::string& dir) {
  fs::path folder = fs::absolute(dir).lexically_normal();
  if (folder.filename().empty()) folder = folder.parent_path();  // "grades/results/"
  if (auto key = read_key(folder / kGradingKeyFile)) return key;
  if (folder.filename() == "results")
    if (auto key = read_key(folder.parent_path() / kGradingKeyFile)) return key;
  return course_key();
}

}  // namespace kit
