// `grader list`: the assignments, with their titles.
#include <cstdio>

#include "commands/commands.h"
#include "grading/grade.h"
#include "util/errors.h"

namespace kit {

Command add_list_command(CLI::App& app) {
  CLI::App* command = app.add_subcommand("list", "list the assignments, with titles");
  return {command, [] {
            for (const std::string& name : list_assignments()) {
              const Rubric r = load_assignment_rubric(name);
              std::printf("%-16s %s\n", name.c_str(), r.title.c_str());
            }
            return kExitOk;
          }};
}

}  // namespace kit
