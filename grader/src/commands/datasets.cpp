// `grader datasets`: the visible tests' inputs and expected outputs, as files.
#include <cstdio>
#include <memory>

#include "commands/commands.h"
#include "grading/grade.h"
#include "release/datasets.h"
#include "util/errors.h"

namespace kit {

Command add_datasets_command(CLI::App& app) {
  struct State {
    std::string assignment, out_dir = "datasets", format = "npy";
    std::size_t max_elements = 1 << 20;
  };
  auto state = std::make_shared<State>();
  CLI::App* command = app.add_subcommand("datasets", "write the visible tests' inputs and expected outputs");
  command->add_option("assignment", state->assignment, "an assignment, or all")->required();
  command->add_option("--out", state->out_dir, "the folder to write into (default: datasets)");
  command->add_option("--format", state->format, "npy (NumPy) or raw (GPU Teaching Kit text)")
      ->check(CLI::IsMember({"npy", "raw"}));
  command->add_option("--max-elements", state->max_elements, "skip cases with larger arrays (default 1048576)");
  return {command, [state] {
            const std::vector<std::string> names =
                state->assignment == "all" ? list_assignments() : std::vector<std::string>{state->assignment};
            for (const std::string& name : names) {
              const Rubric r = load_assignment_rubric(name);
              const DatasetSummary s = write_datasets(r, {state->out_dir, state->format, state->max_elements});
              std::printf("%s: %d files in %s\n", name.c_str(), s.files, s.folder.c_str());
              for (const auto& skipped : s.skipped) std::printf("  skipped %s\n", skipped.c_str());
            }
            return kExitOk;
          }};
}

}  // namespace kit
