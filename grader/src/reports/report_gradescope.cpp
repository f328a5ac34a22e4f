#include "reports/report_gradescope.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "checks/check_sections.h"
#include "reports/hidden_summary.h"
#include "reports/report_text.h"
#include "reports/student_view.h"
#include "result/regrade.h"
#include "run/failure_pictures.h"

namespace kit {
namespace {

using Json = nlohmann::ordered_json;

// A skipped test whose check says it is pending (check_sections.h), as a performance test the CPU backend could
// not measure (Gradescope has no GPU): its points are decided later, when the course measures it on its GPU
// (docs/gradescope.md). Gradescope knows only "passed" and "failed"; a
// pending test is marked "passed" so that it is never shown as a failure, and its name and output say pending.
// A written answer a person grades is pending the same way, until the person scores it in Gradescope.
bool pending(const TestResult& test) {
  return test.status == TestStatus::skipped && skipped_means(test.category) != SkippedMeans::not_checked;
}

std::string pending_reason(const TestResult& test) {
  return graded_by_a_person(test) ? "graded by a person" : "measured on the course's GPU";
}

std::string pending_output(const TestResult& test) {
  char points[32];
  std::snprintf(points, sizeof points, "%g", test.max_score);
  if (graded_by_a_person(test))
    return "pending: graded by a person. These " + std::string(points) +
           " points are not counted yet: a member of the course staff reads the answer and scores it.\n(" +
           test.message + ")" + (test.details.empty() ? "" : "\nThe answer:\n" + test.details);
  return "pending: measured on the course's GPU. These " + std::string(points) +
         " points are not counted yet: the course times the submissions on its GPU and scores them then.\n(" +
         test.message + ")";
}

std::string test_name(const TestResult& test) {
  return test.group.empty() ? test.name : test.group + ": " + test.name;
}

// A test the grading could not check (result/regrade.h) is neither the student's failure nor a pass: like a
// pending test it is marked "passed" so that it never shows as a failure, earns nothing yet, and its name and
// output say that the course grades the submission again.
std::string regrade_output(const TestResult& test) {
  char points[32];
  std::snprintf(points, sizeof points, "%g", test.max_score);
  std::string output = "regrade: this test could not be checked, through no fault of your submission. These " +
                       std::string(points) + " points are not counted yet: the course will grade the submission "
                       "again.\n(" + test.message + ")";
  if (!test.details.empty()) output += "\n" + test.details;
  return output;
}

std::string test_output(const TestResult& test) {
  std::string output;
  if (test.status == TestStatus::skipped || test.status == TestStatus::error) {
    output = std::string("[") + to_string(test.status) + "] ";
  }
  output += test.message;
  if (!test.explanation.empty()) output += (output.empty() ? "" : "\n") + test.explanation;
  if (!test.details.empty()) {
    if (!output.empty() && output.back() != '\n') output += '\n';
    output += test.details;
  }
  if (!test.pictures.empty()) {
    if (!output.empty() && output.back() != '\n') output += '\n';
    output += describe_pictures(test.pictures);
  }
  return output;
}

// Not shown to students (stdout_visibility and extra_data are for staff); what an instructor needs to
// judge a result: where and how it was graded.
Json extra_data(const GradeResult& result) {
  Json device = Json::object();
  device["name"] = result.device.name;
  device["driver"] = result.device.driver;
  device["compute_capability"] = result.device.compute_capability;
  device["sm_clock_mhz"] = result.device.sm_clock_mhz;
  device["max_sm_clock_mhz"] = result.device.max_sm_clock_mhz;
  device["memory_clock_mhz"] = result.device.memory_clock_mhz;

  Json extra = Json::object();
  extra["assignment"] = result.assignment;
  extra["max_score"] = result.max_score;
  extra["backend"] = result.backend;
  extra["backend_reason"] = result.backend_reason;
  extra["sandboxed"] = result.sandboxed;
  extra["device"] = device;
  extra["kit_version"] = result.kit_version;
  return extra;
}

// Under `hidden_tests: summary`, the one visible entry that says how the hidden tests went, by group: no
// test's name, size, message or details. It carries no points of its own (no score, no max_score: the
// top-level score is the submission's), and fails when a hidden test failed, so that it reads as the tests do.
Json hidden_summary_entry(const HiddenSummary& summary, const std::string& number) {
  Json item = Json::object();
  item["name"] = "hidden tests";
  item["number"] = number;
  item["status"] = summary.failed > 0 ? "failed" : "passed";
  item["output"] = describe(summary) + "\nThe hidden tests themselves (their sizes, inputs and messages) are not shown.";
  item["output_format"] = "text";
  item["tags"] = Json::array({"hidden tests"});
  item["visibility"] = "visible";
  return item;
}

}  // namespace

std::string render_gradescope(const GradeResult& result) {
  TextReportOptions text;
  text.colour = false;
  text.only_visible = true;  // the top-level output is shown to students whatever the tests' visibility
  text.regraded_by_the_course = true;

  Json out = Json::object();
  out["score"] = result.score;
  out["execution_time"] = std::isfinite(result.execution_time_s) ? std::llround(result.execution_time_s) : 0;
  out["output"] = render_text(result, text);
  out["output_format"] = "text";
  out["visibility"] = "visible";
  out["stdout_visibility"] = "hidden";
  out["extra_data"] = extra_data(result);

  // The summary of the hidden tests goes right after the last of them.
  const HiddenSummary hidden = summarise_hidden_tests(result);
  std::size_t last_summarised = result.tests.size();
  for (size_t i = 0; i < result.tests.size(); ++i)
    if (student_view(result.tests[i], result.hidden_tests).summarised) last_summarised = i;

  Json tests = Json::array();
  const auto number = [&]() { return std::to_string(tests.size() + 1); };
  for (size_t i = 0; i < result.tests.size(); ++i) {
    const TestResult& test = result.tests[i];
    Json item = Json::object();
    item["name"] = test_name(test);
    item["number"] = number();
    item["score"] = test.score;
    item["max_score"] = test.max_score;
    const bool regrade = needs_regrade(test);
    item["status"] = test.status == TestStatus::passed || pending(test) || regrade ? "passed" : "failed";
    item["output"] = pending(test) ? pending_output(test) : regrade ? regrade_output(test) : test_output(test);
    item["output_format"] = "text";
    item["tags"] = pending(test) ? Json::array({to_string(test.category), "pending"})
                   : regrade     ? Json::array({to_string(test.category), "regrade"})
                                 : Json::array({to_string(test.category)});
    if (pending(test)) item["name"] = test_name(test) + " (pending: " + pending_reason(test) + ")";
    if (regrade) item["name"] = test_name(test) + " (to be regraded: not checked)";
    // Whether and when the student sees this entry: Gradescope hides it, or reveals it after the due date.
    item["visibility"] = student_view(test, result.hidden_tests).visibility;
    tests.push_back(item);
    if (i == last_summarised) tests.push_back(hidden_summary_entry(hidden, number()));
  }
  out["tests"] = tests;

  if (!result.leaderboard.empty()) {
    Json leaderboard = Json::array();
    for (const LeaderboardEntry& entry : result.leaderboard) {
      Json item = Json::object();
      item["name"] = entry.name;
      item["value"] = entry.value;
      item["order"] = entry.higher_is_better ? "desc" : "asc";
      leaderboard.push_back(item);
    }
    out["leaderboard"] = leaderboard;
  }
  return out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace kit
