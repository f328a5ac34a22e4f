#include "reports/report_text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "reports/report_test_sample.h"
#include "result/regrade.h"

namespace kit {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

size_t columns_of(const std::string& text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// The line that starts with `prefix`; fails the test when there is none.
std::string line_starting(const std::string& text, const std::string& prefix) {
  for (const std::string& line : lines_of(text)) {
    if (line.rfind(prefix, 0) == 0) return line;
  }
  ADD_FAILURE() << "no line starts with \"" << prefix << "\" in:\n" << text;
  return "";
}

// "   0 / 22.5" at the end of a line, whatever the padding.
bool ends_with_points(const std::string& line, const std::string& score, const std::string& max_score) {
  const std::regex pattern(".*\\S  + *" + std::regex_replace(score, std::regex("\\."), "\\.") + " / +" +
                           std::regex_replace(max_score, std::regex("\\."), "\\.") + "$");
  return std::regex_match(line, pattern);
}

TEST(FormatPoints, DropsTrailingZerosAndKeepsAtMostTwoDecimals) {
  EXPECT_EQ(format_points(20), "20");
  EXPECT_EQ(format_points(7.5), "7.5");
  EXPECT_EQ(format_points(30.0 / 7.0), "4.29");
  EXPECT_EQ(format_points(0.1 + 0.2), "0.3");
  EXPECT_EQ(format_points(0), "0");
  EXPECT_EQ(format_points(-0.001), "0");
  EXPECT_EQ(format_points(-2.5), "-2.5");
  EXPECT_EQ(format_points(1000000), "1000000");
  EXPECT_EQ(format_points(std::nan("")), "?");
}

TEST(TextReport, HeaderNamesAssignmentBackendDeviceAndScore) {
  const std::string text = render_text(report_samples::gpu_result(), false);
  EXPECT_EQ(lines_of(text).front(), "matmul-tiled — backend cuda (NVIDIA H100 80GB HBM3) — 55.36 / 97.5");
}

TEST(TextReport, APerformanceTestSaysWhatItsTimeMeansAndWhereItsRooflineIs) {
  GradeResult result = report_samples::gpu_result();
  TestResult& perf = *std::find_if(result.tests.begin(), result.tests.end(),
                                   [](const TestResult& t) { return t.category == TestCategory::performance; });
  ASSERT_EQ(perf.status, TestStatus::passed);
  perf.explanation = std::string("Your kernel does 137 GFLOP in 16.7 ms: 8,230 GFLOP/s, 12% of NVIDIA H200's FP32 peak of ") +
                     "66,908 GFLOP/s. Its arithmetic intensity is 683 FLOP per byte of the least traffic it needs.";
  perf.pictures = {"grader-pictures/roofline.png"};
  const std::vector<std::string> lines = lines_of(render_text(result, true));
  const auto first = std::find_if(lines.begin(), lines.end(),
                                  [](const std::string& l) { return l.find("Your kernel does 137 GFLOP") != std::string::npos; });
  ASSERT_NE(first, lines.end());
  // Broken between words to at most 100 characters after the indent, the rest on the next line.
  EXPECT_LE(first->size(), 130u);
  EXPECT_NE((first + 1)->find("FLOP per byte of the least traffic it needs."), std::string::npos) << *(first + 1);
  EXPECT_NE((first + 2)->find("pictures: grader-pictures/roofline.png"), std::string::npos) << *(first + 2);
}

TEST(TextReport, SectionsInOrderWithSubtotals) {
  const std::string text = render_text(report_samples::gpu_result(), false);
  const size_t build = text.find("\nbuild ");
  const size_t correctness = text.find("\ncorrectness ");
  const size_t performance = text.find("\nperformance ");
  const size_t technique = text.find("\ntechnique ");
  ASSERT_NE(build, std::string::npos);
  EXPECT_LT(build, correctness);
  EXPECT_LT(correctness, performance);
  EXPECT_LT(performance, technique);
  EXPECT_TRUE(ends_with_points(line_starting(text, "build "), "0", "0"));
  EXPECT_TRUE(ends_with_points(line_starting(text, "correctness "), "27.5", "57.5"));
  EXPECT_TRUE(ends_with_points(line_starting(text, "performance "), "22.86", "30"));
  EXPECT_TRUE(ends_with_points(line_starting(text, "technique "), "5", "10"));
}

TEST(TextReport, NoBuildSectionWithoutBuildTests) {
  const std::string text = render_text(report_samples::cpu_result(), false);
  EXPECT_EQ(text.find("\nbuild"), std::string::npos);
}

TEST(TextReport, GroupsWithSubtotalsAndTestLines) {
  const std::string text = render_text(report_samples::gpu_result(), false);
  EXPECT_TRUE(ends_with_points(line_starting(text, "  multiples of the tile "), "20", "20"));
  EXPECT_TRUE(ends_with_points(line_starting(text, "  not a multiple of the tile "), "0", "22.5"));
  // The sample has a test to regrade: every status word gets the room "REGRADE" needs.
  EXPECT_TRUE(ends_with_points(line_starting(text, "    ok      Width 16 — 256 of 256 elements right"), "10", "10"));
  EXPECT_TRUE(ends_with_points(line_starting(text, "    FAIL    Width 17 — 33 of 289 elements wrong"), "0", "15"));
  EXPECT_TRUE(ends_with_points(line_starting(text, "    REGRADE Width 1000"), "0", "7.5"));
  // A group named like its section is not repeated under it.
  EXPECT_TRUE(ends_with_points(line_starting(text, "  ok      uses shared memory — 2048 bytes per block"), "5", "5"));
  // Its message no longer fits beside it.
  EXPECT_TRUE(ends_with_points(line_starting(text, "  skip    no bank conflicts"), "0", "5"));
  EXPECT_EQ(text.find("\n  technique"), std::string::npos);
}

TEST(TextReport, PointsAlignInOneColumn) {
  for (const GradeResult& result : {report_samples::gpu_result(), report_samples::cpu_result()}) {
    const std::string text = render_text(result, false);
    const std::regex points_at_end(".*\\S  +[0-9.]+ / +[0-9.]+$");
    std::vector<size_t> ends;
    std::vector<size_t> slashes;
    for (const std::string& line : lines_of(text)) {
      if (!std::regex_match(line, points_at_end)) continue;
      ends.push_back(columns_of(line));
      slashes.push_back(columns_of(line.substr(0, line.rfind(" / "))));
    }
    ASSERT_GE(ends.size(), 6u) << text;
    EXPECT_EQ(std::count(ends.begin(), ends.end(), ends.front()), static_cast<long>(ends.size())) << text;
    EXPECT_EQ(std::count(slashes.begin(), slashes.end(), slashes.front()), static_cast<long>(slashes.size()))
        << text;
  }
}

TEST(TextReport, FailingTestsShowTheirDetailsIndentedAndIntact) {
  const std::string text = render_text(report_samples::gpu_result(), false);
  const std::vector<std::string> lines = lines_of(text);
  const auto fail = std::find_if(lines.begin(), lines.end(),
                                 [](const std::string& line) { return line.find("FAIL    Width 17") != std::string::npos; });
  ASSERT_NE(fail, lines.end());
  const size_t name_column = fail->find("Width 17");
  const std::string indent(name_column, ' ');
  ASSERT_LT(fail + 4, lines.end());
  EXPECT_EQ(*(fail + 1), indent + "first wrong: P[16][0] expected 3.0625, got 2.8125");
  EXPECT_EQ(*(fail + 2), indent + "wrong output tiles (16x16):");
  EXPECT_EQ(*(fail + 3), indent + "  . X");
  EXPECT_EQ(*(fail + 4), indent + "  X X");
  // Tabs inside details are kept; a test to regrade shows its message and details under its line too.
  EXPECT_NE(text.find(indent + "not checked: the sandbox could not reach /dev/nvidia-uvm\n" + indent +
                      "bwrap: Can't bind mount /dev/nvidia-uvm: No such file or directory\n" + indent +
                      "\tthe runner did not start\n"),
            std::string::npos)
      << text;
}

TEST(TextReport, AFailedPictureTestNamesItsPicturesAfterItsDetails) {
  GradeResult result = report_samples::gpu_result();
  result.tests[3].pictures = {"p/t-output.pgm", "p/t-expected.pgm", "p/t-difference.pgm", "p/t-never-written.pgm"};
  const std::vector<std::string> lines = lines_of(render_text(result, false));
  const auto tiles = std::find_if(lines.begin(), lines.end(),
                                  [](const std::string& line) { return line.find("  X X") != std::string::npos; });
  ASSERT_NE(tiles, lines.end());
  const auto pictures = std::find_if(tiles, lines.end(), [](const std::string& line) {
    return line.find("pictures: p/t-{output,expected,difference,never-written}.pgm") != std::string::npos;
  });
  EXPECT_NE(pictures, lines.end());
}

TEST(TextReport, PassingAndSkippedTestsHideTheirDetails) {
  GradeResult result = report_samples::cpu_result();
  result.tests[0].details = "details of a passing test";
  result.tests[1].details = "details of a skipped test";
  const std::string text = render_text(result, false);
  EXPECT_EQ(text.find("details of a passing test"), std::string::npos);
  EXPECT_EQ(text.find("details of a skipped test"), std::string::npos);
}

TEST(TextReport, LongMessageMovesBelowTheName) {
  const std::string text = render_text(report_samples::gpu_result(), false);
  const std::string line = line_starting(text, "    ok      throughput at Width 4096");
  EXPECT_TRUE(ends_with_points(line, "22.86", "30"));
  EXPECT_NE(text.find(line + "\n            8,100 GFLOP/s = 0.91x the reference, 1.52x the naive kernel\n"),
            std::string::npos);
}

TEST(TextReport, UnmeasuredPerformanceIsASkip) {
  const std::string text = render_text(report_samples::cpu_result(), false);
  const std::string line = line_starting(text, "    skip  throughput at Width 4096 — not measured: no GPU (CPU backend)");
  EXPECT_TRUE(ends_with_points(line, "0", "30"));
  EXPECT_TRUE(ends_with_points(line_starting(text, "performance "), "0", "30"));
}

TEST(TextReport, HiddenTestsShownWithNameAndStatus) {
  const std::string text = render_text(report_samples::gpu_result(), false);
  EXPECT_TRUE(ends_with_points(line_starting(text, "    FAIL    Width 1021 (hidden)"), "0", "7.5"));
  EXPECT_NE(text.find("ok      Width 333 (shown after the due date)"), std::string::npos);
}

TEST(TextReport, FooterHasBackendDeviceCountsAndTotal) {
  const std::string gpu = render_text(report_samples::gpu_result(), false);
  EXPECT_EQ(line_starting(gpu, "backend "), "backend  cuda — auto: a usable GPU was found");
  EXPECT_EQ(line_starting(gpu, "device "),
            "device   NVIDIA H100 80GB HBM3, driver 580.159.04, compute capability 9.0, "
            "SM clock 1755 MHz (max 1980 MHz), memory clock 2619 MHz");
  EXPECT_EQ(line_starting(gpu, "tests "), "tests    6 passed, 2 failed, 1 to regrade, 1 skipped");
  EXPECT_TRUE(ends_with_points(line_starting(gpu, "total "), "55.36", "97.5"));
  // Without a test to regrade, the total is the last line.
  EXPECT_EQ(lines_of(render_text(report_samples::cpu_result(), false)).back().rfind("total ", 0), 0u);

  const std::string cpu = render_text(report_samples::cpu_result(), false);
  EXPECT_EQ(line_starting(cpu, "device "), "device   CPU backend (virtual device)");
  EXPECT_EQ(line_starting(cpu, "backend "), "backend  cpu — auto: no usable GPU (no CUDA driver)");
}

TEST(TextReport, VerboseAddsWhereTheTimeWent) {
  TextReportOptions options;
  EXPECT_EQ(render_text(report_samples::gpu_result(), options).find("\ntime "), std::string::npos);
  options.verbose = true;
  EXPECT_EQ(line_starting(render_text(report_samples::gpu_result(), options), "time "),
            "time     41.6 s: build 12.5 s, correctness runs 20.3 s, timed runs 8.5 s");
}

TEST(TextReport, NoAnsiCodesWithoutColour) {
  for (const GradeResult& result : {report_samples::gpu_result(), report_samples::cpu_result()}) {
    EXPECT_EQ(render_text(result, false).find('\x1b'), std::string::npos);
  }
}

TEST(TextReport, AnsiColoursWithColour) {
  const std::string text = render_text(report_samples::gpu_result(), true);
  EXPECT_NE(text.find("\x1b[32mok\x1b[0m"), std::string::npos);
  EXPECT_NE(text.find("\x1b[31mFAIL\x1b[0m"), std::string::npos);
  EXPECT_NE(text.find("\x1b[33mREGRADE\x1b[0m"), std::string::npos) << "not the colour of a failure";
  EXPECT_NE(text.find("\x1b[33mskip\x1b[0m"), std::string::npos);
  EXPECT_NE(text.find("\x1b[1mcorrectness\x1b[0m"), std::string::npos);
  EXPECT_EQ(text.rfind("\x1b[1mmatmul-tiled — backend cuda", 0), 0u);
}

TEST(TextReport, ColourDoesNotMoveThePointsColumn) {
  const std::string plain = render_text(report_samples::gpu_result(), false);
  std::string coloured = render_text(report_samples::gpu_result(), true);
  coloured = std::regex_replace(coloured, std::regex("\x1b\\[[0-9;]*m"), "");
  EXPECT_EQ(coloured, plain);
}

TEST(TextReport, ControlCharactersFromTestsCannotReachTheTerminal) {
  GradeResult result = report_samples::cpu_result();
  result.tests[0].status = TestStatus::failed;
  result.tests[0].message = "garbage \x1b[2J here";
  result.tests[0].details = "more \x1b]0;title\x07 garbage\r\n";
  const std::string text = render_text(result, false);
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_EQ(text.find('\x07'), std::string::npos);
  EXPECT_EQ(text.find('\r'), std::string::npos);
  EXPECT_NE(text.find("garbage ?[2J here"), std::string::npos);
}

TEST(TextReport, NoTrailingWhitespace) {
  for (bool colour : {false, true}) {
    for (const std::string& line : lines_of(render_text(report_samples::gpu_result(), colour))) {
      EXPECT_TRUE(line.empty() || (line.back() != ' ')) << "[" << line << "]";
    }
  }
}

TEST(TextReport, BuildLogFollowsTheBuildSection) {
  GradeResult result = report_samples::cpu_result();
  result.tests.insert(result.tests.begin(),
                      report_samples::make_test("compiles", "", TestCategory::build, TestStatus::failed, 0, 0,
                                         "nvcc failed (exit status 2)"));
  result.build_log = "matmul.cu(12): error: identifier \"TILE\" is undefined\n1 error detected\n";
  const std::string text = render_text(result, false);
  EXPECT_NE(text.find("  FAIL  compiles — nvcc failed (exit status 2)"), std::string::npos);
  EXPECT_NE(text.find("\n  compiler output:\n    matmul.cu(12): error: identifier \"TILE\" is undefined\n"
                      "    1 error detected\n"),
            std::string::npos);
  EXPECT_LT(text.find("compiler output:"), text.find("\ncorrectness"));

  result.tests.erase(result.tests.begin());  // a warning log without a build test gets its own block
  const std::string without_build_test = render_text(result, false);
  EXPECT_NE(without_build_test.find("\ncompiler output:\n  matmul.cu(12)"), std::string::npos);
}

TEST(TextReport, OnlyVisibleWithholdsHiddenTestsAndTheirPoints) {
  TextReportOptions options;
  options.only_visible = true;
  const std::string text = render_text(report_samples::gpu_result(), options);
  EXPECT_EQ(text.find("Width 1021"), std::string::npos);
  EXPECT_EQ(text.find("Width 333"), std::string::npos);
  EXPECT_EQ(text.find("P[1020][3]"), std::string::npos);
  EXPECT_EQ(text.find("hidden sizes"), std::string::npos);
  EXPECT_EQ(lines_of(text).front(), "matmul-tiled — backend cuda (NVIDIA H100 80GB HBM3)");
  EXPECT_TRUE(ends_with_points(line_starting(text, "correctness "), "20", "42.5"));
  EXPECT_EQ(line_starting(text, "not shown "),
            "not shown 2 tests worth 15 points (hidden, or shown after the due date)");
  EXPECT_TRUE(ends_with_points(line_starting(text, "total of the tests shown"), "47.86", "82.5"));
  EXPECT_EQ(line_starting(text, "tests "), "tests    5 passed, 1 failed, 1 to regrade, 1 skipped");
}

// The rubric's hidden_tests decides what students see; the instructor's report shows every test whatever it says.
TEST(TextReport, TheInstructorsReportShowsEveryHiddenTestWhateverHiddenTestsSays) {
  const std::string everything = render_text(report_samples::hidden_result(HiddenTests::nothing), false);
  EXPECT_NE(everything.find("Width 777 (hidden) — seed 4242: 5 of 603729 elements wrong"), std::string::npos) << everything;
  EXPECT_NE(everything.find("first wrong: P[776][0] expected 2.25, got 2.5"), std::string::npos);
  for (HiddenTests rule : {HiddenTests::summary, HiddenTests::after_due_date})
    EXPECT_EQ(render_text(report_samples::hidden_result(rule), false), everything) << hidden_tests_name(rule);
}

// Shown after the due date is not shown now: a student's report withholds the hidden tests as before.
TEST(TextReport, OnlyVisibleWithholdsHiddenTestsShownAfterTheDueDate) {
  TextReportOptions options;
  options.only_visible = true;
  const std::string text = render_text(report_samples::hidden_result(HiddenTests::after_due_date), options);
  EXPECT_EQ(text, render_text(report_samples::hidden_result(HiddenTests::nothing), options));
  EXPECT_EQ(text.find("Width 777"), std::string::npos);
  EXPECT_EQ(line_starting(text, "not shown "), "not shown 5 tests worth 30 points (hidden, or shown after the due date)");
}

TEST(TextReport, OnlyVisibleChangesNothingWhenAllTestsAreVisible) {
  TextReportOptions options;
  options.only_visible = true;
  const GradeResult result = report_samples::cpu_result();
  EXPECT_EQ(render_text(result, options), render_text(result, false));
}

TEST(TextReport, EmptyResultStillRenders) {
  GradeResult result;
  result.assignment = "transpose";
  const std::string text = render_text(result, false);
  EXPECT_EQ(lines_of(text).front(), "transpose — 0 / 0");
  EXPECT_NE(text.find("tests    none"), std::string::npos);
}

TEST(TextReport, ATestToRegradeIsNeverShownAsFailedAndTheReportEndsWithWhatToDo) {
  const std::string text = render_text(report_samples::gpu_result(), false);
  EXPECT_EQ(text.find("ERROR"), std::string::npos);
  EXPECT_EQ(text.find("FAIL    Width 1000"), std::string::npos);
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_GE(lines.size(), 4u);
  // Its points are not given: the total is the same sum.
  EXPECT_TRUE(ends_with_points(lines[lines.size() - 4], "55.36", "97.5"));
  EXPECT_EQ(lines[lines.size() - 3],
            "regrade  1 test not checked by this grading (not the submission's fault); its 7.5 points "
            "are not given yet:");
  EXPECT_EQ(lines[lines.size() - 2],
            "           not a multiple of the tile: Width 1000 — not checked: the sandbox could not reach /dev/nvidia-uvm");
  EXPECT_EQ(lines.back(), std::string(9, ' ') + kRegradeAdvice);
}

TEST(TextReport, RegradeCountsTheTestsShownAndTheirPoints) {
  GradeResult result = report_samples::gpu_result();
  result.tests[5].status = TestStatus::error;  // the hidden size
  result.tests[5].message = "not checked: Nsight Compute failed (exit code 9)";
  const std::string all = render_text(result, false);
  EXPECT_NE(all.find("regrade  2 tests not checked by this grading (not the submission's fault); "
                     "their 15 points are not given yet:\n"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("\n           hidden sizes: Width 1021 — not checked: Nsight Compute failed (exit code 9)\n"),
            std::string::npos);
  EXPECT_EQ(line_starting(all, "tests "), "tests    6 passed, 1 failed, 2 to regrade, 1 skipped");

  TextReportOptions options;
  options.only_visible = true;
  const std::string shown = render_text(result, options);
  EXPECT_NE(shown.find("regrade  1 test not checked"), std::string::npos) << shown;
  EXPECT_EQ(shown.find("Width 1021"), std::string::npos);
}

// A file this backend cannot run stops every test: one line for them all, not one per test.
TEST(TextReport, TestsNotCheckedForOneCauseShareALine) {
  GradeResult result = report_samples::cpu_result();
  result.tests.clear();
  for (const char* name : {"Width 1", "Width 2", "Width 3", "Width 5", "Width 16"})
    result.tests.push_back(report_samples::make_test(name, "small sizes", TestCategory::correctness, TestStatus::error,
                                                     0, 4, "not run: this backend cannot run the file"));
  result.tests.push_back(report_samples::make_test("compiles", "build", TestCategory::build, TestStatus::error, 0, 0,
                                                   "not checked on this backend: inline PTX (line 38)"));
  result.max_score = 20;
  const std::vector<std::string> lines = lines_of(render_text(result, false));
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[lines.size() - 4], "regrade  6 tests not checked by this grading (not the submission's fault); their "
                                     "20 points are not given yet:");
  EXPECT_EQ(lines[lines.size() - 3], "           5 tests (Width 1, Width 2, Width 3 and 2 more) — not run: this backend "
                                     "cannot run the file");
  EXPECT_EQ(lines[lines.size() - 2], "           build: compiles — not checked on this backend: inline PTX (line 38)");
}

TEST(TextReport, ToAStudentTheLastLineSaysTheCourseGradesAgain) {
  TextReportOptions options;
  options.regraded_by_the_course = true;
  const std::string text = render_text(report_samples::gpu_result(), options);
  EXPECT_EQ(lines_of(text).back(), "         the course will grade the submission again: nothing to do on your side");
}

TEST(TextReport, WithoutATestToRegradeTheStatusColumnKeepsItsWidth) {
  GradeResult result = report_samples::gpu_result();
  result.tests[4].status = TestStatus::failed;
  const std::string text = render_text(result, false);
  EXPECT_TRUE(ends_with_points(line_starting(text, "    ok    Width 16 — 256 of 256 elements right"), "10", "10"));
  EXPECT_EQ(text.find("regrade"), std::string::npos);
}

}  // namespace
}  // namespace kit

