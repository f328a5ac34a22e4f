// `kind: number`: one value, right within an absolute `tolerance` (default 0) plus an optional `relative`
// one (a fraction of the right value).
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "assignment/question_kinds.h"

namespace kit {
namespace {

void read_number(const QuestionFields& fields, Question& q) {
  q.value = fields.number("answer");
  if (fields.has("tolerance")) q.tolerance = fields.number("tolerance");
  if (q.tolerance < 0) fields.fail("tolerance", "tolerance must not be negative");
  if (fields.has("relative")) q.relative = fields.number("relative");
  if (q.relative < 0) fields.fail("relative", "relative must not be negative");
}

// The whole text as one finite number, or false.
bool parse_number(const std::string& text, double* value) {
  const std::string t = normalised_answer(text);
  if (t.empty()) return false;
  char* end = nullptr;
  errno = 0;
  *value = std::strtod(t.c_str(), &end);
  return errno == 0 && end == t.c_str() + t.size() && std::isfinite(*value);
}

std::string number_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

QuestionVerdict grade_number(const Question& q, const Answer& answer) {
  double given = 0;
  if (answer.shape != Answer::Shape::text || !parse_number(answer.text, &given))
    return {false, (answer.shape == Answer::Shape::text ? quoted_answer(answer.text) : std::string("a list")) +
                       " is not a number: write the number alone, e.g. `" + q.id + ": 1024`"};
  // A hair more than the tolerance, so that a value written with all its digits is never wrong by rounding.
  const double allowed = q.tolerance + q.relative * std::fabs(q.value) + 1e-12 * std::max(1.0, std::fabs(q.value));
  if (std::fabs(given - q.value) <= allowed) return {true, "right"};
  std::string within;
  if (q.tolerance > 0 || q.relative > 0)
    within = " (answers within " + (q.relative > 0 ? number_text(q.relative * 100) + "%" : number_text(q.tolerance)) +
             " of the right value count)";
  return {false, number_text(given) + " is not right" + within};
}

}  // namespace

const QuestionKind& number_question_kind() {
  static const QuestionKind kind{"number", {"answer", "tolerance", "relative"}, false, read_number, grade_number};
  return kind;
}

}  // namespace kit
