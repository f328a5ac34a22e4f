// Tests of the batch's leaderboard: ranked by the metric, under pseudonyms, baselines as the median of
// what was timed beside each student, and nothing for a class without a measured throughput.
#include "class/leaderboard.h"

#include <cmath>

#include <gtest/gtest.h>

namespace kit {
namespace {

ClassResult graded(const std::string& key, double gflops, double reference_gflops, double naive_gflops) {
  ClassResult r;
  r.key = key;
  r.result.leaderboard = {{"GFLOP/s", gflops, true}};
  TestResult against_reference;
  against_reference.name = "throughput against the reference";
  against_reference.category = TestCategory::performance;
  against_reference.metrics = {{"gflops", gflops}, {"baseline_gflops", reference_gflops},
                               {"baseline_median_ms", 16.8}, {"ratio", gflops / reference_gflops}};
  TestResult against_naive = against_reference;
  against_naive.name = "throughput against the naive kernel";
  against_naive.metrics = {{"gflops", gflops}, {"baseline_gflops", naive_gflops}, {"ratio", gflops / naive_gflops}};
  r.result.tests = {against_reference, against_naive};
  return r;
}

TEST(Leaderboard, RanksTheClassUnderPseudonymsAgainstItsBaselines) {
  ClassResult error = graded("crashed", 9000, 8000, 5000);
  error.status = ClassStatus::error;
  ClassResult cpu;  // graded on the CPU backend: no throughput
  cpu.key = "cpu";
  const std::vector<ClassResult> results = {graded("alice", 4000, 8000, 5000), graded("bob", 8000, 8200, 5100),
                                            graded("carol", 6000, 8100, 4900), error, cpu};
  const Leaderboard board = make_leaderboard(results, "salt");
  ASSERT_EQ(board.students.size(), 3u);
  EXPECT_EQ(board.students[0].name, pseudonym("bob", "salt"));
  EXPECT_EQ(board.students[2].name, pseudonym("alice", "salt"));
  EXPECT_EQ(render_leaderboard_csv(board),
            "rank,name,GFLOP/s,ratio: throughput against the reference,ratio: throughput against the naive kernel\n"
            "1," + pseudonym("bob", "salt") + ",8000,0.97561,1.56863\n"
            "2," + pseudonym("carol", "salt") + ",6000,0.740741,1.22449\n"
            "3," + pseudonym("alice", "salt") + ",4000,0.5,0.8\n"
            ",baseline: throughput against the reference,8100,,\n"
            ",baseline: throughput against the naive kernel,5000,,\n");
  const std::string plot = leaderboard_plot_script(board, "leaderboard.csv", "leaderboard.png");
  EXPECT_NE(plot.find("set output 'leaderboard.png'"), std::string::npos);
  EXPECT_NE(plot.find("first 8100 to graph 1, first 8100 nohead lw 2 front"), std::string::npos);
  EXPECT_NE(plot.find("every ::1::3 using 0:3:xtic(2) with boxes"), std::string::npos);
}

TEST(Leaderboard, PseudonymsHideTheKeyAndChangeWithTheSalt) {
  const std::string name = pseudonym("Doe, Jane", "a");
  EXPECT_EQ(name.rfind("student-", 0), 0u);
  EXPECT_EQ(name.size(), 16u);
  EXPECT_EQ(name.find("Doe"), std::string::npos);
  EXPECT_EQ(name, pseudonym("Doe, Jane", "a"));
  EXPECT_NE(name, pseudonym("Doe, Jane", "b"));
}

TEST(Leaderboard, AClassWithoutThroughputHasNone) {
  ClassResult cpu;
  cpu.key = "cpu";
  EXPECT_TRUE(make_leaderboard({cpu}, "s").empty());
  EXPECT_TRUE(make_leaderboard({graded("x", std::nan(""), 1, 1)}, "s").empty());
}

}  // namespace
}  // namespace kit
