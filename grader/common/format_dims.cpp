#include "kit/problem.h"

namespace kit {

std::string format_dims(const Dims& dims) {
  std::string text;
  for (std::size_t i = 0; i < dims.size(); ++i) {
    if (i) text += 'x';
    text += std::to_string(dims[i]);
  }
  return text;
}

}  // namespace kit
