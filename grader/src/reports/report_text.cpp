#include "reports/report_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include "checks/check_sections.h"
#include "reports/hidden_summary.h"
#include "reports/student_view.h"
#include "result/regrade.h"
#include "run/failure_pictures.h"
#include "util/text.h"

namespace kit {
namespace {

// A test line longer than this gets its message on a line of its own, so that the points column stays put.
constexpr size_t kMaxLeftWidth = 72;
constexpr size_t kStatusWidth = 6;  // "FAIL", "skip" and two spaces
// A report that shows a test to regrade widens the status column for it (every other report keeps its look).
constexpr size_t kRegradeStatusWidth = 8;  // "REGRADE" and a space
constexpr size_t kLabelWidth = 9;   // "backend", "device", ... in the footer, and a space

constexpr const char* kBold = "\x1b[1m";
constexpr const char* kGreen = "\x1b[32m";
constexpr const char* kRed = "\x1b[31m";
constexpr const char* kYellow = "\x1b[33m";
constexpr const char* kReset = "\x1b[0m";

struct Tally {
  double score = 0;
  double max_score = 0;
  void add(const TestResult& test) {
    score += test.score;
    max_score += test.max_score;
  }
};

// One output line: an optional status word, text, and optionally points in the right column.
struct Row {
  size_t indent = 0;
  std::optional<TestStatus> status;
  size_t status_width = kStatusWidth;  // the status column, where there is a status
  std::string text;
  bool bold = false;
  std::optional<Tally> points;
  bool pending = false;  // a written answer a person grades: "pend", neither passed nor failed
  bool regrade = false;  // a test the grading could not check (result/regrade.h): "REGRADE", never failed
};

Row text_row(size_t indent, std::string text, bool bold = false) {
  Row row;
  row.indent = indent;
  row.text = std::move(text);
  row.bold = bold;
  return row;
}

Row points_row(size_t indent, std::string text, Tally points, bool bold = false) {
  Row row = text_row(indent, std::move(text), bold);
  row.points = points;
  return row;
}

// Columns a UTF-8 string takes on a terminal: one per code point (the reports hold no wide characters).
size_t display_width(std::string_view text) {
  size_t width = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;
  }
  return width;
}

size_t left_width(const Row& row) {
  return row.indent + (row.status ? row.status_width : 0) + display_width(row.text);
}

// Control characters (a runner's stray output, say) must neither move the cursor nor recolour the terminal,
// and bytes that are not UTF-8 (a quoted line of a comment saved in Latin-1) are shown as U+FFFD.
std::string printable(std::string_view raw, bool keep_tabs) {
  const std::string text = with_invalid_utf8_replaced(raw);
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '\t') {
      out += keep_tabs ? '\t' : ' ';
    } else if (c < 0x20 || c == 0x7F) {
      out += '?';
    } else {
      out += ch;
    }
  }
  return out;
}

// The lines of a multi-line text, without the line ends and without trailing empty lines.
std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.emplace_back(line);
    start = end + 1;
  }
  while (!lines.empty() && lines.back().find_first_not_of(" \t") == std::string::npos) lines.pop_back();
  return lines;
}

const char* status_word(TestStatus status) {
  switch (status) {
    case TestStatus::passed: return "ok";
    case TestStatus::failed: return "FAIL";
    case TestStatus::error: return "ERROR";
    case TestStatus::skipped: return "skip";
  }
  return "?";
}

const char* status_colour(TestStatus status) {
  switch (status) {
    case TestStatus::passed: return kGreen;
    case TestStatus::failed:
    case TestStatus::error: return kRed;
    case TestStatus::skipped: return kYellow;
  }
  return "";
}

// A failed test's details say what went wrong; a test to regrade's, what kept the kit from checking it.
bool shows_details(TestStatus status) { return status == TestStatus::failed || status == TestStatus::error; }

// The lines of details the first failing test shows on one screen (TextReportOptions::one_screen).
constexpr std::size_t kOneScreenDetailLines = 30;

// What one-screen mode has folded so far, across the sections.
struct Folding {
  bool details_shown = false;   // the first failing test's details are out: later ones show their headline only
  bool passing_folded = false;  // passing tests were folded into one line
  bool details_folded = false;  // a later failure's details were left out
  bool repeats_folded = false;  // failures with the headline of the one before them were folded into one line
};

