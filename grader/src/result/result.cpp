#include "result/result.h"

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

}  // namespace kit
