// `grader gradebook`: one gradebook from the results of one or more batches, merged per student (a CPU
// batch's correctness with a later GPU batch's performance, say), in the kit's CSV or an LMS's import CSV.
#include <iostream>
#include <memory>

#include "commands/commands.h"
#include "kit/errors.h"
#include "kit/gradebook.h"

namespace kit {

Command add_gradebook_command(CLI::App& app) {
  struct State {
    std::vector<std::string> results;
    std::string format = "csv";
    std::string output;
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
  return {command, [state] {
            std::vector<std::vector<ClassResult>> batches;
            std::vector<std::string> warnings;
            for (const std::string& dir : state->results) {
              batches.push_back(read_class_results(dir, warnings));
              if (batches.back().empty())
                throw UserError("--results " + dir + " holds no results: give a folder `grader batch` wrote (--out)");
            }
            for (const std::string& warning : warnings) std::cerr << "warning: " << warning << "\n";
            const std::vector<ClassResult> merged = merge_batches(batches);
            const GradebookFormat format = state->format == "gradescope" ? GradebookFormat::gradescope
                                           : state->format == "canvas"   ? GradebookFormat::canvas
                                                                         : GradebookFormat::kit;
            write_file_whole(state->output, render_gradebook(merged, format));
            std::cout << render_class_summary(merged) << "\n" << merged.size() << " students from "
                      << state->results.size() << (state->results.size() == 1 ? " batch" : " batches")
                      << "; gradebook written to " << state->output << " (" << state->format << ")\n";
            return kExitOk;
          }};
}

}  // namespace kit
