#include "class/batch.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <tuple>

#include "assignment/grading_seed.h"
#include "assignment/kit_tree.h"
#include "assignment/rubric_intake.h"
#include "build/backend_choice.h"
#include "checks/correctness_tests.h"
#include "class/counted_submission.h"
#include "class/course_policy.h"
#include "class/grading_key.h"
#include "class/leaderboard.h"
#include "class/timestamp.h"
#include "grading/grade.h"
#include "os/build_config.h"
#include "os/cores.h"
#include "os/process.h"
#include "reports/report_json.h"
#include "run/side_by_side.h"
#include "util/errors.h"
#include "util/sha256.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// A student's file is hashed to know it unchanged; one larger than this is no source file (the intake
// refuses it too) and is known by its size alone.
constexpr std::uintmax_t kMaxHashedBytes = 64u << 20;
constexpr std::size_t kStderrLines = 20;

// The SHA-256 of one file of a submission; what it is instead when it cannot be one to grade.
std::string hash_file(const fs::path& path) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(path, ec);
  if (status.type() == fs::file_type::not_found) return "absent";
  // A link or a fifo: the grading says what is wrong with it.
  if (status.type() != fs::file_type::regular) return "not a regular file";
  const std::uintmax_t size = fs::file_size(path, ec);
  return size > kMaxHashedBytes ? "too large: " + std::to_string(size) + " bytes"
                                : sha256_hex(read_text_file(path.string()));
}

// The SHA-256 of every file of a submission the grading reads: the expected files and the extra files the
// rubric names (answers.yaml, when it asks written questions), in the student's folder, where the intake
// looks for them too ("" for a student without a submission).
std::map<std::string, std::string> hash_submission(const Student& s, const Rubric& rubric) {
  std::map<std::string, std::string> hashes;
  if (s.submission.empty()) return hashes;
  for (const std::string& name : rubric.student_files) hashes[name] = hash_file(fs::path(s.submission) / name);
  for (const ExtraFile& extra : intake_options_for(rubric).extra_files)
    hashes[extra.name] = hash_file(fs::path(s.submission) / extra.name);
  return hashes;
}

// What every student's result starts from: who, what was graded, how, and when it was handed in (Gradescope's
// record, else the batch's time: `batch_time`).
ClassResult result_for(const Student& s, const Rubric& rubric, const std::string& seed, const std::string& backend,
                       const std::string& batch_time) {
  ClassResult r;
  r.key = s.key;
  r.submitted_at = s.submitted_at.empty() ? batch_time : s.submitted_at;
  r.people = s.people;
  r.rubric_sha256 = rubric_sha256(rubric);
  r.seed = seed;
  r.backend = backend;
  r.result.assignment = rubric.assignment;
  r.result.title = rubric.title;
  r.result.submission = s.submission.empty() ? s.folder : s.submission;
  r.result.max_score = total_points(rubric);
  r.result.kit_version = build_config().version;
  return r;
}

// A result that is one test saying why there is no grade: the rubric's points, none of them earned.
void one_test_result(ClassResult& r, ClassStatus status, const std::string& name, const std::string& message,
                     const std::string& details) {
  TestResult t;
  t.name = name;
  t.group = name;
  t.category = TestCategory::build;
  t.status = status == ClassStatus::error ? TestStatus::error : TestStatus::failed;
  t.message = message;
  t.details = details;
  r.status = status;
  r.result.tests = {t};
  r.result.score = 0;
}

std::string last_line(const std::string& text) {
  std::string line = last_lines(text, 1);
  return line.size() > 300 ? line.substr(0, 300) + "..." : line;
}

// Keeps count of where the batch stands and tells the listener after each student.
class Progress {
 public:
  Progress(std::size_t total, const BatchListener& listener, bool regrade = false)
      : total_(total), regrade_(regrade), listener_(listener) {}

  void start_grading() { started_ = Clock::now(); }

