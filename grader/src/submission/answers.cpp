#include "submission/answers.h"

#include <algorithm>
#include <fstream>
#include <iterator>

#include <yaml-cpp/yaml.h>

#include "submission/intake.h"

namespace kit {
namespace {

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

ExtraFile answers_extra_file() {
  ExtraFile file;
  file.name = kAnswersFileName;
  file.max_bytes = 64 * 1024;
  file.holds = "answers";
  file.advice = "write short answers";
  return file;
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

AnswersFile answers_taken_in(const Intake& intake, const AnswersOptions& options) {
  const IntakeFile* taken = intake.extra(kAnswersFileName);
  if (!taken || taken->missing) return AnswersFile{};  // not asked for, or not submitted
  if (!taken->problem.empty()) return unusable(taken->problem);
  return read_answers(taken->path, options);
}

AnswersFile read_answers(const std::string& path, const AnswersOptions& options) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return AnswersFile{};
  return parse_answers(std::string(std::istreambuf_iterator<char>(in), {}), options);
}

}  // namespace kit
