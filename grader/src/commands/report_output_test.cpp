// Tests of when `grader check` calls a file passing: a failure fails it; a test this machine could not
// check and a written answer a person grades do not; and a file that passed nothing does not pass.
#include "commands/report_output.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

TestResult with_status(TestStatus status, const TestCategory& category = TestCategory::correctness) {
  TestResult t;
  t.status = status;
  t.category = category;
  return t;
}

TEST(CheckPasses, AFailureFailsIt) {
  GradeResult r;
  r.tests = {with_status(TestStatus::passed), with_status(TestStatus::failed)};
  EXPECT_FALSE(check_passes(r));
}

TEST(CheckPasses, WhatThisMachineCouldNotCheckIsNoFailure) {
  GradeResult r;
  // uses_shared_memory where a student tree was built without nvcc: an error, to be checked elsewhere.
  r.tests = {with_status(TestStatus::passed), with_status(TestStatus::error, TestCategory::technique),
             with_status(TestStatus::skipped, TestCategory::written)};
  EXPECT_TRUE(check_passes(r));
}

TEST(CheckPasses, NothingPassedIsNoPass) {
  GradeResult r;
  EXPECT_FALSE(check_passes(r));
  r.tests = {with_status(TestStatus::error), with_status(TestStatus::skipped)};
  EXPECT_FALSE(check_passes(r));
}

}  // namespace
}  // namespace kit
