// The kinds of written question, one row each (question_*.cpp): the one table questions.cpp reads.
#include "assignment/question_kinds.h"
#include "assignment/questions.h"

namespace kit {

const QuestionKind* find_question_kind(const std::string& name) {
  for (const QuestionKind& k : question_kinds())
    if (name == k.name) return &k;
  return nullptr;
}

const std::vector<QuestionKind>& question_kinds() {
  static const std::vector<QuestionKind> kinds = {number_question_kind(), choice_question_kind(),
                                                  set_question_kind(), open_question_kind()};
  return kinds;
}

}  // namespace kit
