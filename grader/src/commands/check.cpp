// `grader check`: the student's loop. The visible tests only (or the one group or test --only names), on
// the file it names first (the student's file in the current folder, else the starter, unless one is
// given); exit 0 when no test failed and some passed.
#include <cstdio>
#include <filesystem>
#include <memory>

#include "assignment/kit_tree.h"
#include "commands/commands.h"
#include "commands/own_machine_sandbox.h"
#include "commands/report_output.h"
#include "commands/submission_choice.h"
#include "grading/grade.h"
#include "run/failure_pictures.h"
#include "util/errors.h"

namespace kit {

Command add_check_command(CLI::App& app) {
  auto flags = std::make_shared<ReportFlags>();
  CLI::App* command = app.add_subcommand("check", "the student's loop: run the visible tests (default submission: "
                                                  "your file in this folder, else the starter); exit 0 when none fails");
  add_report_flags(command, *flags)
      ->description("your file, or the folder holding it (default: the assignment's file in this folder, else the starter)");
  auto only = std::make_shared<std::string>();
  command->add_option("--only", *only, "one correctness group or test, by its name (\"not a multiple of the tile\", "
                                       "\"Width 17\"): only it runs");
  auto first_failure = std::make_shared<bool>(false);
  command->add_flag("--first-failure", *first_failure,
                    "stop at the first failing test, in the rubric's order: the tests after it and the other checks "
                    "are listed as not run");
  return {command, [flags, only, first_failure] {
            check_output_path(flags->output);
            GradeOptions o;
            o.assignment = flags->assignment;
            o.backend = flags->backend;
            o.visible_only = true;
            o.unsandboxed = flags->unsandboxed;
            o.jobs = flags->jobs;
            o.prepared = flags->prepared;
            o.submission = flags->submission;
            o.only = *only;
            o.first_failure = *first_failure;
            o.pictures_dir = failure_pictures_folder(flags->pictures, flags->output);
            const SubmissionChoice chosen = choose_submission(o.assignment, o.submission, "checking");
            o.submission = chosen.path;
            std::fprintf(stderr, "%s\n", chosen.said.c_str());
            o.unsandboxed_why = unsandboxed_on_own_machine(o.unsandboxed);
            const GradeResult result = grade_submission(o);
            emit_report(result, *flags);
            return check_passes(result) ? kExitOk : kExitTestsFailed;
          }};
}

}  // namespace kit
