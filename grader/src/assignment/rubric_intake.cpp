#include "assignment/rubric_intake.h"

#include "submission/answers.h"

namespace kit {

IntakeOptions intake_options_for(const Rubric& rubric) {
  IntakeOptions options;
  if (!rubric.questions.questions.empty()) options.extra_files.push_back(answers_extra_file());
  return options;
}

}  // namespace kit
