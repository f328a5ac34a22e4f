// What a rubric has the intake take in (submission/intake.h) besides its graded sources: answers.yaml when it
// asks written questions. The file a future check reads is one more entry here, and so is taken in, kept
// apart from the sources' problems and hashed for a batch's resume key like the others.
#pragma once

#include "assignment/rubric.h"
#include "submission/intake.h"

namespace kit {

IntakeOptions intake_options_for(const Rubric& rubric);

}  // namespace kit
