// The `grader` command line: list, check, grade, datasets, selftest. Returns the exit code (errors.h).
#pragma once

namespace kit {

int run_cli(int argc, char** argv);

}  // namespace kit