// With only_visible the report is a student's: it shows what student_view says a student sees now.
bool is_shown(const GradeResult& result, const std::string& visibility, const TextReportOptions& options) {
  return !options.only_visible || student_view(visibility, result.hidden_tests).shown_now();
}
bool is_shown(const GradeResult& result, const TestResult& test, const TextReportOptions& options) {
  return is_shown(result, test.visibility, options);
}

std::string visibility_note(const std::string& visibility) {
  if (visibility.empty() || visibility == "visible") return "";
  if (visibility == "hidden") return " (hidden)";
  if (visibility == "after_due_date") return " (shown after the due date)";
  if (visibility == "after_published") return " (shown when grades are published)";
  return " (" + printable(visibility, false) + ")";
}

std::string points_pair(double score, double max_score) {
  return format_points(score) + " / " + format_points(max_score);
}

// A performance test's explanation runs to several sentences: broken between words to a readable width.
constexpr std::size_t kExplanationWidth = 100;

std::vector<std::string> wrapped_lines(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::istringstream words(text);
  std::string word, line;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// The test's own line, then the message when it does not fit beside the name, then (when the test fails)
// the details, every line of them kept as it is and indented under the name.
void add_test_rows(const TestResult& test, size_t indent, size_t status_width, std::vector<Row>& rows,
                   bool verbose = false, std::size_t max_detail_lines = std::string::npos) {
  Row row;
  row.indent = indent;
  row.status = test.status;
  row.status_width = status_width;
  row.pending = graded_by_a_person(test);
  row.regrade = needs_regrade(test);
  row.text = printable(test.name, false) + visibility_note(test.visibility);
  row.points = Tally{test.score, test.max_score};

  std::vector<std::string> below;
  const std::vector<std::string> message = split_lines(test.message);
  if (!message.empty()) {
    const std::string first = printable(message[0], false);
    const std::string joined = row.text + " — " + first;
    if (indent + status_width + display_width(joined) <= kMaxLeftWidth) {
      row.text = joined;
    } else {
      below.push_back(first);
    }
    for (size_t i = 1; i < message.size(); ++i) below.push_back(printable(message[i], true));
  }
  for (const std::string& line : wrapped_lines(test.explanation, kExplanationWidth)) below.push_back(printable(line, false));
  if (!shows_details(test.status) && test.category == TestCategory::performance && !test.pictures.empty())
    below.push_back(printable(describe_pictures(test.pictures), false));
  if (shows_details(test.status)) {
    const std::vector<std::string> details = split_lines(test.details);
    for (std::size_t i = 0; i < details.size() && i < max_detail_lines; ++i) below.push_back(printable(details[i], true));
    if (details.size() > max_detail_lines && max_detail_lines > 0)
      below.push_back("... " + std::to_string(details.size() - max_detail_lines) + " more lines: --verbose shows them");
    if (!test.pictures.empty()) below.push_back(printable(describe_pictures(test.pictures), false));
  }
  // `--verbose`: the launches the test's run made, from the launch record; one line for a run of the same
  // launch (one per seed).
  if (verbose)
    for (std::size_t i = 0; i < test.launches.size();) {
      const std::string line = format_launch(test.launches[i]);
      std::size_t same = 1;
      while (i + same < test.launches.size() && format_launch(test.launches[i + same]) == line) ++same;
      below.push_back(printable("launch " + line + (same > 1 ? " (" + std::to_string(same) + " times)" : ""), false));
      i += same;
    }

  rows.push_back(std::move(row));
  for (std::string& line : below) rows.push_back(text_row(indent + status_width, std::move(line)));
}

void add_build_log_rows(const std::string& build_log, size_t indent, std::vector<Row>& rows) {
  rows.push_back(text_row(indent, "compiler output:", indent == 0));
  for (const std::string& line : split_lines(build_log)) {
    rows.push_back(text_row(indent + 2, printable(line, true)));
  }
}

bool passed_outright(const TestResult& t) { return t.status == TestStatus::passed && !needs_regrade(t); }

// A failure's headline with its numbers and quoted names taken out: "all 1024 elements never written" and
// "all 6144 elements never written" (or "no answer under `bytes-moved`" and "... `bank-of-element`") say
// one thing about the student's code, the first of them on one screen, the others as one line.
std::string headline_shape(const TestResult& t) {
  const std::string_view message = std::string_view(t.message).substr(0, t.message.find('\n'));
  std::string shape;
  bool quoted = false;
  for (std::size_t i = 0; i < message.size(); ++i) {
    const char c = message[i];
    if (c == '`') {
      quoted = !quoted;
      shape += '`';
    } else if (quoted) {
      continue;
    } else if (c >= '0' && c <= '9') {
      if (shape.empty() || shape.back() != '#') shape += '#';
    } else if (!(c == ',' && !shape.empty() && shape.back() == '#' && i + 1 < message.size() && message[i + 1] >= '0' &&
                 message[i + 1] <= '9')) {
      shape += c;  // a thousands separator inside a number is part of the number
    }
  }
  return std::to_string(static_cast<int>(t.status)) + shape;
}

// "FAIL  7 more like it: 64x96, 1x1, 1x100, ...": the failures folded under the one shown before them, as
// one line that names them. A single one, or tests whose names are too long to name that way (a technique
// check's), keep a line each, their headline without details.
void add_repeat_rows(const std::vector<const TestResult*>& repeats, size_t indent, size_t status_width,
                     Folding& folding, std::vector<Row>& rows) {
  if (repeats.empty()) return;
  const std::size_t room = kMaxLeftWidth - indent - status_width;
  std::string text = std::to_string(repeats.size()) + " more like it: ";
  std::size_t named = 0;
  for (; named < repeats.size(); ++named) {
    const std::string next = (named ? ", " : "") + printable(repeats[named]->name, false);
    const bool last = named + 1 == repeats.size();
    if (display_width(text) + display_width(next) + (last ? 0 : 5) > room) break;
    text += next;
  }
  if (named == 0 || repeats.size() == 1) {  // one test is clearer under its own name
    for (const TestResult* t : repeats) {
      add_test_rows(*t, indent, status_width, rows, false, 0);
      if (!t->details.empty()) folding.details_folded = true;
    }
    return;
  }
  if (named < repeats.size()) text += ", ...";
  Tally points;
  for (const TestResult* t : repeats) {
    points.add(*t);
    if (!t->details.empty()) folding.details_folded = true;
  }
  Row row = points_row(indent, text, points);
  row.status = repeats.front()->status;
  row.status_width = status_width;
  rows.push_back(std::move(row));
  folding.repeats_folded = true;
}

// One screen: the tests of a group, the passing ones as one line, the first failing test with its details
// and the later ones with their headline.
void add_folded_test_rows(const std::vector<const TestResult*>& tests, size_t indent, size_t status_width,
                          Folding& folding, std::vector<Row>& rows) {
  Tally passing;
  int passed = 0;
  bool others_shown = false;
  std::string last_shape;                 // the headline of the failure shown last in this group
  std::vector<const TestResult*> repeats;  // the failures folded under it since
  for (const TestResult* test : tests) {
    if (passed_outright(*test)) {
      passing.add(*test);
      ++passed;
      continue;
    }
    others_shown = true;
    const std::string shape = headline_shape(*test);
    if ((shows_details(test->status) || test->status == TestStatus::skipped) && !graded_by_a_person(*test) &&
        shape == last_shape) {
      repeats.push_back(test);
      continue;
    }
    add_repeat_rows(repeats, indent, status_width, folding, rows);
    repeats.clear();
    last_shape = shape;
    add_test_rows(*test, indent, status_width, rows, false, folding.details_shown ? 0 : kOneScreenDetailLines);
    if (shows_details(test->status) && !test->details.empty() && folding.details_shown) folding.details_folded = true;
    if (shows_details(test->status)) folding.details_shown = true;
  }
  add_repeat_rows(repeats, indent, status_width, folding, rows);
  if (passed == 0) return;
  const std::string tests_word = std::string(others_shown ? " other" : "") + (passed == 1 ? " test" : " tests");
  Row row = points_row(indent, std::to_string(passed) + tests_word + " passed", passing);
  row.status = TestStatus::passed;
  row.status_width = status_width;
  rows.push_back(std::move(row));
  folding.passing_folded = true;
}

void add_section_rows(const GradeResult& result, const TestCategory& category, const TextReportOptions& options,
                      size_t status_width, Folding& folding, std::vector<Row>& rows) {
  // Rubric groups in the order they first appear; tests keep their order within a group.
  std::vector<std::pair<std::string, std::vector<const TestResult*>>> groups;
  Tally section;
  for (const TestResult& test : result.tests) {
    if (test.category != category || !is_shown(result, test, options)) continue;
    section.add(test);
    auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == test.group; });
    if (group == groups.end()) group = groups.insert(groups.end(), {test.group, {}});
    group->second.push_back(&test);
  }
  if (groups.empty()) return;

  if (!rows.empty()) rows.push_back(Row{});
  // One screen: a section, or a group, none of whose tests ran for one reason ("not run: --first-failure
  // stopped at Width 17") is one line saying so.
  const auto not_run_alike = [](const std::vector<const TestResult*>& tests) -> std::string {
    for (const TestResult* t : tests)
      if (t->status != TestStatus::skipped || headline_shape(*t) != headline_shape(*tests.front())) return "";
    const std::string& message = tests.front()->message;
    return printable(message.substr(0, message.find('\n')), false);
  };
  if (options.one_screen) {
    std::vector<const TestResult*> all;
    for (const auto& group : groups) all.insert(all.end(), group.second.begin(), group.second.end());
    if (const std::string why = not_run_alike(all); !why.empty()) {
      rows.push_back(points_row(0, to_string(category) + " — " + why, section, true));
      return;
    }
  }
  rows.push_back(points_row(0, to_string(category), section, true));
  for (const auto& [name, tests] : groups) {
    size_t test_indent = 2;
    const bool all_passed = std::all_of(tests.begin(), tests.end(), [](const TestResult* t) { return passed_outright(*t); });
    // A group named like its section ("technique" in technique) would only repeat the section's line.
    if (!name.empty() && name != to_string(category)) {
      Tally group;
      for (const TestResult* test : tests) group.add(*test);
      std::string text = printable(name, false);
      if (const std::string why = options.one_screen ? not_run_alike(tests) : ""; !why.empty()) {
        rows.push_back(points_row(2, text + " — " + why, group));
        continue;
      }
      if (options.one_screen && all_passed && tests.size() > 1)
        text += " — " + std::string(tests.size() == 2 ? "both" : "all " + std::to_string(tests.size())) + " passed";
      rows.push_back(points_row(2, text, group));
      test_indent = 4;
      if (options.one_screen && all_passed && tests.size() > 1) {
        folding.passing_folded = true;
        continue;
      }
    }
    if (options.one_screen) add_folded_test_rows(tests, test_indent, status_width, folding, rows);
    else for (const TestResult* test : tests) add_test_rows(*test, test_indent, status_width, rows, options.verbose);
  }
  if (category == TestCategory::build && !result.build_log.empty()) add_build_log_rows(result.build_log, 2, rows);
}

