// `kind: set`: a set of whole numbers ("which BLOCK_WIDTH values ..."), right when it holds exactly the
// right values, in any order, repeats ignored. The student writes a list (`[1, 2, 4]`) or the values
// separated by commas; `[]` is the empty set.
#include <cerrno>
#include <cstdlib>
#include <set>

#include "assignment/question_kinds.h"

namespace kit {
namespace {

void read_set(const QuestionFields& fields, Question& q) {
  const std::vector<long> values = fields.integers("answer");
  const std::set<long> unique(values.begin(), values.end());
  q.answer_set.assign(unique.begin(), unique.end());
}

bool parse_whole(const std::string& text, long* value) {
  const std::string t = normalised_answer(text);
  if (t.empty() || t.size() > 18) return false;
  char* end = nullptr;
  errno = 0;
  *value = std::strtol(t.c_str(), &end, 10);
  return errno == 0 && end == t.c_str() + t.size();
}

QuestionVerdict grade_set(const Question& q, const Answer& answer) {
  std::vector<std::string> items = answer.items;
  if (answer.shape == Answer::Shape::text) {
    // "1, 2, 4" is a YAML scalar: split it as the student meant it.
    items.clear();
    std::string item;
    for (char c : answer.text + ",") {
      if (c == ',') {
        items.push_back(item);
        item.clear();
      } else {
        item += c;
      }
    }
  }
  if (answer.shape == Answer::Shape::other)
    return {false, "write the values as a list of whole numbers, e.g. `" + q.id + ": [1, 2, 4]`"};
  std::set<long> given;
  for (const std::string& item : items) {
    long v = 0;
    if (!parse_whole(item, &v))
      return {false, quoted_answer(item) + " is not a whole number: write a list like `" + q.id + ": [1, 2, 4]`"};
    given.insert(v);
  }
  if (given == std::set<long>(q.answer_set.begin(), q.answer_set.end())) return {true, "right"};
  return {false, "not the right set of values (you listed " + std::to_string(given.size()) + ")"};
}

}  // namespace

const QuestionKind& set_question_kind() {
  static const QuestionKind kind{"set", {"answer"}, false, read_set, grade_set};
  return kind;
}

}  // namespace kit
