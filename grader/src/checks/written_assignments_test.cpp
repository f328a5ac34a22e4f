// The kit's own written questions: every solution's answers.yaml earns every graded point, the open
// answers are pending, and every starter's answers.yaml is the template of its questions with no answer.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "assignment/answers_template.h"
#include "assignment/rubric.h"
#include "checks/written_check.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

const std::string kWrittenKitRoot = std::string(KIT_TEST_DATA_DIR) + "/../../..";

TEST(WrittenAssignments, SolutionsEarnEveryGradedPointAndStartersNone) {
  int assignments = 0;
  for (const auto& entry : fs::directory_iterator(kWrittenKitRoot + "/assignments")) {
    const fs::path rubric_path = entry.path() / "rubric.yaml";
    if (!fs::exists(rubric_path)) continue;
    const Rubric rubric = load_rubric(rubric_path.string(), {kWrittenKitRoot});
    if (rubric.questions.questions.empty()) continue;
    ++assignments;
    const std::string name = rubric.assignment;
    SCOPED_TRACE(name);
    const std::string file = rubric.student_files.front();

    const AnswersFile right = read_answers(kWrittenKitRoot + "/solutions/" + name + "/answers.yaml");
    ASSERT_TRUE(right.present);
    for (const TestResult& t : grade_written_answers(rubric.questions, right, file)) {
      if (graded_by_a_person(t)) {
        EXPECT_FALSE(t.details.empty()) << t.name << ": the solution has no open answer";
        continue;
      }
      EXPECT_EQ(t.status, TestStatus::passed) << t.name << ": " << t.message;
    }

    const std::string starter = kWrittenKitRoot + "/starter/" + name + "/answers.yaml";
    EXPECT_EQ(read_text_file(starter), answers_template(rubric.questions, file));
    const AnswersFile blank = read_answers(starter);
    EXPECT_EQ(blank.problem, "");
    EXPECT_TRUE(blank.answers.empty());
  }
  EXPECT_GE(assignments, 4);
}

}  // namespace
}  // namespace kit