std::string device_line(const DeviceInfo& device) {
  std::string line = device.name.empty() ? "unknown" : printable(device.name, false);
  if (!device.driver.empty()) line += ", driver " + printable(device.driver, false);
  if (!device.compute_capability.empty()) {
    line += ", compute capability " + printable(device.compute_capability, false);
  }
  if (device.sm_clock_mhz > 0) {
    line += ", SM clock " + std::to_string(device.sm_clock_mhz) + " MHz";
    if (device.max_sm_clock_mhz > 0) line += " (max " + std::to_string(device.max_sm_clock_mhz) + " MHz)";
  } else if (device.max_sm_clock_mhz > 0) {
    line += ", max SM clock " + std::to_string(device.max_sm_clock_mhz) + " MHz";
  }
  if (device.memory_clock_mhz > 0) line += ", memory clock " + std::to_string(device.memory_clock_mhz) + " MHz";
  return line;
}

std::string label(const char* name) {
  std::string text = name;
  text.resize(std::max(text.size() + 1, kLabelWidth), ' ');
  return text;
}

std::string counts_line(const GradeResult& result, const TextReportOptions& options) {
  int counts[4] = {0, 0, 0, 0};
  int regrade = 0;
  for (const TestResult& test : result.tests) {
    if (!is_shown(result, test, options)) continue;
    if (needs_regrade(test)) ++regrade;
    else ++counts[static_cast<int>(test.status)];
  }
  const int total = counts[0] + counts[1] + counts[2] + counts[3] + regrade;
  if (total == 0) return "none";
  std::string parts;
  const auto add = [&](int n, const char* word) {
    if (n == 0) return;
    if (!parts.empty()) parts += ", ";
    parts += std::to_string(n) + " " + word;
  };
  add(counts[static_cast<int>(TestStatus::passed)], "passed");
  add(counts[static_cast<int>(TestStatus::failed)], "failed");
  add(regrade, "to regrade");
  add(counts[static_cast<int>(TestStatus::error)], "error");
  add(counts[static_cast<int>(TestStatus::skipped)], "skipped");
  return parts;
}

