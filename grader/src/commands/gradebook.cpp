// `grader gradebook`: one gradebook from the results of one or more batches, merged per student (a CPU
// batch's correctness with a later GPU batch's performance, say), in the kit's CSV or an LMS's import CSV.
// Only results each batch sealed with its key, with possible scores, graded against one rubric, are
// taken; anything else stops it with exit 2 and the file named. Under a course policy (--policy, or the
// course tree's) a student's different submissions are resubmissions: the policy picks the one that counts
// and takes off its late penalty (class/counted_submission.h).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "class/batch.h"
#include "class/counted_submission.h"
#include "class/course_policy.h"
#include "class/gradebook.h"
#include "class/grading_key.h"
#include "commands/commands.h"
#include "grading/grade.h"
#include "submission/intake.h"
#include "util/errors.h"

namespace kit {
namespace {

// The digest of the rubric the assignment has here, when it has one here (a gradebook may be made where
// only the results are).
std::string rubric_here(const std::string& assignment) {
  try {
    return rubric_sha256(load_assignment_rubric(assignment));
  } catch (const UserError&) {
    return "";
  }
}

}  // namespace

Command add_gradebook_command(CLI::App& app) {
  struct State {
    std::vector<std::string> results;
    std::string format = "csv";
    std::string output;
    std::string policy;
  };
  auto state = std::make_shared<State>();
  static const std::vector<std::string> formats = {"csv", "gradescope", "canvas"};
  CLI::App* command = app.add_subcommand("gradebook", "merge the results of one or more batches per student into one "
                                                      "gradebook (a measured test wins over a skipped one; between "
                                                      "two, the later --results)");
  command->add_option("--results", state->results, "a batch's folder or its results/ folder; repeat it, earliest first")
      ->required();
  command->add_option("--format", state->format, "csv (the kit's), gradescope or canvas (their score import CSVs)")
      ->check(CLI::IsMember(formats));
  command->add_option("--output", state->output, "the gradebook file to write")->required();
  command->add_option("--policy", state->policy, "the course policy: due date, late penalty, which resubmission counts "
                                                 "(default: the course tree's course-policy.yaml, if any)");
  return {command, [state] {
            // Read first: a mistake in it is named before any result is.
            const std::optional<CoursePolicy> policy = find_course_policy(state->policy);
            std::vector<std::vector<ClassResult>> batches;
            for (const std::string& dir : state->results) {
              std::error_code ec;
              if (!std::filesystem::is_directory(dir, ec))
                throw UserError("--results " + quoted_for_message(dir) + " holds no results: give a folder "
                                "`grader batch` wrote (--out)");
              const std::optional<GradingKey> key = find_grading_key(dir);
              if (!key)
                throw UserError("--results " + quoted_for_message(dir) + " has no grading key (" + kGradingKeyFile +
                                " in the batch's folder, or in the course tree): give the folder `grader batch` wrote "
                                "(--out), whose key checks that its results are the batch's own");
              batches.push_back(read_class_results(dir, key->secret));
              if (batches.back().empty())
                throw UserError("--results " + dir + " holds no results: give a folder `grader batch` wrote (--out)");
            }
            const std::string assignment = batches.front().front().result.assignment;
            check_one_rubric(batches, rubric_here(assignment));
            const std::vector<ClassResult> merged =
                policy ? apply_course_policy(batches, policy_for(*policy, assignment)) : merge_batches(batches);
            const GradebookFormat format = state->format == "gradescope" ? GradebookFormat::gradescope
                                           : state->format == "canvas"   ? GradebookFormat::canvas
                                                                         : GradebookFormat::kit;
            write_file_whole(state->output, render_gradebook(merged, format));
            if (policy) std::cout << describe_policy(*policy, assignment) << "\n\n";
            std::cout << render_class_summary(merged) << "\n" << merged.size() << " students from "
                      << state->results.size() << (state->results.size() == 1 ? " batch" : " batches")
                      << "; gradebook written to " << state->output << " (" << state->format << ")\n";
            // Gradescope's and Canvas's CSVs have no status column: say here which scores are not final.
            const auto to_regrade = std::count_if(merged.begin(), merged.end(),
                                                  [](const ClassResult& r) { return needs_regrade(r); });
            if (to_regrade > 0)
              std::cout << "regrade: " << to_regrade << (to_regrade == 1 ? " student still needs" : " students still need")
                        << " a regrade (status regrade above): a test was not checked in any batch, and its points are "
                           "not in the score; grade them again where it can be checked (a batch on a GPU, say), then "
                           "make the gradebook again with that batch's results last\n";
            return kExitOk;
          }};
}

}  // namespace kit