  void report(const ClassResult& r, bool kept) {
    const std::lock_guard<std::mutex> hold(mutex_);
    ++done_;
    if (!kept && r.status != ClassStatus::no_submission) ++graded_done_;
    if (r.status == ClassStatus::error) ++errors_;
    if (r.status == ClassStatus::no_submission) ++missing_;
    BatchProgress p;
    p.result = &r;
    p.kept = kept;
    p.regrade = regrade_;
    p.done = done_;
    p.total = total_;
    p.errors = errors_;
    p.missing = missing_;
    if (graded_done_ > 0) {
      const double elapsed = std::chrono::duration<double>(Clock::now() - started_).count();
      p.eta_seconds = elapsed / static_cast<double>(graded_done_) * static_cast<double>(total_ - done_);
    }
    if (listener_) listener_(p);
  }

 private:
  std::mutex mutex_;
  std::size_t done_ = 0, graded_done_ = 0, errors_ = 0, missing_ = 0, total_ = 0;
  bool regrade_ = false;
  const BatchListener& listener_;
  Clock::time_point started_ = Clock::now();
};

// Grading on this machine: a child grader per student, options.jobs at a time.
class LocalGrading {
 public:
  explicit LocalGrading(const GradingWork& work) : work_(work), o_(*work.options), rubric_(*work.rubric) {
    const fs::path out = work.out;
    // A cluster's tasks share the batch's folder, maybe on different machines: each keeps its own
    // pending reports and its own prepared folder, whose timing lock is for the GPU it was given.
    pending_ = o_.task.empty() ? out / "pending" : out / "slurm" / ("pending-" + o_.task);
    prepared_ = o_.task.empty() ? out / "prepared" : out / "slurm" / ("prepared-" + o_.task);
    seed_ = o_.seed ? std::to_string(*o_.seed) : "";
  }

  void run(const FinishedGrading& finished) {
    std::error_code ec;
    fs::create_directories(pending_, ec);
    if (!fs::is_directory(pending_, ec))
      throw UserError("cannot make " + pending_.string() + ": check that the batch's folder is writable");
    // The gradings share their references (the first grading of a case computes them, the others read
    // them), their baselines' runners and harness objects, and the GPU's timing lock (build/prepared.h).
    prepare_folder(prepared_.string(), rubric_, backend_of_batch());
    check_sandbox_for_batch(rubric_, work_.backend, prepared_.string(), o_.unsandboxed);  // else exit 2
    // The first error of the batch's own (a full disk, say) stops the batch, once the gradings going end.
    std::exception_ptr failure;
    try {
      for_each_side_by_side(work_.students.size(), o_.jobs, [&](int, std::size_t i) {
        grade(*work_.students[i], *work_.results[i]);
        finished(*work_.results[i]);
      });
    } catch (...) {
      failure = std::current_exception();
    }
    fs::remove(pending_, ec);  // empty unless a grading was interrupted; harmless either way
    if (failure) std::rethrow_exception(failure);
  }

 private:
  // One child grades the student; whatever it leaves is checked before it counts as their result.
  void grade(const Student& s, ClassResult& r) {
    const fs::path output = pending_ / (s.key + ".json");
    std::error_code ec;
    fs::remove(output, ec);
    ProcessRequest request;
    request.argv = {o_.grader, "grade", rubric_.assignment, "--submission", s.submission, "--backend", work_.backend,
                    "--format", "json", "--output", output.string(), "--prepared", prepared_.string()};
    if (o_.seed) request.argv.insert(request.argv.end(), {"--seed", seed_});
    if (o_.unsandboxed) request.argv.push_back("--unsandboxed");
    // The gradings side by side share the cores: each runs its tests a share of them at a time.
    request.argv.insert(request.argv.end(), {"--jobs", std::to_string(std::max(1, default_test_jobs() / std::max(1, o_.jobs)))});
    if (const auto course = course_tree()) request.argv.insert(request.argv.end(), {"--kit", *course});
    request.env = {{"NO_COLOR", "1"}};
    request.timeout_s = child_time_limit(rubric_, o_.jobs);
    const ProcessResult p = run_process(request);
    std::string problem;
    if (p.ok()) {
      std::ifstream in(output, std::ios::binary);
      const nlohmann::json document = nlohmann::json::parse(in, nullptr, false);
      try {
        if (document.is_discarded()) throw std::runtime_error("the report is not JSON");
        GradeResult graded = result_from_json(document);
        if (graded.assignment != rubric_.assignment)
          throw std::runtime_error("the report is for " + graded.assignment + ", not " + rubric_.assignment);
        graded.submission = s.submission;
        r.result = graded;
        r.status = ClassStatus::graded;
      } catch (const std::exception& e) {
        problem = std::string("the grading's report could not be read: ") + e.what();
      }
    } else {
      problem = "no result from the grading (" + describe_ending(p, request.timeout_s) + ")";
      if (!p.err.empty()) problem += ": " + last_line(p.err);
    }
    fs::remove(output, ec);
    if (!problem.empty()) mark_grading_error(r, problem, last_lines(p.err, kStderrLines));
  }

