#include "assignment/questions.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "assignment/rubric.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;


// A questions file with `text`, in a folder of its own that goes away with the test.
class QuestionsFile : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("kit-questions-" + std::to_string(::getpid()) + "-" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  std::string write(const std::string& text) {
    const std::string path = (folder_ / "questions.yaml").string();
    std::ofstream(path) << text;
    return path;
  }

  RubricError error_of(const std::string& text) {
    const std::string path = write(text);
    try {
      load_questions(path);
    } catch (const RubricError& e) {
      EXPECT_EQ(e.file, path);
      return e;
    }
    ADD_FAILURE() << "loaded, but it is invalid:\n" << text;
    return RubricError(path, -1, -1, "loaded");
  }

  fs::path folder_;
};

const char* kValid = R"(questions:
  - id: threads-per-block
    points: 2
    kind: number
    text: How many threads?
    answer: 1024
  - id: bound
    points: 1
    kind: choice
    text: Which?
    choices: [memory-bound, compute-bound]
    answer: Memory-Bound
  - id: widths
    points: 3
    kind: set
    text: Which widths?
    answer: [4, 2, 1, 2]
  - id: cgma
    points: 1
    kind: number
    text: The CGMA ratio?
    answer: 0.25
    tolerance: 0.01
    relative: 0.1
  - id: why
    points: 4
    kind: open
    text: |
      Why?
      Say it in two lines.
)";

TEST_F(QuestionsFile, LoadsEveryKindWithItsFields) {
  const Questions q = load_questions(write(kValid));
  ASSERT_EQ(q.questions.size(), 5u);
  EXPECT_EQ(q.questions[0].id, "threads-per-block");
  EXPECT_EQ(q.questions[0].kind, "number");
  EXPECT_EQ(q.questions[0].value, 1024);
  EXPECT_EQ(q.questions[0].line, 2);
  EXPECT_EQ(q.questions[1].choices, (std::vector<std::string>{"memory-bound", "compute-bound"}));
  EXPECT_EQ(q.questions[2].answer_set, (std::vector<long>{1, 2, 4}));
  EXPECT_DOUBLE_EQ(q.questions[3].tolerance, 0.01);
  EXPECT_DOUBLE_EQ(q.questions[3].relative, 0.1);
  EXPECT_EQ(q.questions[4].text, "Why?\nSay it in two lines.\n");
  EXPECT_DOUBLE_EQ(graded_points(q), 7);
  EXPECT_DOUBLE_EQ(pending_points(q), 4);
}

TEST_F(QuestionsFile, ErrorsNameTheLineAndColumn) {
  struct Case {
    std::string text;
    int line, column;
    std::string part;
  };
  const std::string head = "questions:\n  - id: a\n    points: 1\n";
  const Case cases[] = {
      {head + "    kind: number\n    text: t\n    answer: 3\n    colour: red\n", 7, 5, "unknown key 'colour'"},
      {head + "    kind: essay\n    text: t\n", 4, 11, "unknown kind 'essay'"},
      {"questions:\n  - id: A b\n    points: 1\n    kind: open\n    text: t\n", 2, 9, "lower-case letters"},
      {"questions:\n  - id: a\n    points: -1\n    kind: open\n    text: t\n", 3, 13, "must not be negative"},
      {"questions:\n  - id: a\n    points: many\n    kind: open\n    text: t\n", 3, 13, "must be a number"},
      {head + "    kind: number\n    text: t\n", 2, 5, "needs the key 'answer'"},
      {head + "    kind: number\n    text: t\n    answer: lots\n", 6, 13, "must be a number"},
      {head + "    kind: number\n    text: t\n    answer: 1\n    tolerance: -0.5\n", 7, 16, "must not be negative"},
      {head + "    kind: choice\n    text: t\n    choices: [x, y]\n    answer: z\n", 7, 13, "not one of the choices"},
      {head + "    kind: choice\n    text: t\n    choices: [x, X]\n    answer: x\n", 6, 14, "listed twice"},
      {head + "    kind: set\n    text: t\n    answer: [1, two]\n", 6, 17, "whole number"},
      {head + "    kind: open\n    text: t\n    answer: because\n", 6, 5, "unknown key 'answer'"},
      {head + "    kind: open\n    text: t\n  - id: a\n    points: 1\n    kind: open\n    text: t\n", 6, 9,
       "two questions have the id 'a'"},
      {"questions: []\n", 1, 12, "at least one question"},
      {"questions:\n  - id: a\nextra: 1\n", 3, 1, "unknown key 'extra'"},
      {"questions:\n  - id: [a\n", 3, 1, "not valid YAML"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    const RubricError e = error_of(c.text);
    EXPECT_EQ(e.line, c.line);
    EXPECT_EQ(e.column, c.column);
    EXPECT_TRUE(contains(e.what(), c.part)) << e.what();
  }
}

TEST_F(QuestionsFile, AMissingFileIsAnError) {
  try {
    load_questions((folder_ / "none.yaml").string());
    FAIL() << "loaded a file that does not exist";
  } catch (const RubricError& e) {
    EXPECT_TRUE(contains(e.what(), "does not exist"));
  }
}

}  // namespace
}  // namespace kit
