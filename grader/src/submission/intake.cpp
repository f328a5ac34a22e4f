#include "submission/intake.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

#include "submission/source_text.h"
#include "util/errors.h"
#include "util/text.h"

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

// What stands at a name in a folder, and its bytes when it is a regular file.
struct Entry {
  enum class Kind { file, missing, link, not_file, unreadable } kind = Kind::file;
  mode_t mode = 0;         // not_file: what it is instead
  int error = 0;           // missing, unreadable: errno
  std::uint64_t size = 0;  // file: its size when it was opened
  std::string bytes;       // file: at most max + 1 of them
};

Entry entry_of_kind(Entry::Kind kind, int error = 0, mode_t mode = 0) {
  Entry entry;
  entry.kind = kind;
  entry.error = error;
  entry.mode = mode;
  return entry;
}

// Looks before opening: opening a device or a fifo can have effects of its own.
Entry look_at(int dir_fd, const std::string& name) {
  struct stat st;
  if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
    return entry_of_kind(errno == ENOENT ? Entry::Kind::missing : Entry::Kind::unreadable, errno);
  if (S_ISLNK(st.st_mode)) return entry_of_kind(Entry::Kind::link);
  if (!S_ISREG(st.st_mode)) return entry_of_kind(Entry::Kind::not_file, 0, st.st_mode);
  return entry_of_kind(Entry::Kind::file);
}

// Reads at most max + 1 bytes of the regular file `name` in `dir_fd` without following a link, even one
// swapped in after the look; what is there instead when it is not such a file.
Entry read_entry(int dir_fd, const std::string& name, std::uint64_t max) {
  if (Entry seen = look_at(dir_fd, name); seen.kind != Entry::Kind::file) return seen;
  Fd file(::openat(dir_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (file.fd < 0) {
    if (errno == ELOOP) return entry_of_kind(Entry::Kind::link);  // swapped in after the look
    return entry_of_kind(errno == ENOENT ? Entry::Kind::missing : Entry::Kind::unreadable, errno);
  }
  struct stat st;
  if (::fstat(file.fd, &st) != 0) return entry_of_kind(Entry::Kind::unreadable, errno);
  if (!S_ISREG(st.st_mode)) return entry_of_kind(Entry::Kind::not_file, 0, st.st_mode);
  Entry entry;
  entry.size = static_cast<std::uint64_t>(st.st_size);
  char buffer[65536];
  while (entry.bytes.size() <= max) {
    const ssize_t got = ::read(file.fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return entry_of_kind(Entry::Kind::unreadable, errno);
    if (got == 0) break;
    entry.bytes.append(buffer, static_cast<std::size_t>(got));
  }
  return entry;
}

// A source that is not a file to read is for the person running the grader to fix: nothing is graded.
void refuse_unless_file(const Entry& entry, const std::string& shown) {
  switch (entry.kind) {
    case Entry::Kind::file:
      return;
    case Entry::Kind::link:
      throw UserError("the submission " + quoted_for_message(shown) +
                      " is a symbolic link: give the file itself (the grader does not follow links, so that a "
                      "submission cannot point it at another file)");
    case Entry::Kind::not_file:
      throw UserError("the submission " + quoted_for_message(shown) + " is " + intake_kind(entry.mode) +
                      ", not a file: give the source file itself");
    case Entry::Kind::missing:
    case Entry::Kind::unreadable:
      break;
  }
  throw UserError("cannot read the submission " + quoted_for_message(shown) + ": " + std::strerror(entry.error));
}

// Why an extra file that is not one to read cannot be graded, in the words its check's result shows.
std::string extra_entry_problem(const Entry& entry, const std::string& name) {
  if (entry.kind == Entry::Kind::link) return name + " is a symbolic link: submit the file itself";
  if (entry.kind == Entry::Kind::not_file) return name + " is not a regular file: submit a text file";
  return name + " cannot be opened: " + std::strerror(entry.error);
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
  const Entry entry = read_entry(dir_fd, name, options.max_file_bytes);
  refuse_unless_file(entry, shown);
  if (entry.bytes.size() > options.max_file_bytes) {
    const std::uint64_t size = std::max<std::uint64_t>(entry.size, entry.bytes.size());  // it may have grown
    file.problem = name + " is " + byte_count_text(size) + ", more than the " +
                   byte_count_text(options.max_file_bytes) + " a source file may have";
    return file;
  }
  const std::string not_text = source_file_problem(entry.bytes);
  if (!not_text.empty()) {
    file.problem = "not C/CUDA source text: " + not_text;
    return file;
  }
  write_copy(work_dir, name, entry.bytes);
  file.path = (fs::path(work_dir) / name).string();
  return file;
}

IntakeFile take_extra(int dir_fd, const ExtraFile& extra, const std::string& work_dir) {
  IntakeFile file;
  file.name = extra.name;
  const Entry entry = read_entry(dir_fd, extra.name, extra.max_bytes);
  if (entry.kind == Entry::Kind::missing) {
    file.missing = true;
  } else if (entry.kind != Entry::Kind::file) {
    file.problem = extra_entry_problem(entry, extra.name);
  } else if (entry.size > extra.max_bytes) {
    file.problem = extra.name + " is " + std::to_string(entry.size) + " bytes; " + extra.holds + " may take at most " +
                   std::to_string(extra.max_bytes) + ": " + extra.advice;
  } else if (entry.bytes.size() > extra.max_bytes) {  // it grew while being read
    file.problem = extra.name + " is larger than " + std::to_string(extra.max_bytes) + " bytes: " + extra.advice;
  } else if (const std::string not_text = source_text_problem(entry.bytes); !not_text.empty()) {
    file.problem = extra.name + " is not a text file: " + not_text;
  } else {
    write_copy(work_dir, extra.name, entry.bytes);
    file.path = (fs::path(work_dir) / extra.name).string();
  }
  return file;
}

std::vector<IntakeFile> take_extras(int dir_fd, const std::string& work_dir, const IntakeOptions& options) {
  std::vector<IntakeFile> extras;
  for (const ExtraFile& extra : options.extra_files) extras.push_back(take_extra(dir_fd, extra, work_dir));
  return extras;
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
  intake.extras = take_extras(dir.fd, work_dir, options);
  return intake;
}

}  // namespace

std::string Intake::problem() const {
  for (const IntakeFile& f : files)
    if (!f.problem.empty()) return f.problem;
  return "";
}

const IntakeFile* Intake::extra(const std::string& name) const {
  for (const IntakeFile& f : extras)
    if (f.name == name) return &f;
  return nullptr;
}

Intake take_in_submission(const std::string& user_path, const std::vector<std::string>& expected,
                          const std::string& work_dir, const IntakeOptions& options) {
  if (expected.empty()) throw std::logic_error("take_in_submission: no expected file names");
  std::vector<std::string> names = expected;
  for (const ExtraFile& extra : options.extra_files) names.push_back(extra.name);
  for (const std::string& name : names) {
    if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos)
      throw std::logic_error("take_in_submission: not a plain file name: " + name);
    if (std::count(names.begin(), names.end(), name) > 1)
      throw std::logic_error("take_in_submission: one name twice: " + name);
  }
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
  intake.extras = take_extras(dir.fd, work_dir, options);  // beside the file, as in its folder
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
