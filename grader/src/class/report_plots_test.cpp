// Tests of the class report's pictures: the gnuplot scripts hold the class's numbers and no student's
// name, and, where gnuplot is installed, draw SVG that can sit inside the page.
#include "class/report_plots.h"

#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

namespace kit {
namespace {

ClassReport scored_class() {
  ClassReport r;
  r.roster = {{"alice-real-name", "graded", 10, 10}, {"b", "graded", 9.5, 10}, {"c", "graded", 1, 10},
              {"d", "no submission", 0, 10}, {"e", "regrade", 4, 10}};
  r.throughput = {{"padded transpose against the reference", "GB/s", {400, 300, 200}, {0.4, 0.3, 0.2}, 950}};
  return r;
}

TEST(ReportPlots, ScoreScriptCountsTheGradedStudentsPerTenth) {
  const std::string script = score_plot_script(scored_class(), "out.svg");
  EXPECT_NE(script.find("\"90-100%\" 2\n"), std::string::npos) << script;
  EXPECT_NE(script.find("\"10-20%\" 1\n"), std::string::npos);
  EXPECT_NE(script.find("\"40-50%\" 1\n"), std::string::npos);  // a regrade is graded, its score so far
  EXPECT_NE(script.find("\"0-10%\" 0\n"), std::string::npos);   // no submission is not a score
  EXPECT_NE(script.find("set output 'out.svg'"), std::string::npos);
  EXPECT_EQ(script.find("alice"), std::string::npos);
}

TEST(ReportPlots, ThroughputScriptDrawsTheBaselineAsALine) {
  const std::string script = throughput_plot_script(scored_class().throughput[0], "t.svg");
  EXPECT_NE(script.find("1 400\n2 300\n3 200\n"), std::string::npos) << script;
  EXPECT_NE(script.find("first 950 to graph 1, first 950 nohead"), std::string::npos);
  EXPECT_NE(script.find("set ylabel 'GB/s'"), std::string::npos);
}

TEST(ReportPlots, DrawsSvgWithGnuplot) {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) GTEST_SKIP() << "gnuplot is not installed";
  const std::string dir = (std::filesystem::temp_directory_path() / "kit-report-plots-test").string();
  const ReportPlots plots = draw_report_plots(scored_class(), dir);
  EXPECT_EQ(plots.note, "");
  EXPECT_EQ(plots.scores.svg.rfind("<svg", 0), 0u);
  EXPECT_NE(plots.scores.svg.find("</svg>"), std::string::npos);
  ASSERT_EQ(plots.throughput.size(), 1u);
  EXPECT_EQ(plots.throughput[0].svg.find("<script"), std::string::npos);
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kit