int withheld_count(const GradeResult& result, const TextReportOptions& options) {
  return static_cast<int>(std::count_if(result.tests.begin(), result.tests.end(),
                                        [&](const TestResult& test) { return !is_shown(result, test, options); }));
}

std::string seconds_text(double seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f s", seconds);
  return buffer;
}

// "46.7 s: setup 0.4 s, build 12.1 s, ...": the stages in the order a grading meets them, then any other.
std::string time_line(const GradeResult& result) {
  static const std::vector<std::string> kOrder = {"setup", "build", "inputs and references", "correctness runs",
                                                  "checking builds' runs", "compute-sanitizer runs",
                                                  "technique checks", "timed runs"};
  std::vector<std::string> names = kOrder;
  for (const auto& stage : result.stages)
    if (std::find(kOrder.begin(), kOrder.end(), stage.first) == kOrder.end()) names.push_back(stage.first);
  std::string parts;
  for (const std::string& name : names) {
    const auto it = result.stages.find(name);
    if (it == result.stages.end()) continue;
    parts += (parts.empty() ? "" : ", ") + printable(name, false) + " " + seconds_text(it->second);
  }
  const std::string total = seconds_text(result.execution_time_s);
  return parts.empty() ? total : total + ": " + parts;
}

// The total of what this grading measured, when some points were not: "70 / 70 measured here; not measured
// here: performance 30; pending a person: 12". A perfect CPU run reads as full marks of what the CPU backend
// can measure, not as a failure of the rest.
std::string measured_line(const GradeResult& result, const TextReportOptions& options) {
  Tally measured;
  double pending = 0, regrade = 0, stopped = 0;
  std::vector<std::pair<std::string, double>> unmeasured;  // by section, in the order met
  for (const TestResult& t : result.tests) {
    if (!is_shown(result, t, options)) continue;
    if (graded_by_a_person(t)) pending += t.max_score;
    else if (needs_regrade(t)) regrade += t.max_score;
    else if (t.status == TestStatus::skipped && t.message.rfind("not run: --first-failure", 0) == 0) stopped += t.max_score;
    else if (t.status == TestStatus::passed || t.status == TestStatus::failed) measured.add(t);
    else {
      auto found = std::find_if(unmeasured.begin(), unmeasured.end(), [&](const auto& u) { return u.first == t.category.name; });
      if (found == unmeasured.end()) found = unmeasured.insert(unmeasured.end(), {t.category.name, 0.0});
      found->second += t.max_score;
    }
  }
  if (pending == 0 && regrade == 0 && stopped == 0 && unmeasured.empty()) return "";
  std::string line = points_pair(measured.score, measured.max_score) + " measured here";
  if (!unmeasured.empty()) {
    line += "; not measured here:";
    for (std::size_t i = 0; i < unmeasured.size(); ++i)
      line += std::string(i ? ", " : " ") + printable(unmeasured[i].first, false) + " " + format_points(unmeasured[i].second);
  }
  if (regrade > 0) line += "; to regrade: " + format_points(regrade);
  if (stopped > 0) line += "; not run after the first failure: " + format_points(stopped);
  return line;  // pending written answers have their own line
}

