// Written answers: the submission's answers.yaml against the rubric's questions (written_check.h). They
// do not depend on the code, so they are graded whatever became of it.
#include "checks/check_kinds.h"
#include "checks/written_check.h"

namespace kit {
namespace {

std::vector<TestResult> written_check_planned(const CheckInput&, const std::string&) { return {}; }

CheckOutcome written_check_run(const CheckInput& in) {
  const Rubric& rubric = in.session.assignment.rubric;
  if (rubric.questions.questions.empty()) return {};
  const StageScope stage(in.session.worker.stages, "written answers");
  return {grade_written_answers(rubric.questions, answers_taken_in(in.session.submission.intake),
                                rubric.student_files.front())};
}

}  // namespace

const Check kWrittenCheck = {"written", "questions", 40, false, SkippedMeans::graded_by_a_person,
                             nullptr,   written_check_planned, written_check_run};

}  // namespace kit
