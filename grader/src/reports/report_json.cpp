#include "reports/report_json.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "checks/check_sections.h"
#include "result/regrade.h"
#include "util/text.h"

namespace kit {
namespace {

using nlohmann::json;

// Built for either JSON type: nlohmann::json (sorted keys) for callers, ordered_json for the file people read.
template <class Json>
Json device_json(const DeviceInfo& device) {
  Json out = Json::object();
  out["name"] = device.name;
  out["driver"] = device.driver;
  out["compute_capability"] = device.compute_capability;
  out["sm_clock_mhz"] = device.sm_clock_mhz;
  out["max_sm_clock_mhz"] = device.max_sm_clock_mhz;
  out["memory_clock_mhz"] = device.memory_clock_mhz;
  return out;
}

template <class Json>
Json test_json(const TestResult& test) {
  Json out = Json::object();
  out["name"] = test.name;
  out["group"] = test.group;
  out["category"] = to_string(test.category);
  out["score"] = test.score;
  out["max_score"] = test.max_score;
  out["status"] = to_string(test.status);
  out["message"] = test.message;
  out["details"] = test.details;
  if (!test.explanation.empty()) out["explanation"] = test.explanation;
  out["visibility"] = test.visibility;
  if (graded_by_a_person(test)) out["pending"] = "graded by a person";
  Json metrics = Json::object();
  for (const auto& [name, value] : test.metrics) metrics[name] = value;
  out["metrics"] = metrics;
  if (!test.diagnosis.category.empty()) {
    Json diagnosis = Json::object();
    diagnosis["category"] = test.diagnosis.category;
    diagnosis["cause"] = test.diagnosis.cause;
    diagnosis["file"] = test.diagnosis.file;
    diagnosis["line"] = test.diagnosis.line;
    out["diagnosis"] = diagnosis;
  }
  if (!test.launches.empty()) {
    Json launches = Json::array();
    for (const LaunchRecord& l : test.launches) {
      Json j = Json::object();
      j["kernel"] = l.kernel;
      j["grid"] = {l.grid[0], l.grid[1], l.grid[2]};
      j["block"] = {l.block[0], l.block[1], l.block[2]};
      j["shared_bytes"] = l.shared_bytes;
      j["stream"] = l.stream;
      j["at"] = l.at;
      j["result"] = l.result;
      launches.push_back(j);
    }
    out["launches"] = launches;
  }
  if (!test.pictures.empty()) {
    Json pictures = Json::array();
    for (const std::string& path : test.pictures) pictures.push_back(path);
    out["pictures"] = pictures;
  }
  return out;
}

// Whether the grade stands: the tests the grading could not check (result/regrade.h), each with the first
// line of its message and the points it would be worth; derived from the tests, so never read back.
template <class Json>
Json regrade_json(const GradeResult& result) {
  Json tests = Json::array();
  double points = 0;
  for (const RegradeReason& reason : regrade_reasons(result)) {
    Json test = Json::object();
    test["group"] = reason.group;
    test["name"] = reason.name;
    test["message"] = reason.why;
    test["max_score"] = reason.points;
    tests.push_back(test);
    points += reason.points;
  }
  Json out = Json::object();
  out["needed"] = !tests.empty();
  out["points"] = points;
  out["tests"] = tests;
  return out;
}

template <class Json>
Json result_json(const GradeResult& result) {
  Json out = Json::object();
  out["schema"] = kResultSchema;
  out["assignment"] = result.assignment;
  out["title"] = result.title;
  out["submission"] = result.submission;
  out["backend"] = result.backend;
  out["backend_reason"] = result.backend_reason;
  out["sandboxed"] = result.sandboxed;
  if (!result.unsandboxed_why.empty()) out["unsandboxed_why"] = result.unsandboxed_why;
  out["device"] = device_json<Json>(result.device);
  out["score"] = result.score;
  out["max_score"] = result.max_score;
  out["regrade"] = regrade_json<Json>(result);
  out["execution_time_s"] = result.execution_time_s;
  Json stages = Json::object();
  for (const auto& [stage, seconds] : result.stages) stages[stage] = seconds;
  out["stages"] = stages;
  out["kit_version"] = result.kit_version;
  out["build_log"] = result.build_log;
  out["hidden_tests"] = hidden_tests_name(result.hidden_tests);
  Json tests = Json::array();
  for (const TestResult& test : result.tests) tests.push_back(test_json<Json>(test));
  out["tests"] = tests;
  Json leaderboard = Json::array();
  for (const LeaderboardEntry& entry : result.leaderboard) {
    Json item = Json::object();
    item["name"] = entry.name;
    item["value"] = entry.value;
    item["order"] = entry.higher_is_better ? "desc" : "asc";
    leaderboard.push_back(item);
  }
  out["leaderboard"] = leaderboard;
  return out;
}

// Reading back: every mistake names the field where it is, so a broken gradebook file can be fixed by hand.
class ReportReader {
 public:
  ReportReader(const json& object, std::string where) : object_(object), where_(std::move(where)) {
    if (!object_.is_object()) fail("", "an object", object_);
  }