void add_footer_rows(const GradeResult& result, const TextReportOptions& options, std::vector<Row>& rows) {
  rows.push_back(Row{});
  std::string backend = printable(result.backend.empty() ? "unknown" : result.backend, false);
  if (!result.backend_reason.empty()) backend += " — " + printable(result.backend_reason, false);
  rows.push_back(text_row(0, label("backend") + backend));
  if (!result.sandboxed)
    rows.push_back(text_row(0, label("sandbox") + (result.unsandboxed_why.empty()
                                                       ? "none: graded with --unsandboxed, the student's code ran unconfined"
                                                       : "none: " + printable(result.unsandboxed_why, false))));
  rows.push_back(text_row(0, label("device") + device_line(result.device)));
  rows.push_back(text_row(0, label("tests") + counts_line(result, options)));
  if (withheld_count(result, options) == 0)
    if (const std::string measured = measured_line(result, options); !measured.empty())
      rows.push_back(text_row(0, label("points") + measured));
  // A student's report under `hidden_tests: summary`: how the hidden tests went, by group, never which.
  if (options.only_visible)
    if (const std::string hidden = describe(summarise_hidden_tests(result)); !hidden.empty())
      rows.push_back(text_row(0, label("hidden") + printable(hidden, false)));
  if (options.verbose) rows.push_back(text_row(0, label("time") + time_line(result)));

  double pending = 0;
  for (const TestResult& test : result.tests)
    if (graded_by_a_person(test) && is_shown(result, test, options)) pending += test.max_score;
  if (pending > 0)
    rows.push_back(text_row(0, label("pending") + format_points(pending) +
                                   " points of written answers, graded by a person (not in the total yet)"));

  const int withheld = withheld_count(result, options);
  if (withheld == 0) {
    rows.push_back(points_row(0, "total", Tally{result.score, result.max_score}, true));
    return;
  }
  Tally shown;
  double withheld_points = 0;
  for (const TestResult& test : result.tests) {
    if (is_shown(result, test, options)) {
      shown.add(test);
    } else {
      withheld_points += test.max_score;
    }
  }
  rows.push_back(text_row(0, label("not shown") + std::to_string(withheld) + (withheld == 1 ? " test" : " tests") +
                                 " worth " + format_points(withheld_points) +
                                 " points (hidden, or shown after the due date)"));
  rows.push_back(points_row(0, "total of the tests shown", shown, true));
}

