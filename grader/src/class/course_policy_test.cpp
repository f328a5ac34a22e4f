#include "class/course_policy.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// The message a policy is refused with; "" when it is taken.
std::string policy_refusal(const std::string& yaml) {
  try {
    parse_course_policy(yaml, "course-policy.yaml");
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

// Whether `message` holds every part.
::testing::AssertionResult tells(const std::string& message, std::initializer_list<std::string> parts) {
  for (const std::string& part : parts)
    if (message.find(part) == std::string::npos)
      return ::testing::AssertionFailure() << "\"" << message << "\" does not say \"" << part << "\"";
  return ::testing::AssertionSuccess();
}

TEST(PolicyFile, AssignmentsTakeTheDefaultsTheyDoNotSet) {
  const CoursePolicy policy = parse_course_policy(
      "defaults:\n"
      "  late_days: 2\n"
      "  late_penalty: 10\n"
      "  last_accepted: 7\n"
      "  counted: best_before_due\n"
      "assignments:\n"
      "  matmul-naive:\n"
      "    due: 2026-12-01T23:59:00-05:00\n"
      "    late_penalty: 12.5\n"
      "  vector-add:\n"
      "    due: 2026-11-01T12:00:00Z\n"
      "    counted: last\n",
      "course-policy.yaml");
  const AssignmentPolicy& matmul = policy_for(policy, "matmul-naive");
  ASSERT_TRUE(matmul.due.has_value());
  EXPECT_EQ(timestamp_text(*matmul.due), "2026-12-01T23:59:00-05:00");
  EXPECT_EQ(matmul.late_days, 2);
  EXPECT_DOUBLE_EQ(matmul.late_penalty, 12.5);
  EXPECT_EQ(matmul.last_accepted, 7);
  EXPECT_EQ(matmul.counted, CountedRule::best_before_due);
  EXPECT_EQ(policy_for(policy, "vector-add").counted, CountedRule::last);
  EXPECT_DOUBLE_EQ(policy_for(policy, "vector-add").late_penalty, 10);
  // An assignment the policy does not name: the defaults, with no due date.
  const AssignmentPolicy& other = policy_for(policy, "blur");
  EXPECT_FALSE(other.due.has_value());
  EXPECT_EQ(other.late_days, 2);
  EXPECT_TRUE(tells(describe_policy(policy, "blur"), {"names no blur", "no due date"}));
  EXPECT_TRUE(tells(describe_policy(policy, "matmul-naive"),
                   {"matmul-naive is due 2026-12-01T23:59:00-05:00", "2 late days without penalty",
                    "12.5% of the points off per day started late", "nothing earned more than 7 days after it",
                    "the best before the due date"}));
}

TEST(PolicyFile, AnEmptyFileIsTheDefaults) {
  const CoursePolicy policy = parse_course_policy("", "course-policy.yaml");
  EXPECT_FALSE(policy.defaults.due.has_value());
  EXPECT_EQ(policy.defaults.counted, CountedRule::last);
  EXPECT_EQ(policy.defaults.late_days, 0);
  EXPECT_FALSE(policy.defaults.last_accepted.has_value());
}

TEST(PolicyFile, EachMistakeIsNamedWithTheFileLineAndKey) {
  // A misspelt key would change grades silently: it is an error, where it stands.
  EXPECT_TRUE(tells(policy_refusal("assignments:\n  matmul-naive:\n    late_day: 2\n"),
                   {"course-policy.yaml:3:5", "assignments.matmul-naive.late_day", "unknown key 'late_day'",
                    "allowed: counted, due, last_accepted, late_days, late_penalty"}));
  EXPECT_TRUE(tells(policy_refusal("default:\n  late_days: 2\n"),
                   {"course-policy.yaml:1:1", "unknown key 'default'", "allowed: assignments, defaults"}));
  EXPECT_TRUE(tells(policy_refusal("assignments:\n  matmul-naive:\n    due: 2026-12-01T23:59:00\n"),
                   {"course-policy.yaml:3:10", "assignments.matmul-naive.due", "has no UTC offset",
                    "2026-12-01T23:59:00-05:00"}));
  EXPECT_TRUE(tells(policy_refusal("assignments:\n  matmul-naive:\n    due: next friday\n"),
                   {":3:10", "assignments.matmul-naive.due", "'next friday' is not a date and time"}));
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  due: 2026-12-01T23:59:00Z\n"),
                   {":2:3", "defaults.due", "belongs to one assignment"}));
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  late_days: 1.5\n"), {":2:14", "defaults.late_days", "whole number of days"}));
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  late_days: -1\n"), {"defaults.late_days", "whole number of days"}));
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  last_accepted: never\n"), {"defaults.last_accepted", "not 'never'"}));
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  late_penalty: 10%\n"), {":2:17", "defaults.late_penalty", "from 0 to 100"}));
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  late_penalty: 150\n"), {"defaults.late_penalty", "not '150'"}));
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  counted: first\n"),
                   {":2:12", "defaults.counted", "best, last or best_before_due, not 'first'"}));
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  late_days: 3\n  last_accepted: 2\n"),
                   {"defaults", "last_accepted (2 days) ends before the late days (3)"}));
  // The defaults' late days against an assignment's own last_accepted.
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  late_days: 3\nassignments:\n  a:\n    last_accepted: 1\n"),
                   {":5:5", "assignments.a", "last_accepted (1 day) ends before"}));
  EXPECT_TRUE(tells(policy_refusal("defaults: [late_days]\n"), {":1:11", "defaults: must be a mapping"}));
  EXPECT_TRUE(tells(policy_refusal("assignments:\n  - matmul-naive\n"), {":2:3", "assignments: must map each assignment"}));
  EXPECT_TRUE(tells(policy_refusal("- a\n- b\n"), {":1:1", "must be a mapping"}));
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  late_days: [2\n"), {"course-policy.yaml:", "not valid YAML"}));
  // Every message says what to do.
  EXPECT_TRUE(tells(policy_refusal("defaults:\n  counted: first\n"), {"fix the course policy", "docs/course-policy.md"}));
}

class PolicyFileOnDisk : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "kit-policy-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  fs::path root_;
};

TEST_F(PolicyFileOnDisk, GivenFileIsReadAndAMissingOneIsAnError) {
  const fs::path file = root_ / "policy.yaml";
  std::ofstream(file) << "defaults:\n  counted: best\n";
  const std::optional<CoursePolicy> policy = find_course_policy(file.string());
  ASSERT_TRUE(policy.has_value());
  EXPECT_EQ(policy->defaults.counted, CountedRule::best);
  EXPECT_EQ(policy->file, file.string());
  try {
    find_course_policy((root_ / "nope.yaml").string());
    FAIL() << "a missing --policy file was taken";
  } catch (const UserError& e) {
    EXPECT_TRUE(tells(e.what(), {"--policy", "nope.yaml", "is not a file"}));
  }
}

}  // namespace
}  // namespace kit
