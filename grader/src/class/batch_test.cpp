#include "class/batch.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "class/safe_file_name.h"

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

}  // namespace
}  // namespace kit
