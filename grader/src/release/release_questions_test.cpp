// What `grader release` does with written questions: the released copy has no answers, the released rubric
// grades none, and the leak check refuses an `answer:` line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <yaml-cpp/yaml.h>

#include "release/release.h"
#include "release/release_rubric.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;


const char* kQuestions = R"(questions:
  - id: threads
    points: 2
    kind: number
    text: How many threads?
    answer: 1024
    tolerance: 0
  - id: bound
    points: 1
    kind: choice
    text: Which?
    choices: [memory-bound, compute-bound]
    answer: memory-bound
  - id: why
    points: 3
    kind: open
    text: Why?
)";

TEST(StudentQuestions, KeepIdsPointsKindTextAndChoicesOnly) {
  const std::string released = student_questions(kQuestions);
  EXPECT_FALSE(contains(released, "answer:")) << released;
  EXPECT_FALSE(contains(released, "1024")) << released;
  EXPECT_FALSE(contains(released, "tolerance")) << released;
  const YAML::Node doc = YAML::Load(released);
  ASSERT_EQ(doc["questions"].size(), 3u);
  EXPECT_EQ(doc["questions"][0]["id"].as<std::string>(), "threads");
  EXPECT_EQ(doc["questions"][0]["points"].as<double>(), 2);
  EXPECT_EQ(doc["questions"][0]["kind"].as<std::string>(), "number");
  EXPECT_EQ(doc["questions"][0]["text"].as<std::string>(), "How many threads?");
  EXPECT_EQ(doc["questions"][1]["choices"].size(), 2u);
  EXPECT_EQ(doc["questions"][2]["kind"].as<std::string>(), "open");
}

TEST(StudentQuestions, TheReleasedRubricGradesNoWrittenAnswers) {
  const StudentRubric r = student_rubric(
      "assignment: a\ntitle: A\nquestions: questions.yaml\ncorrectness:\n  - group: g\n    points: 1\n    sizes: [4]\n",
      "assignments/a/rubric.yaml");
  EXPECT_FALSE(contains(r.text, "questions")) << r.text;
  ASSERT_EQ(r.left_out.size(), 1u);
  EXPECT_TRUE(contains(r.left_out[0], "written answers"));
}

TEST(StudentQuestions, QuestionsFilesAreWrittenNotCopied) {
  const ReleaseSelection selection{{"a"}, {}};
  EXPECT_FALSE(release_allows("assignments/a/questions.yaml", selection));
  EXPECT_TRUE(release_allows("assignments/a/README.md", selection));
}

TEST(StudentQuestions, TheLeakCheckRefusesAnAnswerLine) {
  std::string pattern = (fs::temp_directory_path() / "kit-release-questions-XXXXXX").string();
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  const fs::path dir = pattern;
  fs::create_directories(dir / "kit" / "solutions");
  fs::create_directories(dir / "tree" / "assignments" / "a");
  std::ofstream(dir / "tree/assignments/a/questions.yaml") << student_questions(kQuestions);
  std::ofstream(dir / "tree/assignments/a/README.md") << "answer: in prose, not a leak\n";
  EXPECT_TRUE(find_leaks((dir / "kit").string(), (dir / "tree").string(), {}).empty());

  std::ofstream(dir / "tree/assignments/a/questions.yaml") << kQuestions;
  std::ofstream(dir / "tree/assignments/a/other.yml") << "questions:\n  - answer: 3\n";
  const std::vector<std::string> leaks = find_leaks((dir / "kit").string(), (dir / "tree").string(), {});
  ASSERT_EQ(leaks.size(), 2u);
  EXPECT_EQ(leaks[0], "assignments/a/other.yml (an `answer:` line of a written question)");
  EXPECT_EQ(leaks[1], "assignments/a/questions.yaml (an `answer:` line of a written question)");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace kit
