#include "submission/kernel_source.h"

namespace kit {
namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Each position of `word` in `code` as a whole identifier.
std::vector<std::size_t> positions_of(std::string_view code, std::string_view word) {
  std::vector<std::size_t> at;
  for (std::size_t p = code.find(word); p != std::string_view::npos; p = code.find(word, p + 1)) {
    const std::size_t end = p + word.size();
    if ((p > 0 && name_char(code[p - 1])) || (end < code.size() && name_char(code[end]))) continue;
    at.push_back(p);
  }
  return at;
}

// From an opening bracket at `open`, the position just past its match, or npos.
std::size_t past_match(std::string_view code, std::size_t open, char opening, char closing) {
  int depth = 0;
  for (std::size_t i = open; i < code.size(); ++i) {
    if (code[i] == opening) ++depth;
    else if (code[i] == closing && --depth == 0) return i + 1;
  }
  return std::string_view::npos;
}

// The [begin, end) ranges of every __global__ function's body.
std::vector<std::pair<std::size_t, std::size_t>> global_bodies(std::string_view code) {
  std::vector<std::pair<std::size_t, std::size_t>> bodies;
  for (const std::size_t g : positions_of(code, "__global__")) {
    const std::size_t paren = code.find('(', g);
    if (paren == std::string_view::npos) continue;
    const std::size_t after = past_match(code, paren, '(', ')');
    if (after == std::string_view::npos) continue;
    const std::size_t brace = code.find_first_of("{;", after);
    if (brace == std::string_view::npos || code[brace] != '{') continue;
    const std::size_t end = past_match(code, brace, '{', '}');
    if (end != std::string_view::npos) bodies.emplace_back(brace, end);
  }
  return bodies;
}

}  // namespace

std::string kernel_name_of(std::string_view recorded) {
  std::string_view s = recorded.substr(0, recorded.find('('));
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  if (!s.empty() && s.back() == '>') {  // template arguments: cut back to their '<'
    int depth = 0;
    std::size_t i = s.size();
    while (i > 0) {
      --i;
      if (s[i] == '>') ++depth;
      else if (s[i] == '<' && --depth == 0) break;
    }
    s = s.substr(0, i);
  }
  std::size_t start = s.size();
  while (start > 0 && name_char(s[start - 1])) --start;
  return std::string(s.substr(start));
}

std::string_view kernel_body(std::string_view code, std::string_view name) {
  if (name.empty()) return {};
  for (const auto& [begin, end] : global_bodies(code)) {
    // The declaration before this body: from the end of what came before it (a ';' or a '}') on.
    const std::size_t previous = code.find_last_of(";}", begin == 0 ? 0 : begin - 1);
    const std::size_t from = previous == std::string_view::npos ? 0 : previous + 1;
    if (!positions_of(code.substr(from, begin - from), name).empty()) return code.substr(begin, end - begin);
  }
  return {};
}

bool kernels_may_use_shared_memory(std::string_view code, const std::vector<std::string>& names) {
  const std::vector<std::size_t> shared = positions_of(code, "__shared__");
  if (shared.empty()) return false;
  if (names.empty()) return true;
  // __shared__ outside every kernel's body: a device function or the file's scope, which any kernel may reach.
  const auto bodies = global_bodies(code);
  for (const std::size_t p : shared) {
    bool inside = false;
    for (const auto& [begin, end] : bodies) inside = inside || (p > begin && p < end);
    if (!inside) return true;
  }
  for (const std::string& name : names) {
    const std::string_view body = kernel_body(code, name);
    if (body.empty() || !positions_of(body, "__shared__").empty()) return true;
  }
  return false;
}

}  // namespace kit
