// Grading the written questions: one test per question, in the file's order. Number, choice and set
// answers are passed or failed by the grader; open answers are skipped with the message "pending: graded
// by a person" and the student's text in the details, for the person who grades them.
#pragma once

#include <string>
#include <vector>

#include "assignment/questions.h"
#include "result/result.h"
#include "submission/answers.h"

namespace kit {

// `student_file` names the graded file, so that a missing answers.yaml says where it belongs.
std::vector<TestResult> grade_written_answers(const Questions& questions, const AnswersFile& answers,
                                              const std::string& student_file);

}  // namespace kit
