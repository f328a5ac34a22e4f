// `grader grade`: the full rubric. Exit 0 whenever a grade was produced, whatever the score.
#include <memory>

#include "commands/commands.h"
#include "commands/report_output.h"
#include "grading/grade.h"
#include "run/failure_pictures.h"
#include "util/errors.h"

namespace kit {

Command add_grade_command(CLI::App& app) {
  struct State {
    ReportFlags flags;
    std::uint64_t seed = 0;
    CLI::Option* seed_option = nullptr;
  };
  auto state = std::make_shared<State>();
  CLI::App* command = app.add_subcommand("grade", "grade a submission with the full rubric; exit 0 whenever a grade "
                                                  "was produced, whatever the score");
  add_report_flags(command, state->flags)->required();
  state->seed_option = command->add_option("--seed", state->seed, "the grading seed: draws hidden sizes and input "
                                                                  "seeds (keep it secret until grades are out)");
  return {command, [state] {
            check_output_path(state->flags.output);
            GradeOptions o;
            o.assignment = state->flags.assignment;
            o.submission = state->flags.submission;
            o.backend = state->flags.backend;
            o.unsandboxed = state->flags.unsandboxed;
            o.jobs = state->flags.jobs;
            o.prepared = state->flags.prepared;
            o.pictures_dir = failure_pictures_folder(state->flags.pictures, state->flags.output);
            if (*state->seed_option) o.seed = state->seed;
            emit_report(grade_submission(o), state->flags);
            return kExitOk;
          }};
}

}  // namespace kit
