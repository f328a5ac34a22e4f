#include "class/handout_sections.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>
#include <vector>

namespace kit {
namespace {

// The words a handout's heading uses for what each category is about, most specific first. Matched in
// lower case, as a part of the heading ("bound" finds "The three boundary tests").
const std::map<std::string, std::vector<std::string>>& category_words() {
  static const std::map<std::string, std::vector<std::string>> words = {
      {"missing-barrier", {"barrier", "__syncthreads"}},
      {"divergent-barrier", {"barrier", "__syncthreads"}},
      {"order-dependent-result", {"barrier", "__syncthreads"}},
      {"uninitialized-shared-read", {"not a multiple", "edges", "loading a tile", "zero", "bound"}},
      {"out-of-bounds-read", {"bound", "edges", "not a multiple", "border"}},
      {"out-of-bounds-write", {"bound", "edges", "not a multiple", "border"}},
      {"write-conflict", {"bound", "edges", "not a multiple", "border"}},
      {"shared-out-of-bounds-read", {"padding", "bank", "tile"}},
      {"shared-out-of-bounds-write", {"padding", "bank", "tile"}},
      {"grid-too-small", {"launch", "grid", "one tile per block", "block"}},
      {"invalid-launch", {"launch", "grid", "block"}},
      {"no-kernel-launched", {"launch", "what you write"}},
      {"tile-ignores-device", {"device", "tile"}},
      {"input-write", {"what you write"}},
      {"answer-from-host", {"what you write"}},
      {"hang", {"barrier", "loop"}},
      {"host-hang", {"what you write"}},
  };
  return words;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// The headings of `markdown` (lines starting with '#', outside fenced code), without their '#'s.
std::vector<std::string> headings(const std::string& markdown) {
  std::vector<std::string> found;
  std::istringstream in(markdown);
  std::string line;
  bool fenced = false;
  while (std::getline(in, line)) {
    if (line.rfind("```", 0) == 0) fenced = !fenced;
    if (fenced || line.empty() || line[0] != '#') continue;
    std::size_t start = line.find_first_not_of('#');
    if (start == std::string::npos || start == 1 || line[start] != ' ') continue;  // the title, or no heading
    found.push_back(line.substr(line.find_first_not_of(' ', start)));
  }
  return found;
}

HandoutSection section(const std::string& heading) { return {heading, markdown_anchor(heading)}; }

}  // namespace

std::string markdown_anchor(const std::string& heading) {
  std::string anchor;
  for (unsigned char c : heading) {
    if (std::isalnum(c) || c == '-' || c == '_') anchor += static_cast<char>(std::tolower(c));
    else if (c == ' ') anchor += '-';
    else if (c >= 0x80) anchor += static_cast<char>(c);  // GitHub keeps letters beyond ASCII
  }
  return anchor;
}

HandoutSection handout_section_for(const std::string& markdown, const std::string& category) {
  const std::vector<std::string> all = headings(markdown);
  if (const auto words = category_words().find(category); words != category_words().end())
    for (const std::string& word : words->second)
      for (const std::string& heading : all)
        if (lower(heading).find(word) != std::string::npos) return section(heading);
  for (const std::string& heading : all)
    if (lower(heading).find("reading a failure report") != std::string::npos) return section(heading);
  return {};
}

}  // namespace kit
