#include "class/leaderboard.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "util/csv.h"
#include "util/sha256.h"

namespace kit {
namespace {

std::string number_text(double v) {
  std::ostringstream out;
  out.precision(6);
  out << v;
  return out.str();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The baseline's throughput a performance test recorded ("baseline_gflops", "baseline_gbps"), if any.
bool baseline_throughput(const TestResult& t, double* value) {
  for (const auto& [name, v] : t.metrics)
    if (name.rfind("baseline_", 0) == 0 && name != "baseline_median_ms" && std::isfinite(v) && v > 0) {
      *value = v;
      return true;
    }
  return false;
}

}  // namespace

std::string pseudonym(const std::string& key, const std::string& salt) {
  return "student-" + sha256_hex(salt + "\n" + key).substr(0, 8);
}

std::string leaderboard_salt(const std::string& batch_dir) {
  const std::string path = batch_dir + "/leaderboard-salt";
  std::ifstream in(path);
  std::string salt;
  if (in >> salt && salt.size() == 32) return salt;
  std::random_device random;
  static const char* hex = "0123456789abcdef";
  salt.clear();
  for (int i = 0; i < 32; ++i) salt += hex[random() % 16];
  write_file_whole(path, salt + "\n");
  return salt;
}

Leaderboard make_leaderboard(const std::vector<ClassResult>& results, const std::string& salt) {
  Leaderboard board;
  std::map<std::string, std::vector<double>> baselines;
  for (const ClassResult& r : results) {
    if (r.status != ClassStatus::graded || r.result.leaderboard.empty()) continue;
    const LeaderboardEntry& entry = r.result.leaderboard.front();
    if (!std::isfinite(entry.value) || entry.value <= 0) continue;
    if (board.metric.empty()) board.metric = entry.name, board.higher_is_better = entry.higher_is_better;
    if (entry.name != board.metric) continue;
    LeaderboardRow row{pseudonym(r.key, salt), entry.value, {}};
    for (const TestResult& t : r.result.tests) {
      if (t.category != TestCategory::performance) continue;
      if (std::find(board.tests.begin(), board.tests.end(), t.name) == board.tests.end()) board.tests.push_back(t.name);
      const auto ratio = t.metrics.find("ratio");
      if (ratio != t.metrics.end() && std::isfinite(ratio->second)) row.ratios[t.name] = ratio->second;
      double b = 0;
      if (baseline_throughput(t, &b)) baselines[t.name].push_back(b);
    }
    board.students.push_back(std::move(row));
  }
  std::stable_sort(board.students.begin(), board.students.end(), [&](const LeaderboardRow& a, const LeaderboardRow& b) {
    return board.higher_is_better ? a.value > b.value : a.value < b.value;
  });
  for (const std::string& t : board.tests)
    if (const auto found = baselines.find(t); found != baselines.end()) board.baselines.emplace_back(t, median(found->second));
  return board;
}

std::string render_leaderboard_csv(const Leaderboard& board) {
  // Lines end in "\n" alone: gnuplot reads this file too (leaderboard_plot_script).
  std::string csv = "rank,name," + csv_text(board.metric);
  for (const std::string& t : board.tests) csv += "," + csv_text("ratio: " + t);
  csv += "\n";
  for (std::size_t i = 0; i < board.students.size(); ++i) {
    const LeaderboardRow& row = board.students[i];
    csv += std::to_string(i + 1) + "," + csv_text(row.name) + "," + csv_number(number_text(row.value));
    for (const std::string& t : board.tests) {
      const auto found = row.ratios.find(t);
      csv += "," + (found == row.ratios.end() ? std::string() : csv_number(number_text(found->second)));
    }
    csv += "\n";
  }
  for (const auto& [test, value] : board.baselines)
    csv += "," + csv_text("baseline: " + test) + "," + csv_number(number_text(value)) +
           std::string(board.tests.size(), ',') + "\n";
  return csv;
}

std::string gnuplot_text(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("''") : std::string(1, c);
  return quoted + "'";
}

std::string leaderboard_plot_script(const Leaderboard& board, const std::string& csv, const std::string& png) {
  std::string s = "# Draws " + png + " from " + csv + ": gnuplot " + png.substr(0, png.find_last_of('.')) + ".gp\n";
  s += "set datafile separator ','\n";
  s += "set terminal pngcairo size 1200,600\n";
  s += "set output " + gnuplot_text(png) + "\n";
  s += "set title 'The class against its baselines'\n";
  s += "set ylabel " + gnuplot_text(board.metric) + "\n";
  // The range is set so that a baseline above every student still shows.
  double top = 0;
  for (const LeaderboardRow& row : board.students) top = std::max(top, row.value);
  for (const auto& baseline : board.baselines) top = std::max(top, baseline.second);
  s += "set yrange [0:" + number_text(1.15 * top) + "]\n";
  s += "set style fill solid 0.6\nset boxwidth 0.8\nset xtics rotate by 60 right\nunset key\n";
  for (const auto& [test, value] : board.baselines) {
    s += "set arrow from graph 0, first " + number_text(value) + " to graph 1, first " + number_text(value) +
         " nohead lw 2 front\n";
    s += "set label " + gnuplot_text("baseline: " + test) + " at graph 0.99, first " + number_text(value) +
         " right front offset 0,0.7\n";
  }
  // The students' rows are the first ones after the header: the baselines' rows follow them.
  s += "plot " + gnuplot_text(csv) + " every ::1::" + std::to_string(board.students.size()) +
       " using 0:3:xtic(2) with boxes\n";
  return s;
}

}  // namespace kit
