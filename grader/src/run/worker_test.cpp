#include "run/worker.h"

#include <gtest/gtest.h>

#include <type_traits>

namespace kit {
namespace {

TEST(Worker, IsMovedNeverCopied) {
  static_assert(!std::is_copy_constructible_v<Worker>);
  static_assert(std::is_move_constructible_v<Worker>);
}

TEST(Worker, ABesideWorkerSharesTheHelpersAndWhatWasLearnedButNotTheEvidence) {
  Worker grading;
  grading.work_dir = "/work";
  grading.learned.builds["student-fast"].ok = true;
  grading.evidence.kernels_recorded = true;
  grading.shared_builds = std::make_shared<SharedBuilds>();
  const Worker w = worker_beside(grading, "w1-");
  EXPECT_EQ(w.work_dir, "/work");
  EXPECT_EQ(w.scratch_prefix, "w1-");
  EXPECT_TRUE(w.learned.builds.at("student-fast").ok);
  EXPECT_EQ(w.shared_builds, grading.shared_builds);
  EXPECT_FALSE(w.evidence.kernels_recorded);
}

TEST(Worker, AJoiningWorkerAddsWhatItLearnedAndKeepsTheGradingsOwn) {
  Worker grading;
  grading.learned.knob_checks["TILE_WIDTH=8"] = "";
  credit_kernels(grading.evidence, {"Small"}, 16);
  Worker done;
  done.learned.knob_checks["TILE_WIDTH=8"] = "redefined";
  done.learned.knob_checks["TILE_WIDTH=32"] = "";
  credit_kernels(done.evidence, {"Large"}, 1024);
  done.evidence.kernels_recorded = true;
  done.evidence.host_code_runs.push_back({"matmul", "n 4", {4}, {}});
  done.stages.add({{"correctness runs", 2.0}});
  join_worker(grading, std::move(done));
  EXPECT_EQ(grading.learned.knob_checks.at("TILE_WIDTH=8"), "");
  EXPECT_EQ(grading.learned.knob_checks.count("TILE_WIDTH=32"), 1u);
  EXPECT_EQ(grading.evidence.launched_kernels, (std::set<std::string>{"Large"}));
  EXPECT_TRUE(grading.evidence.kernels_recorded);
  EXPECT_EQ(grading.evidence.host_code_runs.size(), 1u);
  EXPECT_DOUBLE_EQ(grading.stages.seconds().at("correctness runs"), 2.0);
}

TEST(CorrectnessEvidence, KeepsAtMostTheHostCodeRunsItsChecksJudge) {
  CorrectnessEvidence into;
  CorrectnessEvidence from;
  from.host_code_runs.resize(kMaxHostCodeRuns + 1);
  merge_evidence(into, std::move(from));
  EXPECT_EQ(into.host_code_runs.size(), kMaxHostCodeRuns);
}

}  // namespace
}  // namespace kit
