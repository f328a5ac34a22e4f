// What every kind of technique check sets on its result (technique_kinds.h).
#include "checks/technique_kinds.h"

namespace kit {

void pass_check(TestResult& t, const std::string& message) {
  t.status = TestStatus::passed;
  t.score = t.max_score;
  t.message = message;
}

void fail_check(TestResult& t, const std::string& message) {
  t.status = TestStatus::failed;
  t.score = 0;
  t.message = message;
}

}  // namespace kit
