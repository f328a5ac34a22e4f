#include "kit/cli.h"

#include <cstdio>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands/commands.h"
#include "kit/errors.h"

namespace kit {
namespace {

constexpr const char* kExitCodes =
    "Exit codes:\n"
    "  0  done: a grade was produced (grade, datasets), every test passed (check, selftest), a picture was\n"
    "     written (run), the batch completed, whatever the grades (batch, gradebook), or a student tree was\n"
    "     written (release)\n"
    "  1  check or selftest: some test did not pass; run: the student's code failed\n"
    "  2  bad usage or input: unknown assignment, missing or misnamed file, invalid rubric, no GPU for\n"
    "     --backend cuda; the message says what to do\n"
    "  3  internal error in the kit: please report it with the output\n";

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"grader: builds, checks and scores CUDA assignments on a GPU, or on the CPU backend without one"};
  app.footer(kExitCodes);
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "help for every command");

  std::vector<Command> commands;
  for (AddCommand add : kCommands) commands.push_back(add(app));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitBadInput;
  }

  try {
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
