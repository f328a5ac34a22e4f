#include "reports/report_json.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "reports/report_test_sample.h"

namespace kit {
namespace {

using nlohmann::json;

void expect_same(const GradeResult& a, const GradeResult& b) {
  EXPECT_EQ(a.assignment, b.assignment);
  EXPECT_EQ(a.title, b.title);
  EXPECT_EQ(a.submission, b.submission);
  EXPECT_EQ(a.backend, b.backend);
  EXPECT_EQ(a.backend_reason, b.backend_reason);
  EXPECT_EQ(a.device.name, b.device.name);
  EXPECT_EQ(a.device.driver, b.device.driver);
  EXPECT_EQ(a.device.compute_capability, b.device.compute_capability);
  EXPECT_EQ(a.device.sm_clock_mhz, b.device.sm_clock_mhz);
  EXPECT_EQ(a.device.max_sm_clock_mhz, b.device.max_sm_clock_mhz);
  EXPECT_EQ(a.device.memory_clock_mhz, b.device.memory_clock_mhz);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.max_score, b.max_score);
  EXPECT_EQ(a.build_log, b.build_log);
  EXPECT_EQ(a.execution_time_s, b.execution_time_s);
  EXPECT_EQ(a.kit_version, b.kit_version);
  EXPECT_EQ(a.hidden_tests, b.hidden_tests);
  ASSERT_EQ(a.tests.size(), b.tests.size());
  for (size_t i = 0; i < a.tests.size(); ++i) {
    SCOPED_TRACE("test " + std::to_string(i));
    const TestResult& x = a.tests[i];
    const TestResult& y = b.tests[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.group, y.group);
    EXPECT_EQ(x.category, y.category);
    EXPECT_EQ(x.score, y.score);
    EXPECT_EQ(x.max_score, y.max_score);
    EXPECT_EQ(x.status, y.status);
    EXPECT_EQ(x.message, y.message);
    EXPECT_EQ(x.details, y.details);
    EXPECT_EQ(x.explanation, y.explanation);
    EXPECT_EQ(x.visibility, y.visibility);
    EXPECT_EQ(x.metrics, y.metrics);
    EXPECT_EQ(x.diagnosis.category, y.diagnosis.category);
    EXPECT_EQ(x.diagnosis.cause, y.diagnosis.cause);
    EXPECT_EQ(x.diagnosis.file, y.diagnosis.file);
    EXPECT_EQ(x.diagnosis.line, y.diagnosis.line);
    EXPECT_EQ(x.pictures, y.pictures);
  }
  EXPECT_EQ(a.stages, b.stages);
  ASSERT_EQ(a.leaderboard.size(), b.leaderboard.size());
  for (size_t i = 0; i < a.leaderboard.size(); ++i) {
    EXPECT_EQ(a.leaderboard[i].name, b.leaderboard[i].name);
    EXPECT_EQ(a.leaderboard[i].value, b.leaderboard[i].value);
    EXPECT_EQ(a.leaderboard[i].higher_is_better, b.leaderboard[i].higher_is_better);
  }
}

// The message of the std::runtime_error that reading `document` throws; empty when it does not throw.
std::string read_error(const json& document) {
  try {
    result_from_json(document);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "";
}

TEST(JsonReport, EveryFieldWithItsType) {
  const json doc = json::parse(render_json(report_samples::gpu_result()));
  EXPECT_EQ(doc.at("schema"), "cuda-memory-kit/result/v1");
  for (const char* key : {"assignment", "title", "submission", "backend", "backend_reason", "kit_version",
                          "build_log", "hidden_tests"}) {
    EXPECT_TRUE(doc.at(key).is_string()) << key;
  }
  for (const char* key : {"score", "max_score", "execution_time_s"}) EXPECT_TRUE(doc.at(key).is_number()) << key;
  EXPECT_EQ(doc.at("assignment"), "matmul-tiled");
  EXPECT_EQ(doc.at("hidden_tests"), "nothing");
  EXPECT_DOUBLE_EQ(doc.at("score").get<double>(), 55.36);
  EXPECT_DOUBLE_EQ(doc.at("max_score").get<double>(), 97.5);
  EXPECT_EQ(doc.at("stages"), json({{"build", 12.5}, {"correctness runs", 20.3}, {"timed runs", 8.5}}));

  const json& device = doc.at("device");
  for (const char* key : {"name", "driver", "compute_capability"}) EXPECT_TRUE(device.at(key).is_string()) << key;
  for (const char* key : {"sm_clock_mhz", "max_sm_clock_mhz", "memory_clock_mhz"}) {
    EXPECT_TRUE(device.at(key).is_number_integer()) << key;
  }
  EXPECT_EQ(device.at("sm_clock_mhz"), 1755);

  const json& tests = doc.at("tests");
  ASSERT_TRUE(tests.is_array());
  ASSERT_EQ(tests.size(), 10u);
  for (const json& test : tests) {
    for (const char* key : {"name", "group", "category", "status", "message", "details", "visibility"}) {
      EXPECT_TRUE(test.at(key).is_string()) << key;
    }
    EXPECT_TRUE(test.at("score").is_number());
    EXPECT_TRUE(test.at("max_score").is_number());
    EXPECT_TRUE(test.at("metrics").is_object());
  }
  EXPECT_EQ(tests[0].at("category"), "build");
  EXPECT_EQ(tests[3].at("status"), "failed");
  EXPECT_EQ(tests[4].at("status"), "error");
  EXPECT_EQ(tests[5].at("visibility"), "hidden");
  EXPECT_EQ(tests[9].at("status"), "skipped");
  // A diagnosis only where a test has one.
  EXPECT_FALSE(tests[4].contains("diagnosis"));
  EXPECT_EQ(tests[3].at("diagnosis"),
            json({{"category", "uninitialized-shared-read"}, {"cause", ""}, {"file", "matmul.cu"}, {"line", 57}}));
  EXPECT_EQ(tests[3].at("details"), "first wrong: P[16][0] expected 3.0625, got 2.8125\n"
                                    "wrong output tiles (16x16):\n  . X\n  X X\n");
  const json& metrics = tests[7].at("metrics");
  EXPECT_EQ(metrics.size(), 4u);
  EXPECT_DOUBLE_EQ(metrics.at("gflops").get<double>(), 8100.0);
  EXPECT_DOUBLE_EQ(metrics.at("ratio_to_reference").get<double>(), 0.91);

  const json& leaderboard = doc.at("leaderboard");
  ASSERT_EQ(leaderboard.size(), 2u);
  EXPECT_EQ(leaderboard[0].at("name"), "GFLOP/s");
  EXPECT_EQ(leaderboard[0].at("order"), "desc");
  EXPECT_EQ(leaderboard[1].at("order"), "asc");
  EXPECT_TRUE(leaderboard[1].at("value").is_number());
}

TEST(JsonReport, SaysWhetherAndWhyTheResultNeedsARegrade) {
  const json doc = json::parse(render_json(report_samples::gpu_result()));
  EXPECT_EQ(doc.at("regrade"),
            json({{"needed", true},
                  {"points", 7.5},
                  {"tests", json::array({{{"group", "not a multiple of the tile"},
                                          {"name", "Width 1000"},
                                          {"message", "not checked: the sandbox could not reach /dev/nvidia-uvm"},
                                          {"max_score", 7.5}}})}}));
  // The test itself is as it was: status error, no points.
  EXPECT_EQ(doc.at("tests")[4].at("status"), "error");
  EXPECT_EQ(doc.at("tests")[4].at("score"), 0);

  const json cpu = json::parse(render_json(report_samples::cpu_result()));
  EXPECT_EQ(cpu.at("regrade"), json({{"needed", false}, {"points", 0}, {"tests", json::array()}}))
      << "always there, so a reader need not guess";
  // Derived from the tests: reading the result back ignores it, and a result without it reads as before.
  json without = cpu;
  without.erase("regrade");
  EXPECT_NO_THROW(result_from_json(without));
  expect_same(result_from_json(doc), report_samples::gpu_result());
}

TEST(JsonReport, PrettyWithSchemaFirst) {
  const std::string text = render_json(report_samples::cpu_result());
  EXPECT_EQ(text.rfind("{\n  \"schema\": \"cuda-memory-kit/result/v1\",\n  \"assignment\"", 0), 0u);
  EXPECT_EQ(text.back(), '\n');
}

TEST(JsonReport, ToJsonMatchesTheRenderedDocument) {
  const GradeResult result = report_samples::gpu_result();
  EXPECT_EQ(to_json(result), json::parse(render_json(result)));
}

TEST(JsonReport, RoundTripThroughTheObject) {
  for (const GradeResult& result : {report_samples::gpu_result(), report_samples::cpu_result()}) {
    expect_same(result_from_json(to_json(result)), result);
  }
}

TEST(JsonReport, RoundTripThroughTheText) {
  GradeResult result = report_samples::gpu_result();
  result.build_log = "matmul.cu(3): warning: variable \"k\" was declared but never referenced\n";
  result.tests[2].message = "quotes \" and \\ backslashes, tabs\t and — dashes";
  result.tests[2].score = 1.0 / 3.0;  // doubles survive exactly
  expect_same(result_from_json(json::parse(render_json(result))), result);
}

// The rubric's hidden_tests travels with the result, so that a result read back is shown to students as the
// rubric said.
TEST(JsonReport, WhatStudentsSeeOfHiddenTestsRoundTrips) {
  for (HiddenTests rule : {HiddenTests::nothing, HiddenTests::summary, HiddenTests::after_due_date}) {
    GradeResult result = report_samples::gpu_result();
    result.hidden_tests = rule;
    const json doc = json::parse(render_json(result));
    EXPECT_EQ(doc.at("hidden_tests"), hidden_tests_name(rule));
    EXPECT_EQ(doc.at("tests")[5].at("visibility"), "hidden") << "the instructor's result keeps the rubric's word";
    EXPECT_EQ(doc.at("tests")[5].at("details"), "first wrong: P[1020][3]");
    expect_same(result_from_json(doc), result);
  }
}

TEST(JsonReport, APerformanceExplanationRoundTrips) {
  GradeResult result = report_samples::gpu_result();
  TestResult& perf = *std::find_if(result.tests.begin(), result.tests.end(),
                                   [](const TestResult& t) { return t.category == TestCategory::performance; });
  perf.explanation = "Your kernel does 137 GFLOP in 16.7 ms: 8,230 GFLOP/s.";
  perf.pictures = {"p/roofline.png"};
  const json document = json::parse(render_json(result));
  bool found = false;
  for (const json& t : document["tests"]) {
    if (t["category"] == "performance") {
      EXPECT_EQ(t["explanation"], perf.explanation);
      found = true;
    } else {
      EXPECT_FALSE(t.contains("explanation"));  // only a test with one has the field
    }
  }
  EXPECT_TRUE(found);
  expect_same(result_from_json(document), result);
}

TEST(JsonReport, PicturesOfAFailedTestRoundTrip) {
  GradeResult result = report_samples::gpu_result();
  result.tests[3].pictures = {"p/t-output.pgm", "p/t-expected.pgm", "p/t-difference.pgm", "p/t-never-written.pgm"};
  const json document = json::parse(render_json(result));
  EXPECT_EQ(document["tests"][3]["pictures"][2], "p/t-difference.pgm");
  EXPECT_FALSE(document["tests"][2].contains("pictures"));  // only a test with pictures has the field
  expect_same(result_from_json(document), result);

  json bad = document;
  bad["tests"][3]["pictures"][1] = 5;
  EXPECT_NE(read_error(bad).find("tests[3].pictures[1]: expected a string"), std::string::npos);
  bad["tests"][3]["pictures"] = "p/t-output.pgm";
  EXPECT_NE(read_error(bad).find("tests[3].pictures: expected an array"), std::string::npos);
}

TEST(JsonReport, NonFiniteNumbersBecomeNullAndReadBackAsNaN) {
  GradeResult result = report_samples::cpu_result();
  result.tests[1].metrics["gflops"] = std::nan("");
  const json doc = json::parse(render_json(result));
  EXPECT_TRUE(doc.at("tests")[1].at("metrics").at("gflops").is_null());
  EXPECT_TRUE(std::isnan(result_from_json(doc).tests[1].metrics.at("gflops")));
}

TEST(JsonReport, InvalidUtf8IsReplacedNotFatal) {
  GradeResult result = report_samples::cpu_result();
  result.tests[0].details = "runner printed \xff\xfe garbage";
  std::string text;
  ASSERT_NO_THROW(text = render_json(result));
  const json doc = json::parse(text);
  EXPECT_EQ(doc.at("tests")[0].at("details"), "runner printed \xEF\xBF\xBD\xEF\xBF\xBD garbage");
}

TEST(JsonReport, MinimalDocumentReadsWithDefaults) {
  const json doc = {{"schema", "cuda-memory-kit/result/v1"},
                    {"assignment", "transpose"},
                    {"score", 0},
                    {"max_score", 10},
                    {"tests", json::array({{{"name", "Width 1"},
                                            {"category", "correctness"},
                                            {"score", 0},
                                            {"max_score", 10},
                                            {"status", "failed"}}})}};
  const GradeResult result = result_from_json(doc);
  EXPECT_EQ(result.assignment, "transpose");
  EXPECT_EQ(result.max_score, 10);
  ASSERT_EQ(result.tests.size(), 1u);
  EXPECT_EQ(result.tests[0].status, TestStatus::failed);
  EXPECT_EQ(result.tests[0].visibility, "visible");
  EXPECT_EQ(result.device.sm_clock_mhz, 0);
  EXPECT_EQ(result.hidden_tests, HiddenTests::nothing);
  EXPECT_TRUE(result.leaderboard.empty());
}

TEST(JsonReport, ReadingErrorsNameTheField) {
  const json good = to_json(report_samples::gpu_result());

  json other_schema = good;
  other_schema["schema"] = "cuda-memory-kit/result/v2";
  EXPECT_NE(read_error(other_schema).find("schema"), std::string::npos);

  json no_schema = good;
  no_schema.erase("schema");
  EXPECT_NE(read_error(no_schema).find("schema: missing"), std::string::npos);

  json string_score = good;
  string_score["tests"][1]["score"] = "10";
  EXPECT_NE(read_error(string_score).find("tests[1].score: expected a number, got string"), std::string::npos);

  json bad_status = good;
  bad_status["tests"][2]["status"] = "timeout";
  EXPECT_NE(read_error(bad_status).find("tests[2].status"), std::string::npos);

  json bad_category = good;
  bad_category["tests"][0]["category"] = "style";
  EXPECT_NE(read_error(bad_category).find("tests[0].category"), std::string::npos);

  json fractional_clock = good;
  fractional_clock["device"]["sm_clock_mhz"] = 1755.5;
  EXPECT_NE(read_error(fractional_clock).find("device.sm_clock_mhz: expected an integer"), std::string::npos);

  json bad_metric = good;
  bad_metric["tests"][7]["metrics"]["gflops"] = "fast";
  EXPECT_NE(read_error(bad_metric).find("tests[7].metrics.gflops"), std::string::npos);

  json bad_order = good;
  bad_order["leaderboard"][0]["order"] = "up";
  EXPECT_NE(read_error(bad_order).find("leaderboard[0].order"), std::string::npos);

  json unknown_rule = good;
  unknown_rule["hidden_tests"] = "everything";
  EXPECT_NE(read_error(unknown_rule).find("hidden_tests: expected one of nothing, summary, after_due_date, got "
                                          "\"everything\""),
            std::string::npos);

  json tests_not_array = good;
  tests_not_array["tests"] = json::object();
  EXPECT_NE(read_error(tests_not_array).find("tests: expected an array, got object"), std::string::npos);

  EXPECT_NE(read_error(json::array()).find("expected an object, got array"), std::string::npos);
  EXPECT_EQ(read_error(good), "");
}

}  // namespace
}  // namespace kit
