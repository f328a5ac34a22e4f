// The steps of a runner's build that both backends take (build.cpp): the include path, the harness's
// object, and the compiler's run in the submission's folder. Each backend's own compile command is its
// file's (backends/).
#pragma once

#include <string>
#include <vector>

namespace kit {

struct BuildSpec;     // build/build.h, which includes nothing of this
struct BuildOutcome;

// `student_folder`: the folder of the student's file is on the include path too; the harness, compiled
// on its own (build/harness_cache.h), never sees it.
void add_common_includes(std::vector<std::string>& argv, const BuildSpec& spec, bool student_folder = true);

// The harness as a runner's compile command takes it: the cached object when there is a build cache,
// else the source, compiled with the student's file.
std::string harness_input(std::vector<std::string> compiler_and_flags, const BuildSpec& spec);

// The student's file by name alone: compilers run in its folder, so their messages name the student's file.
std::string source_file_name(const BuildSpec& spec);

// Runs one compile command to `exe`; `what` names the compiler in a failure's summary.
BuildOutcome run_compiler(const std::vector<std::string>& argv, const BuildSpec& spec, const std::string& exe,
                          const std::string& what);

}  // namespace kit
