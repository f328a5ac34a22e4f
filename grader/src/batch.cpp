#include "kit/batch.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "kit/backend_choice.h"
#include "kit/build_config.h"
#include "kit/errors.h"
#include "kit/grade.h"
#include "kit/kit_tree.h"
#include "kit/process.h"
#include "kit/report_json.h"
#include "kit/sha256.h"
#include "kit/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// A student's file is hashed to know it unchanged; one larger than this is no source file (the intake
// refuses it too) and is known by its size alone.
constexpr std::uintmax_t kMaxHashedBytes = 64u << 20;
constexpr std::size_t kStderrLines = 20;

// The SHA-256 of each expected file of a submission ("" for a student without one).
std::map<std::string, std::string> hash_submission(const Student& s, const std::vector<std::string>& files) {
  std::map<std::string, std::string> hashes;
  if (s.submission.empty()) return hashes;
  for (const std::string& name : files) {
    const fs::path path = fs::path(s.submission) / name;
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(path, ec);
    if (status.type() != fs::file_type::regular) {
      hashes[name] = "not a regular file";  // a link or a fifo: the grading says what is wrong with it
      continue;
    }
    const std::uintmax_t size = fs::file_size(path, ec);
    hashes[name] = size > kMaxHashedBytes ? "too large: " + std::to_string(size) + " bytes"
                                          : sha256_hex(read_text_file(path.string()));
  }
  return hashes;
}

// What every student's result starts from: who, what was graded, how.
ClassResult result_for(const Student& s, const Rubric& rubric, const std::string& seed, const std::string& backend) {
  ClassResult r;
  r.key = s.key;
  r.people = s.people;
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

// The longest a child may run before it is taken for hung: its builds, its tests' time budget, and the
// timed runs, its own and, waiting for the timing lock, those of every other child running beside it.
double child_time_limit(const Rubric& rubric, int jobs) {
  const Performance& perf = rubric.performance;
  const double one_timed_run = perf.max_seconds * 6 + rubric.limits.test_seconds;
  const double timed = static_cast<double>(perf.rounds + 2) * static_cast<double>(2 * perf.items.size()) * one_timed_run +
                       2 * rubric.limits.build_seconds;
  return rubric.limits.submission_seconds + 4 * rubric.limits.build_seconds + timed * jobs + 300;
}

class Batch {
 public:
  Batch(const BatchOptions& o, const Rubric& rubric, const std::string& backend, const BatchListener& listener)
      : o_(o), rubric_(rubric), backend_(backend), listener_(listener) {
    const fs::path out = fs::absolute(o.out);
    results_ = out / "results";
    pending_ = out / "pending";
    lock_ = out / "timing.lock";
    seed_ = o.seed ? std::to_string(*o.seed) : "";
  }

  // Every student's result: kept from an earlier run when it still stands, else graded now.
  std::vector<ClassResult> run(const std::vector<Student>& students, BatchOutcome& outcome) {
    std::vector<ClassResult> results(students.size());
    std::vector<std::size_t> to_grade;
    total_ = students.size();
    for (std::size_t i = 0; i < students.size(); ++i) {
      const Student& s = students[i];
      results[i] = result_for(s, rubric_, seed_, backend_);
      results[i].submission_sha256 = hash_submission(s, rubric_.student_files);
      if (s.submission.empty()) {
        one_test_result(results[i], ClassStatus::no_submission, "no submission", s.missing, "");
        save(results[i]);
        report(results[i], false);
      } else if (const auto earlier = read_earlier(s.key); earlier && still_valid(*earlier, rubric_.assignment,
                                                                                results[i].submission_sha256,
                                                                                seed_, backend_)) {
        results[i] = *earlier;
        ++outcome.kept;
        report(results[i], true);
      } else {
        to_grade.push_back(i);
      }
    }
    outcome.graded = to_grade.size();
    started_ = Clock::now();
    std::size_t next = 0;
    std::mutex queue;
    std::exception_ptr failure;  // the first error of the batch's own (a full disk, say): it stops the batch
    auto worker = [&] {
      for (;;) {
        std::size_t i;
        {
          const std::lock_guard<std::mutex> hold(queue);
          if (next == to_grade.size() || failure) return;
          i = to_grade[next++];
        }
        try {
          grade(students[i], results[i]);
          save(results[i]);
          report(results[i], false);
        } catch (...) {
          const std::lock_guard<std::mutex> hold(queue);
          if (!failure) failure = std::current_exception();
        }
      }
    };
    const int jobs = std::max(1, std::min<int>(o_.jobs, static_cast<int>(std::max<std::size_t>(1, to_grade.size()))));
    std::vector<std::thread> workers;
    for (int k = 0; k < jobs; ++k) workers.emplace_back(worker);
    for (std::thread& t : workers) t.join();
    if (failure) std::rethrow_exception(failure);
    return results;
  }

 private:
  std::optional<ClassResult> read_earlier(const std::string& key) const {
    std::ifstream in(results_ / (key + ".json"), std::ios::binary);
    if (!in) return std::nullopt;
    const nlohmann::json document = nlohmann::json::parse(in, nullptr, false);
    try {
      if (!document.is_discarded()) return class_result_from_json(document, key);
    } catch (const std::exception&) {
    }
    return std::nullopt;  // not a result: graded again
  }

  // One child grades the student; whatever it leaves is checked before it counts as their result.
  void grade(const Student& s, ClassResult& r) {
    const fs::path output = pending_ / (s.key + ".json");
    std::error_code ec;
    fs::remove(output, ec);
    ProcessRequest request;
    request.argv = {o_.grader, "grade", rubric_.assignment, "--submission", s.submission, "--backend", backend_,
                    "--format", "json", "--output", output.string()};
    if (o_.seed) request.argv.insert(request.argv.end(), {"--seed", seed_});
    if (o_.unsandboxed) request.argv.push_back("--unsandboxed");
    if (const auto course = course_tree()) request.argv.insert(request.argv.end(), {"--kit", *course});
    request.env = {{kTimingLockVariable, lock_.string()}, {"NO_COLOR", "1"}};
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
    if (!problem.empty()) one_test_result(r, ClassStatus::error, "grading error", problem, last_lines(p.err, kStderrLines));
  }

  void save(const ClassResult& r) const { write_file_whole((results_ / (r.key + ".json")).string(), render_class_result(r)); }

  void report(const ClassResult& r, bool kept) {
    const std::lock_guard<std::mutex> hold(progress_mutex_);
    ++done_;
    if (!kept && r.status != ClassStatus::no_submission) ++graded_done_;
    if (r.status == ClassStatus::error) ++errors_;
    if (r.status == ClassStatus::no_submission) ++missing_;
    BatchProgress p;
    p.result = &r;
    p.kept = kept;
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

  const BatchOptions& o_;
  const Rubric& rubric_;
  std::string backend_, seed_;
  const BatchListener& listener_;
  fs::path results_, pending_, lock_;
  std::mutex progress_mutex_;
  std::size_t done_ = 0, graded_done_ = 0, errors_ = 0, missing_ = 0, total_ = 0;
  Clock::time_point started_ = Clock::now();
};

}  // namespace

int default_batch_jobs() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency() / 2)); }

