// `grader access`: how one function's kernels touch memory at one size, without grading it.
#include <cstdio>
#include <filesystem>
#include <memory>

#include "assignment/kit_tree.h"
#include "commands/commands.h"
#include "commands/own_machine_sandbox.h"
#include "commands/report_output.h"
#include "commands/submission_choice.h"
#include "grading/grade.h"
#include "util/errors.h"

namespace kit {

Command add_access_command(CLI::App& app) {
  auto o = std::make_shared<AccessOptions>();
  CLI::App* command = app.add_subcommand("access", "show how one function's kernels touch memory at one size: "
                                                   "sectors per request and bank conflicts, per line on the CPU backend");
  command->add_option("assignment", o->assignment, "the assignment, e.g. transpose")->required();
  command->add_option("--size", o->size, "the size to run, e.g. 256x256 (one number for a square assignment)")
      ->required();
  command->add_option("--submission", o->submission, "your file, or the folder holding it (default: the assignment's file in this folder, else the starter)");
  command->add_option("--function", o->function, "which of the assignment's functions (default: the first)");
  command->add_option("--backend", o->backend, "auto, cuda or cpu")->check(CLI::IsMember({"auto", "cuda", "cpu"}));
  command->add_flag("--unsandboxed", o->unsandboxed, kUnsandboxedHelp);
  return {command, [o] {
            AccessOptions options = *o;
            const SubmissionChoice chosen = choose_submission(options.assignment, options.submission, "measuring");
            options.submission = chosen.path;
            std::printf("%s\n", chosen.said.c_str());
            if (const std::string why = unsandboxed_on_own_machine(options.unsandboxed); !why.empty())
              std::printf("sandbox: none: %s\n", why.c_str());
            const AccessResult r = measure_memory_access(options);
            std::printf("%s at %s, backend %s (%s)\n", r.function.c_str(), format_dims(r.dims).c_str(),
                        r.backend.c_str(), r.backend_reason.c_str());
            if (!r.build_failure.empty()) {
              std::printf("not measured: the file did not build\n%s\n", r.build_failure.c_str());
              return kExitTestsFailed;
            }
            if (!r.profile.error.empty()) {
              std::printf("not measured: %s\n", r.profile.error.c_str());
              return kExitTestsFailed;
            }
            std::printf("measured by %s\n", r.profile.measured_by.c_str());
            if (r.profile.accesses.empty()) std::printf("  no load or store of global or shared memory was seen\n");
            for (const MemoryAccess& a : r.profile.accesses) std::printf("  %s\n", a.sentence.c_str());
            return kExitOk;
          }};
}

}  // namespace kit
