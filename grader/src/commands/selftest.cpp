// `grader selftest`: every solution earns full marks, every starter builds and earns no correctness
// points, every starter is in sync with its solution.
#include <cstdio>
#include <memory>

#include "commands/commands.h"
#include "commands/report_output.h"
#include "release/selftest.h"
#include "util/errors.h"

namespace kit {

Command add_selftest_command(CLI::App& app) {
  struct State {
    std::vector<std::string> selected;
    std::string backend = "auto";
    bool unsandboxed = false;
  };
  auto state = std::make_shared<State>();
  CLI::App* command = app.add_subcommand("selftest", "prove every solution earns full marks and every starter "
                                                     "builds and earns no correctness points");
  command->add_option("assignments", state->selected, "assignments to test (default: all)");
  command->add_option("--backend", state->backend, "auto, cuda or cpu")->check(CLI::IsMember({"auto", "cuda", "cpu"}));
  command->add_flag("--unsandboxed", state->unsandboxed, kUnsandboxedHelp);
  return {command, [state] {
            std::string reason;
            const auto lines = run_selftest(state->selected, state->backend, state->unsandboxed, &reason);
            bool ok = true;
            std::printf("selftest (backend %s)\n", reason.c_str());
            for (const auto& l : lines) {
              std::printf("  %-5s %-14s %-16s %s\n", l.ok ? "ok" : "FAIL", l.assignment.c_str(), l.what.c_str(),
                          l.summary.c_str());
              ok = ok && l.ok;
            }
            std::printf("%s\n", ok ? "selftest passed" : "selftest FAILED");
            return ok ? kExitOk : kExitTestsFailed;
          }};
}

}  // namespace kit
