// Which of a student's submissions counts under a course policy (class/course_policy.h), and what its
// lateness costs. Each `grader batch` is one collection of the class's submissions, so a student graded in
// several batches may have handed in several: results of the same files (the same submission_sha256) are one
// submission, merged as batches always are (a CPU batch's correctness with a GPU batch's performance); results
// of different files are resubmissions, and the policy chooses one of them (best, last, best_before_due),
// its late penalty taken off. docs/course-policy.md says it for instructors.
#pragma once

#include <cstdint>
#include <vector>

#include "class/course_policy.h"
#include "class/gradebook.h"

namespace kit {

// What a submission made at `submitted` costs under `policy`, for a score of `score` out of `max_score`.
struct Lateness {
  long days_late = 0;        // days started after the due date: 1 second late is 1 day
  long penalized_days = 0;   // days_late beyond the policy's late_days
  bool after_last_accepted = false;  // later than last_accepted days after the due date: it earns nothing
  double penalty = 0;        // points off: late_penalty% of max_score per penalized day, never more than the score
};
Lateness lateness(const AssignmentPolicy& policy, const Timestamp& submitted, double score, double max_score);

// One student's results, from the batches in the order given, made into the result their gradebook row
// shows under `policy`: the counted submission's merged result, with `policy` (PolicyOutcome) saying which
// one it is and what it cost. Only graded submissions are chosen between; with none, the student's results
// are merged as without a policy (an error, else no submission). Throws UserError naming the file when a
// graded result records no submitted_at (one written before the kit recorded it).
ClassResult counted_submission(const std::vector<ClassResult>& results, const AssignmentPolicy& policy);

// Every student's row under `policy`, sorted by key: merge_batches, with counted_submission per student.
std::vector<ClassResult> apply_course_policy(const std::vector<std::vector<ClassResult>>& batches,
                                             const AssignmentPolicy& policy);

}  // namespace kit
