#include "assignment/answers_template.h"

#include <cstdio>

namespace kit {
namespace {

std::string points_phrase(double points) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", points);
  return std::string(text) + (points == 1 ? " point" : " points");
}

std::string how_to_answer(const Question& q) {
  if (q.kind == "number") return "a number";
  if (q.kind == "set") return "a list of whole numbers, e.g. [1, 2, 4], or [] for none";
  if (q.kind == "choice") {
    std::string list;
    for (const std::string& c : q.choices) list += (list.empty() ? "" : ", ") + c;
    return "one of: " + list;
  }
  return "in your own words, graded by a person";
}

}  // namespace

std::string answers_template(const Questions& questions, const std::string& student_file) {
  std::string out =
      "# Your answers to the written questions. Write each answer after its id and hand this file in beside\n"
      "# " + student_file + ". A long answer goes on the lines below `id: |`, each indented by two spaces.\n";
  for (const Question& q : questions.questions) {
    out += "\n# " + q.id + " (" + points_phrase(q.points) + ", " + how_to_answer(q) + ")\n";
    std::size_t start = 0;
    while (start < q.text.size()) {
      std::size_t end = q.text.find('\n', start);
      if (end == std::string::npos) end = q.text.size();
      const std::string line = q.text.substr(start, end - start);
      out += line.empty() ? "#\n" : "#   " + line + "\n";
      start = end + 1;
    }
    out += q.id + ":\n";
  }
  return out;
}

}  // namespace kit
