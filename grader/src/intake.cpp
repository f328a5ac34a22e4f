#include "kit/intake.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

#include "kit/errors.h"
#include "kit/source_text.h"
#include "kit/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// Closes on every path out, exceptions included.
struct Fd {
  int fd = -1;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

std::string intake_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a fifo";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a regular file";
}

// Refuses what is not a plain file before opening it (opening a device can have effects of its own).
void check_entry(int dir_fd, const std::string& name, const std::string& shown) {
  struct stat st;
  if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return;  // open() reports it
  if (S_ISLNK(st.st_mode))
    throw UserError("the submission " + quoted_for_message(shown) +
                    " is a symbolic link: give the file itself (the grader does not follow links, so that a "
                    "submission cannot point it at another file)");
  if (!S_ISREG(st.st_mode))
    throw UserError("the submission " + quoted_for_message(shown) + " is " + intake_kind(st.st_mode) +
                    ", not a file: give the source file itself");
}

// Reads at most max + 1 bytes of the regular file `name` in `dir_fd` without following a link, even one
// swapped in after the checks above.
std::string read_entry(int dir_fd, const std::string& name, const std::string& shown, std::uint64_t max,
                       std::uint64_t* size) {
  check_entry(dir_fd, name, shown);
  Fd file(::openat(dir_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (file.fd < 0) {
    if (errno == ELOOP) check_entry(dir_fd, name, shown);
    throw UserError("cannot read the submission " + quoted_for_message(shown) + ": " + std::strerror(errno));
  }
  struct stat st;
  if (::fstat(file.fd, &st) != 0)
    throw UserError("cannot read the submission " + quoted_for_message(shown) + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw UserError("the submission " + quoted_for_message(shown) + " is " + intake_kind(st.st_mode) +
                    ", not a file: give the source file itself");
  *size = static_cast<std::uint64_t>(st.st_size);
  std::string bytes;
  char buffer[65536];
  while (bytes.size() <= max) {
    const ssize_t got = ::read(file.fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0)
      throw UserError("cannot read the submission " + quoted_for_message(shown) + ": " + std::strerror(errno));
    if (got == 0) break;
    bytes.append(buffer, static_cast<std::size_t>(got));
  }
  if (bytes.size() > *size) *size = bytes.size();  // it grew while being read
  return bytes;
}

void write_copy(const std::string& work_dir, const std::string& name, const std::string& bytes) {
  const std::string path = (fs::path(work_dir) / name).string();
  Fd out(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
  std::size_t done = 0;
  while (out.fd >= 0 && done < bytes.size()) {
    const ssize_t put = ::write(out.fd, bytes.data() + done, bytes.size() - done);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) break;
    done += static_cast<std::size_t>(put);
  }
  if (out.fd < 0 || done < bytes.size())
    throw UserError("cannot copy the submission into the work folder " + quoted_for_message(path) + ": " +
                    std::strerror(errno));
}

IntakeFile take_entry(int dir_fd, const std::string& name, const std::string& shown, const std::string& work_dir,
                      const IntakeOptions& options) {
  IntakeFile file;
  file.name = name;
  std::uint64_t size = 0;
  const std::string bytes = read_entry(dir_fd, name, shown, options.max_file_bytes, &size);
  if (bytes.size() > options.max_file_bytes) {
    file.problem = name + " is " + byte_count_text(size) + ", more than the " +
                   byte_count_text(options.max_file_bytes) + " a source file may have";
    return file;
  }
  const std::string not_text = source_file_problem(bytes);
  if (!not_text.empty()) {
    file.problem = "not C/CUDA source text: " + not_text;
    return file;
  }
  write_copy(work_dir, name, bytes);
  file.path = (fs::path(work_dir) / name).string();
  return file;
}

std::string list_of(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& n : names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

// The .cu files a folder does hold, for the message when the expected one is missing.
std::string cu_files_in(int dir_fd) {
  const int copy = ::dup(dir_fd);
  DIR* dir = copy >= 0 ? ::fdopendir(copy) : nullptr;
  if (!dir) {
    if (copy >= 0) ::close(copy);
    return "";
  }
  std::vector<std::string> found;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name.size() > 3 && name.compare(name.size() - 3, 3, ".cu") == 0) found.push_back(quoted_for_message(name));
  }
  ::closedir(dir);
  return list_of(found);
}

Intake take_from_folder(const std::string& folder, const std::vector<std::string>& expected,
                        const std::string& work_dir, const IntakeOptions& options) {
  Fd dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (dir.fd < 0) throw UserError("cannot read the folder " + quoted_for_message(folder) + ": " + std::strerror(errno));
  std::vector<std::string> missing;
  for (const std::string& name : expected) {
    struct stat st;
    if (::fstatat(dir.fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT) missing.push_back(name);
  }
  if (!missing.empty()) {
    const std::string found = cu_files_in(dir.fd);
    throw UserError("the folder " + quoted_for_message(folder) + " has no " + list_of(missing) +
                    (found.empty() ? "" : " (it has " + found + ")") + ": a submission is " +
                    (expected.size() == 1 ? "the file " + expected.front() + " or a folder holding it"
                                          : "a folder holding " + list_of(expected)));
  }
  Intake intake;
  for (const std::string& name : expected)
    intake.files.push_back(take_entry(dir.fd, name, (fs::path(folder) / name).string(), work_dir, options));
  return intake;
}

}  // namespace

std::string Intake::problem() const {
  for (const IntakeFile& f : files)
    if (!f.problem.empty()) return f.problem;
  return "";
}

Intake take_in_submission(const std::string& user_path, const std::vector<std::string>& expected,
                          const std::string& work_dir, const IntakeOptions& options) {
  if (expected.empty()) throw std::logic_error("take_in_submission: no expected file names");
  for (const std::string& name : expected)
    if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos)
      throw std::logic_error("take_in_submission: not a plain file name: " + name);
  const std::string wanted =
      expected.size() == 1 ? "your " + expected.front() : "the folder holding " + list_of(expected);

  struct stat st;
  if (::lstat(user_path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR)
      throw UserError("the submission " + quoted_for_message(user_path) + " does not exist: give the path of " +
                      wanted + (expected.size() == 1 ? " or of the folder holding it" : ""));
    throw UserError("cannot read the submission " + quoted_for_message(user_path) + ": " + std::strerror(errno));
  }
  if (S_ISLNK(st.st_mode))
    throw UserError("the submission " + quoted_for_message(user_path) +
                    " is a symbolic link: give the file or folder itself (the grader does not follow links, so "
                    "that a submission cannot point it at another file)");
  if (S_ISDIR(st.st_mode)) return take_from_folder(user_path, expected, work_dir, options);
  if (!S_ISREG(st.st_mode))
    throw UserError("the submission " + quoted_for_message(user_path) + " is " + intake_kind(st.st_mode) +
                    ", not a file: give the path of " + wanted);
  if (expected.size() > 1)
    throw UserError("this assignment grades " + std::to_string(expected.size()) + " files (" + list_of(expected) +
                    "): give the folder holding them, not the file " + quoted_for_message(user_path));
  const fs::path path(user_path);
  const std::string name = path.filename().string();
  if (name != expected.front())
    throw UserError("the submission " + quoted_for_message(user_path) + " is not named " + expected.front() +
                    ": this assignment grades a file called " + expected.front() +
                    " (rename it, or give the folder holding it)");
  const std::string parent = path.has_parent_path() ? path.parent_path().string() : ".";
  Fd dir(::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.fd < 0)
    throw UserError("cannot read the folder of the submission " + quoted_for_message(user_path) + ": " +
                    std::strerror(errno));
  Intake intake;
  intake.files.push_back(take_entry(dir.fd, name, user_path, work_dir, options));
  return intake;
}

namespace {

// The offset of the first byte of `text` that is not well-formed UTF-8, or npos.
std::size_t first_invalid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::string_view::npos;
}

// "e9"
std::string hex_digits(char byte) {
  char hex[4];
  std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(byte));
  return hex;
}

