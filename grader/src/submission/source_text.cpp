#include "submission/source_text.h"

#include <algorithm>
#include <unordered_set>

namespace kit {
namespace {

bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// Bytes from 0x80 up are taken as identifier characters: compilers accept UTF-8 identifiers, and a name
// glued to one is not that name.
bool is_identifier_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
}

bool is_identifier_char(unsigned char c) { return is_identifier_start(c) || is_digit(c); }

// The length of a line splice at `i` (a backslash, blanks GCC tolerates, an optional CR, a newline), or 0.
std::size_t splice_at(std::string_view s, std::size_t i) {
  if (i >= s.size() || s[i] != '\\') return 0;
  std::size_t j = i + 1;
  while (j < s.size() && (s[j] == ' ' || s[j] == '\t')) ++j;
  if (j < s.size() && s[j] == '\r') ++j;
  return j < s.size() && s[j] == '\n' ? j + 1 - i : 0;
}

// The first position at or after `i` that does not start a line splice.
std::size_t skip_splices(std::string_view s, std::size_t i) {
  for (std::size_t k; (k = splice_at(s, i)) != 0;) i += k;
  return i;
}

// The end of the preprocessing number starting at `i` (1.5e-3f, 0x1fULL, 1'000'000): its letters are not
// identifiers and its digit separators do not open character literals.
std::size_t number_end(std::string_view s, std::size_t i) {
  const std::size_t n = s.size();
  while (i < n) {
    if (std::size_t k = splice_at(s, i)) {
      i += k;
      continue;
    }
    const unsigned char c = s[i];
    if ((c == 'e' || c == 'E' || c == 'p' || c == 'P') && i + 1 < n && (s[i + 1] == '+' || s[i + 1] == '-')) {
      i += 2;
    } else if (is_identifier_char(c) || c == '.') {
      ++i;
    } else if (c == '\'' && i + 1 < n && is_identifier_char(s[i + 1])) {
      i += 2;
    } else {
      break;
    }
  }
  return i;
}

// The end of the identifier starting at `i`; its characters, splices left out, go to `name`.
std::size_t identifier_end(std::string_view s, std::size_t i, std::string& name) {
  name.clear();
  while (i < s.size()) {
    if (std::size_t k = splice_at(s, i)) {
      i += k;
    } else if (is_identifier_char(s[i])) {
      name += s[i++];
    } else {
      break;
    }
  }
  return i;
}

// The end of a "..." or '...' literal whose opening quote is at `i`: after its closing quote, or at the
// first newline that is not a splice when it has none.
std::size_t quoted_end(std::string_view s, std::size_t i) {
  const char quote = s[i++];
  while (i < s.size()) {
    if (std::size_t k = splice_at(s, i)) {
      i += k;
    } else if (s[i] == '\\') {
      i += (i + 1 < s.size() && s[i + 1] != '\n') ? 2 : 1;
    } else if (s[i] == '\n') {
      return i;
    } else if (s[i++] == quote) {
      return i;
    }
  }
  return i;
}

// The end of a raw string whose opening quote is at `i`, or npos when R"..." has no valid delimiter (then
// the compiler rejects it, and it is read as an ordinary string). Splices are not undone inside.
std::size_t raw_string_end(std::string_view s, std::size_t i) {
  constexpr std::size_t kMaxDelimiter = 16;
  std::size_t open = i + 1;
  while (open < s.size() && open - (i + 1) <= kMaxDelimiter && s[open] != '(') {
    const char c = s[open];
    if (c == ' ' || c == ')' || c == '\\' || c == '\t' || c == '\v' || c == '\f' || c == '\n' || c == '"')
      return std::string_view::npos;
    ++open;
  }
  if (open >= s.size() || s[open] != '(') return std::string_view::npos;
  std::string terminator = ")";
  terminator.append(s.substr(i + 1, open - (i + 1)));
  terminator += '"';
  const std::size_t close = s.find(terminator, open + 1);
  return close == std::string_view::npos ? s.size() : close + terminator.size();
}

bool is_raw_prefix(const std::string& name) {
  return name == "R" || name == "u8R" || name == "uR" || name == "UR" || name == "LR";
}

void blank_out(std::string& text, std::size_t from, std::size_t to) {
  for (std::size_t k = from; k < to; ++k)
    if (text[k] != '\n') text[k] = ' ';
}

// The source with its comments, and its literals when `literals`, blanked (see source_text.h).
std::string blanked(std::string_view s, bool literals) {
  std::string out(s);
  const std::size_t n = s.size();
  std::string name;
  std::size_t i = 0;
  while (i < n) {
    const unsigned char c = s[i];
    if (c == '/') {
      const std::size_t j = skip_splices(s, i + 1);
      if (j < n && s[j] == '/') {
        std::size_t end = j + 1;
        while (end < n && s[end] != '\n') end += std::max<std::size_t>(splice_at(s, end), 1);
        blank_out(out, i, end);
        i = end;
      } else if (j < n && s[j] == '*') {
        std::size_t end = j + 1;
        for (;;) {
          const std::size_t star = s.find('*', end);
          if (star == std::string_view::npos) {
            end = n;
            break;
          }
          const std::size_t after = skip_splices(s, star + 1);
          if (after < n && s[after] == '/') {
            end = after + 1;
            break;
          }
          end = star + 1;
        }
        blank_out(out, i, end);
        i = end;
      } else {
        ++i;
      }
    } else if (c == '"' || c == '\'') {
      const std::size_t end = quoted_end(s, i);
      if (literals) blank_out(out, i, end);
      i = end;
    } else if (is_digit(c) || (c == '.' && i + 1 < n && is_digit(s[i + 1]))) {
      i = number_end(s, i);
    } else if (is_identifier_start(c)) {
      i = identifier_end(s, i, name);
      const std::size_t quote = skip_splices(s, i);
      if (quote < n && s[quote] == '"' && is_raw_prefix(name)) {
        const std::size_t end = raw_string_end(s, quote);
        if (end != std::string_view::npos) {
          if (literals) blank_out(out, quote, end);
          i = end;
        }
      }
    } else {
      ++i;
    }
  }
  return out;
}

}  // namespace

std::string code_without_comments_and_literals(std::string_view source) { return blanked(source, true); }

std::string code_without_comments(std::string_view source) { return blanked(source, false); }

std::vector<IdentifierUse> find_identifiers(std::string_view code, const std::vector<std::string>& names) {
  const std::unordered_set<std::string> wanted(names.begin(), names.end());
  std::vector<IdentifierUse> uses;
  std::string name;
  int line = 1;
  std::size_t counted = 0;  // newlines before this position are in `line`
  std::size_t i = 0;
  while (i < code.size()) {
    const unsigned char c = code[i];
    if (is_digit(c) || (c == '.' && i + 1 < code.size() && is_digit(code[i + 1]))) {
      i = number_end(code, i);
    } else if (is_identifier_start(c)) {
      const std::size_t start = i;
      i = identifier_end(code, i, name);
      if (wanted.count(name)) {
        line += static_cast<int>(std::count(code.begin() + counted, code.begin() + start, '\n'));
        counted = start;
        uses.push_back({name, line});
      }
    } else {
      ++i;
    }
  }
  return uses;
}

bool uses_warp_primitives(std::string_view code) {
  static const std::vector<std::string> kPrimitives = {
      "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__ballot_sync", "__all_sync",
      "__any_sync",  "__syncwarp",     "__activemask",     "__match_any_sync", "__match_all_sync"};
  return !find_identifiers(code, kPrimitives).empty();
}

}  // namespace kit