namespace kit {
namespace {

TestResult one_screen_test(const std::string& group, const std::string& name, TestStatus status, const std::string& details = "") {
  TestResult t;
  t.group = group;
  t.name = name;
  t.category = TestCategory::correctness;
  t.status = status;
  t.max_score = 1;
  t.score = status == TestStatus::passed ? 1 : 0;
  t.message = status == TestStatus::passed ? "right" : "wrong";
  t.details = details;
  return t;
}

GradeResult early_attempt() {
  GradeResult r;
  r.assignment = "transpose";
  r.backend = "cpu";
  std::string long_details;
  for (int i = 1; i <= 40; ++i) long_details += "evidence line " + std::to_string(i) + "\n";
  for (int i = 0; i < 8; ++i) r.tests.push_back(one_screen_test("copy", "size " + std::to_string(i), TestStatus::passed));
  r.tests.push_back(one_screen_test("tile", "1x1", TestStatus::failed, long_details));
  r.tests.push_back(one_screen_test("tile", "1x100", TestStatus::failed, "the second failure's details"));
  r.tests.back().message = "crashed";  // another failure than the first: its own line
  r.tests.push_back(one_screen_test("tile", "64x96", TestStatus::passed));
  TestResult speed;
  speed.group = "performance";
  speed.name = "against the reference";
  speed.category = TestCategory::performance;
  speed.status = TestStatus::skipped;
  speed.max_score = 6;
  speed.message = "not measured: the CPU backend checks correctness only";
  r.tests.push_back(speed);
  for (const TestResult& t : r.tests) r.score += t.score, r.max_score += t.max_score;
  return r;
}

TEST(TextReportOneScreen, FoldsPassingTestsAndLaterDetails) {
  TextReportOptions options;
  options.one_screen = true;
  const std::string text = render_text(early_attempt(), options);
  EXPECT_NE(text.find("copy — all 8 passed"), std::string::npos) << text;
  EXPECT_EQ(text.find("size 3"), std::string::npos) << text;
  EXPECT_NE(text.find("evidence line 30\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("evidence line 31\n"), std::string::npos) << text;
  EXPECT_NE(text.find("... 10 more lines: --verbose shows them"), std::string::npos) << text;
  EXPECT_NE(text.find("FAIL  1x100"), std::string::npos) << text;                // its headline stays
  EXPECT_EQ(text.find("the second failure's details"), std::string::npos) << text;  // its details fold
  EXPECT_NE(text.find("1 other test passed"), std::string::npos) << text;
  EXPECT_NE(text.find("folded   passing tests"), std::string::npos) << text;
}

// The transpose starter fails every size of a group the same way, "all 1024 elements never written",
// "all 6144 ...": one line shows the first with its details, one line the rest.
TEST(TextReportOneScreen, FailuresThatRepeatTheOneAboveAreOneLine) {
  GradeResult r;
  r.assignment = "transpose";
  const std::vector<std::pair<std::string, int>> sizes = {{"32x32", 1024}, {"64x96", 6144}, {"1x1", 1}, {"257x129", 33153}};
  for (const auto& [name, elements] : sizes) {
    r.tests.push_back(one_screen_test("copy", name, TestStatus::failed, "first wrong: odata[0][0]"));
    r.tests.back().message = "all " + std::to_string(elements) + " elements never written";
  }
  r.tests.back().message = "all 33,153 elements never written";
  r.tests.push_back(one_screen_test("copy", "100x37", TestStatus::failed));
  r.tests.back().message = "crashed: killed by signal 11";
  for (const std::string q : {"bytes-moved", "bank-of-element", "conflict-way"}) {
    TestResult t = one_screen_test("written", q, TestStatus::failed);
    t.category = TestCategory::written;
    t.message = "no answer under `" + q + "` in answers.yaml";
    r.tests.push_back(t);
  }
  TextReportOptions options;
  options.one_screen = true;
  const std::string text = render_text(r, options);
  EXPECT_NE(text.find("FAIL  32x32 — all 1024 elements never written"), std::string::npos) << text;
  EXPECT_NE(text.find("FAIL  3 more like it: 64x96, 1x1, 257x129"), std::string::npos) << text;
  EXPECT_EQ(text.find("6144"), std::string::npos) << text;
  EXPECT_NE(text.find("FAIL  100x37 — crashed"), std::string::npos) << text;  // another failure: its own line
  EXPECT_NE(text.find("FAIL  2 more like it: bank-of-element, conflict-way"), std::string::npos) << text;
  EXPECT_NE(text.find("failures that repeat the one above them"), std::string::npos) << text;
  // Without one-screen mode every test has its line.
  EXPECT_NE(render_text(r, TextReportOptions{}).find("all 6144 elements never written"), std::string::npos);
}

// `check --first-failure`: a group or a section none of whose tests ran is one line saying why, and the
// points not run are neither measured nor missed.
TEST(TextReportOneScreen, WhatFirstFailureDidNotRunIsOneLinePerGroup) {
  GradeResult r;
  r.assignment = "transpose";
  r.tests.push_back(one_screen_test("copy", "32x32", TestStatus::failed, "first wrong: odata[0][0]"));
  const auto stopped = [](TestResult t) {
    t.status = TestStatus::skipped;
    t.message = "not run: --first-failure stopped at 32x32";
    return t;
  };
  for (const std::string group : {"copy", "naive transpose"})
    for (const std::string size : {"64x96", "1x1", "17x45"})
      r.tests.push_back(stopped(one_screen_test(group, size, TestStatus::failed)));
  TestResult shared = stopped(one_screen_test("technique", "uses shared memory", TestStatus::failed));
  shared.category = TestCategory::technique;
  shared.max_score = 4;
  r.tests.push_back(shared);
  TextReportOptions options;
  options.one_screen = true;
  const std::string text = render_text(r, options);
  EXPECT_NE(text.find("skip  64x96 — not run: --first-failure stopped at 32x32"), std::string::npos) << text;
  EXPECT_NE(text.find("skip  2 more like it: 1x1, 17x45"), std::string::npos) << text;
  EXPECT_NE(text.find("  naive transpose — not run: --first-failure stopped at 32x32"), std::string::npos) << text;
  EXPECT_NE(text.find("technique — not run: --first-failure stopped at 32x32"), std::string::npos) << text;
  EXPECT_EQ(text.find("uses shared memory"), std::string::npos) << text;
  EXPECT_NE(text.find("0 / 1 measured here; not run after the first failure: 10"), std::string::npos) << text;
}

TEST(TextReportOneScreen, EverythingWithoutIt) {
  const std::string text = render_text(early_attempt(), TextReportOptions{});
  EXPECT_NE(text.find("size 3"), std::string::npos);
  EXPECT_NE(text.find("evidence line 40"), std::string::npos);
  EXPECT_NE(text.find("the second failure's details"), std::string::npos);
  EXPECT_EQ(text.find("folded"), std::string::npos);
}

TEST(TextReportOneScreen, TotalOfWhatThisBackendMeasured) {
  GradeResult r = early_attempt();
  r.tests.erase(std::remove_if(r.tests.begin(), r.tests.end(), [](const TestResult& t) { return t.status == TestStatus::failed; }),
                r.tests.end());
  r.score = 9;
  r.max_score = 15;
  const std::string text = render_text(r, TextReportOptions{});
  EXPECT_NE(text.find("points   9 / 9 measured here; not measured here: performance 6"), std::string::npos) << text;
  r.tests.pop_back();  // no performance: everything measured, no such line
  EXPECT_EQ(render_text(r, TextReportOptions{}).find("measured here"), std::string::npos);
}

}  // namespace
}  // namespace kit
