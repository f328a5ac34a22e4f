// What intake took in of the student's submission (submission/intake.h), through one door: the grading reads the
// student's files from here, never from where the user gave them.
#pragma once

#include <string>

#include "submission/intake.h"

namespace kit {

struct Submission {
  std::string source;  // the student's .cu file, as intake copied it into the grading's work folder
  // Every file intake took in (the sources, and the extra files the rubric names, answers.yaml among
  // them): their copies, or what is wrong with each.
  Intake intake;
};

}  // namespace kit
