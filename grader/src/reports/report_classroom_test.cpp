#include "reports/report_classroom.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "reports/report_test_sample.h"

namespace kit {
namespace {

using report_samples::make_test;

// A CPU check of a file that passes its copies, fails one transpose size, answers one question wrong and
// leaves one to a person; performance was not measured.
GradeResult cpu_check() {
  GradeResult r;
  r.assignment = "transpose";
  r.tests = {
      make_test("32x32", "copy", TestCategory::correctness, TestStatus::passed, 1, 1, "3 seeds"),
      make_test("1x1", "copy", TestCategory::correctness, TestStatus::passed, 1, 1, "3 seeds"),
      make_test("32x32", "naive transpose", TestCategory::correctness, TestStatus::passed, 1.25, 1.25, "3 seeds"),
      make_test("17x45", "naive transpose", TestCategory::correctness, TestStatus::failed, 0, 1.25,
                "12 of 765 elements wrong\nfirst wrong: odata[0][1]"),
      make_test("uses shared memory", "technique", TestCategory::technique, TestStatus::passed, 4, 4, "ok"),
      make_test("against the reference", "performance", TestCategory::performance, TestStatus::skipped, 0, 10,
                "not measured: the CPU backend checks correctness only"),
      make_test("bank-of-element", "written", TestCategory::written, TestStatus::failed, 0, 1, "expected 5"),
  };
  return r;
}

TEST(ClassroomReport, OneEntryPerGroupWithItsPoints) {
  const nlohmann::json j = nlohmann::json::parse(render_classroom(cpu_check()));
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["status"], "fail");
  EXPECT_EQ(j["max_score"], 9.5);  // the 10 performance points were not measured here
  ASSERT_EQ(j["tests"].size(), 4u);
  EXPECT_EQ(j["tests"][0]["name"], "correctness: copy");
  EXPECT_EQ(j["tests"][0]["status"], "pass");
  EXPECT_EQ(j["tests"][0]["score"], 2);
  EXPECT_EQ(j["tests"][1]["name"], "correctness: naive transpose");
  EXPECT_EQ(j["tests"][1]["status"], "fail");
  EXPECT_EQ(j["tests"][1]["score"], 1.25);
  EXPECT_EQ(j["tests"][1]["message"], "17x45: 12 of 765 elements wrong");
  EXPECT_EQ(j["tests"][2]["name"], "technique");
  EXPECT_EQ(j["tests"][3]["name"], "written");
}

TEST(ClassroomReport, APerfectCpuRunIsFullMarksOfWhatWasMeasured) {
  GradeResult r = cpu_check();
  r.tests[3].status = TestStatus::passed;
  r.tests[3].score = 1.25;
  r.tests.pop_back();
  const nlohmann::json j = nlohmann::json::parse(render_classroom(r));
  EXPECT_EQ(j["status"], "pass");
  double score = 0;
  for (const auto& t : j["tests"]) score += t["score"].get<double>();
  EXPECT_EQ(score, j["max_score"].get<double>());
}

TEST(ClassroomReport, ATestThatCouldNotBeCheckedIsAnError) {
  GradeResult r = cpu_check();
  r.tests[3].status = TestStatus::passed;
  r.tests[3].score = 1.25;
  r.tests.pop_back();
  r.tests.push_back(make_test("coalesced copy", "technique", TestCategory::technique, TestStatus::error, 0, 4,
                              "not checked: Nsight Compute could not run"));
  const nlohmann::json j = nlohmann::json::parse(render_classroom(r));
  EXPECT_EQ(j["status"], "error");
  EXPECT_EQ(j["tests"][2]["status"], "error");
  EXPECT_EQ(j["tests"][2]["message"], "coalesced copy: not checked: Nsight Compute could not run");
}

TEST(ClassroomReport, BytesThatAreNotUtf8DoNotStopTheReport) {
  GradeResult r = cpu_check();
  r.tests[3].message = "your program said: caf\xe9";
  EXPECT_NO_THROW(nlohmann::json::parse(render_classroom(r)));
}

}  // namespace
}  // namespace kit
