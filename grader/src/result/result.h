// The outcome of grading one submission: plain data that every report format renders.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "assignment/hidden_tests.h"
#include "assignment/launch_record.h"

namespace kit {

enum class TestStatus { passed, failed, skipped, error };
const char* to_string(TestStatus status);

// What a test is about: the report section it sits in, named by the check that made it (the gate's
// "build", or a check's section: grader/src/checks/check.h). Open, so that a new check brings its own; the
// constants name the kit's own, for the code that makes their tests.
struct TestCategory {
  std::string name;
  static const TestCategory build, correctness, performance, technique, written;
};
inline const TestCategory TestCategory::build{"build"};
inline const TestCategory TestCategory::correctness{"correctness"};
inline const TestCategory TestCategory::performance{"performance"};
inline const TestCategory TestCategory::technique{"technique"};
inline const TestCategory TestCategory::written{"written"};
inline bool operator==(const TestCategory& a, const TestCategory& b) { return a.name == b.name; }
inline bool operator!=(const TestCategory& a, const TestCategory& b) { return a.name != b.name; }
inline const std::string& to_string(const TestCategory& category) { return category.name; }

// What a failed test found wrong, for tools that sort a class's failures (docs/diagnostics.md lists the
// categories): "uninitialized-shared-read", "write-conflict", "wrong-answer", ... and where in the
// student's file, when the finding names a line.
struct Diagnosis {
  std::string category;  // empty: nothing diagnosed (a passed test, or a failure outside the student's code)
  std::string cause;     // a wrong answer recognised as a known bug: "the phase count rounds down"
  std::string file;      // "matmul_tiled.cu"
  int line = 0;          // 0 when no line is known
};

// One graded test. A correctness test is one problem size (all its seeds); a performance test is one
// throughput measurement; a technique test is one check of how the kernel works.
struct TestResult {
  std::string name;       // "Width 17", "throughput at Width 4096", "uses shared memory"
  std::string group;      // the rubric group: "not a multiple of the tile"
  TestCategory category = TestCategory::correctness;
  double score = 0;
  double max_score = 0;
  TestStatus status = TestStatus::skipped;
  std::string message;    // one line a student reads first: "33 of 289 elements wrong"
  std::string details;    // further lines: first mismatches, the map of wrong tiles, diagnostics
  std::string visibility = "visible";  // visible | hidden | after_due_date (Gradescope's words)
  std::map<std::string, double> metrics;  // e.g. gflops, ratio_to_reference, seconds
  Diagnosis diagnosis;
  // A failed test of a picture problem: the pictures written of its first failing seed (output, expected,
  // difference, never written; .pgm/.ppm, then .png where supported); a performance test's roofline.
  std::vector<std::string> pictures;
  // A performance test: what its time means against the problem's minimum traffic and the GPU's roofs, in
  // two or three sentences (performance/performance_explained.h); its pictures hold the roofline.
  std::string explanation;
  // A correctness test: the kernel launches of its first run (grid, block, stream, line, what the launch
  // returned), shown in the JSON result and by `--verbose`.
  std::vector<LaunchRecord> launches;
};

// A written answer that a person grades (an open question, assignment/questions.h): skipped by the grader, never
// passed or failed; its points are pending until the person scores it. Its check says so (check.h).
bool graded_by_a_person(const TestResult& test);

// The machine a result was produced on. Clocks and driver are known only on a GPU.
struct DeviceInfo {
  std::string name;                 // "NVIDIA H100 80GB HBM3", or "CPU backend (virtual device)"
  std::string driver;               // "580.159.04"; empty when unknown
  std::string compute_capability;   // "9.0"
  int sm_clock_mhz = 0;             // measured during the timed runs; 0 when not measured
  int max_sm_clock_mhz = 0;
  int memory_clock_mhz = 0;
};

// A number for a leaderboard (Gradescope's leaderboard entries).
struct LeaderboardEntry {
  std::string name;     // "GFLOP/s"
  double value = 0;
  bool higher_is_better = true;
};

struct GradeResult {
  std::string assignment;  // "matmul-tiled"
  std::string title;       // "Tiled matrix multiplication"
  std::string submission;  // the path that was graded
  std::string backend;     // "cuda" | "cpu"
  std::string backend_reason;  // why this backend: "auto: no usable GPU (...)"
  bool sandboxed = true;       // false: graded with --unsandboxed, student code ran with the grader's rights
  std::string unsandboxed_why;  // why it ran without one, when --unsandboxed did not ask for it
  DeviceInfo device;
  double score = 0;
  double max_score = 0;
  std::vector<TestResult> tests;
  // The rubric's `hidden_tests`: what the reports meant for students show of the hidden tests
  // (reports/student_view.h). The instructor's reports show every test whatever it says.
  HiddenTests hidden_tests = HiddenTests::nothing;
  std::vector<LeaderboardEntry> leaderboard;
  std::string build_log;   // compiler output when the build failed or warned
  double execution_time_s = 0;
  std::map<std::string, double> stages;  // seconds per stage of the grading (util/stage_clock.h)
  std::string kit_version;
};

}  // namespace kit
