// What intake took in of the student's submission (kit/intake.h), through one door: the grading reads the
// student's files from here, never from where the user gave them.
#pragma once

#include <string>

namespace kit {

struct Submission {
  std::string source;  // the student's .cu file, as intake copied it into the grading's work folder
  // answers.yaml, as intake takes it in beside the code: empty until it does (the written check reads
  // the one next to the user's submission meanwhile, answers_path_for in kit/answers.h).
  std::string answers;
};

}  // namespace kit
