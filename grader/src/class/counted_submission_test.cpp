#include "class/counted_submission.h"

#include <gtest/gtest.h>

#include <string>

#include "util/errors.h"

namespace kit {
namespace {

// Due 2026-12-01T23:59:00-05:00, 1 late day without penalty, then 10% of the points a day started, nothing
// after 5 days.
AssignmentPolicy due_policy(CountedRule counted) {
  AssignmentPolicy p;
  p.due = parse_timestamp("2026-12-01T23:59:00-05:00");
  p.late_days = 1;
  p.late_penalty = 10;
  p.last_accepted = 5;
  p.counted = counted;
  return p;
}

// A graded result of `files` (one file's SHA-256), handed in at `when`, earning `correct` of 80 correctness
// points and `performance` of 20 (skipped, scoring nothing, when it is negative: the CPU backend).
ClassResult handed_in(const std::string& files, const std::string& when, double correct, double performance = -1) {
  ClassResult r;
  r.key = "alice";
  r.people = {{"Alice", "", ""}};
  r.submission_sha256 = {{"matmul_naive.cu", files}};
  r.submitted_at = when;
  r.file = "batch/results/alice.json";
  r.backend = performance < 0 ? "cpu" : "cuda";
  r.result.assignment = "matmul-naive";
  r.result.backend = r.backend;
  TestResult c;
  c.group = "sizes";
  c.name = "Width 17";
  c.status = correct > 0 ? TestStatus::passed : TestStatus::failed;
  c.score = correct;
  c.max_score = 80;
  TestResult t;
  t.group = "performance";
  t.name = "throughput";
  t.category = TestCategory::performance;
  t.status = performance < 0 ? TestStatus::skipped : TestStatus::passed;
  t.score = performance < 0 ? 0 : performance;
  t.max_score = 20;
  r.result.tests = {c, t};
  r.result.score = c.score + t.score;
  r.result.max_score = 100;
  return r;
}

const std::string kOnTime = "2026-12-01T20:00:00-05:00";
const std::string kOneDayLate = "2026-12-02T20:00:00-05:00";     // within the late day
const std::string kThreeDaysLate = "2026-12-04T20:00:00-05:00";  // 2 days beyond it: 20 points off
const std::string kNineDaysLate = "2026-12-10T20:00:00-05:00";   // past last_accepted

TEST(PolicyCounted, LatenessCountsStartedDaysBeyondTheLateDays) {
  const AssignmentPolicy p = due_policy(CountedRule::last);
  const auto late = [&](const std::string& when, double score = 100) {
    return lateness(p, *parse_timestamp(when), score, 100);
  };
  EXPECT_EQ(late("2026-12-01T23:59:00-05:00").days_late, 0);  // at the due time is on time
  EXPECT_EQ(late("2026-12-01T23:59:01-05:00").days_late, 1);  // a second late is a day started
  EXPECT_DOUBLE_EQ(late("2026-12-01T23:59:01-05:00").penalty, 0);  // within the late day
  EXPECT_EQ(late("2026-12-02T23:59:00-05:00").days_late, 1);
  EXPECT_EQ(late("2026-12-02T23:59:01-05:00").days_late, 2);
  EXPECT_DOUBLE_EQ(late("2026-12-02T23:59:01-05:00").penalty, 10);
  EXPECT_DOUBLE_EQ(late(kThreeDaysLate).penalty, 20);
  // The same moment in another offset.
  EXPECT_DOUBLE_EQ(late("2026-12-05T01:00:00Z").penalty, 20);
  // last_accepted: 5 days after the due date is still accepted, a second more earns nothing.
  EXPECT_FALSE(late("2026-12-06T23:59:00-05:00").after_last_accepted);
  EXPECT_DOUBLE_EQ(late("2026-12-06T23:59:00-05:00").penalty, 40);
  EXPECT_TRUE(late("2026-12-06T23:59:01-05:00").after_last_accepted);
  EXPECT_DOUBLE_EQ(late("2026-12-06T23:59:01-05:00", 73).penalty, 73);
  // Never more than the score: a score after its penalty is never below 0.
  EXPECT_DOUBLE_EQ(late(kThreeDaysLate, 15).penalty, 15);
  EXPECT_DOUBLE_EQ(late(kThreeDaysLate, 0).penalty, 0);
  // Without a due date nothing is late.
  EXPECT_EQ(lateness(AssignmentPolicy{}, *parse_timestamp(kNineDaysLate), 100, 100).days_late, 0);
}

TEST(PolicyCounted, LastCountsTheLastMadeWhateverItsScore) {
  // Given out of order: the batches need not be in the order the submissions were made.
  const ClassResult row = counted_submission(
      {handed_in("b", kThreeDaysLate, 70), handed_in("a", kOnTime, 80)}, due_policy(CountedRule::last));
  ASSERT_TRUE(row.policy.has_value());
  EXPECT_EQ(row.submission_sha256.at("matmul_naive.cu"), "b");
  EXPECT_EQ(row.policy->counted, "2 of 2 submissions: the last");
  EXPECT_EQ(row.policy->submitted_at, "2026-12-04T20:00:00-05:00");
  EXPECT_EQ(row.policy->days_late, 3);
  EXPECT_DOUBLE_EQ(row.policy->penalty, 20);
  EXPECT_EQ(row.policy->lateness, "3 days late: 20 points off");
  EXPECT_DOUBLE_EQ(gradebook_score(row), 50);
}

TEST(PolicyCounted, BestCountsTheBestAfterItsPenalty) {
  // 80 on time against 95 three days late (75 after its 20 points off): the on-time one.
  ClassResult row = counted_submission(
      {handed_in("a", kOnTime, 80), handed_in("b", kThreeDaysLate, 75, 20)}, due_policy(CountedRule::best));
  EXPECT_EQ(row.submission_sha256.at("matmul_naive.cu"), "a");
  EXPECT_EQ(row.policy->counted, "1 of 2 submissions: the best");
  EXPECT_EQ(row.policy->lateness, "on time");
  EXPECT_DOUBLE_EQ(gradebook_score(row), 80);
  // Within the late day a later, better submission costs nothing.
  row = counted_submission({handed_in("a", kOnTime, 60), handed_in("b", kOneDayLate, 70)}, due_policy(CountedRule::best));
  EXPECT_EQ(row.submission_sha256.at("matmul_naive.cu"), "b");
  EXPECT_EQ(row.policy->days_late, 1);
  EXPECT_DOUBLE_EQ(row.policy->penalty, 0);
  EXPECT_EQ(row.policy->lateness, "1 day late, within the 1 late day without penalty");
  EXPECT_DOUBLE_EQ(gradebook_score(row), 70);
}

TEST(PolicyCounted, BestBeforeDueTakesAnOnTimeOneOverABetterLateOne) {
  ClassResult row = counted_submission(
      {handed_in("a", kOnTime, 40), handed_in("b", kOneDayLate, 80), handed_in("c", kOnTime, 50)},
      due_policy(CountedRule::best_before_due));
  EXPECT_EQ(row.submission_sha256.at("matmul_naive.cu"), "c");
  EXPECT_EQ(row.policy->counted, "2 of 3 submissions: the best before the due date");
  EXPECT_DOUBLE_EQ(gradebook_score(row), 50);
  // None on time: the best late one after its penalty: 60 within the late day beats 75 less 20.
  row = counted_submission({handed_in("a", kOneDayLate, 60), handed_in("b", kThreeDaysLate, 75)},
                           due_policy(CountedRule::best_before_due));
  EXPECT_EQ(row.submission_sha256.at("matmul_naive.cu"), "a");
  EXPECT_EQ(row.policy->counted, "1 of 2 submissions: the best after its late penalty, none was before the due date");
  EXPECT_DOUBLE_EQ(gradebook_score(row), 60);
  row = counted_submission({handed_in("a", kOneDayLate, 50), handed_in("b", kThreeDaysLate, 80)},
                           due_policy(CountedRule::best_before_due));
  EXPECT_EQ(row.submission_sha256.at("matmul_naive.cu"), "b");
  EXPECT_DOUBLE_EQ(row.policy->penalty, 20);
  EXPECT_DOUBLE_EQ(gradebook_score(row), 60);
}

TEST(PolicyCounted, PastTheLastAcceptedDayASubmissionEarnsNothing) {
  ClassResult row = counted_submission({handed_in("a", kNineDaysLate, 80)}, due_policy(CountedRule::last));
  EXPECT_EQ(row.policy->counted, "the only submission");
  EXPECT_EQ(row.policy->days_late, 9);
  EXPECT_DOUBLE_EQ(row.policy->penalty, 80);
  EXPECT_DOUBLE_EQ(gradebook_score(row), 0);
  EXPECT_EQ(row.policy->lateness,
            "9 days late, past the last accepted day (5 days after the due date): 80 points off, it earns nothing");
  // Under best, the earlier one counts instead.
  row = counted_submission({handed_in("a", kThreeDaysLate, 30), handed_in("b", kNineDaysLate, 80)},
                           due_policy(CountedRule::best));
  EXPECT_EQ(row.submission_sha256.at("matmul_naive.cu"), "a");
  EXPECT_DOUBLE_EQ(gradebook_score(row), 10);
}

TEST(PolicyCounted, ThePenaltyNeverTakesTheScoreBelowZero) {
  AssignmentPolicy p = due_policy(CountedRule::last);
  p.late_penalty = 50;
  p.last_accepted.reset();
  const ClassResult row = counted_submission({handed_in("a", kNineDaysLate, 30)}, p);
  EXPECT_DOUBLE_EQ(row.policy->penalty, 30);  // 8 days beyond the late day at 50 points each, capped at the score
  EXPECT_DOUBLE_EQ(gradebook_score(row), 0);
}

TEST(PolicyCounted, TheSameFilesInTwoBatchesAreOneSubmissionMerged) {
  // A CPU batch before the due date and a GPU batch of the same files after it: one submission, made when the
  // first batch saw it, its correctness and performance merged; a resubmission beside it is chosen against.
  const ClassResult cpu = handed_in("a", kOnTime, 70);
  const ClassResult gpu = handed_in("a", kThreeDaysLate, 70, 15);
  const ClassResult later = handed_in("b", kThreeDaysLate, 80, 20);
  ClassResult row = counted_submission({cpu, gpu}, due_policy(CountedRule::last));
  EXPECT_EQ(row.policy->counted, "the only submission");
  EXPECT_EQ(row.policy->submitted_at, "2026-12-01T20:00:00-05:00");
  EXPECT_EQ(row.policy->lateness, "on time");
  EXPECT_DOUBLE_EQ(gradebook_score(row), 85);
  EXPECT_EQ(row.result.backend, "cpu + cuda");
  // best: the merged 85 on time against 100 - 20.
  row = counted_submission({cpu, later, gpu}, due_policy(CountedRule::best));
  EXPECT_EQ(row.policy->counted, "1 of 2 submissions: the best");
  EXPECT_DOUBLE_EQ(gradebook_score(row), 85);
  row = counted_submission({cpu, later, gpu}, due_policy(CountedRule::last));
  EXPECT_EQ(row.policy->counted, "2 of 2 submissions: the last");
  EXPECT_DOUBLE_EQ(gradebook_score(row), 80);
}

TEST(PolicyCounted, OnlyGradedSubmissionsAreChosenBetween) {
  ClassResult broken = handed_in("b", kThreeDaysLate, 0);
  broken.status = ClassStatus::error;
  ClassResult row = counted_submission({handed_in("a", kOnTime, 60), broken}, due_policy(CountedRule::last));
  EXPECT_EQ(row.submission_sha256.at("matmul_naive.cu"), "a");
  EXPECT_EQ(row.policy->counted, "the only submission; 1 more ended in a grading error and was not counted (grade it again)");
  // Nothing graded: the row is what it is without a policy, and says nothing of submissions.
  ClassResult missing = handed_in("", kOnTime, 0);
  missing.status = ClassStatus::no_submission;
  missing.submission_sha256.clear();
  row = counted_submission({missing}, due_policy(CountedRule::best));
  EXPECT_EQ(row.status, ClassStatus::no_submission);
  ASSERT_TRUE(row.policy.has_value());
  EXPECT_EQ(row.policy->counted, "");
  EXPECT_EQ(row.policy->submitted_at, "");
}

TEST(PolicyCounted, AResultWithoutItsTimeIsRefusedNotGuessedAt) {
  ClassResult old = handed_in("a", "", 80);
  try {
    counted_submission({old}, due_policy(CountedRule::last));
    FAIL() << "a result without submitted_at was placed in time";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("batch/results/alice.json' records no submitted_at"), std::string::npos)
        << e.what();
  }
}

TEST(PolicyCounted, TheGradebookSaysWhichCountedAndWhy) {
  ClassResult alice = counted_submission({handed_in("a", kOnTime, 40), handed_in("b", kThreeDaysLate, 80)},
                                         due_policy(CountedRule::best));
  alice.people = {{"Alice", "7", "alice@example.edu"}};
  ClassResult bob = handed_in("", kOnTime, 0);
  bob.key = "bob";
  bob.people = {{"Bob", "8", "bob@example.edu"}};
  bob.status = ClassStatus::no_submission;
  bob = counted_submission({bob}, due_policy(CountedRule::best));
  const std::string csv = render_gradebook({alice, bob}, GradebookFormat::kit);
  EXPECT_NE(csv.find("student,sid,email,score,max_score,sizes,performance,status,backend,device,seconds,submitted_at,days_late,"
                     "penalty,counted\r\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("Alice,7,alice@example.edu,60,100,80,0,graded,cpu,,0.0,2026-12-04T20:00:00-05:00,3,20,"
                     "2 of 2 submissions: the best\r\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("Bob,8,bob@example.edu,0,100,0,0,no submission,cpu,,0.0,,,,\r\n"), std::string::npos) << csv;
  // The LMS's CSVs carry the score after the penalty.
  EXPECT_NE(render_gradebook({alice}, GradebookFormat::gradescope).find("Alice,7,alice@example.edu,60\r\n"),
            std::string::npos);
  EXPECT_NE(render_gradebook({alice}, GradebookFormat::canvas).find("Alice,,7,alice@example.edu,,60\r\n"),
            std::string::npos);
  const std::string summary = render_class_summary({alice, bob});
  EXPECT_NE(summary.find("60 / 100  graded         2 of 2 submissions: the best; 3 days late: 20 points off"),
            std::string::npos)
      << summary;
}

}  // namespace
}  // namespace kit
