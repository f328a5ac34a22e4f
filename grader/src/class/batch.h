// Grading a whole class: `grader batch`. Each student is graded by a child process running the grader
// itself (`grader grade ... --format json`), several at a time, so one grading that crashes, hangs or
// prints garbage costs that student a result marked "error", never the batch. Results land one file per
// student, written whole, and a batch run again keeps every result whose files, seed and backend are
// unchanged. A student whose result has a test the grading could not check (result/regrade.h) is graded
// once more at the end, alone. docs/batch.md is the instructor's guide.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "assignment/rubric.h"
#include "build/prepared.h"  // rubric_sha256
#include "class/class_roster.h"
#include "class/gradebook.h"

namespace kit {

struct BatchOptions {
  std::string assignment;
  std::string submissions;          // the class's folder (class_roster.h)
  std::string out;                  // the batch's folder: results/, gradebook.csv, summary.txt
  int jobs = 0;                     // gradings at a time; 0: default_batch_jobs()
  std::string backend = "auto";     // resolved once for the whole class, then given to every child
  std::optional<std::uint64_t> seed;
  bool unsandboxed = false;
  // When the class's submissions were made (class/timestamp.h; --submitted-at): the time the instructor
  // collected them, e.g. cloned the GitHub Classroom repositories. A student's own time from Gradescope's
  // metadata wins over it; "" stands for the time the batch started. A result kept from an earlier run keeps
  // the time it was graded with.
  std::string submitted_at;
  std::string policy;  // --policy: the course policy file; "" for the course tree's (class/course_policy.h)
  std::string grader = "/proc/self/exe";  // the command each child runs
  // One task of a batch spread over a cluster (slurm_batch.h): only these students are graded, each
  // task with its own pending folder and prepared folder (named after `task`; build/prepared.h), and no
  // gradebook is written: the command that submitted the tasks writes it from every task's results.
  std::string task;
  std::vector<std::string> task_students;
};

// Half the cores, at least one: the CPU backend runs each grading's blocks on several threads, and
// builds take a core each.
int default_batch_jobs();

// After each student: what became of them, and where the batch stands.
struct BatchProgress {
  const ClassResult* result = nullptr;
  bool kept = false;         // a result from an earlier run, still valid, not graded again
  bool regrade = false;      // the regrade at the end of the batch: done and total count its students only
  std::size_t done = 0, total = 0;
  std::size_t errors = 0;    // students whose grading ended without a result so far
  std::size_t missing = 0;   // students without a submission so far
  double eta_seconds = -1;   // -1 until a grading has finished
};
using BatchListener = std::function<void(const BatchProgress&)>;

struct BatchOutcome {
  ClassRoster roster;
  std::string backend;                 // cuda | cpu, as resolved
  std::string backend_reason;
  std::vector<ClassResult> results;    // one per student, sorted by key
  std::size_t kept = 0, graded = 0;    // results kept from an earlier run, and gradings run now
  // Students graded once more at the end because their result needed a regrade, and students whose result
  // still needs one (gradebook.h, needs_regrade) when the batch is done.
  std::size_t regraded = 0, to_regrade = 0;
  std::vector<std::string> notes;      // what the way of grading has to say (failed Slurm tasks), also in the summary
  std::string policy;                  // the course policy applied to the gradebook, in words; "" without one
  std::string gradebook_path, summary_path;
};

// The students a batch grades now. Each result is started (who, which files, seed and backend); a way of
// grading fills each in and hands it to `finished`, which saves it and reports it, as soon as it lands.
struct GradingWork {
  const BatchOptions* options = nullptr;
  const Rubric* rubric = nullptr;
  std::string backend;  // cuda | cpu
  std::string out;      // the batch's folder, absolute
  std::string secret;   // the grading key its results are sealed with (class/grading_key.h)
  std::vector<const Student*> students;
  std::vector<ClassResult*> results;  // one per student
};
using FinishedGrading = std::function<void(ClassResult&)>;

// How a batch resolves its backend and grades its students: by children of this grader on this machine
// (the default), or by a Slurm job array (slurm_batch.h). `grade` returns notes for the summary.
struct GradingMethod {
  std::function<std::pair<std::string, std::string>(const std::string& requested)> choose_backend;  // name, reason
  std::function<std::vector<std::string>(const GradingWork&, const FinishedGrading&)> grade;
  // Whether run_batch, once every student is graded, grades again (by `grade`, one at a time) those whose
  // result needs a regrade. A Slurm batch does not: each of its tasks is a local batch that does it for its
  // own students, on its node.
  bool regrade_at_end = true;
};
GradingMethod grade_locally();

// Grades the class and writes <out>/results/<key>.json per student (sealed with the batch's grading key,
// class/grading_key.h), <out>/gradebook.csv and <out>/summary.txt. Then the students graded now whose result
// needs a regrade (a test the grading could not check: the profiler busy, a tool that failed) are graded once
// more, one at a time (jobs 1: nothing else contends for the GPU or the profiler), and each new result
// replaces the first one (the first one stands when the regrade ends without a result); the summary says how
// many were graded again and how many still need a regrade. A student whose result cannot be saved
// is an error in the gradebook, never the end of the batch. Without a seed, the course's grading seed
// (assignment/grading_seed.h) is used when it has one. Throws UserError for bad input: an unknown assignment, a
// folder that is missing or holds no students, --backend cuda without a GPU, an output folder that cannot
// be made, a grading key file that is no key, a --submitted-at that is no time with its UTC offset, a course
// policy that cannot be read. Under a course policy (class/course_policy.h) the gradebook and the summary take
// off each student's late penalty (class/counted_submission.h); the results stay as graded.
BatchOutcome run_batch(const BatchOptions& options, const BatchListener& listener,
                       const GradingMethod& method = grade_locally());

// The longest one child grading may run before it is taken for hung, with `jobs` gradings beside it.
double child_time_limit(const Rubric& rubric, int jobs);

// The result a student gets when their grading ended without one: a single test saying why (the rubric's
// points, none of them earned), status error, with `details` (the end of an error output) under it.
void mark_grading_error(ClassResult& result, const std::string& message, const std::string& details);

// Whether a result from an earlier run still stands for this student, whose result `now` is started (who,
// which files, rubric, seed, backend): the same assignment, the same files the grading reads (by SHA-256:
// the student's files, answers.yaml where the rubric asks questions), the same rubric, seed and backend,
// and graded with every test checked (errors, results that need a regrade and missing files are tried again).
bool still_valid(const ClassResult& earlier, const ClassResult& now);

// What the summary says of the regrade at the end: how many students were graded again, how many of them
// still need a regrade, and what to do; "" when no student needed one.
std::string regrade_note(const BatchOutcome& outcome);


}  // namespace kit
