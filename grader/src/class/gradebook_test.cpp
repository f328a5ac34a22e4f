#include "class/gradebook.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "class/result_seal.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

TestResult test(const std::string& group, const std::string& name, TestStatus status, double score, double max,
                TestCategory category = TestCategory::correctness) {
  TestResult t;
  t.group = group;
  t.name = name;
  t.status = status;
  t.score = score;
  t.max_score = max;
  t.category = category;
  t.message = to_string(status);
  return t;
}

ClassResult student(const std::string& key, const std::string& backend, std::vector<TestResult> tests) {
  ClassResult r;
  r.key = key;
  r.people = {{key, "", ""}};
  r.backend = backend;
  r.result.assignment = "matmul-naive";
  r.result.backend = backend;
  r.result.device.name = backend == "cpu" ? "CPU backend (virtual device)" : "NVIDIA H100 80GB HBM3";
  r.result.execution_time_s = 10;
  r.result.tests = std::move(tests);
  for (const TestResult& t : r.result.tests) {
    r.result.score += t.score;
    r.result.max_score += t.max_score;
  }
  return r;
}

TEST(Gradebook, KitCsvHasAColumnPerScoredGroupAndARowPerPerson) {
  ClassResult pair = student("submission_1", "cpu",
                             {test("build", "build", TestStatus::passed, 0, 0),
                              test("small sizes", "Width 1", TestStatus::passed, 5, 5),
                              test("small sizes", "Width 2", TestStatus::failed, 0, 5)});
  pair.people = {{"Doe, Jane", "12", "jane@example.edu"}, {"Sam \"S\" Roe", "13", ""}};
  const std::string csv = render_gradebook({pair}, GradebookFormat::kit);
  EXPECT_EQ(csv,
            "student,sid,email,score,max_score,small sizes,status,backend,device,seconds\r\n"
            "\"Doe, Jane\",12,jane@example.edu,5,10,5,graded,cpu,CPU backend (virtual device),10.0\r\n"
            "\"Sam \"\"S\"\" Roe\",13,,5,10,5,graded,cpu,CPU backend (virtual device),10.0\r\n");
}

TEST(Gradebook, GradescopeAndCanvasFormats) {
  ClassResult r = student("alice", "cpu", {test("small sizes", "Width 1", TestStatus::passed, 7.5, 10)});
  r.people = {{"Alice Liddell", "42", "alice@example.edu"}};
  EXPECT_EQ(render_gradebook({r}, GradebookFormat::gradescope),
            "Name,SID,Email,Total Score\r\nAlice Liddell,42,alice@example.edu,7.5\r\n");
  EXPECT_EQ(render_gradebook({r}, GradebookFormat::canvas),
            "Student,ID,SIS User ID,SIS Login ID,Section,matmul-naive\r\n"
            "Points Possible,,,,,10\r\n"
            "Alice Liddell,,42,alice@example.edu,,7.5\r\n");
}

TEST(Gradebook, MergingTakesMeasuredTestsOverSkippedOnes) {
  const ClassResult cpu = student("alice", "cpu",
                                  {test("small sizes", "Width 1", TestStatus::passed, 10, 10),
                                   test("performance", "throughput", TestStatus::skipped, 0, 30,
                                        TestCategory::performance)});
  const ClassResult gpu = student("alice", "cuda",
                                  {test("small sizes", "Width 1", TestStatus::failed, 0, 10),
                                   test("performance", "throughput", TestStatus::passed, 25, 30,
                                        TestCategory::performance)});
  const ClassResult later_skipped = student("alice", "cpu",
                                            {test("performance", "throughput", TestStatus::skipped, 0, 30,
                                                  TestCategory::performance)});
  // The GPU batch came later: its measured correctness and performance both win.
  ClassResult merged = merge_class_results({cpu, gpu});
  EXPECT_DOUBLE_EQ(merged.result.score, 25);
  EXPECT_DOUBLE_EQ(merged.result.max_score, 40);
  EXPECT_EQ(merged.result.backend, "cpu + cuda");
  EXPECT_DOUBLE_EQ(merged.result.execution_time_s, 20);
  // A later skipped performance test does not undo the earlier measurement; the correctness test only
  // the first batch has is kept.
  merged = merge_class_results({gpu, later_skipped});
  EXPECT_DOUBLE_EQ(merged.result.score, 25);
  merged = merge_class_results({cpu, later_skipped});
  EXPECT_DOUBLE_EQ(merged.result.score, 10);
  EXPECT_EQ(merged.result.backend, "cpu");
}

