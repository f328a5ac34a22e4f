#include "class/batch.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "class/safe_file_name.h"
#include "result/regrade.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

ClassResult earlier() {
  ClassResult r;
  r.key = "alice";
  r.result.assignment = "matmul-naive";
  r.submission_sha256 = {{"matmul_naive.cu", "aaaa"}};
  r.rubric_sha256 = "rrrr";
  r.backend = "cpu";
  return r;
}

TEST(Batch, AnEarlierResultStandsOnlyForTheSameFilesRubricSeedAndBackend) {
  EXPECT_TRUE(still_valid(earlier(), earlier()));
  const auto changed = [](auto change) {
    ClassResult now = earlier();
    change(now);
    return now;
  };
  EXPECT_FALSE(still_valid(earlier(), changed([](ClassResult& r) { r.result.assignment = "matmul-tiled"; })));
  EXPECT_FALSE(still_valid(earlier(), changed([](ClassResult& r) { r.submission_sha256["matmul_naive.cu"] = "bbbb"; })));
  EXPECT_FALSE(still_valid(earlier(), changed([](ClassResult& r) { r.submission_sha256["answers.yaml"] = "cccc"; })))
      << "answers.yaml is read by the grading too";
  EXPECT_FALSE(still_valid(earlier(), changed([](ClassResult& r) { r.rubric_sha256 = "ssss"; })));
  EXPECT_FALSE(still_valid(earlier(), changed([](ClassResult& r) { r.seed = "7"; })));
  EXPECT_FALSE(still_valid(earlier(), changed([](ClassResult& r) { r.backend = "cuda"; })));
  EXPECT_FALSE(still_valid(earlier(), changed([](ClassResult& r) { r.submission_sha256.clear(); })));
  ClassResult error = earlier();
  error.status = ClassStatus::error;  // an error of the kit's is tried again
  EXPECT_FALSE(still_valid(error, earlier()));
  ClassResult to_regrade = earlier();  // and so is a grade with a test the grading could not check
  TestResult not_checked;
  not_checked.status = TestStatus::error;
  not_checked.message = "not checked: the profiler is busy";
  to_regrade.result.tests = {not_checked};
  EXPECT_FALSE(still_valid(to_regrade, earlier()));
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(Batch, DefaultJobsIsAtLeastOne) { EXPECT_GE(default_batch_jobs(), 1); }

// A stand-in for the grader each child runs: what it does depends on the student's folder name (the
// argument after --submission), and its arguments are those of `grader grade`.
constexpr const char* kStandIn = R"SH(#!/bin/sh
while [ $# -gt 0 ]; do
  case "$1" in --submission) submission=$2; shift ;; --output) output=$2; shift ;; esac
  shift
done
case "$(basename "$submission")" in
  crashes) echo "about to crash" >&2; kill -SEGV $$ ;;
  garbage) printf 'not a result' > "$output" ;;
  fails) echo "grader: internal error: something broke" >&2; exit 3 ;;
  *) printf '{"schema": "cuda-memory-kit/result/v1", "assignment": "matmul-naive", "score": 5, "max_score": 10,
             "tests": [{"name": "Width 1", "group": "small sizes", "category": "correctness", "status": "failed",
                        "score": 5, "max_score": 10}]}' > "$output" ;;
esac
)SH";

