// A batch's leaderboard: each graded student's throughput under a pseudonym, ranked, with the kernels
// the rubric compares them against (the reference, the naive kernel) as rows of their own, and a gnuplot
// script that draws the class against them. Written beside the gradebook when the batch measured any
// throughput (a GPU batch); the CPU backend measures none.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "class/gradebook.h"

namespace kit {

struct LeaderboardRow {
  std::string name;                      // a pseudonym
  double value = 0;                      // in the leaderboard's metric
  std::map<std::string, double> ratios;  // by performance test: the student's throughput over the baseline's
};

struct Leaderboard {
  std::string metric;  // "GFLOP/s"
  bool higher_is_better = true;
  std::vector<std::string> tests;      // the performance tests, in the rubric's order
  std::vector<LeaderboardRow> students;  // best first
  // Per performance test, the median over the class of its baseline's throughput (timed beside each student).
  std::vector<std::pair<std::string, double>> baselines;
  bool empty() const { return students.empty(); }
};

// "student-" and 8 hex digits of SHA-256(salt, key): the same student keeps the same name across
// reruns of one batch (same salt), and nobody can tell whose it is without the salt.
std::string pseudonym(const std::string& key, const std::string& salt);

// The batch's secret for pseudonyms, in `batch_dir`/leaderboard-salt: made the first time, then kept, so that
// a student keeps their pseudonym across reruns of the batch and in its class report.
std::string leaderboard_salt(const std::string& batch_dir);

// The graded students with a throughput in the first result's leaderboard metric.
Leaderboard make_leaderboard(const std::vector<ClassResult>& results, const std::string& salt);

// CSV: rank, name, the metric, one "ratio: <performance test>" column per test; then each baseline as a
// row named "baseline: <test>" without a rank.
std::string render_leaderboard_csv(const Leaderboard& board);

// `text` as a gnuplot single-quoted string (a quote doubled): for the kit's own names in a plot script.
std::string gnuplot_text(const std::string& text);

// A gnuplot script that reads `csv` (as render_leaderboard_csv wrote it) and draws `png`: the students'
// throughputs as bars, best first, and each baseline as a labelled horizontal line.
std::string leaderboard_plot_script(const Leaderboard& board, const std::string& csv, const std::string& png);

}  // namespace kit
