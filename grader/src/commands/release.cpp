// `grader release`: write a student repository for some assignments (docs/release.md).
#include <cstdio>
#include <memory>

#include "commands/commands.h"
#include "release/release.h"
#include "util/errors.h"

namespace kit {

Command add_release_command(CLI::App& app) {
  auto options = std::make_shared<ReleaseOptions>();
  CLI::App* command = app.add_subcommand("release", "write a student repository for some assignments: starters, "
                                                    "handouts, visible tests, the grader, a GitHub Classroom workflow");
  command->add_option("assignment", options->assignments, "the assignments to release")->required();
  command->add_option("--out", options->out_dir, "the folder to write, outside the kit; new or empty")->required();
  command->add_flag("--force", options->force, "replace what --out holds, except its .git");
  return {command, [options] {
            const ReleaseSummary s = write_release(*options);
            std::printf("released %d files into %s\n", s.files, s.folder.c_str());
            std::printf("left out:\n");
            for (const std::string& line : s.left_out) std::printf("  %s\n", line.c_str());
            std::printf("next: run %s/scripts/check-all.sh, then push the folder to the template repository of "
                        "your GitHub Classroom assignment (docs/release.md)\n",
                        s.folder.c_str());
            return kExitOk;
          }};
}

}  // namespace kit
