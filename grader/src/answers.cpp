#include "kit/answers.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml-cpp/yaml.h>

#include "kit/intake.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// yaml-cpp parses flow collections recursively: "[[[[..." a few thousand deep would overflow the grader's
// stack. Block nesting costs a line and its indentation per level, so a file of bounded size bounds it.
int flow_nesting(const std::string& text) {
  int depth = 0, deepest = 0;
  char quote = 0;
  bool comment = false;
  for (char c : text) {
    if (c == '\n') comment = false;
    if (comment) continue;
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '#') comment = true;
    else if (c == '"' || c == '\'') quote = c;
    else if (c == '[' || c == '{') deepest = std::max(deepest, ++depth);
    else if ((c == ']' || c == '}') && depth > 0) --depth;
  }
  return deepest;
}

AnswersFile unusable(const std::string& why) {
  AnswersFile file;
  file.present = true;
  file.problem = why;
  return file;
}

Answer answer_of(const YAML::Node& node) {
  Answer answer;
  answer.line = node.Mark().is_null() ? 0 : node.Mark().line + 1;
  if (node.IsScalar()) {
    answer.text = node.Scalar();
    return answer;
  }
  if (node.IsSequence()) {
    answer.shape = Answer::Shape::list;
    for (const YAML::Node& item : node) {
      if (!item.IsScalar()) {
        answer.shape = Answer::Shape::other;
        return answer;
      }
      answer.items.push_back(item.Scalar());
    }
    return answer;
  }
  answer.shape = Answer::Shape::other;
  return answer;
}

}  // namespace

std::string answers_path_for(const std::string& submission) {
  std::error_code ec;
  const fs::path path(submission);
  if (fs::is_directory(fs::symlink_status(path, ec))) return (path / kAnswersFileName).string();
  return (path.parent_path() / kAnswersFileName).string();
}

AnswersFile parse_answers(const std::string& text, const AnswersOptions& options) {
  if (const std::string problem = source_text_problem(text); !problem.empty())
    return unusable(std::string(kAnswersFileName) + " is not a text file: " + problem);
  if (flow_nesting(text) > options.max_nesting)
    return unusable(std::string(kAnswersFileName) + " nests lists or mappings more than " +
                    std::to_string(options.max_nesting) + " deep: write one `id: answer` line per question");
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    return unusable(std::string(kAnswersFileName) + " is not valid YAML (line " + std::to_string(e.mark.line + 1) +
                    ", column " + std::to_string(e.mark.column + 1) + ": " + e.msg +
                    "): write one `id: answer` line per question");
  } catch (const YAML::Exception& e) {
    return unusable(std::string(kAnswersFileName) + " cannot be read as YAML: " + e.what());
  }
  AnswersFile file;
  file.present = true;
  if (!root || root.IsNull()) return file;  // empty, or only comments: nothing answered yet
  if (!root.IsMap())
    return unusable(std::string(kAnswersFileName) + " must be a mapping of question ids to answers " +
                    "(`threads-per-block: 1024`, one per line), not a single value or a list");
  for (const auto& entry : root) {
    if (!entry.first.IsScalar()) continue;  // no question has such an id: reported as an unknown key
    const std::string id = entry.first.Scalar();
    if (!entry.second || entry.second.IsNull()) continue;
    file.answers[id] = answer_of(entry.second);
  }
  return file;
}

AnswersFile read_answers(const std::string& path, const AnswersOptions& options) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return AnswersFile{};
    if (errno == ELOOP) return unusable(std::string(kAnswersFileName) + " is a symbolic link: submit the file itself");
    return unusable(std::string(kAnswersFileName) + " cannot be opened: " + std::strerror(errno));
  }
  struct stat st {};
  std::string text;
  std::string problem;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    problem = std::string(kAnswersFileName) + " is not a regular file: submit a text file";
  } else if (static_cast<std::uint64_t>(st.st_size) > options.max_bytes) {
    problem = std::string(kAnswersFileName) + " is " + std::to_string(st.st_size) +
              " bytes; answers may take at most " + std::to_string(options.max_bytes) + ": write short answers";
  } else {
    // Read at most the limit (the file may grow while it is read).
    text.resize(options.max_bytes + 1);
    std::size_t got = 0;
    while (got < text.size()) {
      const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      got += static_cast<std::size_t>(n);
    }
    text.resize(got);
    if (got > options.max_bytes)
      problem = std::string(kAnswersFileName) + " is larger than " + std::to_string(options.max_bytes) +
                " bytes: write short answers";
  }
  ::close(fd);
  if (!problem.empty()) return unusable(problem);
  return parse_answers(text, options);
}

}  // namespace kit
