#include "checks/check.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "reports/report_gradescope.h"
#include "reports/report_json.h"
#include "reports/report_junit.h"
#include "reports/report_test_sample.h"
#include "reports/report_text.h"

namespace kit {
namespace {

std::vector<std::string> names(const std::vector<TestCategory>& sections) {
  std::vector<std::string> out;
  for (const TestCategory& c : sections) out.push_back(c.name);
  return out;
}

std::vector<TestResult> no_planned_tests(const CheckInput&, const std::string&) { return {}; }
CheckOutcome no_outcome(const CheckInput&) { return {}; }

// A check of a category no file of the kit names, between performance and technique in the reports.
const Check kReviewCheck = {"review", nullptr, 25, false, SkippedMeans::graded_by_a_person,
                            nullptr,  no_planned_tests, no_outcome};

TEST(CheckTable, RunsTheKitsChecksInItsOrder) {
  std::vector<std::string> run;
  for (const Check* c : checks()) run.push_back(c->section);
  EXPECT_EQ(run, (std::vector<std::string>{"correctness", "technique", "performance", "written"}));
  EXPECT_EQ(find_check(TestCategory::written)->rubric_key, std::string("questions"));
  EXPECT_FALSE(find_check(TestCategory::written)->needs_build);
  EXPECT_EQ(find_check(TestCategory::build), nullptr);  // the gate's section, not a check's
}

TEST(CheckTable, ReportsShowSectionsByRank) {
  EXPECT_EQ(names(report_sections({})),
            (std::vector<std::string>{"build", "correctness", "performance", "technique", "written"}));
}

TEST(CheckTable, AnAddedCheckJoinsTheTableForItsLifetime) {
  {
    const AddedCheck added(kReviewCheck);
    EXPECT_EQ(checks().back(), &kReviewCheck);
    EXPECT_EQ(names(report_sections({})),
              (std::vector<std::string>{"build", "correctness", "performance", "review", "technique", "written"}));
  }
  EXPECT_EQ(checks().size(), 4u);
  EXPECT_EQ(find_check({"review"}), nullptr);
}

TEST(CheckTable, ACategoryNoCheckNamesIsShownLast) {
  std::vector<TestResult> tests = {report_samples::make_test("a", "", {"elsewhere"}, TestStatus::passed, 1, 1, ""),
                                   report_samples::make_test("b", "", TestCategory::written, TestStatus::passed, 1, 1, "")};
  EXPECT_EQ(names(report_sections(tests)),
            (std::vector<std::string>{"build", "correctness", "performance", "technique", "written", "elsewhere"}));
}

TEST(CheckTable, WhatASkippedTestMeansIsItsChecks) {
  const TestResult open = report_samples::make_test("why", "", TestCategory::written, TestStatus::skipped, 0, 2, "");
  const TestResult unmeasured =
      report_samples::make_test("speed", "", TestCategory::performance, TestStatus::skipped, 0, 2, "");
  EXPECT_TRUE(graded_by_a_person(open));
  EXPECT_FALSE(graded_by_a_person(unmeasured));
  EXPECT_EQ(skipped_means(TestCategory::performance), SkippedMeans::measured_on_a_gpu);
  EXPECT_EQ(skipped_means({"review"}), SkippedMeans::not_checked);
  const AddedCheck added(kReviewCheck);
  EXPECT_TRUE(graded_by_a_person(report_samples::make_test("x", "", {"review"}, TestStatus::skipped, 0, 2, "")));
}

// Every report renders the new category without knowing it: its section, its suite, its tag, its points.
TEST(CheckTable, EveryReportShowsAnAddedCategory) {
  const AddedCheck added(kReviewCheck);
  GradeResult result = report_samples::gpu_result();
  result.tests.push_back(report_samples::make_test("reads well", "review", {"review"}, TestStatus::passed, 3, 3,
                                                   "clear names"));
  result.score += 3;
  result.max_score += 3;

  const std::string text = render_text(result, false);
  const std::size_t review = text.find("\nreview ");
  ASSERT_NE(review, std::string::npos) << text;
  EXPECT_LT(text.find("\nperformance "), review);
  EXPECT_GT(text.find("\ntechnique "), review);
  EXPECT_NE(text.find("reads well"), std::string::npos);

  EXPECT_NE(render_junit(result).find("<testsuite name=\"matmul-tiled.review\" tests=\"1\""), std::string::npos);

  const nlohmann::json gradescope = nlohmann::json::parse(render_gradescope(result));
  EXPECT_EQ(gradescope["tests"].back()["tags"], nlohmann::json::array({"review"}));
  EXPECT_EQ(gradescope["tests"].back()["score"], 3);

  const GradeResult back = result_from_json(nlohmann::json::parse(render_json(result)));
  EXPECT_EQ(back.tests.back().category, TestCategory{"review"});
  EXPECT_EQ(back.score, result.score);
}

TEST(CheckTable, AResultWithAnUnknownCategoryIsRefused) {
  GradeResult result = report_samples::gpu_result();
  result.tests.push_back(report_samples::make_test("x", "", {"review"}, TestStatus::passed, 1, 1, ""));
  const nlohmann::json document = nlohmann::json::parse(render_json(result));
  try {
    result_from_json(document);
    FAIL() << "an unknown category was read";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("expected one of build, correctness, performance, technique, written, got "
                                         "\"review\""),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace kit
