// A check is one category of grading a submission goes through once it passed the gate (gate.h):
// correctness over the rubric's cases, technique, performance, written answers. Each kind is one file
// (check_<kind>.cpp) and one row of the table (check_table.cpp). Grading (grade.cpp), the reports, the
// totals and the gradebook know the checks only through this header, so that a new category is one file
// and one row, as a technique kind or a question kind is.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "assignment/cases.h"
#include "build/build.h"
#include "checks/check_sections.h"
#include "checks/correctness_tests.h"
#include "result/grade_options.h"
#include "result/result.h"
#include "run/session.h"

namespace kit {

// What a check is given. A check reads what the checks before it found (performance scores only a
// correct kernel; technique judges the kernels correctness saw work) and never changes it; the session's
// builds, caches and clocks are shared by all.
struct CheckInput {
  Session& session;
  const GradeOptions& options;
  const std::vector<TestCase>& cases;      // this grading's correctness cases, hidden seeds drawn
  const NvccCheck& nvcc;                   // not run when the gate stopped before nvcc
  const std::string& source_text;          // the student's file; empty when the gate stopped before reading it
  const TestSchedule& schedule;            // the submission's time budget
  const DeviceInfo& device;                // the machine the grading runs on
  const std::vector<TestResult>& earlier;  // the tests of the checks run before this one
  const CorrectnessEvidence& evidence;     // what the correctness check's runs showed (empty before it ran)
};

// What a check found, returned whole: grade_submission assembles the result, no check writes into it.
struct CheckOutcome {
  std::vector<TestResult> tests;
  std::vector<LeaderboardEntry> leaderboard;
  std::optional<int> sm_clock_mhz;      // the GPU's clocks during the check, when it measured them
  std::optional<int> max_sm_clock_mhz;
  CorrectnessEvidence evidence;  // correctness's, for the checks after it
};

struct Check {
  const char* section;     // the report section, and the category of every test it makes: "written"
  const char* rubric_key;  // the rubric's key that lists its tests: "questions"; nullptr: it has none
  int section_rank;        // where reports show its section, smallest first (the gate's build section: 0)
  bool needs_build;        // false: graded whatever became of the code
  SkippedMeans skipped_means;
  // The student builds its run needs besides the default one, which the gate makes side by side with
  // nvcc's check, so that a grading waits for one compile, not several in a row; nullptr: none.
  std::vector<StudentBuild> (*builds)(const CheckInput& input);
  // Every test it would run, failed without running, when the gate stopped the grading (`why`: "the build
  // failed"), so that the result still lists every point of the rubric.
  std::vector<TestResult> (*planned)(const CheckInput& input, const std::string& why);
  CheckOutcome (*run)(const CheckInput& input);
};

// The checks, in the order a grading runs them (check_table.cpp).
const std::vector<const Check*>& checks();
const Check* find_check(const TestCategory& category);

// A seam for tests: `check` joins the end of the table for the object's lifetime.
class AddedCheck {
 public:
  explicit AddedCheck(const Check& check);
  ~AddedCheck();
  AddedCheck(const AddedCheck&) = delete;
  AddedCheck& operator=(const AddedCheck&) = delete;

 private:
  const Check* check_;
};

}  // namespace kit
