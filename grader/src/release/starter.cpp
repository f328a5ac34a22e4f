#include "release/starter.h"

#include <sstream>

namespace kit {
namespace {

std::string trimmed_left(const std::string& line, std::string* indent) {
  const std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string::npos) {
    *indent = line;
    return "";
  }
  *indent = line.substr(0, first);
  return line.substr(first);
}

}  // namespace

std::string derive_starter(const std::string& solution, const std::string& path) {
  static const std::string kBegin = "// BEGIN SOLUTION", kEnd = "// END SOLUTION", kStarter = "// STARTER:";
  std::istringstream in(solution);
  std::string line, out, indent;
  int number = 0, region_start = 0;
  bool inside = false;
  auto fail = [&](const std::string& why) {
    throw StarterError(path + ":" + std::to_string(number) + ": " + why);
  };
  while (std::getline(in, line)) {
    ++number;
    const std::string text = trimmed_left(line, &indent);
    if (text.rfind(kBegin, 0) == 0) {
      if (inside) fail("BEGIN SOLUTION inside the region opened at line " + std::to_string(region_start));
      inside = true;
      region_start = number;
    } else if (text.rfind(kEnd, 0) == 0) {
      if (!inside) fail("END SOLUTION without a BEGIN SOLUTION");
      inside = false;
    } else if (text.rfind(kStarter, 0) == 0) {
      if (!inside) fail("a STARTER line outside a solution region");
      std::string stub = text.substr(kStarter.size());
      if (!stub.empty() && stub[0] == ' ') stub.erase(0, 1);
      out += stub.empty() ? "\n" : indent + stub + "\n";
    } else if (!inside) {
      out += line + "\n";
    }
  }
  if (inside) {
    number = region_start;
    fail("this BEGIN SOLUTION has no END SOLUTION");
  }
  return out;
}

}  // namespace kit
