// What results.json shows students of the hidden tests under each value of the rubric's hidden_tests.
#include "reports/report_gradescope.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reports/report_test_sample.h"

namespace kit {
namespace {

using nlohmann::json;

json gradescope_for(HiddenTests rule) { return json::parse(render_gradescope(report_samples::hidden_result(rule))); }

// Everything of the document a student sees now: the top-level fields and the tests Gradescope shows.
json student_visible(json doc) {
  json tests = json::array();
  for (const json& test : doc.at("tests"))
    if (test.at("visibility") == "visible") tests.push_back(test);
  doc["tests"] = tests;
  doc.erase("extra_data");  // staff's only (report_gradescope.cpp)
  return doc;
}

// What would tell a student which inputs the hidden tests ran: their sizes, seeds, messages, details and
// diagnoses (report_samples::hidden_result), none of which a visible test's text holds.
const std::vector<std::string> kHiddenTestsTexts = {
    "1021", "1009", "Width 45", "777", "1042441", "1018081", "603729", "2025", "seed 4242", "P[1020][3]",
    "P[1008][7]", "P[776][0]", "phase count", "two threads write", "write-conflict", "matmul.cu"};

void expect_nothing_of_the_hidden_tests(const json& doc) {
  const std::string visible = student_visible(doc).dump();
  for (const std::string& text : kHiddenTestsTexts)
    EXPECT_EQ(visible.find(text), std::string::npos) << "'" << text << "' is visible to students:\n" << visible;
}

const json* entry_named(const json& doc, const std::string& name) {
  for (const json& test : doc.at("tests"))
    if (test.at("name") == name) return &test;
  return nullptr;
}

std::vector<std::string> numbers(const json& doc) {
  std::vector<std::string> out;
  for (const json& test : doc.at("tests")) out.push_back(test.at("number"));
  return out;
}

std::vector<std::string> one_to(std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t i = 1; i <= n; ++i) out.push_back(std::to_string(i));
  return out;
}

// The default: the hidden tests stay hidden, and nothing else is said of them (as before the setting).
TEST(GradescopeHiddenTests, NothingKeepsThemHiddenAndSaysNothing) {
  const GradeResult result = report_samples::hidden_result(HiddenTests::nothing);
  const json doc = gradescope_for(HiddenTests::nothing);
  ASSERT_EQ(doc.at("tests").size(), result.tests.size());
  for (std::size_t i = 0; i < result.tests.size(); ++i) EXPECT_EQ(doc.at("tests")[i].at("visibility"), result.tests[i].visibility);
  EXPECT_EQ(entry_named(doc, "hidden tests"), nullptr);
  EXPECT_EQ(doc.at("output").get<std::string>().find("\nhidden "), std::string::npos);
  expect_nothing_of_the_hidden_tests(doc);
}

TEST(GradescopeHiddenTests, SummaryIsOneVisibleEntryWithoutPointsAfterTheLastHiddenTest) {
  const json doc = gradescope_for(HiddenTests::summary);
  const json& tests = doc.at("tests");
  ASSERT_EQ(tests.size(), report_samples::hidden_result(HiddenTests::summary).tests.size() + 1);
  const json& summary = tests[9];  // the hidden tests are 5 to 8
  EXPECT_EQ(summary.at("name"), "hidden tests");
  EXPECT_EQ(summary.at("visibility"), "visible");
  EXPECT_EQ(summary.at("status"), "failed");
  EXPECT_EQ(summary.at("output"),
            "3 of 4 hidden tests failed: hidden sizes (2), random sizes (1)\n"
            "The hidden tests themselves (their sizes, inputs and messages) are not shown.");
  EXPECT_EQ(summary.at("tags"), json::array({"hidden tests"}));
  EXPECT_FALSE(summary.contains("score")) << "it carries no points of its own";
  EXPECT_FALSE(summary.contains("max_score"));
  EXPECT_EQ(numbers(doc), one_to(tests.size()));
  // The hidden tests themselves stay hidden, whole for the staff; the score is the same sum.
  for (int i = 5; i <= 8; ++i) EXPECT_EQ(tests[i].at("visibility"), "hidden") << i;
  EXPECT_EQ(tests[5].at("output"), "12 of 1042441 elements wrong\nfirst wrong: P[1020][3]");
  EXPECT_DOUBLE_EQ(doc.at("score").get<double>(), gradescope_for(HiddenTests::nothing).at("score").get<double>());
}

TEST(GradescopeHiddenTests, SummaryIsALineOfTheOutputStudentsSee) {
  const std::string output = gradescope_for(HiddenTests::summary).at("output");
  EXPECT_NE(output.find("\nhidden   3 of 4 hidden tests failed: hidden sizes (2), random sizes (1)\n"), std::string::npos)
      << output;
  // The hidden tests and their points are withheld as before.
  EXPECT_NE(output.find("not shown 5 tests worth 30 points (hidden, or shown after the due date)"), std::string::npos)
      << output;
}

TEST(GradescopeHiddenTests, SummaryLeaksNoSizeSeedMessageDetailsOrDiagnosis) {
  const json doc = gradescope_for(HiddenTests::summary);
  ASSERT_NE(entry_named(doc, "hidden tests"), nullptr);
  expect_nothing_of_the_hidden_tests(doc);
  // Not even when the hidden tests are to be regraded: their messages say why, and stay hidden.
  GradeResult result = report_samples::hidden_result(HiddenTests::summary);
  result.tests[8].status = TestStatus::error;
  result.tests[8].message = "not checked: Width 777 took the sandbox down";
  const json regraded = json::parse(render_gradescope(result));
  expect_nothing_of_the_hidden_tests(regraded);
  const std::string said = entry_named(regraded, "hidden tests")->at("output");
  EXPECT_EQ(said.rfind("2 of 4 hidden tests failed: hidden sizes (2); 1 not checked by this grading (not the "
                       "submission's fault): the course will grade the submission again\n", 0),
            0u)
      << said;
}

TEST(GradescopeHiddenTests, SummarySaysWhenEveryHiddenTestPassed) {
  GradeResult result = report_samples::hidden_result(HiddenTests::summary);
  for (TestResult& test : result.tests)
    if (test.visibility == "hidden") test.status = TestStatus::passed, test.score = test.max_score;
  const json doc = json::parse(render_gradescope(result));
  const json* summary = entry_named(doc, "hidden tests");
  ASSERT_NE(summary, nullptr);
  EXPECT_EQ(summary->at("status"), "passed");
  EXPECT_EQ(summary->at("output").get<std::string>().rfind("all 4 hidden tests passed\n", 0), 0u);
  EXPECT_NE(doc.at("output").get<std::string>().find("\nhidden   all 4 hidden tests passed\n"), std::string::npos);
}

TEST(GradescopeHiddenTests, SummaryWithoutHiddenTestsAddsNothing) {
  GradeResult result = report_samples::cpu_result();
  result.hidden_tests = HiddenTests::summary;
  const json doc = json::parse(render_gradescope(result));
  EXPECT_EQ(entry_named(doc, "hidden tests"), nullptr);
  EXPECT_EQ(doc.at("tests").size(), result.tests.size());
  EXPECT_EQ(doc.at("output").get<std::string>().find("\nhidden "), std::string::npos);
}

// After the due date Gradescope shows every hidden test in full; until then they are withheld as before.
TEST(GradescopeHiddenTests, AfterDueDateRevealsEveryHiddenTestInFullThen) {
  const json doc = gradescope_for(HiddenTests::after_due_date);
  const json& tests = doc.at("tests");
  ASSERT_EQ(tests.size(), report_samples::hidden_result(HiddenTests::after_due_date).tests.size());
  for (int i = 5; i <= 9; ++i) EXPECT_EQ(tests[i].at("visibility"), "after_due_date") << i;
  EXPECT_EQ(tests[5].at("name"), "hidden sizes: Width 1021");
  EXPECT_EQ(tests[5].at("output"), "12 of 1042441 elements wrong\nfirst wrong: P[1020][3]");
  EXPECT_EQ(tests[8].at("output"), "seed 4242: 5 of 603729 elements wrong\nfirst wrong: P[776][0] expected 2.25, got 2.5");
  EXPECT_EQ(entry_named(doc, "hidden tests"), nullptr);
  EXPECT_EQ(doc.at("output").get<std::string>().find("\nhidden "), std::string::npos);
  expect_nothing_of_the_hidden_tests(doc);  // before the due date
}

}  // namespace
}  // namespace kit