TEST(Gradebook, AGradedResultWinsOverAnErrorOrAMissingSubmission) {
  ClassResult error = student("bob", "cuda", {test("grading", "grading", TestStatus::error, 0, 0)});
  error.status = ClassStatus::error;
  ClassResult missing = student("bob", "cpu", {test("submission", "submission", TestStatus::failed, 0, 0)});
  missing.status = ClassStatus::no_submission;
  const ClassResult graded = student("bob", "cpu", {test("small sizes", "Width 1", TestStatus::passed, 10, 10)});
  EXPECT_EQ(merge_class_results({graded, error}).status, ClassStatus::graded);
  EXPECT_DOUBLE_EQ(merge_class_results({graded, error}).result.score, 10);
  EXPECT_EQ(merge_class_results({missing, error}).status, ClassStatus::error);
  EXPECT_EQ(merge_class_results({error, missing}).status, ClassStatus::error);
}

TEST(Gradebook, MergeBatchesKeepsStudentsOfEitherBatch) {
  const std::vector<ClassResult> first = {student("alice", "cpu", {}), student("bob", "cpu", {})};
  const std::vector<ClassResult> second = {student("bob", "cuda", {}), student("carol", "cuda", {})};
  const std::vector<ClassResult> merged = merge_batches({first, second});
  ASSERT_EQ(merged.size(), 3u);
  EXPECT_EQ(merged[0].key, "alice");
  EXPECT_EQ(merged[1].key, "bob");
  EXPECT_EQ(merged[1].result.backend, "cpu + cuda");
  EXPECT_EQ(merged[2].key, "carol");
}

const std::string kSecret = "0123456789abcdef0123456789abcdef";

TEST(Gradebook, ClassResultsRoundTripThroughTheirJson) {
  ClassResult r = student("alice", "cpu", {test("small sizes", "Width 1", TestStatus::passed, 10, 10)});
  r.people = {{"Alice \xff Liddell", "42", "alice@example.edu"}};  // a name that is not UTF-8 is no error
  r.submission_sha256 = {{"matmul_naive.cu", "abc123"}, {"answers.yaml", "absent"}};
  r.rubric_sha256 = "feed";
  r.seed = "7";
  r.submitted_at = "2026-12-01T23:59:00-05:00";
  const nlohmann::json document = nlohmann::json::parse(render_class_result(r, kSecret));
  EXPECT_EQ(check_seal(document, kSecret), SealCheck::valid);
  const ClassResult back = class_result_from_json(document, "ignored");
  EXPECT_EQ(back.key, "alice");
  EXPECT_EQ(back.status, ClassStatus::graded);
  EXPECT_EQ(back.people.at(0).sid, "42");
  EXPECT_EQ(back.submission_sha256, r.submission_sha256);
  EXPECT_EQ(back.rubric_sha256, "feed");
  EXPECT_EQ(back.seed, "7");
  EXPECT_EQ(back.backend, "cpu");
  EXPECT_EQ(back.submitted_at, "2026-12-01T23:59:00-05:00");
  EXPECT_DOUBLE_EQ(back.result.score, 10);
  // A plain `grader grade --format json` result is the student named by the file.
  nlohmann::json plain = document;
  plain.erase("batch");
  EXPECT_EQ(class_result_from_json(plain, "bob").people.at(0).name, "bob");
  plain["batch"] = {{"status", "finished"}};
  EXPECT_THROW(class_result_from_json(plain, "bob"), std::runtime_error);
  plain["batch"] = {{"status", "graded"}, {"submitted_at", "2026-12-01T23:59:00"}};
  EXPECT_THROW(class_result_from_json(plain, "bob"), std::runtime_error);
}