// The report's last lines, when the grading could not check some of the tests shown: how many, which and
// why, and what to do. Their points are not in the total, and the tests are shown as REGRADE, never failed.
// Tests kept from running by one cause (a file this backend cannot run stops them all) share one line.
void add_regrade_rows(const GradeResult& result, const TextReportOptions& options, std::vector<Row>& rows) {
  std::vector<std::pair<std::string, std::vector<RegradeReason>>> by_why;  // in the order the causes appear
  std::size_t count = 0;
  double points = 0;
  for (const RegradeReason& reason : regrade_reasons(result)) {
    if (!is_shown(result, reason.visibility, options)) continue;
    auto same = std::find_if(by_why.begin(), by_why.end(), [&](const auto& g) { return g.first == reason.why; });
    if (same == by_why.end()) same = by_why.insert(by_why.end(), {reason.why, {}});
    same->second.push_back(reason);
    ++count;
    points += reason.points;
  }
  if (count == 0) return;
  rows.push_back(text_row(0, label("regrade") + (count == 1 ? "1 test" : std::to_string(count) + " tests") +
                                 " not checked by this grading (not the submission's fault); " +
                                 (count == 1 ? "its " : "their ") + format_points(points) + " points are not given yet:"));
  constexpr std::size_t kNamesShown = 3;
  for (const auto& [why, reasons] : by_why) {
    std::string which;
    if (reasons.size() == 1) {
      const RegradeReason& r = reasons.front();
      which = (!r.group.empty() && r.group != r.name ? r.group + ": " : "") + r.name;
    } else {
      which = std::to_string(reasons.size()) + " tests (";
      for (std::size_t i = 0; i < std::min(kNamesShown, reasons.size()); ++i) which += (i ? ", " : "") + reasons[i].name;
      if (reasons.size() > kNamesShown) which += " and " + std::to_string(reasons.size() - kNamesShown) + " more";
      which += ")";
    }
    rows.push_back(text_row(kLabelWidth + 2, printable(which + " — " + why, false)));
  }
  rows.push_back(text_row(kLabelWidth, options.regraded_by_the_course
                                           ? std::string("the course will grade the submission again: nothing to do "
                                                         "on your side")
                                           : std::string(kRegradeAdvice)));
}

