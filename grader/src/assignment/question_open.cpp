// `kind: open`: an explanation in the student's words, which a person reads. The grader never passes or
// fails it; its points are reported as pending.
#include "assignment/question_kinds.h"

namespace kit {
namespace {

void read_open(const QuestionFields&, Question&) {}

}  // namespace

const QuestionKind& open_question_kind() {
  static const QuestionKind kind{"open", {}, true, read_open, nullptr};
  return kind;
}

}  // namespace kit
