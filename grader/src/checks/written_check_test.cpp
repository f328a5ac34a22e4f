#include "checks/written_check.h"
#include "util/text.h"

#include <gtest/gtest.h>

#include <string>

namespace kit {
namespace {


Question question(const std::string& id, const std::string& kind, double points) {
  Question q;
  q.id = id;
  q.kind = kind;
  q.points = points;
  q.text = "?";
  return q;
}

Questions sample_questions() {
  Questions qs;
  Question threads = question("threads", "number", 2);
  threads.value = 1024;
  Question cgma = question("cgma", "number", 1);
  cgma.value = 0.25;
  cgma.tolerance = 0.01;
  Question ratio = question("ratio", "number", 1);
  ratio.value = 200;
  ratio.relative = 0.05;
  Question bound = question("bound", "choice", 1);
  bound.choices = {"memory-bound", "compute-bound"};
  bound.answer = "memory-bound";
  Question widths = question("widths", "set", 3);
  widths.answer_set = {1, 2, 4};
  Question why = question("why", "open", 4);
  qs.questions = {threads, cgma, ratio, bound, widths, why};
  return qs;
}

const TestResult& test_named(const std::vector<TestResult>& tests, const std::string& name) {
  for (const TestResult& t : tests)
    if (t.name == name) return t;
  throw std::runtime_error("no test " + name);
}

TEST(WrittenCheck, RightAnswersEarnTheirPointsAndOpenOnesArePending) {
  const std::vector<TestResult> tests = grade_written_answers(
      sample_questions(),
      parse_answers("threads: 1024\ncgma: 0.255\nratio: 209\nbound: '  Memory-Bound '\nwidths: [4, 1, 2, 2]\n"
                    "why: Because the warp runs in lock step.\n"),
      "t.cu");
  ASSERT_EQ(tests.size(), 6u);
  for (const TestResult& t : tests) {
    SCOPED_TRACE(t.name);
    EXPECT_EQ(t.category, TestCategory::written);
    EXPECT_EQ(t.group, "written");
    if (t.name == "why") continue;
    EXPECT_EQ(t.status, TestStatus::passed) << t.message;
    EXPECT_EQ(t.score, t.max_score);
  }
  const TestResult& why = test_named(tests, "why");
  EXPECT_EQ(why.status, TestStatus::skipped);
  EXPECT_TRUE(graded_by_a_person(why));
  EXPECT_EQ(why.score, 0);
  EXPECT_EQ(why.max_score, 4);
  EXPECT_EQ(why.message, "pending: graded by a person");
  EXPECT_EQ(why.details, "Because the warp runs in lock step.");
}

TEST(WrittenCheck, WrongAnswersFailWithAMessageThatDoesNotGiveTheAnswerAway) {
  const std::vector<TestResult> tests = grade_written_answers(
      sample_questions(), parse_answers("threads: 512\ncgma: 0.27\nratio: 211\nbound: compute-bound\nwidths: 1, 2\n"), "t.cu");
  for (const char* name : {"threads", "cgma", "ratio", "bound", "widths"}) {
    SCOPED_TRACE(name);
    const TestResult& t = test_named(tests, name);
    EXPECT_EQ(t.status, TestStatus::failed);
    EXPECT_EQ(t.score, 0);
    EXPECT_FALSE(contains(t.message, "1024")) << t.message;
  }
  EXPECT_EQ(test_named(tests, "threads").message, "512 is not right");
  EXPECT_TRUE(contains(test_named(tests, "cgma").message, "within 0.01"));
  EXPECT_TRUE(contains(test_named(tests, "ratio").message, "within 5%"));
  EXPECT_TRUE(contains(test_named(tests, "widths").message, "not the right set"));
  EXPECT_TRUE(graded_by_a_person(test_named(tests, "why")));
  EXPECT_TRUE(contains(test_named(tests, "why").message, "no answer under `why`"));
}

TEST(WrittenCheck, AnswersOfTheWrongTypeFailTheirQuestionOnly) {
  const std::vector<TestResult> tests = grade_written_answers(
      sample_questions(), parse_answers("threads: lots\ncgma: [0.25]\nbound: maybe\nwidths: [1, two]\nratio: {a: 1}\n"
                              "why: {a: 1}\n"),
      "t.cu");
  EXPECT_TRUE(contains(test_named(tests, "threads").message, "'lots' is not a number"));
  EXPECT_TRUE(contains(test_named(tests, "cgma").message, "is not a number"));
  EXPECT_TRUE(contains(test_named(tests, "bound").message, "not one of the choices (memory-bound, compute-bound)"));
  EXPECT_TRUE(contains(test_named(tests, "widths").message, "'two' is not a whole number"));
  EXPECT_TRUE(contains(test_named(tests, "ratio").message, "is not a number"));
  for (const char* name : {"threads", "cgma", "bound", "widths", "ratio"})
    EXPECT_EQ(test_named(tests, name).status, TestStatus::failed) << name;
  EXPECT_TRUE(graded_by_a_person(test_named(tests, "why")));
}

TEST(WrittenCheck, AMissingAnswerNamesTheIdAndAnyUnknownOnes) {
  const std::vector<TestResult> tests =
      grade_written_answers(sample_questions(), parse_answers("thread: 1024\nbound: memory-bound\n"), "t.cu");
  const TestResult& threads = test_named(tests, "threads");
  EXPECT_EQ(threads.status, TestStatus::failed);
  EXPECT_TRUE(contains(threads.message, "no answer under `threads`")) << threads.message;
  EXPECT_TRUE(contains(threads.message, "ids that no question has: thread")) << threads.message;
  EXPECT_EQ(test_named(tests, "bound").status, TestStatus::passed);
}

TEST(WrittenCheck, AMissingFileSaysWhichFileToAdd) {
  const std::vector<TestResult> tests = grade_written_answers(sample_questions(), AnswersFile{}, "matmul_tiled.cu");
  const TestResult& threads = test_named(tests, "threads");
  EXPECT_EQ(threads.status, TestStatus::failed);
  EXPECT_TRUE(contains(threads.message, "add answers.yaml beside matmul_tiled.cu")) << threads.message;
  EXPECT_TRUE(contains(threads.message, "`threads: <your answer>`"));
  EXPECT_TRUE(graded_by_a_person(test_named(tests, "why")));
  EXPECT_TRUE(contains(test_named(tests, "why").message, "no answers.yaml was submitted"));
}

TEST(WrittenCheck, AnUnusableFileFailsEveryGradedQuestionWithItsProblem) {
  const std::vector<TestResult> tests = grade_written_answers(sample_questions(), parse_answers("[1, 2]\n"), "t.cu");
  for (const TestResult& t : tests) {
    if (t.name == "why") continue;
    EXPECT_EQ(t.status, TestStatus::failed);
    EXPECT_TRUE(contains(t.message, "must be a mapping")) << t.message;
  }
}

}  // namespace
}  // namespace kit
