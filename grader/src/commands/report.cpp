// `grader report`: what a class got wrong, from the results of one or more batches (merged per student
// as `grader gradebook` merges them), as one HTML page and the same facts as JSON (docs/class-report.md).
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "assignment/kit_tree.h"
#include "class/class_report.h"
#include "class/class_report_html.h"
#include "class/class_report_similarity.h"
#include "class/grading_key.h"
#include "class/leaderboard.h"
#include "class/report_plots.h"
#include "commands/commands.h"
#include "util/errors.h"
#include "util/text.h"

namespace fs = std::filesystem;

namespace kit {
namespace {

std::vector<ClassResult> read_batches(const std::vector<std::string>& dirs) {
  std::vector<std::vector<ClassResult>> batches;
  for (const std::string& dir : dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
      throw UserError(quoted_for_message(dir) + " is not a folder: give the folder `grader batch` wrote (--out)");
    const std::optional<GradingKey> key = find_grading_key(dir);
    if (!key)
      throw UserError(quoted_for_message(dir) + " has no grading key (" + kGradingKeyFile + " in the batch's folder, or "
                      "in the course tree): give the folder `grader batch` wrote (--out)");
    batches.push_back(read_class_results(dir, key->secret));
    if (batches.back().empty())
      throw UserError(quoted_for_message(dir) + " holds no results: give the folder `grader batch` wrote (--out)");
  }
  check_one_rubric(batches, "");
  return merge_batches(batches);
}

}  // namespace

Command add_report_command(CLI::App& app) {
  struct State {
    std::vector<std::string> batches;
    std::string out;
    bool names = false;
    std::string submissions;
    bool similarity = true;
  };
  auto state = std::make_shared<State>();
  CLI::App* command = app.add_subcommand("report", "a class report of one or more batches: the misconceptions ranked by "
                                                   "points lost, the tests failed most, performance, and submissions "
                                                   "that look copied (HTML and JSON)");
  command->add_option("batch", state->batches, "the folder `grader batch` wrote (--out); several are merged per student")
      ->required();
  command->add_option("--out", state->out, "where to write report.html and report.json (default: <first batch>/report)");
  command->add_flag("--names", state->names, "show students' names (default: the batch's pseudonyms)");
  command->add_option("--submissions", state->submissions,
                      "the class's folder, for comparing submissions when it has moved since the batch");
  command->add_flag("!--no-similarity", state->similarity, "do not compare the submissions with each other");
  return {command, [state] {
            const std::vector<ClassResult> results = read_batches(state->batches);
            const std::string first = state->batches.front();
            ClassReportOptions options;
            options.real_names = state->names;
            options.salt = leaderboard_salt(first);
            const std::string assignment = results.front().result.assignment;
            std::string handout_link;
            try {
              const std::string handout = assignment_folder(assignment) + "/README.md";
              options.handout_markdown = read_text_file(handout);
              if (!options.handout_markdown.empty()) handout_link = fs::absolute(handout).string();
            } catch (const UserError&) {
              // The assignment is not here (a report made where only the results are): no handout to point at.
            }
            ClassReport report = make_class_report(results, options);
            if (state->similarity) add_similarity(report, results, assignment, state->submissions, options);
            else report.similarity_note = "Not compared (--no-similarity).";

            const fs::path out = state->out.empty() ? fs::path(first) / "report" : fs::path(state->out);
            std::error_code ec;
            fs::create_directories(out, ec);
            if (!fs::is_directory(out, ec))
              throw UserError("cannot make " + out.string() + ": give --out a folder whose parent is writable");
            const ReportPlots plots = draw_report_plots(report, (out / ".plots").string());
            fs::remove_all(out / ".plots", ec);
            write_file_whole((out / "report.json").string(), class_report_json(report).dump(2) + "\n");
            write_file_whole((out / "report.html").string(), render_class_report_html(report, plots, handout_link));
            std::cout << "class report of " << report.students << " students (" << report.graded << " graded): "
                      << report.misconceptions.size() << " diagnoses, " << report.similar.size()
                      << (report.similar.size() == 1 ? " pair that looks" : " pairs that look") << " copied\n"
                      << "  " << (out / "report.html").string() << "\n  " << (out / "report.json").string() << "\n";
            if (!plots.note.empty()) std::cout << plots.note << "\n";
            return 0;
          }};
}

}  // namespace kit
