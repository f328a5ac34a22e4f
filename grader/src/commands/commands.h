// Every `grader` subcommand, in the order `grader --help` lists them. Each adds itself to `app`.
#pragma once

#include "commands/command.h"

namespace kit {

Command add_list_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_grade_command(CLI::App& app);
Command add_datasets_command(CLI::App& app);
Command add_selftest_command(CLI::App& app);
Command add_access_command(CLI::App& app);
Command add_asm_command(CLI::App& app);
Command add_run_command(CLI::App& app);
Command add_batch_command(CLI::App& app);
Command add_gradebook_command(CLI::App& app);
Command add_report_command(CLI::App& app);
Command add_bundle_command(CLI::App& app);
Command add_release_command(CLI::App& app);
Command add_questions_command(CLI::App& app);

using AddCommand = Command (*)(CLI::App&);
inline constexpr AddCommand kCommands[] = {
    add_list_command, add_check_command, add_grade_command,
    add_datasets_command, add_selftest_command, add_access_command, add_asm_command,
    add_run_command,
    add_batch_command, add_gradebook_command, add_report_command, add_bundle_command, add_release_command,
    add_questions_command,
};

}  // namespace kit
