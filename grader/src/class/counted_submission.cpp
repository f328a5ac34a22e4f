#include "class/counted_submission.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "submission/intake.h"
#include "util/errors.h"

namespace kit {
namespace {

constexpr std::int64_t kDay = 86400;

// One submission of a student: the results of the same files, from every batch that graded them.
struct HandedIn {
  std::vector<ClassResult> results;
  ClassResult merged;
  Timestamp at;      // the earliest time a batch recorded for these files
  Lateness late;
  double final_score = 0;
};

// "1 day", "3 late days".
std::string count_text(long n, const std::string& one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); }

// The time of a submission: the earliest its results record. A graded result without one (written before
// the kit recorded it) cannot be placed before or after the due date, and is refused, never guessed at.
Timestamp submission_time(const HandedIn& s) {
  std::optional<Timestamp> earliest;
  for (const ClassResult& r : s.results) {
    const std::optional<Timestamp> t = parse_timestamp(r.submitted_at);
    if (!t)
      throw UserError("the result " + quoted_for_message(r.file.empty() ? r.key : r.file) +
                      " records no submitted_at (when the submission was made: it was graded before the kit recorded "
                      "it), so the course policy cannot tell whether it was late: run its batch again (give "
                      "--submitted-at the time the class was collected; a result kept from before takes that time), "
                      "or make the gradebook without the policy; nothing was written");
    if (!earliest || t->utc_seconds < earliest->utc_seconds) earliest = t;
  }
  return *earliest;
}

std::string lateness_words(const AssignmentPolicy& policy, const Lateness& late) {
  if (!policy.due) return "no due date";
  if (late.days_late == 0) return "on time";
  const std::string days = count_text(late.days_late, "day") + " late";
  if (late.after_last_accepted)
    return days + ", past the last accepted day (" + count_text(*policy.last_accepted, "day") + " after the due date): " +
           gradebook_points(late.penalty) + " points off, it earns nothing";
  if (late.penalized_days == 0)
    return days + ", within the " + count_text(policy.late_days, "late day") + " without penalty";
  return days + ": " + gradebook_points(late.penalty) + " points off";
}

}  // namespace

Lateness lateness(const AssignmentPolicy& policy, const Timestamp& submitted, double score, double max_score) {
  Lateness l;
  if (!policy.due) return l;
  const std::int64_t late = submitted.utc_seconds - policy.due->utc_seconds;
  if (late <= 0) return l;
  l.days_late = static_cast<long>((late + kDay - 1) / kDay);
  l.penalized_days = std::max(0L, l.days_late - policy.late_days);
  if (policy.last_accepted && late > static_cast<std::int64_t>(*policy.last_accepted) * kDay) {
    l.after_last_accepted = true;
    l.penalty = std::max(0.0, score);
    return l;
  }
  // Points as a gradebook shows them: to the hundredth.
  const double penalty = std::round(static_cast<double>(l.penalized_days) * policy.late_penalty * max_score) / 100;
  l.penalty = std::clamp(penalty, 0.0, std::max(0.0, score));
  return l;
}

ClassResult counted_submission(const std::vector<ClassResult>& results, const AssignmentPolicy& policy) {
  // The same files are one submission, whichever batches graded them.
  std::vector<HandedIn> submissions;
  for (const ClassResult& r : results) {
    auto same = std::find_if(submissions.begin(), submissions.end(), [&](const HandedIn& s) {
      return s.results.front().submission_sha256 == r.submission_sha256;
    });
    if (same == submissions.end()) same = submissions.insert(submissions.end(), HandedIn{});
    same->results.push_back(r);
  }
  std::vector<HandedIn> graded;
  std::size_t errors = 0;
  for (HandedIn& s : submissions) {
    s.merged = s.results.size() == 1 ? s.results.front() : merge_class_results(s.results);
    if (s.merged.status == ClassStatus::graded) graded.push_back(s);
    else if (s.merged.status == ClassStatus::error) ++errors;
  }
  if (graded.empty()) {
    ClassResult none = results.size() == 1 ? results.front() : merge_class_results(results);
    none.policy = PolicyOutcome{};
    return none;
  }
  for (HandedIn& s : graded) {
    s.at = submission_time(s);
    s.late = lateness(policy, s.at, s.merged.result.score, s.merged.result.max_score);
    s.final_score = s.merged.result.score - s.late.penalty;
  }
  // In the order they were made; the same moment keeps the order of the batches.
  std::stable_sort(graded.begin(), graded.end(),
                   [](const HandedIn& a, const HandedIn& b) { return a.at.utc_seconds < b.at.utc_seconds; });

  // The best of `among` after its penalty; of equals, the first made.
  const auto best_of = [&](const std::vector<std::size_t>& among) {
    std::size_t pick = among.front();
    for (std::size_t i : among)
      if (graded[i].final_score > graded[pick].final_score + 1e-9) pick = i;
    return pick;
  };
  std::vector<std::size_t> all, on_time;
  for (std::size_t i = 0; i < graded.size(); ++i) {
    all.push_back(i);
    if (graded[i].late.days_late == 0) on_time.push_back(i);
  }
  std::size_t pick = 0;
  std::string why;
  switch (policy.counted) {
    case CountedRule::last:
      pick = graded.size() - 1;
      why = "the last";
      break;
    case CountedRule::best:
      pick = best_of(all);
      why = "the best";
      break;
    case CountedRule::best_before_due:
      if (!policy.due) {
        pick = best_of(all);
        why = "the best (there is no due date)";
      } else if (!on_time.empty()) {
        pick = best_of(on_time);
        why = "the best before the due date";
      } else {
        pick = best_of(all);
        why = "the best after its late penalty, none was before the due date";
      }
      break;
  }
  const HandedIn& chosen = graded[pick];
  PolicyOutcome outcome;
  outcome.submitted_at = timestamp_text(chosen.at);
  outcome.days_late = chosen.late.days_late;
  outcome.penalty = chosen.late.penalty;
  outcome.counted = graded.size() == 1 ? "the only submission"
                                       : std::to_string(pick + 1) + " of " + std::to_string(graded.size()) +
                                             " submissions: " + why;
  if (errors > 0)
    outcome.counted += "; " + std::to_string(errors) + " more ended in a grading error and " +
                       (errors == 1 ? "was" : "were") + " not counted (grade " + (errors == 1 ? "it" : "them") + " again)";
  outcome.lateness = lateness_words(policy, chosen.late);
  ClassResult row = chosen.merged;
  row.submitted_at = outcome.submitted_at;
  row.policy = outcome;
  return row;
}

std::vector<ClassResult> apply_course_policy(const std::vector<std::vector<ClassResult>>& batches,
                                             const AssignmentPolicy& policy) {
  std::map<std::string, std::vector<ClassResult>> by_student;
  for (const auto& batch : batches)
    for (const ClassResult& r : batch) by_student[r.key].push_back(r);
  std::vector<ClassResult> rows;
  for (const auto& [key, results] : by_student) rows.push_back(counted_submission(results, policy));
  return rows;
}

}  // namespace kit
