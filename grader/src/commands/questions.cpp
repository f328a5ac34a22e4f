// `grader questions`: an assignment's written questions, as an answers.yaml to fill in (each question in a
// comment above its id). The starter's answers.yaml is this output.
#include <cstdio>
#include <memory>

#include "assignment/answers_template.h"
#include "commands/commands.h"
#include "grading/grade.h"
#include "util/errors.h"

namespace kit {

Command add_questions_command(CLI::App& app) {
  auto name = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand("questions", "print an assignment's written questions, as an answers.yaml "
                                                      "to fill in and hand in beside the .cu file");
  command->add_option("assignment", *name, "the assignment")->required();
  return {command, [name] {
            const Rubric rubric = load_assignment_rubric(*name);
            if (rubric.questions.questions.empty())
              throw UserError("the assignment " + *name + " has no written questions");
            std::fputs(answers_template(rubric.questions, rubric.student_files.front()).c_str(), stdout);
            return kExitOk;
          }};
}

}  // namespace kit
