#include "kit/result.h"

namespace kit {

const char* to_string(TestStatus status) {
  switch (status) {
    case TestStatus::passed: return "passed";
    case TestStatus::failed: return "failed";
    case TestStatus::skipped: return "skipped";
    case TestStatus::error: return "error";
  }
  return "unknown";
}

const char* to_string(TestCategory category) {
  switch (category) {
    case TestCategory::build: return "build";
    case TestCategory::correctness: return "correctness";
    case TestCategory::performance: return "performance";
    case TestCategory::technique: return "technique";
    case TestCategory::written: return "written";
  }
  return "unknown";
}

bool graded_by_a_person(const TestResult& test) {
  return test.category == TestCategory::written && test.status == TestStatus::skipped;
}

}  // namespace kit
