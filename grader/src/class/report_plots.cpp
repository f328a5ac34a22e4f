#include "class/report_plots.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "class/leaderboard.h"
#include "os/process.h"
#include "util/text.h"

namespace fs = std::filesystem;

namespace kit {
namespace {

constexpr int kScoreBins = 10;  // tenths of the points

std::string plot_number(double v) {
  std::ostringstream out;
  out.precision(6);
  out << v;
  return out.str();
}

std::string terminal_lines(const std::string& svg_file) {
  return "set terminal svg size 760,320 dynamic font 'sans,12' background rgb 'white'\n"
         "set output " + gnuplot_text(svg_file) + "\n"
         "set style fill solid 0.75 border -1\nset boxwidth 0.8\nunset key\nset grid ytics\n";
}

// The <svg> element of an SVG file gnuplot wrote: the XML declaration and doctype cannot sit inside HTML.
std::string svg_element(const std::string& file) {
  const std::string text = read_text_file(file);
  const std::size_t start = text.find("<svg");
  const std::size_t end = text.rfind("</svg>");
  if (start == std::string::npos || end == std::string::npos || end < start) return "";
  return text.substr(start, end + 6 - start);
}

}  // namespace

std::string score_plot_script(const ClassReport& report, const std::string& svg_file) {
  std::vector<int> bins(kScoreBins, 0);
  for (const ReportStudent& s : report.roster) {
    if (s.status != "graded" && s.status != "regrade") continue;
    const double share = s.max_score > 0 ? s.score / s.max_score : 0;
    bins[std::clamp(static_cast<int>(share * kScoreBins), 0, kScoreBins - 1)]++;
  }
  std::string s = "$scores << EOD\n";
  for (int i = 0; i < kScoreBins; ++i)
    s += "\"" + std::to_string(i * 100 / kScoreBins) + "-" + std::to_string((i + 1) * 100 / kScoreBins) + "%\" " +
         std::to_string(bins[i]) + "\n";
  s += "EOD\n" + terminal_lines(svg_file);
  s += "set title 'Scores of the graded students'\nset xlabel 'share of the points'\nset ylabel 'students'\n";
  s += "set yrange [0:*]\nset ytics 1\n";
  s += "plot $scores using 0:2:xtic(1) with boxes lc rgb '#4a78b5'\n";
  return s;
}

std::string throughput_plot_script(const ThroughputSpread& spread, const std::string& svg_file) {
  std::string s = "$throughput << EOD\n";
  for (std::size_t i = 0; i < spread.students.size(); ++i)
    s += std::to_string(i + 1) + " " + plot_number(spread.students[i]) + "\n";
  s += "EOD\n" + terminal_lines(svg_file);
  s += "set title " + gnuplot_text(spread.test) + " noenhanced\n";
  s += "set xlabel 'students, fastest first'\nset ylabel " + gnuplot_text(spread.unit) + "\n";
  // The range is set so that a baseline above every student still shows.
  double top = spread.baseline;
  for (double v : spread.students) top = std::max(top, v);
  s += "set yrange [0:" + plot_number(1.15 * top) + "]\nset xrange [0.3:" + std::to_string(spread.students.size()) + ".7]\n";
  if (spread.students.size() <= 40) s += "set xtics 1\n";
  if (spread.baseline > 0) {
    s += "set arrow from graph 0, first " + plot_number(spread.baseline) + " to graph 1, first " +
         plot_number(spread.baseline) + " nohead lw 2 lc rgb '#c0392b' front\n";
    s += "set label " + gnuplot_text("baseline (median): " + plot_number(spread.baseline) + " " + spread.unit) +
         " at graph 0.99, first " + plot_number(spread.baseline) + " right front offset 0,0.7 noenhanced\n";
  }
  s += "plot $throughput using 1:2 with boxes lc rgb '#4a78b5'\n";
  return s;
}

ReportPlots draw_report_plots(const ClassReport& report, const std::string& work_dir) {
  ReportPlots plots;
  std::error_code ec;
  fs::create_directories(work_dir, ec);
  int n = 0;
  auto draw = [&](const std::string& title, auto make_script) {
    ReportPlot plot{title, ""};
    const std::string base = (fs::path(work_dir) / ("plot-" + std::to_string(n++))).string();
    {
      std::ofstream script(base + ".gp");
      script << make_script(base + ".svg");
    }
    ProcessRequest request;
    request.argv = {"gnuplot", base + ".gp"};
    request.timeout_s = 30;
    const ProcessResult p = run_process(request);
    if (p.ok()) plot.svg = svg_element(base + ".svg");
    else if (plots.note.empty())
      plots.note = !p.start_error.empty()
                       ? "no pictures: gnuplot could not be started (" + p.start_error + "); install it (Debian: apt-get install gnuplot-nox)"
                       : "a picture could not be drawn: gnuplot failed: " + last_lines(p.err, 3);
    fs::remove(base + ".gp", ec);
    fs::remove(base + ".svg", ec);
    return plot;
  };
  plots.scores = draw("Scores", [&](const std::string& svg) { return score_plot_script(report, svg); });
  for (const ThroughputSpread& spread : report.throughput)
    plots.throughput.push_back(draw(spread.test, [&](const std::string& svg) { return throughput_plot_script(spread, svg); }));
  return plots;
}

}  // namespace kit
