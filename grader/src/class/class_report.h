// What a class got wrong, made from a batch's results alone (so a CPU batch, a GPU batch and a Slurm
// batch give one): the misconceptions the diagnoses name, ranked by the points they cost, the tests and
// groups failed most, the score distribution, written answers awaiting a person, the throughput spread
// against the baselines, the technique findings across the class, and the pairs of submissions that look
// copied. Students appear under their leaderboard pseudonyms unless real names are asked for.
// class_report_html.h renders it as one page; class_report_json renders the same facts for tools.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "class/gradebook.h"
#include "class/handout_sections.h"

namespace kit {

struct ReportStudent {
  std::string name;     // a pseudonym, or the people's names with real names asked for
  std::string status;   // gradebook_status: graded, regrade, no submission, error
  double score = 0;
  double max_score = 0;
};

// One diagnosis (category, and the known bug it equals when one was recognised) across the class.
struct Misconception {
  std::string category;  // "missing-barrier"
  std::string cause;     // "the phase count rounds down", or ""
  int students = 0;
  double points_lost = 0;               // over every failed test that carried it
  std::vector<std::string> tests;       // "group: test", each once, in the order first met
  std::string example_student;          // the student of the example, by report name
  std::string example;                  // that student's message and first lines of details, names taken out
  HandoutSection handout;               // where the handout explains it; empty title when none fits
};

// One test (or one rubric group) and how the class fared on it.
struct FailureCount {
  std::string group;
  std::string test;        // empty for a group's row
  std::string category;    // the check: correctness, technique, performance, written
  std::string visibility;  // visible, hidden, after_due_date
  int failed = 0;          // students it failed for
  int measured = 0;        // students it was measured for (passed or failed)
  double points_lost = 0;
};

// A written answer a person still has to grade.
struct PendingAnswer {
  std::string question;
  int students = 0;
  double points = 0;  // all of them together
};

// A technique check's finding, word for word, and how many students it was made for.
struct TechniqueFinding {
  std::string test;
  std::string status;   // passed or failed
  std::string message;
  int students = 0;
};

// The class's throughput on one performance test, against its baseline.
struct ThroughputSpread {
  std::string test;
  std::string unit;                    // "GFLOP/s", "GB/s"
  std::vector<double> students;        // sorted, highest first
  std::vector<double> ratios;          // each student's throughput over the baseline timed beside it
  double baseline = 0;                 // the median over the class of the baseline's throughput
};

// A pair of submissions that look copied (class_report_similarity.h), with the matching lines of each.
struct ReportRegion {
  int a_first = 0, a_last = 0;  // 1-based, inclusive, in a's text
  int b_first = 0, b_last = 0;
};
struct ReportPair {
  std::string a, b;  // report names
  double score = 0;  // 0..1
  std::vector<ReportRegion> regions;
  std::vector<std::string> lines_a, lines_b;  // the two texts' lines, for showing the regions
};

struct ClassReport {
  std::string assignment, title;
  std::string backends;  // "cpu", "cuda", "cpu + cuda"
  std::string devices;
  bool real_names = false;
  int students = 0, graded = 0, no_submission = 0, errors = 0, to_regrade = 0;
  double max_score = 0, median_score = 0, mean_score = 0;
  std::vector<ReportStudent> roster;  // highest score first
  std::vector<Misconception> misconceptions;  // most points lost first
  std::vector<FailureCount> tests;    // failed for at least one student, most failures first
  std::vector<FailureCount> groups;   // likewise per rubric group
  std::vector<PendingAnswer> pending;
  std::vector<TechniqueFinding> technique;
  std::vector<ThroughputSpread> throughput;
  std::vector<ReportPair> similar;    // highest score first
  std::string similarity_note;        // what was compared, or why nothing was
};

struct ClassReportOptions {
  bool real_names = false;
  std::string salt;  // the batch's pseudonym salt (leaderboard.h)
  std::string handout_markdown;  // the assignment's README.md, for pointing at its sections
  std::string handout_path;      // as the report names it: "assignments/transpose/README.md"
};

// The report of `results` (one assignment's, as read_class_results or merge_batches give them).
ClassReport make_class_report(const std::vector<ClassResult>& results, const ClassReportOptions& options);

// The name a student has in the report: their pseudonym, or their people's names.
std::string report_name(const ClassResult& result, const ClassReportOptions& options);

nlohmann::json class_report_json(const ClassReport& report);

}  // namespace kit
