// What students are shown of an assignment's hidden tests: the rubric's top-level `hidden_tests` key
// (assignments/README.md). The rubric decides it; every report meant for a student applies it, through one
// function (reports/student_view.h). Courses differ on what students should learn of a hidden failure.
#pragma once

#include <string>
#include <vector>

namespace kit {

enum class HiddenTests {
  nothing,         // the hidden tests are absent from what students see (the default)
  summary,         // how many failed and in which groups, never a test's size, input or message
  after_due_date,  // every hidden test in full once the due date has passed (Gradescope reveals them)
};

// The rubric's words: "nothing", "summary", "after_due_date".
const char* hidden_tests_name(HiddenTests rule);

// Every value, in the order the documentation gives them (for a rubric error's list of allowed values).
std::vector<std::string> hidden_tests_names();

// The rule named `name`; false when no rule has that name.
bool parse_hidden_tests(const std::string& name, HiddenTests* rule);

}  // namespace kit