  const GradingWork& work_;
  const BatchOptions& o_;
  const Rubric& rubric_;
  // The backend the batch resolved, which every child grades on: "cuda" or "cpu".
  Backend backend_of_batch() const { return backend_named(work_.backend).value_or(Backend::cpu); }

  fs::path pending_, prepared_;
  std::string seed_;
};

// A result from an earlier run, when it is one this batch sealed; anything else is graded again.
std::optional<ClassResult> read_earlier(const fs::path& results, const std::string& key, const std::string& secret) {
  std::error_code ec;
  if (!fs::exists(results / (key + ".json"), ec)) return std::nullopt;
  try {
    return read_batch_result((results / (key + ".json")).string(), secret);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The students of `work` whose result needs a regrade are graded once more by `method`, one at a time, so
// that no other grading of the batch contends for the GPU or the profiler. The new result replaces the first
// one, unless the regrade ended without a result (an error of its own): then the first one stands, and is
// still to regrade. Returns the method's notes for the summary.
std::vector<std::string> regrade_at_end(const GradingWork& work, const GradingMethod& method,
                                        const BatchListener& listener, const std::function<void(ClassResult&)>& save,
                                        BatchOutcome& outcome) {
  BatchOptions alone = *work.options;
  alone.jobs = 1;
  GradingWork again = work;
  again.options = &alone;
  again.students.clear();
  again.results.clear();
  std::map<const ClassResult*, ClassResult> first;
  for (std::size_t i = 0; i < work.students.size(); ++i)
    if (needs_regrade(*work.results[i])) {
      again.students.push_back(work.students[i]);
      again.results.push_back(work.results[i]);
      first[work.results[i]] = *work.results[i];
    }
  outcome.regraded = again.students.size();
  if (again.students.empty()) return {};
  Progress progress(again.students.size(), listener, true);
  progress.start_grading();
  return method.grade(again, [&](ClassResult& r) {
    if (r.status != ClassStatus::graded) r = first.at(&r);
    save(r);
    progress.report(r, false);
  });
}

// A task's students, in the order of its list; keys no longer in the class are dropped.
std::vector<Student> only_task_students(const std::vector<Student>& students, const std::vector<std::string>& keys) {
  std::vector<Student> chosen;
  for (const std::string& key : keys)
    for (const Student& s : students)
      if (s.key == key) chosen.push_back(s);
  return chosen;
}

}  // namespace

// The longest a child may run before it is taken for hung: its builds, its tests' time budget, and the
// timed runs, its own and, waiting for the timing lock, those of every other child running beside it.
double child_time_limit(const Rubric& rubric, int jobs) {
  const Performance& perf = rubric.performance;
  const double one_timed_run = perf.max_seconds * 6 + rubric.limits.test_seconds;
  const double timed = static_cast<double>(perf.rounds + 2) * static_cast<double>(2 * perf.items.size()) * one_timed_run +
                       2 * rubric.limits.build_seconds;
  return rubric.limits.submission_seconds + 4 * rubric.limits.build_seconds + timed * jobs + 300;
}

void mark_grading_error(ClassResult& result, const std::string& message, const std::string& details) {
  one_test_result(result, ClassStatus::error, "grading error", message, details);
}

GradingMethod grade_locally() {
  GradingMethod method;
  method.choose_backend = [](const std::string& requested) {
    const BackendChoice choice = choose_backend(requested);
    return std::make_pair(std::string(to_string(choice.backend)), choice.reason);
  };
  method.grade = [](const GradingWork& work, const FinishedGrading& finished) {
    LocalGrading(work).run(finished);
    return std::vector<std::string>{};
  };
  return method;
}

int default_batch_jobs() { return std::max(1, usable_cores() / 2); }

bool still_valid(const ClassResult& earlier, const ClassResult& now) {
  return earlier.status == ClassStatus::graded && !needs_regrade(earlier) &&
         earlier.result.assignment == now.result.assignment &&
         !now.submission_sha256.empty() && earlier.submission_sha256 == now.submission_sha256 &&
         earlier.rubric_sha256 == now.rubric_sha256 && earlier.seed == now.seed && earlier.backend == now.backend;
}

std::string regrade_note(const BatchOutcome& o) {
  if (o.regraded == 0 && o.to_regrade == 0) return "";
  const auto students = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " student" : " students"); };
  std::string note = "regrade: ";
  if (o.regraded > 0) {
    const std::size_t fixed = o.regraded >= o.to_regrade ? o.regraded - o.to_regrade : 0;
    note += students(o.regraded) + " had tests the grading could not check and " + (o.regraded == 1 ? "was" : "were") +
            " graded again at the end, one at a time: " + std::to_string(fixed) + " now checked in full, " +
            std::to_string(o.to_regrade) + " still " + (o.to_regrade == 1 ? "needs" : "need") + " a regrade";
  } else {
    note += students(o.to_regrade) + " still " + (o.to_regrade == 1 ? "needs" : "need") + " a regrade";
  }
  if (o.to_regrade == 0) return note + ".";
  return note + " (status regrade: the tests that were not checked earn no points yet, the summary names the first "
                "and why). Grade them again where those tests can be checked: run the batch again (it grades them "
                "again), or grade the class on a GPU and merge the batches with `grader gradebook`.";
}

