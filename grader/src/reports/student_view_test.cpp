#include "reports/student_view.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

// Only a hidden test changes with the rule; every other test is seen as its group's visibility says.
TEST(StudentView, OnlyAHiddenTestFollowsTheRubricsHiddenTests) {
  for (HiddenTests rule : {HiddenTests::nothing, HiddenTests::summary, HiddenTests::after_due_date}) {
    SCOPED_TRACE(hidden_tests_name(rule));
    EXPECT_EQ(student_view("visible", rule).visibility, "visible");
    EXPECT_EQ(student_view("", rule).visibility, "visible");
    EXPECT_TRUE(student_view("", rule).shown_now());
    EXPECT_EQ(student_view("after_due_date", rule).visibility, "after_due_date");
    EXPECT_EQ(student_view("after_published", rule).visibility, "after_published");
    EXPECT_FALSE(student_view("after_due_date", rule).shown_now());
    EXPECT_FALSE(student_view("visible", rule).summarised);
    EXPECT_FALSE(student_view("after_due_date", rule).summarised);
  }
  const StudentView nothing = student_view("hidden", HiddenTests::nothing);
  EXPECT_EQ(nothing.visibility, "hidden");
  EXPECT_FALSE(nothing.summarised);
  const StudentView summary = student_view("hidden", HiddenTests::summary);
  EXPECT_EQ(summary.visibility, "hidden");
  EXPECT_TRUE(summary.summarised);
  const StudentView after = student_view("hidden", HiddenTests::after_due_date);
  EXPECT_EQ(after.visibility, "after_due_date");
  EXPECT_FALSE(after.summarised);
  EXPECT_FALSE(after.shown_now());
}

TEST(StudentView, ATestIsSeenByItsOwnVisibility) {
  TestResult test;
  test.visibility = "hidden";
  EXPECT_EQ(student_view(test, HiddenTests::after_due_date).visibility, "after_due_date");
  EXPECT_TRUE(student_view(test, HiddenTests::summary).summarised);
}

}  // namespace
}  // namespace kit