TEST(Batch, AGradingThatCrashesFailsOrWritesGarbageIsAnErrorAndTheBatchGoesOn) {
#ifndef KIT_HAVE_CPU_BACKEND
  GTEST_SKIP() << "the kit was built without the CPU backend, which this batch asks for";
#endif
  std::string pattern = (fs::temp_directory_path() / "kit-batch-test-XXXXXX").string();
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  const fs::path root = pattern;
  const std::string long_name(246, 'x');
  for (const std::string student : {"crashes", "garbage", "fails", "fine", "unsaved", long_name.c_str()}) {
    fs::create_directories(root / "class" / student);
    std::ofstream(root / "class" / student / "matmul_naive.cu") << "// " << student << "\n";
  }
  fs::create_directories(root / "class/nothing");
  // A result that cannot be written: its temporary file's name is taken by a folder.
  fs::create_directories(root / "out/results/unsaved.json.partial");
  std::ofstream(root / "grader.sh") << kStandIn;
  fs::permissions(root / "grader.sh", fs::perms::owner_all);
  BatchOptions o;
  o.assignment = "matmul-naive";
  o.submissions = (root / "class").string();
  o.out = (root / "out").string();
  o.backend = "cpu";
  o.jobs = 3;
  o.grader = (root / "grader.sh").string();
  std::size_t reported = 0;
  const BatchOutcome outcome = run_batch(o, [&](const BatchProgress& p) { reported = std::max(reported, p.done); });
  EXPECT_EQ(reported, 7u);
  ASSERT_EQ(outcome.results.size(), 7u);
  std::map<std::string, const ClassResult*> by_key;
  for (const ClassResult& r : outcome.results) by_key[r.key] = &r;
  EXPECT_EQ(by_key["fine"]->status, ClassStatus::graded) << by_key["fine"]->result.tests.at(0).message;
  EXPECT_DOUBLE_EQ(by_key["fine"]->result.score, 5);
  // A name too long for a file name is graded and saved under a safe one, and keeps its name.
  const ClassResult& long_one = *by_key[safe_file_name(long_name)];
  EXPECT_EQ(long_one.status, ClassStatus::graded);
  EXPECT_EQ(long_one.people.at(0).name, long_name);
  EXPECT_TRUE(fs::exists(root / "out/results" / (safe_file_name(long_name) + ".json")));
  // A result that cannot be saved is that student's error, and the batch goes on.
  EXPECT_EQ(by_key["unsaved"]->status, ClassStatus::error);
  EXPECT_NE(by_key["unsaved"]->result.tests.at(0).message.find("could not be saved"), std::string::npos);
  EXPECT_EQ(by_key["nothing"]->status, ClassStatus::no_submission);
  for (const char* broken : {"crashes", "garbage", "fails"}) {
    const ClassResult& r = *by_key[broken];
    EXPECT_EQ(r.status, ClassStatus::error) << broken;
    ASSERT_EQ(r.result.tests.size(), 1u);
    EXPECT_EQ(r.result.tests[0].status, TestStatus::error);
    EXPECT_DOUBLE_EQ(r.result.max_score, 100) << "the rubric's points, none earned";
  }
  EXPECT_NE(by_key["crashes"]->result.tests[0].message.find("signal 11"), std::string::npos);
  EXPECT_NE(by_key["crashes"]->result.tests[0].details.find("about to crash"), std::string::npos);
  EXPECT_NE(by_key["garbage"]->result.tests[0].message.find("not JSON"), std::string::npos);
  EXPECT_NE(by_key["fails"]->result.tests[0].message.find("exit code 3"), std::string::npos);
  EXPECT_NE(by_key["fails"]->result.tests[0].message.find("something broke"), std::string::npos);
  for (const char* key : {"crashes", "garbage", "fails", "fine", "nothing"})
    EXPECT_TRUE(fs::exists(root / "out/results" / (std::string(key) + ".json"))) << key;
  EXPECT_TRUE(fs::exists(root / "out/gradebook.csv"));
  EXPECT_TRUE(fs::exists(root / "out/summary.txt"));

  EXPECT_EQ(fs::status(root / "out/grading.key").permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);

  // Run again: the good results are kept; the errors, and a result edited since, are graded again.
  const fs::path fine = root / "out/results/fine.json";
  std::string text = read_text(fine);
  text.replace(text.find("\"score\": 5"), 11, "\"score\": 6");
  std::ofstream(fine, std::ios::binary | std::ios::trunc) << text;
  const BatchOutcome again = run_batch(o, {});
  EXPECT_EQ(again.kept, 1u);
  EXPECT_EQ(again.graded, 5u);
  std::error_code ignored;
  fs::remove_all(root, ignored);
}