TEST(Gradebook, ScoresBeyondTheirMaximaAreNamed) {
  ClassResult r = student("alice", "cpu", {test("small sizes", "Width 1", TestStatus::passed, 10, 10),
                                           test("small sizes", "Width 2", TestStatus::failed, 0, 10)});
  EXPECT_EQ(score_problem(r.result), "");
  GradeResult g = r.result;
  g.tests[1].score = 11;
  g.score = 21;
  EXPECT_NE(score_problem(g).find("test \"small sizes: Width 2\" scores 11 of at most 10"), std::string::npos)
      << score_problem(g);
  g = r.result;
  g.tests[1].score = -1;
  g.score = 9;
  EXPECT_NE(score_problem(g).find("scores -1"), std::string::npos) << score_problem(g);
  g = r.result;
  g.score = 25000000;
  EXPECT_NE(score_problem(g).find("it scores 25000000 of at most 20"), std::string::npos) << score_problem(g);
  g = r.result;
  g.score = 15;
  EXPECT_NE(score_problem(g).find("not the sum of its tests' scores, 10"), std::string::npos) << score_problem(g);
  // The grading rounds its total to hundredths: 3 x 1/3 of a point is 1, and 1/3 alone 0.33.
  g.tests = {test("g", "a", TestStatus::passed, 1.0 / 3, 1), test("g", "b", TestStatus::failed, 0, 1)};
  g.max_score = 2;
  g.score = 0.33;
  EXPECT_EQ(score_problem(g), "");
  g.score = 0.34;
  EXPECT_NE(score_problem(g), "");
  g = r.result;
  g.tests[0].score = std::nan("");
  EXPECT_NE(score_problem(g).find("not a number"), std::string::npos) << score_problem(g);
  // An error's single test carries no points while the result keeps the rubric's maximum: that is fine.
  ClassResult error = student("bob", "cpu", {test("grading error", "grading error", TestStatus::error, 0, 0)});
  error.result.max_score = 100;
  EXPECT_EQ(score_problem(error.result), "");
}

class GradebookFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "kit-gradebook-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    fs::create_directories(root_ / "results");
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  ClassResult sample(const std::string& key, double score = 10) const {
    ClassResult r = student(key, "cpu", {test("small sizes", "Width 1", TestStatus::passed, score, 10)});
    r.rubric_sha256 = "rubric-1";
    return r;
  }
  void save(const std::string& file, const std::string& text) const {
    std::ofstream(root_ / "results" / file, std::ios::binary | std::ios::trunc) << text;
  }
  std::string refusal() const {
    try {
      read_class_results(root_.string(), kSecret);
    } catch (const UserError& e) {
      return e.what();
    }
    return "";
  }
  fs::path root_;
};

TEST_F(GradebookFilesTest, SealedResultsAreRead) {
  save("alice.json", render_class_result(sample("alice"), kSecret));
  save("bob.json", render_class_result(sample("bob", 5), kSecret));
  const std::vector<ClassResult> results = read_class_results(root_.string(), kSecret);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[1].key, "bob");
  EXPECT_DOUBLE_EQ(results[1].result.score, 5);
  EXPECT_EQ(results[1].file, (root_ / "results/bob.json").string());
}

TEST_F(GradebookFilesTest, AnEditedResultIsRefusedWithItsFileNamed) {
  std::string text = render_class_result(sample("alice", 5), kSecret);
  text.replace(text.find("\"score\": 5.0"), 12, "\"score\": 9.0");
  save("alice.json", text);
  EXPECT_NE(refusal().find("results/alice.json' is refused: it does not carry the seal"), std::string::npos)
      << refusal();
}

TEST_F(GradebookFilesTest, AResultWithoutASealOrWithAnotherKeysSealIsRefused) {
  nlohmann::json plain = nlohmann::json::parse(render_class_result(sample("alice"), kSecret));
  plain["batch"].erase("hmac_sha256");
  save("alice.json", plain.dump());
  EXPECT_NE(refusal().find("carries no seal"), std::string::npos) << refusal();
  save("alice.json", render_class_result(sample("alice"), "another key, of another batch, 32+"));
  EXPECT_NE(refusal().find("does not carry the seal"), std::string::npos) << refusal();
  save("alice.json", "{\"score\": 25000000");
  EXPECT_NE(refusal().find("is not JSON"), std::string::npos) << refusal();
}

