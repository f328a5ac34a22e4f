// The rubric a student tree carries (`grader release`): the visible tests, so that `grader check` runs in
// the student's repository, and nothing the instructor grades with in private.
#pragma once

#include <string>
#include <vector>

namespace kit {

struct StudentRubric {
  std::string text;                   // YAML, ready to write
  std::vector<std::string> left_out;  // for the instructor: "correctness group 'hidden random sizes' (hidden)"
};

// From the text of a valid rubric: every correctness group that is not visible (hidden, after_due_date)
// is dropped, since its sizes and ranges are what the hidden tests draw from; `performance` is dropped,
// since its baselines are reference kernels (solutions/, assignments/*/baselines/) and performance is
// graded on the instructor's GPU. Everything else is kept as written. Throws UserError when no visible
// group is left: `grader check` would have nothing to run.
// The key `questions` is dropped too: the released questions file has no answers, so a student tree grades
// no written answers (the instructor does, with the full rubric).
StudentRubric student_rubric(const std::string& rubric_text, const std::string& rubric_name);

// The questions a student tree carries, from the text of a valid questions file (assignment/questions.h): each
// question's id, points, kind, text and choices, and nothing else (no answer, no tolerance).
std::string student_questions(const std::string& questions_text);

}  // namespace kit
