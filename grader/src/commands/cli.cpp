#include "commands/cli.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include <CLI/CLI.hpp>

#include "assignment/kit_tree.h"
#include "commands/commands.h"
#include "util/errors.h"
#include "util/text.h"

namespace kit {
namespace {

constexpr const char* kExitCodes =
    "Exit codes:\n"
    "  0  done: a grade was produced (grade, datasets), every test passed (check, selftest), a picture was\n"
    "     written (run), the batch completed, whatever the grades (batch, gradebook), or a student tree was\n"
    "     written (release)\n"
    "  1  check: some test failed, or none passed; selftest: some test did not pass; run: the student's code failed\n"
    "  2  bad usage or input: unknown assignment, missing or misnamed file, invalid rubric, a --kit folder\n"
    "     without assignments/, no GPU for --backend cuda; the message says what to do\n"
    "  3  internal error in the kit: please report it with the output\n";

// "did you mean ...?" for each word the parser could not place: an option of the chosen command (or the
// grader's own) mistyped, or a command mistyped.
std::string typo_hints(CLI::App& app) {
  CLI::App* chosen = nullptr;
  for (CLI::App* sub : app.get_subcommands()) chosen = sub;
  std::vector<std::string> commands;
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) commands.push_back(sub->get_name());
  std::vector<std::string> options;
  for (CLI::App* owner : {chosen, &app})
    if (owner)
      for (const CLI::Option* o : owner->get_options())
        for (const std::string& name : o->get_lnames()) options.push_back(name);
  // A command passes the options it does not know on to the grader's own (fallthrough), so a mistyped option
  // may sit with either.
  std::vector<std::string> extras = app.remaining();
  if (chosen)
    for (const std::string& e : chosen->remaining())
      if (std::find(extras.begin(), extras.end(), e) == extras.end()) extras.push_back(e);
  std::string hints;
  for (const std::string& extra : extras) {
    std::string meant;
    if (extra.rfind("--", 0) == 0) {
      const std::string name = extra.substr(2, extra.find('=') == std::string::npos ? std::string::npos : extra.find('=') - 2);
      if (const std::string o = closest_match(name, options); !o.empty()) meant = "--" + o;
    } else if (!chosen) {
      meant = closest_match(extra, commands);
    }
    if (!meant.empty()) hints += "did you mean " + meant + " instead of " + extra + "?\n";
  }
  return hints;
}

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
    if (code != 0) std::fputs(typo_hints(app).c_str(), stderr);
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