  const json* find(const char* key, bool required) const {
    const auto it = object_.find(key);
    if (it == object_.end()) {
      if (required) throw std::runtime_error("result JSON: " + path(key) + ": missing");
      return nullptr;
    }
    return &*it;
  }

  void read(const char* key, std::string& out, bool required = false) const {
    const json* value = find(key, required);
    if (value == nullptr) return;
    if (!value->is_string()) fail(key, "a string", *value);
    out = value->get<std::string>();
  }

  // JSON has no NaN: a non-finite number was written as null and reads back as NaN.
  void read(const char* key, bool& out, bool required = false) const {
    const json* value = find(key, required);
    if (value == nullptr) return;
    if (!value->is_boolean()) fail(key, "true or false", *value);
    out = value->get<bool>();
  }

  void read(const char* key, double& out, bool required = false) const {
    const json* value = find(key, required);
    if (value == nullptr) return;
    out = number(key, *value);
  }

  void read(const char* key, int& out, bool required = false) const {
    const json* value = find(key, required);
    if (value == nullptr) return;
    if (value->is_number_integer()) {
      const auto n = value->get<long long>();
      if (n >= std::numeric_limits<int>::min() && n <= std::numeric_limits<int>::max()) {
        out = static_cast<int>(n);
        return;
      }
    } else if (value->is_number_float()) {
      const double d = value->get<double>();
      if (std::floor(d) == d && std::fabs(d) <= std::numeric_limits<int>::max()) {
        out = static_cast<int>(d);
        return;
      }
    }
    fail(key, "an integer", *value);
  }

  double number(const std::string& key, const json& value) const {
    if (value.is_null()) return std::numeric_limits<double>::quiet_NaN();
    if (!value.is_number()) fail(key, "a number", value);
    return value.get<double>();
  }

  std::string path(const std::string& key) const {
    if (key.empty()) return where_.empty() ? "(top level)" : where_;
    return where_.empty() ? key : where_ + "." + key;
  }

  [[noreturn]] void fail(const std::string& key, const char* expected, const json& value) const {
    throw std::runtime_error("result JSON: " + path(key) + ": expected " + expected + ", got " +
                             value.type_name());
  }