TEST_F(GradebookFilesTest, ASealedResultWithImpossibleScoresOrUnderAnotherNameIsRefused) {
  ClassResult r = sample("alice");
  r.result.score = 25000000;
  save("alice.json", render_class_result(r, kSecret));
  EXPECT_NE(refusal().find("it has scores no grading gives: it scores 25000000 of at most 10"), std::string::npos)
      << refusal();
  save("alice.json", render_class_result(sample("bob"), kSecret));
  EXPECT_NE(refusal().find("holds the result of bob, not of alice"), std::string::npos) << refusal();
}

TEST(Gradebook, ResultsGradedAgainstAnotherRubricAreRefused) {
  ClassResult a = student("alice", "cpu", {}), b = student("bob", "cpu", {});
  a.rubric_sha256 = b.rubric_sha256 = "one";
  a.file = "a/alice.json";
  b.file = "b/bob.json";
  EXPECT_NO_THROW(check_one_rubric({{a}, {b}}, "one"));
  EXPECT_NO_THROW(check_one_rubric({{a}, {b}}, ""));
  b.rubric_sha256 = "two";
  try {
    check_one_rubric({{a}, {b}}, "");
    ADD_FAILURE() << "two rubrics were taken";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("'b/bob.json' were graded against different rubrics of matmul-naive"), std::string::npos)
        << e.what();
  }
  try {
    check_one_rubric({{a}}, "three");
    ADD_FAILURE() << "a rubric other than the assignment's was taken";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("'a/alice.json' was graded against another rubric"), std::string::npos)
        << e.what();
  }
  b.rubric_sha256 = "one";
  b.result.assignment = "matmul-tiled";
  try {
    check_one_rubric({{a, b}}, "");
    ADD_FAILURE() << "two assignments were taken";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("different assignments (matmul-naive, matmul-tiled)"), std::string::npos)
        << e.what();
  }
}

TEST(Gradebook, EveryTextCellIsNeutralisedAndNumbersStayNumbers) {
  ClassResult r = student("x", "cpu", {test("=cmd|' /C calc'!A0", "Width 1", TestStatus::passed, 7.5, 10)});
  r.people = {{"=HYPERLINK(\"http://127.0.0.1:9/?g=\"&D2,\"grades\")", "+1", "@evil"}};
  r.result.device.name = "-device";
  const std::string kit = render_gradebook({r}, GradebookFormat::kit);
  EXPECT_NE(kit.find("\"'=cmd|' /C calc'!A0\""), std::string::npos) << kit;
  EXPECT_NE(kit.find("\"'=HYPERLINK(\"\"http://127.0.0.1:9/?g=\"\"&D2,\"\"grades\"\")\",\"'+1\",\"'@evil\",7.5,10,7.5,"),
            std::string::npos)
      << kit;
  EXPECT_NE(kit.find(",\"'-device\",10.0\r\n"), std::string::npos) << kit;
  for (GradebookFormat format : {GradebookFormat::gradescope, GradebookFormat::canvas}) {
    const std::string csv = render_gradebook({r}, format);
    EXPECT_NE(csv.find("\"'=HYPERLINK("), std::string::npos) << csv;
    EXPECT_EQ(csv.find(",=HYPERLINK("), std::string::npos) << csv;
    EXPECT_EQ(csv.find("\n=HYPERLINK("), std::string::npos) << csv;
    EXPECT_NE(csv.find(",7.5\r\n"), std::string::npos) << csv;
  }
}

TEST(Gradebook, SummaryShowsTheFirstFailingTest) {
  ClassResult r = student("alice", "cpu",
                          {test("small sizes", "Width 1", TestStatus::passed, 10, 10),
                           test("odd sizes", "Width 17", TestStatus::failed, 0, 10)});
  r.result.tests[1].message = "33 of 289 elements wrong\nmore";
  const std::string summary = render_class_summary({r});
  EXPECT_NE(summary.find("student"), std::string::npos);
  EXPECT_NE(summary.find("alice    10 / 20  graded  Width 17: 33 of 289 elements wrong more"), std::string::npos)
      << summary;
}

