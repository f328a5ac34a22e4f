#include "kit/batch.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace kit {
namespace {

namespace fs = std::filesystem;

ClassResult earlier() {
  ClassResult r;
  r.key = "alice";
  r.result.assignment = "matmul-naive";
  r.submission_sha256 = {{"matmul_naive.cu", "aaaa"}};
  r.backend = "cpu";
  return r;
}

TEST(Batch, AnEarlierResultStandsOnlyForTheSameFilesSeedAndBackend) {
  const std::map<std::string, std::string> same = {{"matmul_naive.cu", "aaaa"}};
  EXPECT_TRUE(still_valid(earlier(), "matmul-naive", same, "", "cpu"));
  EXPECT_FALSE(still_valid(earlier(), "matmul-tiled", same, "", "cpu"));
  EXPECT_FALSE(still_valid(earlier(), "matmul-naive", {{"matmul_naive.cu", "bbbb"}}, "", "cpu"));
  EXPECT_FALSE(still_valid(earlier(), "matmul-naive", same, "7", "cpu"));
  EXPECT_FALSE(still_valid(earlier(), "matmul-naive", same, "", "cuda"));
  EXPECT_FALSE(still_valid(earlier(), "matmul-naive", {}, "", "cpu"));
  ClassResult error = earlier();
  error.status = ClassStatus::error;  // an error of the kit's is tried again
  EXPECT_FALSE(still_valid(error, "matmul-naive", same, "", "cpu"));
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
  for (const char* student : {"crashes", "garbage", "fails", "fine"}) {
    fs::create_directories(root / "class" / student);
    std::ofstream(root / "class" / student / "matmul_naive.cu") << "// " << student << "\n";
  }
  fs::create_directories(root / "class/nothing");
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
  EXPECT_EQ(reported, 5u);
  ASSERT_EQ(outcome.results.size(), 5u);
  std::map<std::string, const ClassResult*> by_key;
  for (const ClassResult& r : outcome.results) by_key[r.key] = &r;
  EXPECT_EQ(by_key["fine"]->status, ClassStatus::graded) << by_key["fine"]->result.tests.at(0).message;
  EXPECT_DOUBLE_EQ(by_key["fine"]->result.score, 5);
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

  // Run again: the good result is kept; the errors are tried again.
  const BatchOutcome again = run_batch(o, {});
  EXPECT_EQ(again.kept, 1u);
  EXPECT_EQ(again.graded, 3u);
  std::error_code ignored;
  fs::remove_all(root, ignored);
}

}  // namespace
}  // namespace kit
