#include "assignment/rubric_error.h"

#include <utility>

namespace kit {

RubricError::RubricError(std::string f, int l, int c, const std::string& message)
    : std::runtime_error(f + (l > 0 ? ":" + std::to_string(l) + ":" + std::to_string(c) : "") + ": " + message),
      file(std::move(f)),
      line(l),
      column(c) {}

}  // namespace kit
