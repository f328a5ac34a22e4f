#include "class/class_report_html.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "util/text.h"

namespace kit {
namespace {

// A long list of tests in one cell is cut here, with the rest counted: the JSON has them all.
constexpr std::size_t kTestsShown = 3;   // per group
constexpr std::size_t kGroupsShown = 3;
// The tests table shows the ones failed most; the JSON has every one.
constexpr std::size_t kTestRowsShown = 25;

const char* kStyle = R"(
body { font-family: system-ui, sans-serif; margin: 2em auto; padding: 0 1.2em; max-width: 1100px; color: #1d1d1f; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; }
table { border-collapse: collapse; width: 100%; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #d5d5d5; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
th { background: #eef2f7; }
td.n { text-align: right; white-space: nowrap; }
.muted { color: #666; }
.hidden { color: #8a5a00; font-size: 0.85em; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.88em; }
pre { background: #f6f8fa; padding: 0.5em; overflow-x: auto; white-space: pre-wrap; margin: 0.3em 0; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 0.8em; }
figure { margin: 0.8em 0; }
figure svg { max-width: 100%; height: auto; }
.facts span { display: inline-block; margin-right: 1.5em; }
)";

std::string html_number(double v, int decimals = 2) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(decimals);
  out << v;
  std::string s = out.str();
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

std::string table_cell(const std::string& text, const char* cls = nullptr) {
  return std::string(cls ? "<td class=\"" + std::string(cls) + "\">" : "<td>") + text + "</td>";
}

std::string visibility_mark(const std::string& visibility) {
  if (visibility.empty() || visibility == "visible") return "";
  return " <span class=\"hidden\">(" + html_escaped(visibility == "after_due_date" ? "shown after the due date" : visibility) + ")</span>";
}

std::string misconception_name(const Misconception& m) {
  std::string name = "<code>" + html_escaped(m.category) + "</code>";
  if (!m.cause.empty()) name += "<br>" + html_escaped(m.cause);
  return name;
}

// "group: a, b, c and 3 more" per group: a misconception's tests are "group: test" labels, and one group's
// tests come together.
std::string tests_cell(const std::vector<std::string>& tests) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (const std::string& label : tests) {
    const std::size_t colon = label.find(": ");
    const std::string group = colon == std::string::npos ? "" : label.substr(0, colon);
    const std::string test = colon == std::string::npos ? label : label.substr(colon + 2);
    if (groups.empty() || groups.back().first != group) groups.push_back({group, {}});
    groups.back().second.push_back(test);
  }
  std::string out;
  for (std::size_t g = 0; g < groups.size() && g < kGroupsShown; ++g) {
    const auto& [group, names] = groups[g];
    if (!out.empty()) out += "<br>";
    if (!group.empty()) out += "<b>" + html_escaped(group) + "</b>: ";
    for (std::size_t i = 0; i < names.size() && i < kTestsShown; ++i) out += (i ? ", " : "") + html_escaped(names[i]);
    if (names.size() > kTestsShown)
      out += " <span class=\"muted\">and " + std::to_string(names.size() - kTestsShown) + " more</span>";
  }
  if (groups.size() > kGroupsShown)
    out += "<br><span class=\"muted\">and tests of " + std::to_string(groups.size() - kGroupsShown) + " more groups</span>";
  return out;
}

std::string figure(const ReportPlot& plot) {
  if (plot.svg.empty()) return "";
  return "<figure>" + plot.svg + "</figure>\n";
}

// The lines first..last of `lines` (1-based), numbered.
std::string numbered_lines(const std::vector<std::string>& lines, int first, int last) {
  std::string out;
  for (int i = std::max(1, first); i <= last && i <= static_cast<int>(lines.size()); ++i) {
    std::string n = std::to_string(i);
    out += std::string(n.size() < 4 ? 4 - n.size() : 0, ' ') + n + "  " + html_escaped(lines[i - 1]) + "\n";
  }
  return out;
}

std::string misconceptions_section(const ClassReport& r, const std::string& handout_link) {
  std::string s = "<h2 id=\"misconceptions\">What the class got wrong</h2>\n";
  if (r.misconceptions.empty()) return s + "<p>No failed test of correctness or build among the graded students.</p>\n";
  s += "<p>Each diagnosis the grader made of a failed test, with the known bug it recognised where it named one, "
       "ranked by the points it cost the class. <code>no diagnosis</code> counts the failures it could not explain.</p>\n";
  s += "<table><tr><th>#</th><th>diagnosis</th><th>students</th><th>points lost</th><th>tests</th><th>handout</th>"
       "<th>example</th></tr>\n";
  int rank = 0;
  for (const Misconception& m : r.misconceptions) {
    std::string handout = "<span class=\"muted\">—</span>";
    if (!m.handout.title.empty())
      handout = handout_link.empty() ? html_escaped(m.handout.title)
                                     : "<a href=\"" + html_escaped(handout_link + "#" + m.handout.anchor) + "\">" +
                                           html_escaped(m.handout.title) + "</a>";
    s += "<tr>" + table_cell(std::to_string(++rank), "n") + table_cell(misconception_name(m)) + table_cell(std::to_string(m.students), "n") +
         table_cell(html_number(m.points_lost), "n") + table_cell(tests_cell(m.tests)) + table_cell(handout) +
         table_cell("<details><summary>" + html_escaped(m.example_student) + "</summary><pre>" + html_escaped(m.example) +
              "</pre></details>") +
         "</tr>\n";
  }
  return s + "</table>\n";
}

std::string failures_table(const std::vector<FailureCount>& rows, bool tests) {
  std::string s = std::string("<table><tr><th>group</th>") + (tests ? "<th>test</th>" : "") +
                  "<th>check</th><th>failed</th><th>points lost</th></tr>\n";
  std::size_t shown = 0;
  for (const FailureCount& f : rows) {
    if (tests && ++shown > kTestRowsShown) break;
    s += "<tr>" + table_cell(html_escaped(f.group) + (tests ? "" : visibility_mark(f.visibility))) +
         (tests ? table_cell(html_escaped(f.test) + visibility_mark(f.visibility)) : "") + table_cell(html_escaped(f.category)) +
         table_cell(std::to_string(f.failed) + " of " + std::to_string(f.measured), "n") + table_cell(html_number(f.points_lost), "n") + "</tr>\n";
  }
  s += "</table>\n";
  if (tests && rows.size() > kTestRowsShown)
    s += "<p class=\"muted\">" + std::to_string(rows.size() - kTestRowsShown) + " more tests failed for someone: "
         "report.json lists them all.</p>\n";
  return s;
}

std::string similarity_section(const ClassReport& r) {
  std::string s = "<h2 id=\"similarity\">Submissions that look copied</h2>\n<p>" + html_escaped(r.similarity_note) + "</p>\n";
  for (const ReportPair& p : r.similar) {
    s += "<h3>" + html_escaped(p.a) + " and " + html_escaped(p.b) + ": " + html_number(100 * p.score, 0) + "% alike</h3>\n";
    for (const ReportRegion& region : p.regions) {
      s += "<div class=\"pair\"><div><div class=\"muted\">" + html_escaped(p.a) + ", lines " + std::to_string(region.a_first) +
           "–" + std::to_string(region.a_last) + "</div><pre>" + numbered_lines(p.lines_a, region.a_first, region.a_last) +
           "</pre></div><div><div class=\"muted\">" + html_escaped(p.b) + ", lines " + std::to_string(region.b_first) + "–" +
           std::to_string(region.b_last) + "</div><pre>" + numbered_lines(p.lines_b, region.b_first, region.b_last) +
           "</pre></div></div>\n";
    }
  }
  return s;
}

}  // namespace

std::string html_escaped(const std::string& text) {
  std::string out;
  for (char c : with_invalid_utf8_replaced(text)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string render_class_report_html(const ClassReport& r, const ReportPlots& plots, const std::string& handout_link) {
  const std::string title = "Class report: " + (r.title.empty() ? r.assignment : r.title + " (" + r.assignment + ")");
  std::string s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + html_escaped(title) +
                  "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  s += "<h1>" + html_escaped(title) + "</h1>\n<p class=\"facts\">";
  s += "<span>" + std::to_string(r.students) + " students</span><span>" + std::to_string(r.graded) + " graded</span>";
  if (r.to_regrade) s += "<span>" + std::to_string(r.to_regrade) + " to regrade</span>";
  if (r.no_submission) s += "<span>" + std::to_string(r.no_submission) + " without a submission</span>";
  if (r.errors) s += "<span>" + std::to_string(r.errors) + " whose grading failed</span>";
  s += "<span>median " + html_number(r.median_score) + " / " + html_number(r.max_score) + "</span><span>mean " + html_number(r.mean_score) +
       "</span><span>backend " + html_escaped(r.backends.empty() ? "none" : r.backends) + "</span>";
  if (!r.devices.empty()) s += "<span>" + html_escaped(r.devices) + "</span>";
  s += "<span>" + std::string(r.real_names ? "real names" : "students under pseudonyms") + "</span></p>\n";
  if (!plots.note.empty()) s += "<p class=\"muted\">" + html_escaped(plots.note) + "</p>\n";
  s += figure(plots.scores);

  s += misconceptions_section(r, handout_link);

  s += "<h2 id=\"tests\">Tests failed most</h2>\n";
  if (r.tests.empty()) s += "<p>Every measured test passed for every graded student.</p>\n";
  else s += failures_table(r.tests, true) + "<h3>By group</h3>\n" + failures_table(r.groups, false);

  s += "<h2 id=\"written\">Written answers awaiting a person</h2>\n";
  if (r.pending.empty()) s += "<p>None.</p>\n";
  else {
    s += "<table><tr><th>question</th><th>students</th><th>points pending</th></tr>\n";
    for (const PendingAnswer& p : r.pending)
      s += "<tr>" + table_cell(html_escaped(p.question)) + table_cell(std::to_string(p.students), "n") + table_cell(html_number(p.points), "n") + "</tr>\n";
    s += "</table>\n";
  }

  s += "<h2 id=\"performance\">Performance</h2>\n";
  if (r.throughput.empty()) s += "<p>No throughput was measured (the CPU backend checks correctness only).</p>\n";
  else {
    s += "<table><tr><th>test</th><th>students</th><th>median</th><th>best</th><th>median ratio to its baseline</th>"
         "<th>baseline (median)</th></tr>\n";
    for (const ThroughputSpread& t : r.throughput) {
      std::vector<double> sorted = t.students, ratios = t.ratios;
      std::sort(sorted.begin(), sorted.end());
      std::sort(ratios.begin(), ratios.end());
      const double median = sorted.empty() ? 0 : sorted[sorted.size() / 2];
      s += "<tr>" + table_cell(html_escaped(t.test)) + table_cell(std::to_string(t.students.size()), "n") +
           table_cell(html_number(median, 1) + " " + html_escaped(t.unit), "n") +
           table_cell(html_number(t.students.empty() ? 0 : t.students.front(), 1) + " " + html_escaped(t.unit), "n") +
           table_cell(ratios.empty() ? "" : html_number(ratios[ratios.size() / 2]) + "x", "n") +
           table_cell(html_number(t.baseline, 1) + " " + html_escaped(t.unit), "n") + "</tr>\n";
    }
    s += "</table>\n";
    for (const ReportPlot& p : plots.throughput) s += figure(p);
  }

  s += "<h2 id=\"technique\">Technique findings across the class</h2>\n";
  if (r.technique.empty()) s += "<p>No technique check was measured.</p>\n";
  else {
    s += "<table><tr><th>check</th><th></th><th>finding</th><th>students</th></tr>\n";
    for (const TechniqueFinding& t : r.technique)
      s += "<tr>" + table_cell(html_escaped(t.test)) + table_cell(html_escaped(t.status)) + table_cell(html_escaped(t.message)) +
           table_cell(std::to_string(t.students), "n") + "</tr>\n";
    s += "</table>\n";
  }

  s += similarity_section(r);

  s += "<h2 id=\"students\">Students</h2>\n<table><tr><th>student</th><th>status</th><th>score</th></tr>\n";
  for (const ReportStudent& st : r.roster)
    s += "<tr>" + table_cell(html_escaped(st.name)) + table_cell(html_escaped(st.status)) +
         table_cell(html_number(st.score) + " / " + html_number(st.max_score), "n") + "</tr>\n";
  s += "</table>\n</body>\n</html>\n";
  return s;
}

}  // namespace kit