 private:
  const json& object_;
  std::string where_;
};

TestStatus parse_status(const std::string& word, const std::string& where) {
  for (TestStatus status : {TestStatus::passed, TestStatus::failed, TestStatus::skipped, TestStatus::error}) {
    if (word == to_string(status)) return status;
  }
  throw std::runtime_error("result JSON: " + where +
                           ": expected one of passed, failed, skipped, error, got \"" + word + "\"");
}

// A category is a section some check of this kit makes (check.h), or the gate's build section.
TestCategory parse_category(const std::string& word, const std::string& where) {
  std::string known;
  for (const TestCategory& category : report_sections({})) {
    if (word == to_string(category)) return category;
    known += (known.empty() ? "" : ", ") + to_string(category);
  }
  throw std::runtime_error("result JSON: " + where + ": expected one of " + known + ", got \"" + word + "\"");
}

TestResult test_from_json(const json& object, const std::string& where) {
  const ReportReader reader(object, where);
  TestResult test;
  reader.read("name", test.name, true);
  reader.read("group", test.group);
  std::string category;
  reader.read("category", category, true);
  test.category = parse_category(category, reader.path("category"));
  reader.read("score", test.score, true);
  reader.read("max_score", test.max_score, true);
  std::string status;
  reader.read("status", status, true);
  test.status = parse_status(status, reader.path("status"));
  reader.read("message", test.message);
  reader.read("details", test.details);
  reader.read("explanation", test.explanation);
  reader.read("visibility", test.visibility);
  if (const json* metrics = reader.find("metrics", false)) {
    if (!metrics->is_object()) reader.fail("metrics", "an object", *metrics);
    for (const auto& [name, value] : metrics->items()) {
      test.metrics[name] = reader.number("metrics." + name, value);
    }
  }
  if (const json* diagnosis = reader.find("diagnosis", false)) {
    if (!diagnosis->is_object()) reader.fail("diagnosis", "an object", *diagnosis);
    const ReportReader inner(*diagnosis, reader.path("diagnosis"));
    inner.read("category", test.diagnosis.category, true);
    inner.read("cause", test.diagnosis.cause);
    inner.read("file", test.diagnosis.file);
    inner.read("line", test.diagnosis.line);
  }
  if (const json* pictures = reader.find("pictures", false)) {
    if (!pictures->is_array()) reader.fail("pictures", "an array", *pictures);
    for (std::size_t i = 0; i < pictures->size(); ++i) {
      const json& path = (*pictures)[i];
      if (!path.is_string()) reader.fail("pictures[" + std::to_string(i) + "]", "a string", path);
      test.pictures.push_back(path.get<std::string>());
    }
  }
  return test;
}

}  // namespace

nlohmann::json to_json(const GradeResult& result) { return result_json<nlohmann::json>(result); }

std::string render_json(const GradeResult& result) {
  return result_json<nlohmann::ordered_json>(result).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

GradeResult result_from_json(const nlohmann::json& document) {
  const ReportReader top(document, "");
  std::string schema;
  top.read("schema", schema, true);
  if (schema != kResultSchema) {
    throw std::runtime_error("result JSON: schema: expected \"" + std::string(kResultSchema) + "\", got \"" +
                             schema + "\"");
  }

  GradeResult result;
  top.read("assignment", result.assignment, true);
  top.read("title", result.title);
  top.read("submission", result.submission);
  top.read("backend", result.backend);
  top.read("backend_reason", result.backend_reason);
  top.read("sandboxed", result.sandboxed);
  top.read("unsandboxed_why", result.unsandboxed_why);
  if (const json* device = top.find("device", false)) {
    const ReportReader reader(*device, "device");
    reader.read("name", result.device.name);
    reader.read("driver", result.device.driver);
    reader.read("compute_capability", result.device.compute_capability);
    reader.read("sm_clock_mhz", result.device.sm_clock_mhz);
    reader.read("max_sm_clock_mhz", result.device.max_sm_clock_mhz);
    reader.read("memory_clock_mhz", result.device.memory_clock_mhz);
  }
  top.read("score", result.score, true);
  top.read("max_score", result.max_score, true);
  top.read("execution_time_s", result.execution_time_s);
  if (const json* stages = top.find("stages", false)) {
    if (!stages->is_object()) top.fail("stages", "an object", *stages);
    for (const auto& [stage, seconds] : stages->items()) result.stages[stage] = top.number("stages." + stage, seconds);
  }
  top.read("kit_version", result.kit_version);
  top.read("build_log", result.build_log);
  // What students are shown of the hidden tests; a result written before the rubric could say shows nothing.
  std::string hidden_tests = hidden_tests_name(HiddenTests::nothing);
  top.read("hidden_tests", hidden_tests);
  if (!parse_hidden_tests(hidden_tests, &result.hidden_tests))
    throw std::runtime_error("result JSON: hidden_tests: expected one of " + comma_list(hidden_tests_names()) +
                             ", got \"" + hidden_tests + "\"");

  const json* tests = top.find("tests", true);
  if (!tests->is_array()) top.fail("tests", "an array", *tests);
  for (size_t i = 0; i < tests->size(); ++i) {
    result.tests.push_back(test_from_json((*tests)[i], "tests[" + std::to_string(i) + "]"));
  }

  if (const json* leaderboard = top.find("leaderboard", false)) {
    if (!leaderboard->is_array()) top.fail("leaderboard", "an array", *leaderboard);
    for (size_t i = 0; i < leaderboard->size(); ++i) {
      const std::string where = "leaderboard[" + std::to_string(i) + "]";
      const ReportReader reader((*leaderboard)[i], where);
      LeaderboardEntry entry;
      reader.read("name", entry.name, true);
      reader.read("value", entry.value, true);
      std::string order = "desc";
      reader.read("order", order);
      if (order != "asc" && order != "desc") {
        throw std::runtime_error("result JSON: " + where + ".order: expected \"asc\" or \"desc\", got \"" + order +
                                 "\"");
      }
      entry.higher_is_better = order == "desc";
      result.leaderboard.push_back(entry);
    }
  }
  return result;
}

}  // namespace kit
