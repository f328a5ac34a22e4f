#include "commands/cli.h"

#include <cstdio>
#include <vector>

#include <CLI/CLI.hpp>

#include "assignment/kit_tree.h"
#include "commands/commands.h"
#include "util/errors.h"

namespace kit {
namespace {

constexpr const char* kExitCodes =
    "Exit codes:\n"
    "  0  done: a grade was produced (grade, datasets), every test passed (check, selftest), a picture was\n"
    "     written (run), the batch completed, whatever the grades (batch, gradebook), or a student tree was\n"
    "     written (release)\n"
    "  1  check or selftest: some test did not pass; run: the student's code failed\n"
    "  2  bad usage or input: unknown assignment, missing or misnamed file, invalid rubric, a --kit folder\n"
    "     without assignments/, no GPU for --backend cuda; the message says what to do\n"
    "  3  internal error in the kit: please report it with the output\n";

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"grader: builds, checks and scores CUDA assignments on a GPU, or on the CPU backend without one"};
  app.footer(kExitCodes);
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "help for every command");
  // A course's own tree of assignments, looked in before the kit's (docs/course-tree.md). Given before or
  // after the subcommand: subcommands pass the options they do not know to this one.
  std::string course;
  app.add_option("--kit", course, "your course's tree (assignments/, starter/, solutions/), looked in before the "
                                  "kit's; default: $KIT_ROOT, else none")
      ->type_name("DIR");
  app.fallthrough();

  std::vector<Command> commands;
  for (AddCommand add : kCommands) commands.push_back(add(app));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitBadInput;
  }

  try {
    if (!course.empty()) use_course_tree(course);
    for (const Command& c : commands)
      if (c.app->parsed()) return c.run();
  } catch (const UserError& e) {
    std::fprintf(stderr, "grader: error: %s\n", e.what());
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grader: internal error: %s\nThis is a bug in the kit; please report it with this output.\n",
                 e.what());
    return kExitInternalError;
  }
  return kExitInternalError;
}

}  // namespace kit
