// What a student is shown of a test: the one place that applies the rubric's `hidden_tests`
// (assignment/hidden_tests.h). Every report meant for a student asks it: Gradescope's results.json, its
// tests and its summary (report_gradescope.cpp), and the text report with only_visible (report_text.cpp).
// The instructor's reports (`grader grade` text and JSON, JUnit, a batch's results) show every test.
#pragma once

#include <string>

#include "result/result.h"  // HiddenTests, the rubric's word a result carries

namespace kit {

struct StudentView {
  // When the student sees the test in full, in Gradescope's words: "visible" (now), "after_due_date" (once
  // the due date has passed), "hidden" (never), or another of Gradescope's words a test carries, as it is.
  std::string visibility = "visible";
  // Counted in the summary of the hidden tests (hidden_summary.h), by its group and its status alone.
  bool summarised = false;

  bool shown_now() const { return visibility == "visible"; }
};

// A test whose own visibility (the rubric group's) is `visibility`; empty means visible.
StudentView student_view(const std::string& visibility, HiddenTests rule);
StudentView student_view(const TestResult& test, HiddenTests rule);

}  // namespace kit
