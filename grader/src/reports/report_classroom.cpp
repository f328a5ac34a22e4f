#include "reports/report_classroom.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "checks/check_sections.h"
#include "result/regrade.h"

namespace kit {
namespace {

using Json = nlohmann::ordered_json;

struct Entry {
  std::string name;
  double score = 0;
  double max_score = 0;
  bool failed = false;
  bool error = false;
  std::string message;  // the first failing (or unchecked) test's headline
};

// What this backend measured: passed or failed by the grader itself. A skipped test was not measured here
// (a CPU backend's performance, a written answer pending a person); a test to regrade was not checked.
bool measured(const TestResult& t) { return t.status == TestStatus::passed || t.status == TestStatus::failed; }

double two_decimals(double points) { return std::round(points * 100) / 100; }

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

std::string render_classroom(const GradeResult& result) {
  std::vector<Entry> entries;
  for (const TestResult& t : result.tests) {
    const bool unchecked = needs_regrade(t) || t.status == TestStatus::error;
    if (!measured(t) && !unchecked) continue;
    const std::string section = to_string(t.category);
    const std::string name = t.group.empty() || t.group == section ? section : section + ": " + t.group;
    auto entry = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.name == name; });
    if (entry == entries.end()) entry = entries.insert(entries.end(), Entry{name});
    entry->score += t.score;
    entry->max_score += t.max_score;
    if (t.status == TestStatus::failed && !unchecked && !entry->failed) {
      entry->failed = true;
      entry->message = t.name + ": " + first_line(t.message);
    } else if (unchecked && !entry->failed && !entry->error) {
      entry->error = true;
      entry->message = t.name + ": " + first_line(t.message);
    }
  }
  Json tests = Json::array();
  double max_score = 0;
  bool any_failed = false, any_error = false;
  for (const Entry& e : entries) {
    const char* status = e.failed ? "fail" : e.error ? "error" : "pass";
    any_failed = any_failed || e.failed;
    any_error = any_error || (e.error && !e.failed);
    max_score += e.max_score;
    Json test = {{"name", e.name}, {"status", status}, {"score", two_decimals(e.score)},
                 {"max_score", two_decimals(e.max_score)}};
    if (!e.message.empty()) test["message"] = e.message;
    tests.push_back(std::move(test));
  }
  const Json out = {{"version", 1},
                    {"status", any_failed ? "fail" : any_error ? "error" : "pass"},
                    {"max_score", two_decimals(max_score)},
                    {"tests", std::move(tests)}};
  // A message may quote the student's output, which need not be UTF-8.
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace kit
