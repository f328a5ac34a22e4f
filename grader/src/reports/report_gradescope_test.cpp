#include "reports/report_gradescope.h"

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "reports/report_test_sample.h"
#include "result/regrade.h"

namespace kit {
namespace {

using nlohmann::json;

TEST(GradescopeReport, TopLevelFields) {
  const json doc = json::parse(render_gradescope(report_samples::gpu_result()));
  EXPECT_TRUE(doc.at("score").is_number());
  EXPECT_DOUBLE_EQ(doc.at("score").get<double>(), 55.36);
  EXPECT_TRUE(doc.at("execution_time").is_number_integer());
  EXPECT_EQ(doc.at("execution_time"), 42);
  EXPECT_TRUE(doc.at("output").is_string());
  EXPECT_EQ(doc.at("output_format"), "text");
  EXPECT_EQ(doc.at("visibility"), "visible");
  EXPECT_EQ(doc.at("stdout_visibility"), "hidden");
  EXPECT_TRUE(doc.at("tests").is_array());
  EXPECT_EQ(doc.at("extra_data").at("backend"), "cuda");
  EXPECT_EQ(doc.at("extra_data").at("device").at("driver"), "580.159.04");
}

TEST(GradescopeReport, OneEntryPerTestNumberedInOrder) {
  const GradeResult result = report_samples::gpu_result();
  const json tests = json::parse(render_gradescope(result)).at("tests");
  ASSERT_EQ(tests.size(), result.tests.size());
  for (size_t i = 0; i < tests.size(); ++i) {
    const json& test = tests[i];
    const TestResult& source = result.tests[i];
    EXPECT_EQ(test.at("number"), std::to_string(i + 1));
    if (needs_regrade(source)) continue;  // its name and tags say so (below)
    EXPECT_EQ(test.at("name"), source.group + ": " + source.name);
    EXPECT_DOUBLE_EQ(test.at("score").get<double>(), source.score);
    EXPECT_DOUBLE_EQ(test.at("max_score").get<double>(), source.max_score);
    EXPECT_EQ(test.at("output_format"), "text");
    EXPECT_EQ(test.at("tags"), json::array({to_string(source.category)}));
    EXPECT_EQ(test.at("visibility"), source.visibility);
  }
  EXPECT_EQ(tests[3].at("name"), "not a multiple of the tile: Width 17");
}

TEST(GradescopeReport, AFailedPictureTestNamesItsPictures) {
  GradeResult result = report_samples::gpu_result();
  result.tests[3].pictures = {"p/t-output.pgm", "p/t-expected.pgm", "p/t-difference.pgm", "p/t-never-written.pgm"};
  const json tests = json::parse(render_gradescope(result)).at("tests");
  EXPECT_NE(tests[3].at("output").get<std::string>().find("pictures: p/t-{output,expected,difference,never-written}.pgm"),
            std::string::npos);
}

TEST(GradescopeReport, OnlyPassedAndFailedWithTheStatusWordKept) {
  const json tests = json::parse(render_gradescope(report_samples::gpu_result())).at("tests");
  EXPECT_EQ(tests[1].at("status"), "passed");
  EXPECT_EQ(tests[1].at("output"), "256 of 256 elements right (3 seeds)");

  EXPECT_EQ(tests[3].at("status"), "failed");
  EXPECT_EQ(tests[3].at("output"), "33 of 289 elements wrong\nfirst wrong: P[16][0] expected 3.0625, got 2.8125\n"
                                   "wrong output tiles (16x16):\n  . X\n  X X\n");


  EXPECT_EQ(tests[9].at("status"), "failed");  // a skip
  EXPECT_EQ(tests[9].at("output"), "[skipped] not checked: Nsight Compute is not installed");
}

// A test the grading could not check is not the student's failure: it is never shown as failed, earns
// nothing yet, and says the course grades the submission again.
TEST(GradescopeReport, ATestToRegradeIsNotAFailureAndSaysItWillBeRegraded) {
  const json doc = json::parse(render_gradescope(report_samples::gpu_result()));
  const json& regrade = doc.at("tests")[4];
  EXPECT_EQ(regrade.at("name"), "not a multiple of the tile: Width 1000 (to be regraded: not checked)");
  EXPECT_EQ(regrade.at("status"), "passed");
  EXPECT_EQ(regrade.at("tags"), json::array({"correctness", "regrade"}));
  EXPECT_EQ(regrade.at("score"), 0.0);
  EXPECT_EQ(regrade.at("max_score"), 7.5);
  EXPECT_EQ(regrade.at("output"),
            "regrade: this test could not be checked, through no fault of your submission. These 7.5 points are not "
            "counted yet: the course will grade the submission again.\n"
            "(not checked: the sandbox could not reach /dev/nvidia-uvm)\n"
            "bwrap: Can't bind mount /dev/nvidia-uvm: No such file or directory\n\tthe runner did not start");
  // The summary shown to students says so too, at its end.
  const std::string output = doc.at("output");
  EXPECT_NE(output.find("REGRADE Width 1000"), std::string::npos) << output;
  EXPECT_NE(output.find("regrade  1 test not checked by this grading"), std::string::npos) << output;
  EXPECT_EQ(output.substr(output.rfind('\n', output.size() - 2) + 1),
            "         the course will grade the submission again: nothing to do on your side\n");
  EXPECT_DOUBLE_EQ(doc.at("score").get<double>(), 55.36) << "its points are not given";
}

// Gradescope has no GPU: an unmeasured performance test is pending, never a failure, and keeps its points
// in sight.
TEST(GradescopeReport, UnmeasuredPerformanceIsPendingNotFailed) {
  const json doc = json::parse(render_gradescope(report_samples::cpu_result()));
  const json& perf = doc.at("tests")[1];
  EXPECT_EQ(perf.at("name"), "speed: throughput at Width 4096 (pending: measured on the course's GPU)");
  EXPECT_EQ(perf.at("status"), "passed");
  EXPECT_EQ(perf.at("output"), "pending: measured on the course's GPU. These 30 points are not counted yet: the course "
                               "times the submissions on its GPU and scores them then.\n"
                               "(not measured: no GPU (CPU backend))");
  EXPECT_EQ(perf.at("tags"), json::array({"performance", "pending"}));
  EXPECT_EQ(perf.at("score"), 0.0);
  EXPECT_EQ(perf.at("max_score"), 30.0);
}

// Only an unmeasured performance test is pending: a skipped technique check is still not passed.
TEST(GradescopeReport, OtherSkippedTestsAreNotPending) {
  const json tests = json::parse(render_gradescope(report_samples::gpu_result())).at("tests");
  EXPECT_EQ(tests[9].at("tags"), json::array({"technique"}));
  EXPECT_EQ(tests[9].at("status"), "failed");
}

TEST(GradescopeReport, HiddenTestsKeepTheirFieldsAndVisibility) {
  const json tests = json::parse(render_gradescope(report_samples::gpu_result())).at("tests");
  const json& hidden = tests[5];
  EXPECT_EQ(hidden.at("visibility"), "hidden");
  EXPECT_EQ(hidden.at("name"), "hidden sizes: Width 1021");
  EXPECT_EQ(hidden.at("status"), "failed");
  EXPECT_EQ(hidden.at("max_score"), 7.5);
  EXPECT_EQ(hidden.at("output"), "12 of 1042441 elements wrong\nfirst wrong: P[1020][3]");
  EXPECT_EQ(tests[6].at("visibility"), "after_due_date");
}

TEST(GradescopeReport, SummaryShownToStudentsLeavesOutHiddenTests) {
  const std::string output = json::parse(render_gradescope(report_samples::gpu_result())).at("output");
  EXPECT_NE(output.find("backend cuda"), std::string::npos);
  EXPECT_NE(output.find("NVIDIA H100 80GB HBM3, driver 580.159.04"), std::string::npos);
  EXPECT_NE(output.find("FAIL    Width 17 — 33 of 289 elements wrong"), std::string::npos);
  EXPECT_EQ(output.find("Width 1021"), std::string::npos);
  EXPECT_EQ(output.find("Width 333"), std::string::npos);
  EXPECT_EQ(output.find("P[1020][3]"), std::string::npos);
  EXPECT_NE(output.find("not shown 2 tests worth 15 points"), std::string::npos);
  EXPECT_EQ(output.find('\x1b'), std::string::npos);
}

TEST(GradescopeReport, Leaderboard) {
  const json doc = json::parse(render_gradescope(report_samples::gpu_result()));
  const json& leaderboard = doc.at("leaderboard");
  ASSERT_EQ(leaderboard.size(), 2u);
  EXPECT_EQ(leaderboard[0].at("name"), "GFLOP/s");
  EXPECT_EQ(leaderboard[0].at("value"), 8100.0);
  EXPECT_EQ(leaderboard[0].at("order"), "desc");
  EXPECT_EQ(leaderboard[1].at("order"), "asc");

  EXPECT_FALSE(json::parse(render_gradescope(report_samples::cpu_result())).contains("leaderboard"));
}

TEST(GradescopeReport, TestWithoutGroupIsNamedAlone) {
  GradeResult result = report_samples::cpu_result();
  result.tests[0].group.clear();
  EXPECT_EQ(json::parse(render_gradescope(result)).at("tests")[0].at("name"), "Width 17");
}

TEST(GradescopeReport, InvalidUtf8IsReplacedNotFatal) {
  GradeResult result = report_samples::cpu_result();
  result.tests[0].message = "bad \xc3\x28 byte";
  std::string text;
  ASSERT_NO_THROW(text = render_gradescope(result));
  EXPECT_NO_THROW(json::parse(text));
}

}  // namespace
}  // namespace kit
