// The answers.yaml a starter hands out: every question's id with an empty answer, the question itself in
// a comment above it, so that the student reads and answers in one file. starter/<name>/answers.yaml is
// this text; `grader selftest` checks that it stays so when the questions change.
#pragma once

#include <string>

#include "assignment/questions.h"

namespace kit {

std::string answers_template(const Questions& questions, const std::string& student_file);

}  // namespace kit
