#include "release/teaching_kit_raw.h"

#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace kit {

std::string encode_raw(const std::vector<float>& values, long rows, long cols) {
  std::string out = std::to_string(rows) + " " + std::to_string(cols) + "\n";
  char buf[32];
  for (long r = 0; r < rows; ++r) {
    for (long c = 0; c < cols; ++c) {
      // %.9g round-trips every float exactly; the kit's values are short anyway (multiples of 1/16).
      std::snprintf(buf, sizeof buf, "%.9g", values[static_cast<std::size_t>(r) * cols + c]);
      out += (c ? " " : "") + std::string(buf);
    }
    out += '\n';
  }
  return out;
}

std::vector<float> decode_raw(const std::string& text, long* rows, long* cols) {
  std::istringstream in(text);
  if (!(in >> *rows >> *cols) || *rows < 0 || *cols < 0)
    throw std::runtime_error("the first line must hold the dimensions: rows cols");
  // Each value takes at least two characters: a header claiming more than the text holds is an error,
  // found before anything is allocated.
  const double claimed = static_cast<double>(*rows) * static_cast<double>(*cols);
  if (claimed > static_cast<double>(text.size()) / 2 + 1)
    throw std::runtime_error("the dimensions promise more values than the file holds");
  std::vector<float> values(static_cast<std::size_t>(*rows) * static_cast<std::size_t>(*cols));
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!(in >> values[i]))
      throw std::runtime_error("expected " + std::to_string(values.size()) + " values, found " + std::to_string(i));
  std::string extra;
  if (in >> extra) throw std::runtime_error("more values than the dimensions say");
  return values;
}

}  // namespace kit
