// A `grader` subcommand: it adds itself and its options to the command line, and runs when it is the one
// chosen. One file per command (commands.h lists them), so a new command edits no other command.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace kit {

struct Command {
  CLI::App* app = nullptr;   // the subcommand, with its options bound to the command's own state
  std::function<int()> run;  // the exit code (errors.h); throws UserError for bad input
};

}  // namespace kit
