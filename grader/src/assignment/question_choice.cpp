// `kind: choice`: one of the question's `choices`, compared without case and surrounding space.
#include <set>

#include "assignment/question_kinds.h"

namespace kit {
namespace {

std::string listed(const std::vector<std::string>& choices) {
  std::string list;
  for (const std::string& c : choices) list += (list.empty() ? "" : ", ") + c;
  return list;
}

void read_choice(const QuestionFields& fields, Question& q) {
  q.choices = fields.texts("choices");
  if (q.choices.size() < 2) fields.fail("choices", "a choice question needs at least two choices");
  std::set<std::string> seen;
  for (const std::string& c : q.choices) {
    if (normalised_answer(c).empty()) fields.fail("choices", "a choice must not be empty");
    if (!seen.insert(normalised_answer(c)).second)
      fields.fail("choices", "the choice '" + c + "' is listed twice (choices are compared without case)");
  }
  q.answer = fields.text("answer");
  if (!seen.count(normalised_answer(q.answer)))
    fields.fail("answer", "the answer '" + q.answer + "' is not one of the choices (" + listed(q.choices) + ")");
}

QuestionVerdict grade_choice(const Question& q, const Answer& answer) {
  if (answer.shape != Answer::Shape::text)
    return {false, "write one of the choices (" + listed(q.choices) + "), not a list"};
  const std::string given = normalised_answer(answer.text);
  bool known = false;
  for (const std::string& c : q.choices) known = known || normalised_answer(c) == given;
  if (!known) return {false, quoted_answer(answer.text) + " is not one of the choices (" + listed(q.choices) + ")"};
  if (given == normalised_answer(q.answer)) return {true, "right"};
  return {false, quoted_answer(answer.text) + " is not right"};
}

}  // namespace

const QuestionKind& choice_question_kind() {
  static const QuestionKind kind{"choice", {"answer", "choices"}, false, read_choice, grade_choice};
  return kind;
}

}  // namespace kit