std::string render_rows(const std::vector<Row>& rows, bool colour) {
  size_t column = 0;
  size_t score_width = 0;
  size_t max_width = 0;
  for (const Row& row : rows) {
    if (!row.points) continue;
    column = std::max(column, std::min(left_width(row), kMaxLeftWidth));
    score_width = std::max(score_width, format_points(row.points->score).size());
    max_width = std::max(max_width, format_points(row.points->max_score).size());
  }
  column += 2;

  std::string out;
  for (const Row& row : rows) {
    if (!row.status && !row.points && row.text.empty()) {
      out += '\n';
      continue;
    }
    std::string line(row.indent, ' ');
    if (row.status) {
      const std::string word = row.pending ? "pend" : row.regrade ? "REGRADE" : status_word(*row.status);
      const std::string padding(row.status_width - std::min(row.status_width - 1, word.size()), ' ');
      const char* hue = row.regrade ? kYellow : status_colour(*row.status);  // not the colour of a failure
      line += colour ? hue + word + kReset + padding : word + padding;
    }
    line += colour && row.bold ? kBold + row.text + kReset : row.text;
    if (row.points) {
      const size_t width = left_width(row);
      line += std::string(width < column ? column - width : 2, ' ');
      std::string score = format_points(row.points->score);
      std::string max_score = format_points(row.points->max_score);
      score.insert(0, score_width - std::min(score_width, score.size()), ' ');
      max_score.insert(0, max_width - std::min(max_width, max_score.size()), ' ');
      const std::string points = score + " / " + max_score;
      line += colour && row.bold ? kBold + points + kReset : points;
    }
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace

std::string format_points(double points) {
  if (std::isnan(points)) return "?";
  if (std::isinf(points)) return points > 0 ? "inf" : "-inf";
  const int size = std::snprintf(nullptr, 0, "%.2f", points);
  std::string text(static_cast<size_t>(size) + 1, '\0');
  std::snprintf(text.data(), text.size(), "%.2f", points);
  text.resize(static_cast<size_t>(size));
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}

std::string render_text(const GradeResult& result, const TextReportOptions& options) {
  std::vector<Row> rows;
  std::string header = printable(result.assignment.empty() ? "submission" : result.assignment, false);
  if (!result.backend.empty()) {
    header += " — backend " + printable(result.backend, false);
    if (!result.device.name.empty()) header += " (" + printable(result.device.name, false) + ")";
  }
  // With tests withheld, the total would give away how the withheld tests went.
  if (withheld_count(result, options) == 0) header += " — " + points_pair(result.score, result.max_score);
  rows.push_back(text_row(0, header, true));

  const bool has_build_section = std::any_of(result.tests.begin(), result.tests.end(), [&](const TestResult& t) {
    return t.category == TestCategory::build && is_shown(result, t, options);
  });
  if (!has_build_section && !result.build_log.empty()) {
    rows.push_back(Row{});
    add_build_log_rows(result.build_log, 0, rows);
  }
  const bool shows_regrade = std::any_of(result.tests.begin(), result.tests.end(), [&](const TestResult& t) {
    return needs_regrade(t) && is_shown(result, t, options);
  });
  const size_t status_width = shows_regrade ? kRegradeStatusWidth : kStatusWidth;
  Folding folding;
  for (const TestCategory& category : report_sections(result.tests))
    add_section_rows(result, category, options, status_width, folding, rows);
  add_footer_rows(result, options, rows);
  if (folding.passing_folded || folding.details_folded || folding.repeats_folded) {
    std::vector<std::string> parts;
    if (folding.passing_folded) parts.push_back("passing tests");
    if (folding.repeats_folded) parts.push_back("failures that repeat the one above them");
    if (folding.details_folded) parts.push_back("the details of every failure but the first");
    std::string folded;
    for (std::size_t i = 0; i < parts.size(); ++i)
      folded += (i == 0 ? "" : i + 1 == parts.size() ? ", and " : ", ") + parts[i];
    rows.push_back(text_row(0, label("folded") + folded + ": --verbose shows everything"));
  }
  add_regrade_rows(result, options, rows);
  return render_rows(rows, options.colour);
}

std::string render_text(const GradeResult& result, bool colour) {
  TextReportOptions options;
  options.colour = colour;
  return render_text(result, options);
}

}  // namespace kit
