// An error in a file the instructor wrote (a rubric, a questions file), located for them: every reader
// of those files throws it (rubric.cpp, questions.cpp, yaml_file.cpp).
#pragma once

#include <stdexcept>
#include <string>

namespace kit {

// An error in a rubric file, located for the instructor who wrote it.
struct RubricError : std::runtime_error {
  RubricError(std::string file, int line, int column, const std::string& message);
  std::string file;
  int line;    // 1-based; 0 when the error is not at a place in the file
  int column;  // 1-based
};

}  // namespace kit