// A class folder of students, each with a matmul-naive file, under a fresh temporary folder.
fs::path class_of(const std::vector<std::string>& students) {
  std::string pattern = (fs::temp_directory_path() / "kit-batch-regrade-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) return {};
  const fs::path root = pattern;
  for (const std::string& student : students) {
    fs::create_directories(root / "class" / student);
    std::ofstream(root / "class" / student / "matmul_naive.cu") << "// " << student << "\n";
  }
  return root;
}

BatchOptions options_for(const fs::path& root) {
  BatchOptions o;
  o.assignment = "matmul-naive";
  o.submissions = (root / "class").string();
  o.out = (root / "out").string();
  o.backend = "cpu";
  o.jobs = 3;
  return o;
}

// A way of grading that runs nothing: the n-th grading of a student (1, 2, ...) gets the one test `verdict`
// says, or no result at all for nullopt. It records the students and the jobs of each call.
struct FakeGrading {
  std::function<std::optional<TestStatus>(const std::string& key, int n)> verdict;
  std::map<std::string, int> times;
  std::vector<std::vector<std::string>> calls;
  std::vector<int> jobs;
  bool regrade_at_end = true;

  GradingMethod method() {
    GradingMethod m;
    m.choose_backend = [](const std::string&) { return std::make_pair(std::string("cpu"), std::string("asked for")); };
    m.grade = [this](const GradingWork& work, const FinishedGrading& finished) {
      calls.emplace_back();
      jobs.push_back(work.options->jobs);
      for (std::size_t i = 0; i < work.students.size(); ++i) {
        ClassResult& r = *work.results[i];
        calls.back().push_back(r.key);
        const std::optional<TestStatus> status = verdict(r.key, ++times[r.key]);
        if (!status) {
          mark_grading_error(r, "no result from the grading (killed by signal 9)", "");
        } else {
          TestResult t;
          t.name = "Width 1";
          t.group = "small sizes";
          t.status = *status;
          t.max_score = 10;
          t.score = *status == TestStatus::passed ? 10 : 0;
          t.message = *status == TestStatus::error ? "not checked: Nsight Compute failed (exit code 9)" : "right";
          r.result.tests = {t};
          r.result.score = t.score;
          r.status = ClassStatus::graded;
        }
        finished(r);
      }
      return std::vector<std::string>{};
    };
    m.regrade_at_end = regrade_at_end;
    return m;
  }
};

const ClassResult& result_of(const BatchOutcome& outcome, const std::string& key) {
  for (const ClassResult& r : outcome.results)
    if (r.key == key) return r;
  throw std::runtime_error("no result for " + key);
}

nlohmann::json saved(const fs::path& root, const std::string& key) {
  std::ifstream in(root / "out/results" / (key + ".json"));
  return nlohmann::json::parse(in);
}

TEST(Batch, StudentsToRegradeAreGradedAgainAtTheEndAloneAndTheNewResultReplacesTheFirst) {
  const fs::path root = class_of({"fine", "flaky", "broken-tool"});
  ASSERT_FALSE(root.empty());
  FakeGrading fake;
  // flaky: the profiler failed the first time only; broken-tool: every time.
  fake.verdict = [](const std::string& key, int n) -> std::optional<TestStatus> {
    if (key == "fine") return TestStatus::passed;
    if (key == "flaky") return n == 1 ? TestStatus::error : TestStatus::passed;
    return TestStatus::error;
  };
  std::vector<BatchProgress> regrade_progress;
  const BatchOutcome outcome = run_batch(options_for(root), [&](const BatchProgress& p) {
    if (p.regrade) regrade_progress.push_back(p);
  }, fake.method());

  ASSERT_EQ(fake.calls.size(), 2u);
  EXPECT_EQ(fake.calls[0], (std::vector<std::string>{"broken-tool", "fine", "flaky"}));
  EXPECT_EQ(fake.jobs[0], 3);
  EXPECT_EQ(fake.calls[1], (std::vector<std::string>{"broken-tool", "flaky"})) << "only those that need it";
  EXPECT_EQ(fake.jobs[1], 1) << "one at a time: nothing else contends for the GPU or the profiler";
  ASSERT_EQ(regrade_progress.size(), 2u);
  EXPECT_EQ(regrade_progress.back().done, 2u);
  EXPECT_EQ(regrade_progress.back().total, 2u);

  const ClassResult& flaky = result_of(outcome, "flaky");
  EXPECT_EQ(gradebook_status(flaky), "graded");
  EXPECT_DOUBLE_EQ(flaky.result.score, 10);
  EXPECT_EQ(saved(root, "flaky").at("tests")[0].at("status"), "passed") << "the new result is saved";
  EXPECT_EQ(saved(root, "flaky").at("regrade").at("needed"), false);
  const ClassResult& broken = result_of(outcome, "broken-tool");
  EXPECT_EQ(gradebook_status(broken), "regrade");
  EXPECT_DOUBLE_EQ(broken.result.score, 0);
  EXPECT_EQ(fake.times["fine"], 1);

  EXPECT_EQ(outcome.graded, 3u);
  EXPECT_EQ(outcome.regraded, 2u);
  EXPECT_EQ(outcome.to_regrade, 1u);
  const std::string summary = read_text(root / "out/summary.txt");
  EXPECT_NE(summary.find("regrade: 2 students had tests the grading could not check and were graded again at the "
                         "end, one at a time: 1 now checked in full, 1 still needs a regrade"),
            std::string::npos)
      << summary;
  EXPECT_NE(summary.find("broken-tool   0 / 100  regrade  Width 1: not checked: Nsight Compute failed (exit code 9)"),
            std::string::npos)
      << summary;
  const std::string gradebook = read_text(root / "out/gradebook.csv");
  EXPECT_NE(gradebook.find("broken-tool,,,0,100,0,regrade,"), std::string::npos) << gradebook;
  EXPECT_NE(gradebook.find("flaky,,,10,100,10,graded,"), std::string::npos) << gradebook;

  // Run again: the results that stand are kept; the one that still needs a regrade is graded again (and, still
  // not checked, once more at the end).
  const BatchOutcome again = run_batch(options_for(root), {}, fake.method());
  EXPECT_EQ(again.kept, 2u);
  EXPECT_EQ(again.graded, 1u);
  EXPECT_EQ(again.regraded, 1u);
  EXPECT_EQ(again.to_regrade, 1u);
  EXPECT_EQ(fake.times["broken-tool"], 4);
  EXPECT_EQ(fake.times["flaky"], 2);
  std::error_code ignored;
  fs::remove_all(root, ignored);
}

TEST(Batch, ARegradeThatEndsWithoutAResultLeavesTheFirstOne) {
  const fs::path root = class_of({"crashes-on-regrade"});
  ASSERT_FALSE(root.empty());
  FakeGrading fake;
  fake.verdict = [](const std::string&, int n) -> std::optional<TestStatus> {
    if (n == 1) return TestStatus::error;
    return std::nullopt;
  };
  const BatchOutcome outcome = run_batch(options_for(root), {}, fake.method());
  EXPECT_EQ(fake.times["crashes-on-regrade"], 2);
  const ClassResult& r = result_of(outcome, "crashes-on-regrade");
  EXPECT_EQ(r.status, ClassStatus::graded);
  EXPECT_EQ(gradebook_status(r), "regrade");
  EXPECT_EQ(saved(root, "crashes-on-regrade").at("batch").at("status"), "graded");
  EXPECT_EQ(outcome.regraded, 1u);
  EXPECT_EQ(outcome.to_regrade, 1u);
  EXPECT_NE(read_text(root / "out/summary.txt").find("0 now checked in full, 1 still needs a regrade"),
            std::string::npos);
  std::error_code ignored;
  fs::remove_all(root, ignored);
}

// A Slurm batch leaves the regrade to its tasks: the submitting side grades nothing again, and says how many
// still need one.
TEST(Batch, AWayOfGradingThatRegradesInItsTasksIsNotAskedAgain) {
  const fs::path root = class_of({"alice", "bob"});
  ASSERT_FALSE(root.empty());
  FakeGrading fake;
  fake.regrade_at_end = false;
  fake.verdict = [](const std::string& key, int) -> std::optional<TestStatus> {
    return key == "bob" ? TestStatus::error : TestStatus::passed;
  };
  const BatchOutcome outcome = run_batch(options_for(root), {}, fake.method());
  EXPECT_EQ(fake.calls.size(), 1u);
  EXPECT_EQ(outcome.regraded, 0u);
  EXPECT_EQ(outcome.to_regrade, 1u);
  EXPECT_NE(read_text(root / "out/summary.txt").find("regrade: 1 student still needs a regrade"), std::string::npos);
  std::error_code ignored;
  fs::remove_all(root, ignored);
}

TEST(Batch, TheRegradeNoteIsEmptyWhenEveryTestWasChecked) {
  BatchOutcome outcome;
  EXPECT_EQ(regrade_note(outcome), "");
  outcome.regraded = 3;
  EXPECT_EQ(regrade_note(outcome), "regrade: 3 students had tests the grading could not check and were graded again "
                                   "at the end, one at a time: 3 now checked in full, 0 still need a regrade.");
}

}  // namespace
}  // namespace kit