// A graded student with a test the grading could not check (status error) is to regrade: its points are not
// given, and every table says so, with the first such test.
TEST(Gradebook, AResultWithATestNotCheckedIsToRegradeInTheCsvAndTheSummary) {
  ClassResult r = student("alice", "cuda",
                          {test("small sizes", "Width 1", TestStatus::passed, 10, 10),
                           test("odd sizes", "Width 17", TestStatus::failed, 0, 10),
                           test("technique", "coalesced loads", TestStatus::error, 0, 5, TestCategory::technique)});
  r.result.tests[2].message = "not checked: Nsight Compute failed (exit code 9)\nthe profiler is busy";
  EXPECT_TRUE(needs_regrade(r));
  EXPECT_EQ(gradebook_status(r), "regrade");
  EXPECT_EQ(render_gradebook({r}, GradebookFormat::kit),
            "student,sid,email,score,max_score,small sizes,odd sizes,technique,status,backend,device,seconds\r\n"
            "alice,,,10,25,10,0,0,regrade,cuda,NVIDIA H100 80GB HBM3,10.0\r\n");
  // Gradescope's and Canvas's columns are theirs: a score, no status.
  EXPECT_EQ(render_gradebook({r}, GradebookFormat::gradescope), "Name,SID,Email,Total Score\r\nalice,,,10\r\n");
  EXPECT_EQ(render_gradebook({r}, GradebookFormat::canvas),
            "Student,ID,SIS User ID,SIS Login ID,Section,matmul-naive\r\nPoints Possible,,,,,25\r\nalice,,,alice,,10\r\n");
  // The summary names the test to regrade and why, before the failing one.
  const std::string summary = render_class_summary({r});
  EXPECT_NE(summary.find("alice    10 / 25  regrade  coalesced loads: not checked: Nsight Compute failed (exit code 9)\n"),
            std::string::npos)
      << summary;
}

TEST(Gradebook, OnlyAGradedResultIsToRegrade) {
  ClassResult error = student("bob", "cuda", {test("grading error", "grading error", TestStatus::error, 0, 0)});
  error.status = ClassStatus::error;  // no grade at all: the batch grades it again on its next run
  EXPECT_FALSE(needs_regrade(error));
  EXPECT_EQ(gradebook_status(error), "error");
  ClassResult missing = student("carol", "cpu", {test("no submission", "no submission", TestStatus::failed, 0, 0)});
  missing.status = ClassStatus::no_submission;
  EXPECT_EQ(gradebook_status(missing), "no submission");
  const ClassResult fine = student("dave", "cpu", {test("small sizes", "Width 1", TestStatus::passed, 10, 10)});
  EXPECT_FALSE(needs_regrade(fine));
  EXPECT_EQ(gradebook_status(fine), "graded");
}

// A later batch that checked the test fixes the regrade; one that could not check it either leaves it.
TEST(Gradebook, MergingKeepsTheRegradeOnlyWhileATestIsStillNotChecked) {
  const ClassResult cpu = student("alice", "cpu",
                                  {test("build", "compiles", TestStatus::error, 0, 0, TestCategory::build),
                                   test("small sizes", "Width 1", TestStatus::error, 0, 10)});
  const ClassResult gpu = student("alice", "cuda",
                                  {test("build", "compiles", TestStatus::passed, 0, 0, TestCategory::build),
                                   test("small sizes", "Width 1", TestStatus::passed, 10, 10),
                                   test("performance", "throughput", TestStatus::error, 0, 30, TestCategory::performance)});
  const ClassResult gpu_again = student("alice", "cuda",
                                        {test("performance", "throughput", TestStatus::passed, 25, 30,
                                              TestCategory::performance)});
  EXPECT_EQ(gradebook_status(cpu), "regrade");
  ClassResult merged = merge_class_results({cpu, gpu});
  EXPECT_DOUBLE_EQ(merged.result.score, 10);
  EXPECT_EQ(gradebook_status(merged), "regrade") << "the GPU could not time the performance test";
  merged = merge_class_results({cpu, gpu, gpu_again});
  EXPECT_DOUBLE_EQ(merged.result.score, 35);
  EXPECT_EQ(gradebook_status(merged), "graded");
  // A later batch that could not check what an earlier one measured does not undo the measurement.
  merged = merge_class_results({gpu_again, student("alice", "cuda",
                                                   {test("performance", "throughput", TestStatus::error, 0, 30,
                                                         TestCategory::performance)})});
  EXPECT_DOUBLE_EQ(merged.result.score, 25);
  EXPECT_EQ(gradebook_status(merged), "graded");
  EXPECT_NE(render_gradebook({merged}, GradebookFormat::kit).find(",graded,"), std::string::npos);
}

}  // namespace
}  // namespace kit
