// `grader run`: one function of the student's file on a picture of their choosing, the result written as a
// picture. Exit 0 when it was written from a clean run, 1 when the code did not build, crashed, hung or
// misbehaved (the message says which), 2 for bad input.
#include <cstdio>
#include <memory>

#include "commands/commands.h"
#include "commands/own_machine_sandbox.h"
#include "commands/report_output.h"
#include "commands/submission_choice.h"
#include "grading/run_on_picture.h"
#include "util/errors.h"
#include "util/text.h"

namespace kit {

Command add_run_command(CLI::App& app) {
  auto o = std::make_shared<RunOnPictureOptions>();
  CLI::App* command = app.add_subcommand("run", "run one of your functions on a picture of your choice and write "
                                                "what it produced as a picture");
  command->add_option("assignment", o->assignment, "the assignment, e.g. blur")->required();
  command->add_option("--submission", o->submission, "your file, or the folder holding it (default: the assignment's file in this folder, else the starter)");
  command->add_option("--input", o->input, "the picture to run on: .pgm, .ppm or .png")->required();
  command->add_option("--output", o->output, "where to write the result: .pgm, .ppm or .png")->required();
  command->add_option("--function", o->function, "which of the assignment's functions (default: the first)");
  command->add_option("--backend", o->backend, "auto, cuda or cpu")->check(CLI::IsMember({"auto", "cuda", "cpu"}));
  command->add_flag("--unsandboxed", o->unsandboxed, kUnsandboxedHelp);
  return {command, [o] {
            RunOnPictureOptions options = *o;
            const SubmissionChoice chosen = choose_submission(options.assignment, options.submission, "running");
            options.submission = chosen.path;
            std::printf("%s\n", chosen.said.c_str());
            if (const std::string why = unsandboxed_on_own_machine(options.unsandboxed); !why.empty())
              std::printf("sandbox: none: %s\n", why.c_str());
            const RunOnPictureResult r = run_on_picture(options);
            std::printf("%s on %s (%ldx%ld), backend %s (%s)\n", r.function.c_str(), o->input.c_str(), r.dims[0],
                        r.dims[1], r.backend.c_str(), r.backend_reason.c_str());
            if (!r.notes.empty()) std::printf("%s\n", indent_lines(r.notes, "  ").c_str());
            if (!r.problem.empty()) {
              std::printf("%s\n", r.problem.c_str());
              if (!r.details.empty()) std::printf("%s\n", indent_lines(r.details, "  ").c_str());
            }
            if (r.written) std::printf("wrote %s\n", o->output.c_str());
            else std::printf("nothing written\n");
            return r.written && r.problem.empty() ? kExitOk : kExitTestsFailed;
          }};
}

}  // namespace kit
