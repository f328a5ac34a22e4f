#include "class/safe_file_name.h"

#include <cctype>

#include "submission/intake.h"
#include "util/sha256.h"

namespace kit {
namespace {

constexpr std::size_t kReadableBytes = 48;
constexpr std::size_t kHashDigits = 20;

// "~" and kHashDigits lower-case hex digits at the end: what every made name ends with.
bool ends_like_a_made_name(const std::string& name) {
  if (name.size() < kHashDigits + 1 || name[name.size() - kHashDigits - 1] != '~') return false;
  for (std::size_t i = name.size() - kHashDigits; i < name.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(name[i])) && !(name[i] >= 'a' && name[i] <= 'f')) return false;
  return true;
}

bool fine_as_it_is(const std::string& name) {
  if (name.empty() || name.size() > kMaxKeptNameBytes || name.front() == '.' || ends_like_a_made_name(name))
    return false;
  for (char c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '/') return false;
  return source_text_problem(name).empty();  // UTF-8, no NUL
}

}  // namespace

std::string safe_file_name(const std::string& name) {
  if (fine_as_it_is(name)) return name;
  std::string readable;
  for (char c : name) {
    if (readable.size() == kReadableBytes) break;
    const bool plain = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    if (plain) readable += c;
    else if (!readable.empty() && readable.back() != '_') readable += '_';
  }
  if (readable.empty()) readable = "student";
  return readable + "~" + sha256_hex(name).substr(0, kHashDigits);
}

}  // namespace kit
