// The pictures of a class report, drawn by gnuplot (the tool the leaderboard's script is written for) as
// SVG, to be put inside the report's page: the score distribution, and per performance test the class's
// throughput against the median of the baseline timed beside each student.
#pragma once

#include <string>
#include <vector>

#include "class/class_report.h"

namespace kit {

struct ReportPlot {
  std::string title;
  std::string svg;  // the <svg> element alone, to put inside HTML; empty when it could not be drawn
};

struct ReportPlots {
  ReportPlot scores;
  std::vector<ReportPlot> throughput;  // in report.throughput's order
  std::string note;  // why some picture is missing ("gnuplot is not installed ..."), else empty
};

// gnuplot scripts, each with its data inline, that draw SVG to `svg_file`. Names in them are the
// rubric's and the kit's, never a student's: the pictures show counts and throughputs only.
std::string score_plot_script(const ClassReport& report, const std::string& svg_file);
std::string throughput_plot_script(const ThroughputSpread& spread, const std::string& svg_file);

// Draws every picture with the `gnuplot` found on PATH, in `work_dir` (which it leaves empty of its files).
ReportPlots draw_report_plots(const ClassReport& report, const std::string& work_dir);

}  // namespace kit
