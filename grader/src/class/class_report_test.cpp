// Tests of the class report's facts: misconceptions counted per student and ranked by points lost, the
// tests and groups failed most, pending written answers, technique findings and throughput across the
// class, and names that never leak under pseudonyms.
#include "class/class_report.h"

#include <gtest/gtest.h>

#include "class/leaderboard.h"

namespace kit {
namespace {

TestResult test(const std::string& group, const std::string& name, TestStatus status, double max_score,
                const std::string& category = "", const std::string& cause = "") {
  TestResult t;
  t.group = group;
  t.name = name;
  t.status = status;
  t.max_score = max_score;
  t.score = status == TestStatus::passed ? max_score : 0;
  t.diagnosis.category = category;
  t.diagnosis.cause = cause;
  t.message = status == TestStatus::passed ? "passed" : name + ": wrong";
  return t;
}

ClassResult student(const std::string& key, std::vector<TestResult> tests) {
  ClassResult r;
  r.key = key;
  r.people = {{key + " Realname", "sid-" + key, key + "@school.edu"}};
  r.result.assignment = "transpose";
  r.result.title = "Transpose";
  r.result.backend = "cpu";
  r.result.submission = "/class/" + key;
  for (const TestResult& t : tests) r.result.score += t.score, r.result.max_score += t.max_score;
  r.result.tests = std::move(tests);
  return r;
}

const TestResult kPass1 = test("edges", "17x45", TestStatus::passed, 2);
const TestResult kPass2 = test("tile", "64x96", TestStatus::passed, 3);

std::vector<ClassResult> a_class() {
  // Two students miss the barrier (one of them at two tests), one reads past the edge, one passes all.
  return {student("ann", {test("edges", "17x45", TestStatus::passed, 2),
                          test("tile", "64x96", TestStatus::failed, 3, "missing-barrier"),
                          test("tile", "100x37", TestStatus::failed, 3, "missing-barrier")}),
          student("bob", {test("edges", "17x45", TestStatus::failed, 2, "out-of-bounds-read"), kPass2,
                          test("tile", "100x37", TestStatus::passed, 3)}),
          student("cat", {kPass1, test("tile", "64x96", TestStatus::failed, 3, "missing-barrier"),
                          test("tile", "100x37", TestStatus::passed, 3)}),
          student("dan", {kPass1, kPass2, test("tile", "100x37", TestStatus::passed, 3)})};
}

TEST(ClassReport, CountsEachMisconceptionOncePerStudentAndRanksByPointsLost) {
  const ClassReport report = make_class_report(a_class(), {false, "salt", "", ""});
  ASSERT_EQ(report.misconceptions.size(), 2u);
  EXPECT_EQ(report.misconceptions[0].category, "missing-barrier");
  EXPECT_EQ(report.misconceptions[0].students, 2);
  EXPECT_DOUBLE_EQ(report.misconceptions[0].points_lost, 9);
  EXPECT_EQ(report.misconceptions[0].tests, (std::vector<std::string>{"tile: 64x96", "tile: 100x37"}));
  EXPECT_EQ(report.misconceptions[1].category, "out-of-bounds-read");
  EXPECT_EQ(report.misconceptions[1].students, 1);
  EXPECT_EQ(report.students, 4);
  EXPECT_EQ(report.graded, 4);
  EXPECT_DOUBLE_EQ(report.max_score, 8);
}

TEST(ClassReport, AKnownBugIsItsOwnMisconceptionBesideTheBareCategory) {
  std::vector<ClassResult> results = a_class();
  results.push_back(student("eve", {test("tile", "64x96", TestStatus::failed, 3, "wrong-answer", "P transposed")}));
  results.push_back(student("fay", {test("tile", "64x96", TestStatus::failed, 3, "wrong-answer")}));
  results.push_back(student("gus", {test("tile", "64x96", TestStatus::failed, 3)}));
  const ClassReport report = make_class_report(results, {false, "salt", "", ""});
  int named = 0, bare = 0, undiagnosed = 0;
  for (const Misconception& m : report.misconceptions) {
    if (m.category == "wrong-answer" && m.cause == "P transposed") ++named;
    if (m.category == "wrong-answer" && m.cause.empty()) ++bare;
    if (m.category == "no diagnosis") ++undiagnosed;
  }
  EXPECT_EQ(named, 1);
  EXPECT_EQ(bare, 1);
  EXPECT_EQ(undiagnosed, 1);
}

TEST(ClassReport, ListsTheTestsAndGroupsFailedMost) {
  const ClassReport report = make_class_report(a_class(), {false, "salt", "", ""});
  ASSERT_EQ(report.tests.size(), 3u);
  EXPECT_EQ(report.tests[0].test, "64x96");
  EXPECT_EQ(report.tests[0].failed, 2);
  EXPECT_EQ(report.tests[0].measured, 4);
  ASSERT_EQ(report.groups.size(), 2u);
  EXPECT_EQ(report.groups[0].group, "tile");
  EXPECT_EQ(report.groups[0].failed, 2);  // students, not tests: ann failed two of its tests
  EXPECT_DOUBLE_EQ(report.groups[0].points_lost, 9);
}

TEST(ClassReport, PseudonymsByDefaultAndNoNameInTheExamples) {
  const ClassReport report = make_class_report(a_class(), {false, "salt", "", ""});
  const std::string json = class_report_json(report).dump();
  for (const char* leak : {"ann", "bob", "Realname", "sid-", "school.edu", "/class/"}) EXPECT_EQ(json.find(leak), std::string::npos) << leak;
  EXPECT_NE(json.find(pseudonym("ann", "salt")), std::string::npos);
  const ClassReport named = make_class_report(a_class(), {true, "salt", "", ""});
  EXPECT_NE(class_report_json(named).dump().find("ann Realname"), std::string::npos);
}

TEST(ClassReport, TheExampleHasTheStudentsNamesTakenOut) {
  std::vector<ClassResult> results = {student("hal", {test("tile", "64x96", TestStatus::failed, 3, "missing-barrier")})};
  results[0].result.tests[0].details = "in /class/hal/transpose.cu:82, hal Realname's tile\nsecond line";
  const ClassReport report = make_class_report(results, {false, "salt", "", ""});
  ASSERT_EQ(report.misconceptions.size(), 1u);
  const std::string& example = report.misconceptions[0].example;
  EXPECT_EQ(example.find("hal"), std::string::npos) << example;
  EXPECT_NE(example.find(pseudonym("hal", "salt") + "/transpose.cu:82"), std::string::npos) << example;
  EXPECT_NE(example.find("second line"), std::string::npos);
}

TEST(ClassReport, PointsAtTheHandoutSectionOfEachMisconception) {
  const std::string handout = "# transpose\n\n## Background\n\n### The barrier between loading and reading the tile\n\n"
                              "### Edges: rows and cols that are not multiples of TILE_DIM\n\n## Reading a failure report\n";
  const ClassReport report = make_class_report(a_class(), {false, "salt", handout, "README.md"});
  EXPECT_EQ(report.misconceptions[0].handout.title, "The barrier between loading and reading the tile");
  EXPECT_EQ(report.misconceptions[1].handout.anchor, "edges-rows-and-cols-that-are-not-multiples-of-tile_dim");
}

TEST(ClassReport, CountsWhatIsNotAGradeApart) {
  std::vector<ClassResult> results = a_class();
  ClassResult missing = student("ivy", {});
  missing.status = ClassStatus::no_submission;
  ClassResult error = student("jon", {});
  error.status = ClassStatus::error;
  results.push_back(missing);
  results.push_back(error);
  TestResult pending = test("written", "padding-cost", TestStatus::skipped, 2);
  pending.category = TestCategory::written;
  pending.message = "pending: graded by a person";
  results[0].result.tests.push_back(pending);
  results[1].result.tests.push_back(pending);
  const ClassReport report = make_class_report(results, {false, "salt", "", ""});
  EXPECT_EQ(report.students, 6);
  EXPECT_EQ(report.graded, 4);
  EXPECT_EQ(report.no_submission, 1);
  EXPECT_EQ(report.errors, 1);
  ASSERT_EQ(report.pending.size(), 1u);
  EXPECT_EQ(report.pending[0].question, "padding-cost");
  EXPECT_EQ(report.pending[0].students, 2);
  EXPECT_DOUBLE_EQ(report.pending[0].points, 4);
}

TEST(ClassReport, GathersTechniqueFindingsAndThroughput) {
  std::vector<ClassResult> results = a_class();
  for (std::size_t i = 0; i < results.size(); ++i) {
    TestResult coalesced = test("technique", "coalesced stores", i < 3 ? TestStatus::failed : TestStatus::passed, 2);
    coalesced.category = TestCategory::technique;
    coalesced.message = i < 3 ? "stores of odata: 32 sectors per request" : "stores of odata: 4 sectors per request";
    TestResult speed = test("performance", "padded transpose against the reference", TestStatus::passed, 8);
    speed.category = TestCategory::performance;
    speed.metrics = {{"gbps", 100.0 * (i + 1)}, {"baseline_gbps", 900 + 10.0 * i}, {"ratio", (100.0 * (i + 1)) / (900 + 10.0 * i)}};
    results[i].result.tests.push_back(coalesced);
    results[i].result.tests.push_back(speed);
  }
  const ClassReport report = make_class_report(results, {false, "salt", "", ""});
  ASSERT_EQ(report.technique.size(), 2u);
  EXPECT_EQ(report.technique[0].message, "stores of odata: 32 sectors per request");
  EXPECT_EQ(report.technique[0].students, 3);
  // A technique check that failed is no misconception of correctness: it is a finding of its own.
  for (const Misconception& m : report.misconceptions) EXPECT_NE(m.category, "no diagnosis");
  ASSERT_EQ(report.throughput.size(), 1u);
  EXPECT_EQ(report.throughput[0].unit, "GB/s");
  EXPECT_EQ(report.throughput[0].students, (std::vector<double>{400, 300, 200, 100}));
  EXPECT_DOUBLE_EQ(report.throughput[0].baseline, 915);
}

}  // namespace
}  // namespace kit
