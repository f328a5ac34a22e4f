#include "assignment/hidden_tests.h"

namespace kit {
namespace {

constexpr HiddenTests kHiddenTestsRules[] = {HiddenTests::nothing, HiddenTests::summary, HiddenTests::after_due_date};

}  // namespace

const char* hidden_tests_name(HiddenTests rule) {
  switch (rule) {
    case HiddenTests::nothing: return "nothing";
    case HiddenTests::summary: return "summary";
    case HiddenTests::after_due_date: return "after_due_date";
  }
  return "nothing";
}

std::vector<std::string> hidden_tests_names() {
  std::vector<std::string> names;
  for (HiddenTests rule : kHiddenTestsRules) names.push_back(hidden_tests_name(rule));
  return names;
}

bool parse_hidden_tests(const std::string& name, HiddenTests* rule) {
  for (HiddenTests candidate : kHiddenTestsRules)
    if (name == hidden_tests_name(candidate)) {
      *rule = candidate;
      return true;
    }
  return false;
}

}  // namespace kit
