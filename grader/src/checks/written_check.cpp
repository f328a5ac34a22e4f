#include "checks/written_check.h"

#include <set>

namespace kit {
namespace {

constexpr std::size_t kMaxShownAnswer = 4000;  // of an open answer, in the details the person reads

std::string unknown_ids(const Questions& questions, const AnswersFile& answers) {
  std::set<std::string> ids;
  for (const Question& q : questions.questions) ids.insert(q.id);
  std::string list;
  for (const auto& entry : answers.answers)
    if (!ids.count(entry.first)) list += (list.empty() ? "" : ", ") + entry.first.substr(0, 40);
  return list;
}

std::string answer_text(const Answer& answer) {
  std::string text = answer.text;
  if (answer.shape == Answer::Shape::list)
    for (const std::string& item : answer.items) text += (text.empty() ? "" : "\n") + item;
  if (text.size() > kMaxShownAnswer) text = text.substr(0, kMaxShownAnswer) + "\n[... cut]";
  return text;
}

}  // namespace

std::vector<TestResult> grade_written_answers(const Questions& questions, const AnswersFile& answers,
                                              const std::string& student_file) {
  const std::string unknown = unknown_ids(questions, answers);
  std::vector<TestResult> tests;
  for (const Question& q : questions.questions) {
    const QuestionKind& kind = *find_question_kind(q.kind);
    TestResult t;
    t.name = q.id;
    t.group = "written";
    t.category = TestCategory::written;
    t.max_score = q.points;
    const auto found = answers.answers.find(q.id);
    const bool answered = answers.problem.empty() && found != answers.answers.end();

    if (kind.graded_by_a_person) {
      t.status = TestStatus::skipped;
      t.message = "pending: graded by a person";
      if (answered && found->second.shape != Answer::Shape::other) {
        t.details = answer_text(found->second);
      } else {
        t.message += answers.present ? " (no answer under `" + q.id + "` in " + kAnswersFileName + " yet)"
                                     : std::string(" (no ") + kAnswersFileName + " was submitted)";
      }
      tests.push_back(t);
      continue;
    }
    t.status = TestStatus::failed;
    if (!answers.present) {
      t.message = std::string("no answer: add ") + kAnswersFileName + " beside " + student_file +
                  " in your submission, with the line `" + q.id + ": <your answer>`";
    } else if (!answers.problem.empty()) {
      t.message = answers.problem;
    } else if (!answered) {
      t.message = std::string("no answer under `") + q.id + "` in " + kAnswersFileName;
      if (!unknown.empty()) t.message += " (it has ids that no question has: " + unknown + ")";
    } else {
      const QuestionVerdict verdict = kind.grade(q, found->second);
      t.status = verdict.right ? TestStatus::passed : TestStatus::failed;
      t.score = verdict.right ? q.points : 0;
      t.message = verdict.message;
    }
    tests.push_back(t);
  }
  return tests;
}

}  // namespace kit
