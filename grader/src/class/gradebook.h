// A class's results and the gradebooks made from them: one student's result as a batch records it
// (the kit's result JSON plus a "batch" object saying whose it is and what was graded), several
// batches' results merged per student, and the gradebook files (the kit's CSV, Gradescope's and Canvas's
// import CSVs) and summary table written from them. docs/batch.md describes the files.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "class/class_roster.h"
#include "result/result.h"

namespace kit {

// What a course policy (class/course_policy.h) made of a student's submissions: which one counts, and the
// points its lateness cost (class/counted_submission.h). The gradebook and the summary show it.
struct PolicyOutcome {
  std::string submitted_at;  // when the counted submission was made; "" when none was graded
  long days_late = 0;        // days started after the due date; 0 on time or without one
  double penalty = 0;        // points taken off the score: never more than the score
  std::string counted;       // which one counted and why: "2 of 3 submissions: the best before the due date"
  std::string lateness;      // the same of its time, in words: "on time", "3 days late: 20 points off"
};

// What became of one student in a batch.
enum class ClassStatus { graded, no_submission, error };
const char* to_string(ClassStatus status);  // "graded", "no submission", "error"

struct ClassResult {
  std::string key;  // the student's key (class_roster.h): results/<key>.json
  std::vector<Person> people;
  ClassStatus status = ClassStatus::graded;
  // What was graded, so a batch run again keeps a result only for the same files, rubric, seed and backend.
  std::map<std::string, std::string> submission_sha256;  // file name -> SHA-256 of its bytes (answers.yaml too)
  std::string rubric_sha256;  // the rubric's and its questions' bytes (batch.h, rubric_sha256)
  std::string seed;     // the --seed given, "" for the rubric's
  std::string backend;  // the backend the batch asked for: cuda | cpu
  GradeResult result;   // for no submission and errors, one test saying what happened
  std::string file;     // the file it was read from; empty for one made here
  // When the submission was made (class/timestamp.h text): Gradescope's record of it, else the time the
  // instructor collected the class (--submitted-at), else the time the batch started; never a file's own
  // time, which students can set. "" in a result written before the kit recorded it.
  std::string submitted_at;
  std::optional<PolicyOutcome> policy;  // set by a course policy; never saved in a result
};

// Whether a graded student's result needs a regrade: some test the grading could not check
// (result/regrade.h). A result that is no grade (no submission, an error of the grading) is not one to regrade.
bool needs_regrade(const ClassResult& result);

// The status a gradebook and a summary show: to_string(result.status), or "regrade" for a graded result that
// needs one (its score counts no points for the tests that were not checked).
std::string gradebook_status(const ClassResult& result);

// The result JSON (reports/report_json.h) with a "batch" object added (readers of plain results ignore it),
// sealed with the batch's grading key `secret` (class/result_seal.h).
std::string render_class_result(const ClassResult& result, const std::string& secret);

// Reads the fields of a file render_class_result wrote, or of a plain `grader grade --format json` result
// (then the student is `key`, the file's name without .json); the seal is not looked at. Throws
// std::runtime_error naming what is wrong.
ClassResult class_result_from_json(const nlohmann::json& document, const std::string& key);

// A batch's result file, believed only when it is sealed with `secret`, is named after the student it
// holds (results/<key>.json), and no score in it exceeds its maximum. Throws std::runtime_error saying
// which of these does not hold.
ClassResult read_batch_result(const std::string& path, const std::string& secret);

// Why a result's scores cannot be: a test's score below 0 or above its max_score, a total that is not the
// sum of the tests' scores or exceeds max_score, a number that is not finite; "" when they can.
std::string score_problem(const GradeResult& result);

// The results of a folder of results (<dir>/<key>.json, or <dir>/results/<key>.json for a batch's
// output folder), sorted by key, each read by read_batch_result. Throws UserError naming the first file
// that is not a batch's sealed, possible result, and saying why.
std::vector<ClassResult> read_class_results(const std::string& dir, const std::string& secret);

// Refuses (UserError naming the file) results that were not all graded against one rubric: one
// assignment, one rubric_sha256, and that of `assignment_rubric_sha256` when it is given (the rubric the
// assignment has here and now).
void check_one_rubric(const std::vector<std::vector<ClassResult>>& batches,
                      const std::string& assignment_rubric_sha256);

// One student's results from several batches, in the order the batches were given, made into one. Only
// graded results take part when there is one. Per test (matched by group and name), a measured result
// (passed or failed) wins over one that was not (skipped, e.g. performance on the CPU backend, or an
// error of the kit's); between two measured, or two not, the later batch's wins. A test only one batch has is kept. The
// score is the sum of the chosen tests'; backends and devices are listed as "cpu + cuda". So a later batch that
// checked a test the earlier one could not fixes that regrade, and the merged result needs a regrade exactly
// when a chosen test is still one (gradebook_status). Its submitted_at is the earliest of the results': the
// files were in hand then.
ClassResult merge_class_results(const std::vector<ClassResult>& results);

// Every student's merged result, sorted by key, from each batch's results in the order given.
std::vector<ClassResult> merge_batches(const std::vector<std::vector<ClassResult>>& batches);

// Points as a gradebook shows them: "100", "52.5", "33.33".
std::string gradebook_points(double points);

// The score a gradebook shows: the result's, less the late penalty a course policy took off.
double gradebook_score(const ClassResult& result);

enum class GradebookFormat { kit, gradescope, canvas };

// The gradebook as CSV (util/csv.h: RFC 4180, and every cell of text neutralised against formulas),
// one row per person (a group submission's score goes to each of its members).
//   kit:        student, sid, email, score, max_score, one column per rubric group, status (gradebook_status:
//               graded, regrade, no submission, error), backend, device, seconds; under a course policy also
//               submitted_at, days_late, penalty, counted (PolicyOutcome), and the score is after the penalty
//   gradescope: Name, SID, Email, Total Score (the columns of Gradescope's score upload)
//   canvas:     Student, ID, SIS User ID, SIS Login ID, Section, and a column named after the
//               assignment, with a "Points Possible" row first (Canvas's gradebook import)
std::string render_gradebook(const std::vector<ClassResult>& results, GradebookFormat format);

// A table for people: student, score, status (gradebook_status), and the first failing test's message; for
// a student to regrade, the first test the grading could not check and why. Under a course policy the score
// is after the penalty, and a column says which submission counted and how late it was.
std::string render_class_summary(const std::vector<ClassResult>& results);

// Writes `text` to `path` whole or not at all (a temporary file renamed into place): a batch interrupted
// at any moment leaves every result it finished, and no half-written one. Throws UserError when it cannot.
void write_file_whole(const std::string& path, const std::string& text);

}  // namespace kit