std::string invalid_utf8_text(const std::string& text, std::size_t at) {
  return "invalid UTF-8 (byte 0x" + hex_digits(text[at]) + ") at offset " + std::to_string(at);
}

}  // namespace

std::string source_text_problem(const std::string& text) {
  if (const std::size_t nul = text.find('\0'); nul != std::string::npos) return "NUL byte at offset " + std::to_string(nul);
  const std::size_t bad = first_invalid_utf8(text);
  return bad == std::string_view::npos ? "" : invalid_utf8_text(text, bad);
}

std::string source_file_problem(const std::string& text) {
  if (const std::size_t nul = text.find('\0'); nul != std::string::npos) return "NUL byte at offset " + std::to_string(nul);
  // A comment may hold any bytes (an editor saving "café" in Latin-1): the compilers skip them. Blanking
  // keeps every offset, so the first bad byte left is where the file has it.
  const std::string without_comments = code_without_comments(text);
  const std::size_t bad = first_invalid_utf8(without_comments);
  if (bad == std::string_view::npos) return "";
  // In a string or character literal the bytes are data, and nvcc refuses them ("invalid multibyte
  // character sequence") on every machine: refused here too, so the grade does not depend on nvcc.
  if (code_without_comments_and_literals(text)[bad] == ' ')
    return invalid_utf8_text(text, bad) + ", inside a string or character literal, which nvcc refuses (\"invalid "
           "multibyte character sequence\"): save the file as UTF-8, or write the byte as an escape (\"\\x" +
           hex_digits(text[bad]) + "\")";
  return invalid_utf8_text(text, bad);
}

std::string quoted_for_message(const std::string& path) {
  const bool utf8 = source_text_problem(path).empty();
  std::string out = "'";
  for (const char ch : path) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && !utf8)) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    } else {
      out += ch;
    }
  }
  return out + "'";
}

}  // namespace kit