// The time the class's submissions are taken to have been made, unless Gradescope recorded a student's own:
// --submitted-at, else now. Never a file's modification time or a commit's date: students can set both.
static std::string batch_time(const std::string& given) {
  if (given.empty()) return timestamp_text(timestamp_now());
  std::string why;
  const std::optional<Timestamp> t = parse_timestamp(given, &why);
  if (!t)
    throw UserError("--submitted-at '" + given + "' " + why + ": write " + kTimestampExample +
                    ", the time the class's submissions were collected");
  return timestamp_text(*t);
}

BatchOutcome run_batch(const BatchOptions& options, const BatchListener& listener, const GradingMethod& method) {
  BatchOptions o = options;
  if (o.jobs <= 0) o.jobs = default_batch_jobs();
  const std::string submitted_at = batch_time(o.submitted_at);
  const Rubric rubric = load_assignment_rubric(o.assignment);
  if (!o.seed) o.seed = course_grading_seed();  // the course's secret one, as its Gradescope bundle grades with
  // Read before anything is graded, so that a mistake in it costs no grading. A task of a Slurm batch writes no
  // gradebook, and leaves the policy to the command that does.
  const std::optional<CoursePolicy> policy = o.task.empty() ? find_course_policy(o.policy) : std::nullopt;
  BatchOutcome outcome;
  std::error_code ec;
  if (!fs::is_directory(o.submissions, ec))
    throw UserError("--submissions " + o.submissions + " is not a folder: give the folder that holds one folder per "
                    "student (or a Gradescope export, or GitHub Classroom clones)");
  outcome.roster = discover_class(o.submissions, rubric.assignment, rubric.student_files, o.out);
  const bool task = !o.task.empty();
  if (task) outcome.roster.students = only_task_students(outcome.roster.students, o.task_students);
  else if (outcome.roster.students.empty())
    throw UserError("--submissions " + o.submissions + " holds no students: put one folder per student in it");
  std::tie(outcome.backend, outcome.backend_reason) = method.choose_backend(o.backend);

  const fs::path out = fs::absolute(o.out);
  const fs::path results_dir = out / "results";
  fs::create_directories(results_dir, ec);
  if (!fs::is_directory(results_dir, ec))
    throw UserError("cannot make the batch's folder " + out.string() + ": check that its parent is writable");

  // Every student's result: kept from an earlier run when it still stands, else graded now.
  const std::vector<Student>& students = outcome.roster.students;
  const std::string seed = o.seed ? std::to_string(*o.seed) : "";
  const GradingKey key = batch_grading_key(out.string());
  // A result that cannot be written (a full disk, a name the filesystem refuses) is that student's error,
  // in the gradebook as in the summary; the batch goes on.
  auto save = [&](ClassResult& r) {
    try {
      write_file_whole((results_dir / (r.key + ".json")).string(), render_class_result(r, key.secret));
    } catch (const std::exception& e) {
      mark_grading_error(r, std::string("the result could not be saved: ") + e.what(), "");
    }
  };
  Progress progress(students.size(), listener);
  outcome.results.resize(students.size());
  GradingWork work{&o, &rubric, outcome.backend, out.string(), key.secret, {}, {}};
  for (std::size_t i = 0; i < students.size(); ++i) {
    const Student& s = students[i];
    ClassResult& r = outcome.results[i];
    r = result_for(s, rubric, seed, outcome.backend, submitted_at);
    r.submission_sha256 = hash_submission(s, rubric);
    if (s.submission.empty()) {
      one_test_result(r, ClassStatus::no_submission, "no submission", s.missing, "");
      save(r);
      progress.report(r, false);
    } else if (const auto earlier = read_earlier(results_dir, s.key, key.secret); earlier && still_valid(*earlier, r)) {
      const std::string now = r.submitted_at;
      r = *earlier;
      // Graded before the kit recorded times: the files are unchanged, and this run's time is the best known.
      if (r.submitted_at.empty()) {
        r.submitted_at = now;
        save(r);
      }
      ++outcome.kept;
      progress.report(r, true);
    } else {
      work.students.push_back(&s);
      work.results.push_back(&r);
    }
  }
  outcome.graded = work.students.size();
  progress.start_grading();
  if (!work.students.empty())
    outcome.notes = method.grade(work, [&](ClassResult& r) {
      save(r);
      progress.report(r, false);
    });
  if (method.regrade_at_end) {
    const std::vector<std::string> notes = regrade_at_end(work, method, listener, save, outcome);
    outcome.notes.insert(outcome.notes.end(), notes.begin(), notes.end());
  }
  outcome.to_regrade = static_cast<std::size_t>(
      std::count_if(outcome.results.begin(), outcome.results.end(), [](const ClassResult& r) { return needs_regrade(r); }));
  if (task) return outcome;  // the submitting command writes the gradebook from every task's results
  if (const std::string note = regrade_note(outcome); !note.empty()) outcome.notes.push_back(note);
  if (policy) {
    // One collection of the class: one submission per student, so only the late penalty applies.
    outcome.results = apply_course_policy({outcome.results}, policy_for(*policy, rubric.assignment));
    outcome.policy = describe_policy(*policy, rubric.assignment);
    outcome.notes.insert(outcome.notes.begin(), outcome.policy);
  }

  outcome.gradebook_path = (out / "gradebook.csv").string();
  outcome.summary_path = (out / "summary.txt").string();
  std::string summary = render_class_summary(outcome.results);
  if (!outcome.notes.empty()) summary += "\n";
  for (const std::string& note : outcome.notes) summary += note + "\n";
  const Leaderboard board = make_leaderboard(outcome.results, leaderboard_salt(out.string()));
  if (!board.empty()) {
    write_file_whole((out / "leaderboard.csv").string(), render_leaderboard_csv(board));
    write_file_whole((out / "leaderboard.gp").string(), leaderboard_plot_script(board, "leaderboard.csv", "leaderboard.png"));
    summary += "\nleaderboard: leaderboard.csv (" + std::to_string(board.students.size()) +
               " students under pseudonyms, against " + std::to_string(board.baselines.size()) +
               " baselines); plot it with `cd " + out.string() + " && gnuplot leaderboard.gp` (leaderboard.png)\n";
  }
  write_file_whole(outcome.gradebook_path, render_gradebook(outcome.results, GradebookFormat::kit));
  write_file_whole(outcome.summary_path, summary);
  return outcome;
}

}  // namespace kit
