#include <algorithm>

#include "checks/check.h"
#include "checks/check_kinds.h"

namespace kit {
namespace {

// The order a grading runs them: correctness first, for performance scores only a correct kernel;
// the cheap technique checks before the timed runs; the written answers last, whatever the code did.
std::vector<const Check*>& check_table() {
  static std::vector<const Check*> table = {&kCorrectnessCheck, &kTechniqueCheck, &kPerformanceCheck, &kWrittenCheck};
  return table;
}

}  // namespace

const std::vector<const Check*>& checks() { return check_table(); }

const Check* find_check(const TestCategory& category) {
  for (const Check* c : checks())
    if (category.name == c->section) return c;
  return nullptr;
}

std::vector<TestCategory> report_sections(const std::vector<TestResult>& tests) {
  std::vector<const Check*> ranked = checks();
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const Check* a, const Check* b) { return a->section_rank < b->section_rank; });
  std::vector<TestCategory> sections = {TestCategory::build};
  for (const Check* c : ranked) sections.push_back({c->section});
  for (const TestResult& t : tests)
    if (std::find(sections.begin(), sections.end(), t.category) == sections.end()) sections.push_back(t.category);
  return sections;
}

SkippedMeans skipped_means(const TestCategory& category) {
  const Check* check = find_check(category);
  return check ? check->skipped_means : SkippedMeans::not_checked;
}

bool graded_by_a_person(const TestResult& test) {
  return test.status == TestStatus::skipped && skipped_means(test.category) == SkippedMeans::graded_by_a_person;
}

AddedCheck::AddedCheck(const Check& check) : check_(&check) { check_table().push_back(check_); }

AddedCheck::~AddedCheck() {
  std::vector<const Check*>& table = check_table();
  table.erase(std::remove(table.begin(), table.end(), check_), table.end());
}

}  // namespace kit