bool still_valid(const ClassResult& earlier, const std::string& assignment,
                 const std::map<std::string, std::string>& submission_sha256, const std::string& seed,
                 const std::string& backend) {
  return earlier.status == ClassStatus::graded && earlier.result.assignment == assignment &&
         !submission_sha256.empty() && earlier.submission_sha256 == submission_sha256 && earlier.seed == seed &&
         earlier.backend == backend;
}

BatchOutcome run_batch(const BatchOptions& options, const BatchListener& listener) {
  BatchOptions o = options;
  if (o.jobs <= 0) o.jobs = default_batch_jobs();
  const Rubric rubric = load_assignment_rubric(o.assignment);
  BatchOutcome outcome;
  std::error_code ec;
  if (!fs::is_directory(o.submissions, ec))
    throw UserError("--submissions " + o.submissions + " is not a folder: give the folder that holds one folder per "
                    "student (or a Gradescope export, or GitHub Classroom clones)");
  outcome.roster = discover_class(o.submissions, rubric.assignment, rubric.student_files, o.out);
  if (outcome.roster.students.empty())
    throw UserError("--submissions " + o.submissions + " holds no students: put one folder per student in it");
  const BackendChoice choice = choose_backend(o.backend);
  outcome.backend = to_string(choice.backend);
  outcome.backend_reason = choice.reason;

  const fs::path out = fs::absolute(o.out);
  fs::create_directories(out / "results", ec);
  fs::create_directories(out / "pending", ec);
  if (!fs::is_directory(out / "results", ec) || !fs::is_directory(out / "pending", ec))
    throw UserError("cannot make the batch's folder " + out.string() + ": check that its parent is writable");
  std::ofstream(out / "timing.lock", std::ios::app);

  Batch batch(o, rubric, outcome.backend, listener);
  outcome.results = batch.run(outcome.roster.students, outcome);
  fs::remove(out / "pending", ec);  // empty unless a grading was interrupted; harmless either way

  outcome.gradebook_path = (out / "gradebook.csv").string();
  outcome.summary_path = (out / "summary.txt").string();
  write_file_whole(outcome.gradebook_path, render_gradebook(outcome.results, GradebookFormat::kit));
  write_file_whole(outcome.summary_path, render_class_summary(outcome.results));
  return outcome;
}

}  // namespace kit
