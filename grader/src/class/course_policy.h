// A course's policy for its assignments: when each is due, how late work loses points, and which of a
// student's submissions counts. It lives in course-policy.yaml at the top of the course tree (found as the
// grading seed is: assignment/kit_tree.h), or is given with --policy to `grader batch` and `grader
// gradebook`. docs/course-policy.md is the instructor's guide:
//
//   defaults:                 # every assignment, unless it says otherwise
//     late_days: 2            # days after the due date without penalty
//     late_penalty: 10        # percent of the assignment's points off per started day late beyond late_days
//     last_accepted: 7        # days after the due date after which a submission earns nothing (absent: never)
//     counted: best           # best | last | best_before_due
//   assignments:
//     matmul-naive:
//       due: 2026-12-01T23:59:00-05:00
//       late_penalty: 20
//
// Every key is checked: an unknown one (a typo) is an error, since it would change grades silently.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "class/timestamp.h"

namespace kit {

inline constexpr const char* kCoursePolicyFile = "course-policy.yaml";

// Which of a student's submissions counts.
enum class CountedRule {
  best,             // the best score after its late penalty
  last,             // the last one made
  best_before_due,  // the best made by the due date; when none was, the best late one after its penalty
};
const char* to_string(CountedRule rule);  // "best", "last", "best_before_due"

struct AssignmentPolicy {
  std::optional<Timestamp> due;    // none: no submission is late
  int late_days = 0;               // started days late without penalty
  double late_penalty = 0;         // percent of the maximum per started day late beyond late_days
  std::optional<int> last_accepted;  // days after the due date after which a submission earns nothing
  CountedRule counted = CountedRule::last;
};

struct CoursePolicy {
  std::string file;  // where it was read from, for messages
  AssignmentPolicy defaults;
  std::map<std::string, AssignmentPolicy> assignments;  // each with the defaults filled in
};

// The policy of `assignment`: its own entry, else the defaults.
const AssignmentPolicy& policy_for(const CoursePolicy& policy, const std::string& assignment);

// Reads a policy from YAML text; `file` names it in errors. Throws UserError naming the file, the line and
// the key, and saying what is expected: an unknown key, a due date without a UTC offset, a number where a
// word belongs, a last_accepted before the end of the late days.
CoursePolicy parse_course_policy(const std::string& yaml_text, const std::string& file);

// The policy in use: `given` (--policy) when it is not empty, else the course tree's course-policy.yaml,
// else none. Throws UserError when `given` cannot be read or either file is not a valid policy.
std::optional<CoursePolicy> find_course_policy(const std::string& given);

// One line for people: "course policy course-policy.yaml: matmul-naive due 2026-12-01T23:59:00-05:00; 2 late
// days without penalty, then 10% of the points per day started; nothing after 7 days; counted: the best".
std::string describe_policy(const CoursePolicy& policy, const std::string& assignment);

}  // namespace kit
