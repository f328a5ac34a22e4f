// Written answers in every output format: graded ones as passed or failed, open ones as pending (graded by
// a person), never passed or failed, their points outside the score.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "class/gradebook.h"
#include "reports/report_gradescope.h"
#include "reports/report_json.h"
#include "reports/report_junit.h"
#include "reports/report_test_sample.h"
#include "reports/report_text.h"
#include "util/text.h"

namespace kit {
namespace {

using nlohmann::json;


GradeResult with_written() {
  GradeResult result;
  result.assignment = "block-transpose";
  result.backend = "cpu";
  using C = TestCategory;
  using S = TestStatus;
  result.tests.push_back(
      report_samples::make_test("BLOCK_WIDTH 4", "fixed", C::correctness, S::passed, 10, 10, "right"));
  result.tests.push_back(report_samples::make_test("safe-widths", "written", C::written, S::passed, 3, 3, "right"));
  result.tests.push_back(
      report_samples::make_test("warp-size", "written", C::written, S::failed, 0, 1, "16 is not right"));
  result.tests.push_back(report_samples::make_test("why", "written", C::written, S::skipped, 0, 4,
                                                   "pending: graded by a person", "Lock step."));
  result.score = 13;
  result.max_score = 18;
  return result;
}

TEST(WrittenReports, TextShowsASectionAndPendingPoints) {
  const std::string text = render_text(with_written(), false);
  EXPECT_TRUE(contains(text, "\nwritten ")) << text;
  EXPECT_TRUE(contains(text, "ok    safe-widths")) << text;
  EXPECT_TRUE(contains(text, "FAIL  warp-size — 16 is not right")) << text;
  EXPECT_TRUE(contains(text, "pend  why — pending: graded by a person")) << text;
  EXPECT_TRUE(contains(text, "pending  4 points of written answers, graded by a person")) << text;
  EXPECT_FALSE(contains(text, "skip  why")) << text;
}

TEST(WrittenReports, JsonMarksPendingAndReadsBack) {
  const json doc = json::parse(render_json(with_written()));
  const json& why = doc.at("tests").at(3);
  EXPECT_EQ(why.at("category"), "written");
  EXPECT_EQ(why.at("status"), "skipped");
  EXPECT_EQ(why.at("pending"), "graded by a person");
  EXPECT_FALSE(doc.at("tests").at(1).contains("pending"));
  const GradeResult back = result_from_json(doc);
  ASSERT_EQ(back.tests.size(), 4u);
  EXPECT_EQ(back.tests[3].category, TestCategory::written);
  EXPECT_TRUE(graded_by_a_person(back.tests[3]));
}

TEST(WrittenReports, JunitSkipsPendingWithAProperty) {
  const std::string xml = render_junit(with_written());
  EXPECT_TRUE(contains(xml, "<testsuite name=\"block-transpose.written\"")) << xml;
  EXPECT_TRUE(contains(xml, "<skipped message=\"pending: graded by a person\"/>")) << xml;
  EXPECT_TRUE(contains(xml, "<property name=\"pending\" value=\"graded by a person\"/>")) << xml;
  EXPECT_TRUE(contains(xml, "<failure message=\"16 is not right\"")) << xml;
}

TEST(WrittenReports, GradescopeNeverFailsAPendingAnswer) {
  const json tests = json::parse(render_gradescope(with_written())).at("tests");
  const json& why = tests.at(3);
  EXPECT_EQ(why.at("status"), "passed");
  EXPECT_EQ(why.at("score"), 0);
  EXPECT_EQ(why.at("max_score"), 4);
  EXPECT_EQ(why.at("name"), "written: why (pending: graded by a person)");
  EXPECT_TRUE(contains(why.at("output").get<std::string>(), "graded by a person"));
  EXPECT_TRUE(contains(why.at("output").get<std::string>(), "Lock step."));
  EXPECT_EQ(why.at("tags"), json::array({"written", "pending"}));
  EXPECT_EQ(tests.at(2).at("status"), "failed");
  EXPECT_EQ(tests.at(1).at("status"), "passed");
}

TEST(WrittenReports, GradebookHasAPendingColumn) {
  ClassResult student;
  student.key = "ada";
  student.people = {{"Ada", "1", "ada@example.org"}};
  student.result = with_written();
  const std::string csv = render_gradebook({student}, GradebookFormat::kit);
  EXPECT_TRUE(contains(csv, "student,sid,email,score,max_score,fixed,written,pending (graded by a person),status"))
      << csv;
  EXPECT_TRUE(contains(csv, "Ada,1,ada@example.org,13,18,10,3,4,graded")) << csv;
}

}  // namespace
}  // namespace kit
