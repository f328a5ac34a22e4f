// Tests of the class report's page: one self-contained document with no script, every section there, and
// everything a student could have written escaped.
#include "class/class_report_html.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

ClassReport hostile_report() {
  ClassReport r;
  r.assignment = "transpose";
  r.title = "Transpose";
  r.students = r.graded = 2;
  r.max_score = 10;
  r.roster = {{"<script>alert(1)</script>", "graded", 5, 10}, {"student-12345678", "graded", 10, 10}};
  Misconception m;
  m.category = "missing-barrier";
  m.students = 1;
  m.points_lost = 5;
  m.tests = {"tile: 64x96", "tile: 1", "tile: 2", "tile: 3", "tile: 4", "edges: 7", "a: 1", "b: 1", "c: 1"};
  m.example_student = "student-12345678";
  m.example = "tile[8][0] </pre><img src=x onerror=alert(1)>";
  m.handout = {"The barrier", "the-barrier"};
  r.misconceptions = {m};
  r.tests = {{"tile", "64x96", "correctness", "hidden", 1, 2, 5}};
  r.groups = {{"tile", "", "correctness", "hidden", 1, 2, 5}};
  ReportPair pair;
  pair.a = "student-aaaaaaaa";
  pair.b = "student-bbbbbbbb";
  pair.score = 0.87;
  pair.regions = {{2, 3, 5, 6}};
  pair.lines_a = {"x", "__global__ void k(float* a) {", "  a[0] = 1; // <b>", "}"};
  pair.lines_b = {"", "", "", "", "__global__ void q(float* b) {", "  b[0] = 1;", "}"};
  r.similar = {pair};
  r.similarity_note = "2 submissions compared";
  return r;
}

TEST(ClassReportHtml, IsOneDocumentWithEverySectionAndNoScript) {
  const std::string page = render_class_report_html(hostile_report(), {}, "/kit/assignments/transpose/README.md");
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find("<meta charset=\"utf-8\">"), std::string::npos);
  for (const char* id : {"misconceptions", "tests", "written", "performance", "technique", "similarity", "students"})
    EXPECT_NE(page.find("id=\"" + std::string(id) + "\""), std::string::npos) << id;
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_NE(page.find("href=\"/kit/assignments/transpose/README.md#the-barrier\""), std::string::npos);
  EXPECT_NE(page.find("<b>tile</b>: 64x96, 1, 2 <span class=\"muted\">and 2 more</span>"), std::string::npos);
  EXPECT_NE(page.find("and tests of 2 more groups"), std::string::npos);
  EXPECT_NE(page.find("(hidden)"), std::string::npos);
  EXPECT_NE(page.find("87% alike"), std::string::npos);
  EXPECT_NE(page.find("   2  __global__ void k(float* a) {"), std::string::npos);
  EXPECT_NE(page.find("   6    b[0] = 1;"), std::string::npos);
  EXPECT_NE(page.find("// &lt;b&gt;"), std::string::npos);
  EXPECT_EQ(page.find("   1  x"), std::string::npos);  // outside the region
}

TEST(ClassReportHtml, EscapesAndKeepsTheTextValidUtf8) {
  EXPECT_EQ(html_escaped("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(html_escaped("caf\xe9"), "caf\xef\xbf\xbd");
}

TEST(ClassReportHtml, SaysWhatIsEmptyRatherThanLeavingItBlank) {
  ClassReport r;
  r.assignment = "vector-add";
  const std::string page = render_class_report_html(r, {}, "");
  EXPECT_NE(page.find("No failed test of correctness or build"), std::string::npos);
  EXPECT_NE(page.find("No throughput was measured"), std::string::npos);
}

}  // namespace
}  // namespace kit
